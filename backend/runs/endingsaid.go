package runs

import (
	"slices"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/phrase"
)

// endingSaid is why a run ended early, or why its result is missing, as a
// message of the window's (keys ending.*), which in English says the
// run's Error word for word. What came from outside stays as written: a
// search's or browser's error, the model's action; a refusal is said by
// its kind of rule (the rule's own words, the model's, are in the rows of
// refusals); a model server's error is the window's message the ending
// kept (Say, SayUnwritten), or as written when it kept none. nil for a
// run that ended as it should, and for an ending that is all a server's
// or Scout's own words with no message kept (a bug, a journal from before
// messages were kept): the window shows those as Go wrote them.
func endingSaid(e *agent.Ending) *Said {
	if e == nil {
		return nil
	}
	cause := causeSaid(*e)
	var why any = e.Unwritten
	if e.SayUnwritten != nil {
		why = e.SayUnwritten
	}
	switch {
	case e.Unwritten == "":
		return cause
	case e.Kind == "":
		return phrase.Of("ending.unwritten", "why", why)
	case cause != nil:
		return phrase.Of("ending.causeUnwritten", "cause", cause, "why", why)
	}
	return nil
}

// causeSaid is what ended the run early, as a message of the window's;
// nil when its words are all its Text and it kept no message of them.
func causeSaid(e agent.Ending) *Said {
	switch e.Kind {
	case agent.EndingUnusable:
		return phrase.Of("ending.unusable")
	case agent.EndingStuck:
		return phrase.Of("ending.stuck", "action", e.Action, "reason", refusalSaid(e))
	case agent.EndingSearch:
		return phrase.Of("ending.search", "n", e.Times, "why", e.Text)
	case agent.EndingBrowser:
		return phrase.Of("ending.browser", "why", e.Text)
	case agent.EndingModel:
		return e.Say
	}
	return nil
}

// refusalSaid is why e's action was refused, as the window's message of
// its kind of rule; the rule's English for a kind this Scout does not
// know.
func refusalSaid(e agent.Ending) any {
	if slices.Contains(agent.Refusals(), e.Refusal) {
		return phrase.Of("refusal." + e.Refusal)
	}
	return e.Reason
}
