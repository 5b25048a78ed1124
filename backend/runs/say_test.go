package runs

import (
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
)

// windowEnglish is the window's English messages.
func windowEnglish(t *testing.T) map[string]string { return phrasetest.Window(t) }

// sayEnglish is s as the window says it in English, and whether the
// window knows its key.
func sayEnglish(m map[string]string, s *Said) (string, bool) { return phrasetest.English(m, s) }

// rowEvents are events of every kind the window shows, in the shapes they
// come in: each check kind, each status, a page with and without a note.
func rowEvents(t *testing.T) []agent.Event {
	evs, err := ReadJournal(oldRun)
	if err != nil {
		t.Fatal(err)
	}
	evs = append(evs,
		agent.Event{Type: agent.EvRefused, Reason: "no JSON"},
		agent.Event{Type: agent.EvRefused, Action: agent.ActNavigate, Reason: "not in the results"},
		agent.Event{Type: agent.EvRunStarted, Objective: "o", Parent: "run-1"},
		agent.Event{Type: agent.EvRunStarted, Objective: "o", Message: "resumed"},
		agent.Event{Type: agent.EvFinding, Finding: &agent.Finding{Number: 2, Text: "t", Earlier: &agent.EarlierFinding{Number: 5}}},
		agent.Event{Type: agent.EvRebuilt, Reason: "near the context limit"},
		agent.Event{Type: agent.EvTurnSkipped, Reason: "the model did not answer"},
		agent.Event{Type: agent.EvNotice, Kind: agent.NoticeWaiting, Message: "answer in the browser"},
		agent.Event{Type: agent.EvNotice, Message: "a note"},
		agent.Event{Type: agent.EvSearched, Query: "q", Message: "blocked"},
		agent.Event{Type: agent.EvSearched, Query: "q", Count: 1, URLs: []string{"http://k"}},
		agent.Event{Type: agent.EvPageOpened, URL: "http://k", Parts: 1},
		agent.Event{Type: agent.EvPageOpened, URL: "http://k", Title: "K", Parts: 2, Message: agent.WholePage},
		agent.Event{Type: agent.EvPageFailed, URL: "http://k", Reason: "HTTP 404"},
		agent.Event{Type: agent.EvPageReopened, URL: "http://k", Title: "K", Part: 2, Parts: 3},
		agent.Event{Type: agent.EvPageReopened, URL: "http://k", Reason: "HTTP 503"},
		agent.Event{Type: agent.EvPartShown, URL: "http://k", Title: "K", Part: 1, Parts: 4},
		agent.Event{Type: agent.EvReportWritten, File: "report.md"},
	)
	for _, kind := range agentConstants(t, "Check") {
		evs = append(evs, agent.Event{Type: agent.EvCheck, Kind: kind, Reason: "r"})
	}
	for _, s := range agent.Statuses() {
		evs = append(evs, agent.Event{Type: agent.EvRunFinished, Status: s})
	}
	return evs
}

// Every row in Go's words carries them as a message the window knows,
// which in English says exactly what Go wrote; only an action's row (the
// agent's own word, SEARCH) and a kind from a newer Scout carry none.
func TestRowsSayTheirWordsAsTheWindowsMessages(t *testing.T) {
	m := windowEnglish(t)
	said := 0
	for _, ev := range rowEvents(t) {
		r, ok := RowOf(ev)
		if !ok {
			continue
		}
		if r.Say == nil {
			if r.Tone != "action" {
				t.Errorf("%s: the row %q is no message of the window's", ev.Type, r.Title)
			}
			continue
		}
		said++
		if got, known := sayEnglish(m, r.Say); !known || got != r.Title {
			t.Errorf("%s: the window says %q (key %s known: %v), Go %q", ev.Type, got, r.Say.Key, known, r.Title)
		}
		if r.SayDetail != nil {
			if got, known := sayEnglish(m, r.SayDetail); !known || got != r.Detail {
				t.Errorf("%s: the window's detail is %q (key %s known: %v), Go's %q", ev.Type, got, r.SayDetail.Key, known, r.Detail)
			}
		}
	}
	if said < 40 {
		t.Errorf("only %d rows said as messages", said)
	}
	unknown, _ := RowOf(agent.Event{Type: agent.EvRunFinished, Status: "from_a_newer_scout"})
	if unknown.Say != nil {
		t.Errorf("a status this Scout does not know is said as %+v", unknown.Say)
	}
}

// Each status's words are the window's message status.<status>, in
// English the words Go gives.
func TestStatusWordsAreTheWindowsMessages(t *testing.T) {
	m := windowEnglish(t)
	for _, s := range agent.Statuses() {
		if got, ok := m["status."+string(s)]; !ok || got != s.Words() {
			t.Errorf("status %q: the window says %q (known: %v), Go %q", s, got, ok, s.Words())
		}
	}
}

