package runs

import (
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/phrase"
)

// endings are a run ending each way, as its run_finished event keeps it.
var endings = []agent.Ending{
	{Kind: agent.EndingStuck, Action: "FINISH", Refusal: agent.RefusalNoFindings, Reason: "you have recorded no findings yet"},
	{Kind: agent.EndingSearch, Times: 3, Text: "DuckDuckGo asked Scout to prove it is human"},
	{Kind: agent.EndingSearch, Times: 1, Text: "offline"},
	{Kind: agent.EndingBrowser, Text: "the browser is not running"},
	{Kind: agent.EndingUnusable},
	{Kind: agent.EndingModel, Text: "Turn 4: connection refused"},
	{Kind: agent.EndingBug, Text: "index out of range"},
	{Unwritten: "Writing the report: the server stopped"},
	{Kind: agent.EndingBrowser, Text: "the browser is not running", Unwritten: "Writing the report: the server stopped"},
	{Kind: agent.EndingModel, Text: "Turn 4: connection refused", Unwritten: "the server stopped"},
	{Kind: agent.EndingModel, Text: "Turn 4: " + stalled, Say: during(phrase.Of("stage.action", "turn", 4))},
	{Unwritten: "Writing the report: " + stalled, SayUnwritten: during(phrase.Of("stage.writer"))},
	{Kind: agent.EndingModel, Text: "Checking coverage: " + stalled, Say: during(phrase.Of("stage.coverage")),
		Unwritten: "Writing the report: " + stalled, SayUnwritten: during(phrase.Of("stage.writer"))},
	{Kind: agent.EndingBrowser, Text: "the browser is not running", Unwritten: "Writing the report: " + stalled, SayUnwritten: during(phrase.Of("stage.writer"))},
}

// stalled is a model server's error that is a message of the window's.
const stalled = "The model server stopped answering. It may have crashed or unloaded the model: check LM Studio, then resume the run."

// during is stalled in a step's words, as the agent keeps it.
func during(stage *Said) *Said {
	return phrase.Of("ending.during", "stage", stage, "error", phrase.Of("llm.stalled"))
}

// saidAsIs are the endings whose words are all a server's or Scout's own,
// which the window shows as Go wrote them unless the ending kept them as
// a message of the window's.
var saidAsIs = map[string]bool{agent.EndingModel: true, agent.EndingBug: true}

// How a run ended early is said as the window's message, in English the
// run's Error word for word, in its journal row and in its glance; an
// ending all in a server's or Scout's own words is shown as written,
// unless it kept them as the window's message (a model server's error).
func TestEndingsAreTheWindowsMessages(t *testing.T) {
	m := windowEnglish(t)
	for _, e := range endings {
		ev := agent.Event{Type: agent.EvRunFinished, Status: agent.StatusStuck, Message: e.English(), Ending: &e}
		row, _ := RowOf(ev)
		glance := Replay([]agent.Event{{Type: agent.EvRunStarted, Objective: "o"}, ev}).Glance()
		if saidAsIs[e.Kind] && e.Say == nil {
			if row.SayDetail != nil || glance.SayError != nil {
				t.Errorf("%+v: said as %+v and %+v, want Go's words", e, row.SayDetail, glance.SayError)
			}
			continue
		}
		for where, s := range map[string]*Said{"row": row.SayDetail, "glance": glance.SayError} {
			if s == nil {
				t.Errorf("%+v: the %s says no message of the window's", e, where)
				continue
			}
			if got, known := sayEnglish(m, s); !known || got != e.English() {
				t.Errorf("%+v: the %s says %q (key %s known: %v), Go %q", e, where, got, s.Key, known, e.English())
			}
		}
	}
}

// Every kind of ending the agent declares is one the window says, or one
// whose words are all its Text.
func TestEveryEndingKindIsSaid(t *testing.T) {
	kinds := agentConstants(t, "Ending")
	if len(kinds) < 4 {
		t.Fatalf("only %d ending kinds read", len(kinds))
	}
	for _, kind := range kinds {
		if !saidAsIs[kind] && causeSaid(agent.Ending{Kind: kind}) == nil {
			t.Errorf("ending kind %q is not said in the window", kind)
		}
	}
}

// A run stuck on any kind of rule is said with the window's words for
// that kind, in English the run's Error word for word; a kind from a
// newer Scout keeps the rule's English.
func TestEveryRefusalIsSaidByItsKind(t *testing.T) {
	m := windowEnglish(t)
	kinds := agentConstants(t, "Refusal")
	if len(kinds) < 20 || !slices.Equal(slices.Sorted(slices.Values(kinds)), agent.Refusals()) {
		t.Fatalf("the agent's refusal kinds %q, its words for %q", kinds, agent.Refusals())
	}
	for _, kind := range append(kinds, "newer_rule") {
		e := agent.Ending{Kind: agent.EndingStuck, Action: "FINISH", Refusal: kind, Reason: "you said " + kind}
		s := causeSaid(e)
		if got, known := sayEnglish(m, s); !known || got != e.English() {
			t.Errorf("%s: the window says %q (known: %v), Go %q", kind, got, known, e.English())
		}
		reason, isSaid := s.Args["reason"].(*Said)
		if isSaid != (kind != "newer_rule") || strings.Contains(e.English(), e.Reason) == isSaid {
			t.Errorf("%s: said by %#v, Go %q; want the kind's words for a kind known, else the rule's", kind, s.Args["reason"], e.English())
		}
		if isSaid && reason.Key != "refusal."+kind {
			t.Errorf("%s: said as %s", kind, reason.Key)
		}
	}
}

// A journal from before endings were kept, or a run whose outcome says
// otherwise than its journal (it failed after), shows Go's words.
func TestAnEndingNotKeptIsShownAsWritten(t *testing.T) {
	old := Replay([]agent.Event{{Type: agent.EvRunStarted, Objective: "o"}, {Type: agent.EvRunFinished, Status: agent.StatusSearchUnavailable, Message: "search failed 3 times in a row: offline"}})
	if g := old.Glance(); g.SayError != nil || g.Error == "" {
		t.Errorf("an old journal's glance: %+v", g)
	}
	e := agent.Ending{Kind: agent.EndingUnusable}
	v := Replay([]agent.Event{{Type: agent.EvRunStarted, Objective: "o"}, {Type: agent.EvRunFinished, Status: agent.StatusModelUnavailable, Message: e.English(), Ending: &e}})
	v.End(agent.StatusModelUnavailable, e.English())
	if g := v.Glance(); g.SayError == nil {
		t.Errorf("the outcome's own words dropped the journal's ending")
	}
	if res := v.Result(); res.Ending == nil || *res.Ending != e {
		t.Errorf("the view's result has ending %+v", res.Ending)
	}
	v.End(agent.StatusFailed, "index out of range")
	if g := v.Glance(); g.SayError != nil || g.Error != "index out of range" {
		t.Errorf("a later failure: %+v", g)
	}
}

// A model server's error an ending kept as the window's message is said
// as that message, not as its English.
func TestAModelServersErrorIsTheMessageKept(t *testing.T) {
	for _, e := range endings {
		got := endingSaid(&e)
		switch {
		case e.SayUnwritten != nil:
			if got == nil || got.Args["why"] != e.SayUnwritten {
				t.Errorf("%+v: said as %+v, want why as %+v", e, got, e.SayUnwritten)
			}
		case e.Say != nil && e.Unwritten == "":
			if got != e.Say {
				t.Errorf("%+v: said as %+v, want %+v", e, got, e.Say)
			}
		}
	}
}
