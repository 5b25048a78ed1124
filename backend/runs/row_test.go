package runs

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/agent/port"
)

func TestRowOf(t *testing.T) {
	for _, tc := range []struct {
		ev   agent.Event
		want Row
	}{
		{agent.Event{Seq: 4, Turn: 1, Type: agent.EvAction, Action: "SEARCH", Param: "kilimanjaro", Thought: "first"},
			Row{Seq: 4, Turn: 1, Icon: "◎", Title: "SEARCH", Detail: "kilimanjaro", Thought: "first", Tone: "action"}},
		{agent.Event{Type: agent.EvRefused, Action: "NAVIGATE", Reason: "not in the results"},
			Row{Icon: "↩", Title: "NAVIGATE sent back", Detail: "not in the results", Tone: "refused"}},
		{agent.Event{Type: agent.EvRefused, Reason: "Your reply could not be used"},
			Row{Icon: "↩", Title: "Reply sent back", Detail: "Your reply could not be used", Tone: "refused"}},
		{agent.Event{Type: agent.EvPageFailed, URL: "http://x", Reason: "HTTP 404"},
			Row{Icon: "⚠", Title: "Page failed", Detail: "http://x: HTTP 404", Tone: "failed"}},
		{agent.Event{Type: agent.EvCheck, Kind: "progress", Reason: "4 turns"},
			Row{Icon: "◆", Title: "Progress check", Detail: "4 turns", Tone: "check"}},
		{agent.Event{Type: agent.EvCheck, Kind: "context", Count: 4000},
			Row{Icon: "◆", Title: "Context adjusted", Tone: "check"}},
		{agent.Event{Type: agent.EvCheck, Kind: agent.CheckReport, Reason: "Item 2 (its length) is not in the result: the report names it as not found."},
			Row{Icon: "◆", Title: "Report checked against its promise", Detail: "Item 2 (its length) is not in the result: the report names it as not found.", Tone: "check"}},
		{agent.Event{Type: agent.EvSearched, Query: "q", Message: "blocked"},
			Row{Icon: "⚠", Title: "Search failed", Detail: "blocked", Tone: "failed"}},
		{agent.Event{Type: agent.EvSearched, Query: "q", Count: 2, Results: []port.SearchResult{{Title: "Kilimanjaro\x1b[2K", URL: "http://k", Snippet: "s"}, {URL: "http://m"}}},
			Row{Icon: "◎", Title: "2 results", Detail: "q", Tone: "info", Results: []Result{{Title: "Kilimanjaro", URL: "http://k"}, {URL: "http://m"}}}},
		// A journal from before results were kept: their addresses.
		{agent.Event{Type: agent.EvSearched, Query: "q", Count: 1, URLs: []string{"http://k"}},
			Row{Icon: "◎", Title: "1 result", Detail: "q", Tone: "info", Results: []Result{{URL: "http://k"}}}},
		{agent.Event{Type: agent.EvNotice, Kind: agent.NoticeWaiting, Query: "q", Message: "Answer its question in the browser window."},
			Row{Icon: "✋", Title: "Waiting for you", Detail: "Answer its question in the browser window.", Tone: "attention"}},
		{agent.Event{Type: agent.EvNotice, Query: "q", Message: "No answer: trying again."},
			Row{Icon: "ℹ", Title: "Note", Detail: "No answer: trying again.", Tone: "info"}},
		{agent.Event{Type: agent.EvRunStarted, Objective: "And Mount Kenya?", Parent: "../a-first"},
			Row{Icon: "▶", Title: "Follow-up started", Detail: "And Mount Kenya?", Tone: "info"}},
		{agent.Event{Type: agent.EvFinding, Finding: &agent.Finding{Number: 1, Text: "5,895 m", Earlier: &agent.EarlierFinding{Number: 3}}},
			Row{Icon: "✚", Title: "Finding [1], from the earlier run", Detail: "5,895 m", Tone: "finding"}},
		{agent.Event{Type: agent.EvRunFinished, Status: agent.StatusInterrupted},
			Row{Icon: "■", Title: "Run stopped", Tone: "info"}}, // not in the colour of success
		{agent.Event{Type: agent.EvRunFinished, Status: agent.StatusFinished},
			Row{Icon: "■", Title: "Run finished", Tone: "done"}},
		{agent.Event{Type: agent.EvRunFinished, Status: agent.StatusModelUnavailable, Message: "Nothing is listening"},
			Row{Icon: "■", Title: "Run ended: model unavailable", Detail: "Nothing is listening", Tone: "failed"}},
		{agent.Event{Type: agent.EvRunFinished, Status: agent.StatusSearchUnavailable},
			Row{Icon: "■", Title: "Run ended: search unavailable", Tone: "failed"}},
		{agent.Event{Type: agent.EvRunStarted, Objective: "o", Message: "resumed"},
			Row{Icon: "▶", Title: "Run resumed", Detail: "o", Tone: "info"}},
		{agent.Event{Type: agent.EvPageOpened, URL: "http://k", Title: "Kilimanjaro", Parts: 1},
			Row{Icon: "▤", Title: "Opened Kilimanjaro", Detail: "1 part · http://k", Tone: "info"}},
		{agent.Event{Type: agent.EvPageOpened, URL: "http://k", Parts: 3},
			Row{Icon: "▤", Title: "Opened http://k", Detail: "3 parts · http://k", Tone: "info"}},
		{agent.Event{Type: agent.EvPageOpened, URL: "http://k", Title: "Heights", Parts: 2, Message: agent.WholePage},
			Row{Icon: "▤", Title: "Opened Heights", Detail: "2 parts · http://k · " + agent.WholePage, Tone: "info"}},
		{agent.Event{Type: agent.EvPageReopened, URL: "http://k", Title: "Kilimanjaro", Part: 2, Parts: 3},
			Row{Icon: "▤", Title: "Reopened Kilimanjaro", Detail: "at part 2 of 3 · http://k", Tone: "info"}},
		{agent.Event{Type: agent.EvPageReopened, URL: "http://k", Title: "Kilimanjaro", Reason: "HTTP 503"},
			Row{Icon: "⚠", Title: "Page not reopened", Detail: "http://k: HTTP 503", Tone: "failed"}},
		{agent.Event{Type: agent.EvChecklist, Checklist: []agent.Item{{Number: 1, Text: "a"}, {Number: 2, Text: "b"}}},
			Row{Icon: "☑", Title: "Checklist", Detail: "1. a  2. b", Tone: "info"}},
		{agent.Event{Type: agent.EvFinding, Finding: &agent.Finding{Number: 2, Text: "5,895 m"}},
			Row{Icon: "✚", Title: "Finding [2]", Detail: "5,895 m", Tone: "finding"}},
		{agent.Event{Type: agent.EvReportWritten, File: "report.md"},
			Row{Icon: "✎", Title: "Report written", Detail: "report.md", Tone: "done"}},
	} {
		got, ok := RowOf(tc.ev)
		// The same words as the window's messages are held by
		// TestRowsSayTheirWordsAsTheWindowsMessages.
		got.Say, got.SayDetail = nil, nil
		if !ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.ev.Type, got, tc.want)
		}
	}
}

