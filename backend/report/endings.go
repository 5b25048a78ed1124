package report

import (
	"strings"

	"github.com/scout-research/scout/backend/agent"
)

// endingKeys are the messages that word each kind of ending; "" for a
// kind whose words are its Text, as a server or Scout said it. A test
// holds every agent.Ending* to an entry here.
var endingKeys = map[string]string{
	agent.EndingUnusable: "ending_unusable",
	agent.EndingStuck:    "ending_stuck",
	agent.EndingSearch:   "ending_search",
	agent.EndingBrowser:  "ending_browser",
	agent.EndingModel:    "",
	agent.EndingBug:      "",
}

// refusalPrefix begins the message that says a kind of refusal without
// its data: "refusal_" + agent.Refusal*.
const refusalPrefix = "refusal_"

// why is why the run ended early, or why its result is missing, in the
// report's words: from its Ending, or its Error in a result from before
// endings were kept.
func (w words) why(res *agent.Result) string {
	if res.Ending == nil {
		if why, ok := strings.CutPrefix(res.Error, agent.ResultUnwritten); ok {
			return w.f("result_unwritten", why) // the error itself is the server's words
		}
		return res.Error
	}
	e := res.Ending
	why := w.cause(*e)
	if e.Unwritten != "" {
		if why != "" {
			why += w.s("why_sep")
		}
		why += w.f("result_unwritten", oneLine(e.Unwritten))
	}
	return why
}

// cause is what ended the run early, in the report's words; what came
// from outside (a server's or browser's error, the model's action) stays
// as written.
func (w words) cause(e agent.Ending) string {
	text := oneLine(e.Text)
	switch e.Kind {
	case agent.EndingUnusable:
		return w.s("ending_unusable")
	case agent.EndingStuck:
		return w.f("ending_stuck", oneLine(e.Action), w.refusal(e))
	case agent.EndingSearch:
		return w.p("ending_search", e.Times, e.Times, text)
	case agent.EndingBrowser:
		return w.f("ending_browser", text)
	}
	return text
}

// refusal is why the model's reply was refused: the kind of rule, said
// without the rule's own words (the model's, naming its queries and
// parts), as the run's Error says it in English. A kind this Scout does
// not know keeps the rule's English.
func (w words) refusal(e agent.Ending) string {
	key := refusalPrefix + e.Refusal
	if _, ok := english.m[key]; !ok {
		return oneLine(e.Reason)
	}
	return w.s(key)
}