// Every checklist item's words the window has messages for, in English
// exactly as Go words them: cites, open and not found, the things still
// lacking, the model's view, the reasons by their keys (the tie rule's
// detail by its data) and the things left out with why, the things and
// conditions as written. Only a reason kept before it was data (a Why
// from before reasons were kept, a tie rule's detail in English alone)
// leaves the whole in Go's English.
func TestChecklistWordsAreTheWindowsMessages(t *testing.T) {
	m := windowEnglish(t)
	it := agent.Item{Number: 2, Text: "the heights of Kilimanjaro, Mount Kenya and Meru"}
	missing := func(rs ...agent.Reason) *agent.Missing {
		why := ""
		for i, r := range rs {
			if i > 0 {
				why += "; "
			}
			why += agent.ReasonEnglish(r)
		}
		return &agent.Missing{Item: it, Why: why, Reasons: rs}
	}
	refuted := func(tie *agent.Tie) *agent.Missing {
		return missing(agent.Reason{Key: agent.ReasonRefuted, Findings: []int{3}, Text: agent.TieEnglish(tie), Tie: tie})
	}
	kibo, three := []string{"Kibo"}, []string{"Kibo", "Meru", "Mount Kenya"}
	said := []agent.Standing{
		{Item: it, Missing: refuted(&agent.Tie{Key: agent.TieUnnamed, Things: kibo})},
		{Item: it, Missing: refuted(&agent.Tie{Key: agent.TieUnnamed, Things: three})},
		{Item: it, Missing: refuted(&agent.Tie{Key: agent.TieNoValue, Kind: "date", Things: kibo})},
		{Item: it, Missing: refuted(&agent.Tie{Key: agent.TieNoValue, Kind: "condition", Condition: "a volcano", Things: kibo})},
		{Item: it, Missing: refuted(&agent.Tie{Key: agent.TieNoValue, Kind: "measure", Dim: "length", Things: kibo})},
		{Item: it, Missing: refuted(&agent.Tie{Key: agent.TieNoValue, Kind: "measure", Dim: "length", Unit: "ft", Things: kibo})},
		{Item: it, Missing: refuted(&agent.Tie{Key: agent.TieElsewhere, Kind: "date", Things: three})},
		{Item: it, Missing: refuted(&agent.Tie{Key: agent.TieElsewhere, Kind: "condition", Condition: "a volcano", Things: kibo})},
		{Item: it, Missing: refuted(&agent.Tie{Key: agent.TieElsewhere, Kind: "measure", Dim: "money", Unit: "USD", Things: kibo})},
		{Item: it, Findings: []int{1, 3}, State: agent.StateAnswered},
		{Item: it, State: agent.StateNone},
		{Item: it, Findings: []int{1}, Missing: &agent.Missing{Item: it, Things: []string{"Mount Kenya"}}},
		{Item: it, Missing: &agent.Missing{Item: it, Things: []string{"Mount Kenya", "Meru", "Kibo"}}},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonUncovered})},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonCount, Have: 1, Want: 3})},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonCondition, Condition: "open source"})},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonLacking, Things: []string{"Mount Kenya", "Meru"}})},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonUnchecked}, agent.Reason{Key: agent.ReasonSaid, Text: "no height in feet"})},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonWhether, Things: []string{"Kibo"}, Condition: "a volcano"})},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonWhether, Things: []string{"Kibo", "Meru"}, Condition: "volcanoes"})},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonUnsaid})},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonUnsaid, Things: []string{"Meru"}, Findings: []int{4}})},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonUnsaid, Things: []string{"Meru", "Kibo"}, Findings: []int{4, 7}})},
		{Item: it, Findings: []int{2}, State: agent.StateAnswered, LeftOut: &agent.LeftOut{Item: it, Condition: "open source", Things: []string{"FreeOffice"}, Denied: []string{"FreeOffice"}}},
		{Item: it, Findings: []int{2}, State: agent.StateAnswered, LeftOut: &agent.LeftOut{Item: it, Condition: "open source",
			Things: []string{"FreeOffice", "WPS", "Calligra"}, Denied: []string{"WPS"}}},
		{Item: it, View: true, State: agent.StateView},
		{Item: it, View: true, Missing: missing(agent.Reason{Key: agent.ReasonNoView})},
		{Item: it, View: true, Missing: missing(agent.Reason{Key: agent.ReasonViewUnwritten})},
		{Item: it, View: true, Missing: missing(agent.Reason{Key: agent.ReasonViewLater})},
	}
	for _, dim := range []string{"length", "money", "mass", "share", "time", "volume"} {
		said = append(said, agent.Standing{Item: it, Missing: refuted(&agent.Tie{Key: agent.TieNoValue, Kind: "measure", Dim: dim, Things: kibo})})
	}
	for _, s := range said {
		for _, running := range []bool{true, false} {
			got := itemOf(s, running)
			if got.Say == nil {
				t.Errorf("%+v (running %v): %q is no message of the window's", s, running, got.Words)
				continue
			}
			if english, known := phrasetest.English(m, got.Say); !known || english != got.Words {
				t.Errorf("running %v: the window says %q (known: %v), Go %q", running, english, known, got.Words)
			}
		}
	}
	unsaid := []agent.Standing{
		{Item: it, Missing: &agent.Missing{Item: it, Why: "only 1 of 2 found"}},
		{Item: it, Missing: missing(agent.Reason{Key: agent.ReasonRefuted, Findings: []int{3}, Text: "does not name Vim"})}, // kept before the tie was data
	}
	for _, s := range unsaid {
		if got := itemOf(s, false); got.Say != nil {
			t.Errorf("%q is said as %+v", got.Words, got.Say)
		}
	}
}