// Model calls go to the figures, turn starts nowhere.
func TestRowOfLeavesSomeEventsOut(t *testing.T) {
	for _, typ := range []string{agent.EvModelCall, agent.EvTurnStarted, agent.EvResult} {
		if r, ok := RowOf(agent.Event{Type: typ}); ok {
			t.Errorf("%s makes a row: %+v", typ, r)
		}
	}
	if _, ok := RowOf(agent.Event{Type: agent.EvFinding}); ok {
		t.Error("a finding event without its finding makes a row")
	}
	if rows := Rows([]agent.Event{{Seq: 1, Type: agent.EvModelCall}, {Seq: 2, Type: agent.EvRebuilt}}); len(rows) != 1 || rows[0].Seq != 2 {
		t.Errorf("rows %+v", rows)
	}
	if rows := Rows(nil); rows == nil {
		t.Error("no events make a nil list of rows, which the window would read as null")
	}
}

// A NAVIGATE to a search result names the result, from the last search
// before it, over batches as the window gets them; one to an address or
// a result not shown stays as the model wrote it.
func TestRowerNamesTheResultOpened(t *testing.T) {
	search := func(titles ...string) agent.Event {
		ev := agent.Event{Type: agent.EvSearched, Count: len(titles)}
		for i, title := range titles {
			ev.Results = append(ev.Results, port.SearchResult{Title: title, URL: fmt.Sprintf("http://r%d", i+1)})
		}
		return ev
	}
	nav := func(param string) agent.Event {
		return agent.Event{Type: agent.EvAction, Action: agent.ActNavigate, Param: param}
	}
	var w Rower
	w.Rows([]agent.Event{search("Kilimanjaro - Worldpedia", "Mountains of Africa")})
	got := w.Rows([]agent.Event{nav("R2"), nav("[R1]"), nav("R3"), nav("http://x"), search("Uhuru Peak"), nav("r1")})
	want := []string{"R2 · Mountains of Africa", "[R1] · Kilimanjaro - Worldpedia", "R3", "http://x", "r1 · Uhuru Peak"}
	var details []string
	for _, r := range got {
		if r.Title == agent.ActNavigate {
			details = append(details, r.Detail)
		}
	}
	if !reflect.DeepEqual(details, want) {
		t.Errorf("NAVIGATE rows say %q, want %q", details, want)
	}
}
