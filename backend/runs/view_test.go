package runs

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/report"
)

var t0 = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// at is an event of type typ, min minutes into the run.
func at(typ string, min int) agent.Event {
	return agent.Event{Type: typ, Time: t0.Add(time.Duration(min) * time.Minute)}
}

func with(ev agent.Event, change func(*agent.Event)) agent.Event {
	change(&ev)
	return ev
}

func call(kind string, turn, prompt, cached int, seconds float64) agent.Event {
	return agent.Event{Type: agent.EvModelCall, Kind: kind, Turn: turn,
		Usage: &chat.Usage{PromptTokens: prompt, CachedTokens: cached, CompletionTokens: 10, Duration: time.Duration(seconds * float64(time.Second))}}
}

func finding(n, turn int, items ...int) agent.Event {
	return agent.Event{Type: agent.EvFinding, Turn: turn, Finding: &agent.Finding{Number: n, Turn: turn, Text: "f", Items: items}}
}

func started(min int, objective string) agent.Event {
	return with(at(agent.EvRunStarted, min), func(e *agent.Event) { e.Objective = objective })
}

func finished(min int, status agent.Status, message string) agent.Event {
	return with(at(agent.EvRunFinished, min), func(e *agent.Event) { e.Status, e.Message = status, message })
}

// TestViewStatus: how a journal says the run stands, in words, and
// whether it may be resumed.
func TestViewStatus(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events []agent.Event
		live   bool
		want   Glance
	}{
		{"no events", nil, false, Glance{}},
		{"finished", []agent.Event{started(0, "o"), finished(5, agent.StatusFinished, "")},
			false, Glance{Objective: "o", Status: "finished", Words: "finished"}},
		{"killed: no end in the journal", []agent.Event{started(0, "o"), at(agent.EvAction, 1)},
			false, Glance{Objective: "o", Status: "interrupted", Words: "stopped", Resumable: true}},
		{"stuck, with the model's words", []agent.Event{started(0, "o"), finished(5, agent.StatusStuck, "the same reply")},
			false, Glance{Objective: "o", Status: "stuck", Words: "ended: the model was stuck", Resumable: true, Error: "the same reply"}},
		{"resumed after a stuck stretch and killed: the old ending is not this one's",
			[]agent.Event{started(0, "o"), finished(5, agent.StatusStuck, "old"), started(60, "o"), at(agent.EvAction, 61)},
			false, Glance{Objective: "o", Status: "interrupted", Words: "stopped", Resumable: true}},
		{"going on here", []agent.Event{started(0, "o")}, true, Glance{Objective: "o", Status: "running", Words: "running now"}},
		{"waiting for the user", []agent.Event{started(0, "o"), with(at(agent.EvNotice, 1), func(e *agent.Event) { e.Kind = agent.NoticeWaiting })},
			true, Glance{Objective: "o", Status: "running", Words: "running now", Waiting: true}},
		{"answered: the search went on", []agent.Event{started(0, "o"), with(at(agent.EvNotice, 1), func(e *agent.Event) { e.Kind = agent.NoticeWaiting }), at(agent.EvSearched, 2)},
			true, Glance{Objective: "o", Status: "running", Words: "running now"}},
		{"a note asks nothing", []agent.Event{started(0, "o"), with(at(agent.EvNotice, 1), func(e *agent.Event) { e.Message = "trying again" })},
			true, Glance{Objective: "o", Status: "running", Words: "running now"}},
		{"a past run waits for nobody", []agent.Event{started(0, "o"), with(at(agent.EvNotice, 1), func(e *agent.Event) { e.Kind = agent.NoticeWaiting })},
			false, Glance{Objective: "o", Status: "interrupted", Words: "stopped", Resumable: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Replay(tc.events)
			if tc.live {
				v.Live("o", 8192)
			}
			g := v.Glance()
			got := Glance{Objective: g.Objective, Status: g.Status, Words: g.Words, Resumable: g.Resumable, Waiting: g.Waiting, Error: g.Error}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestStatusWordsAndResumable(t *testing.T) {
	for _, tc := range []struct {
		status    agent.Status
		words     string
		resumable bool
	}{
		{"finished", "finished", false},
		{"turn_limit", "stopped at the turn limit", true},
		{"interrupted", "stopped", true},
		{"model_unavailable", "ended: model unavailable", true},
		{"stuck", "ended: the model was stuck", true},
		{"search_unavailable", "ended: search unavailable", true},
		{"failed", "could not start", false},
		{"running", "running now", false},
		{"something_new", "something_new", false},
	} {
		if w, r := tc.status.Words(), tc.status.Resumable(); w != tc.words || r != tc.resumable {
			t.Errorf("%s: %q, resumable %v; want %q, %v", tc.status, w, r, tc.words, tc.resumable)
		}
	}
}

// An app that ends a run says how, over what the journal says: a run
// that failed before its journal could tell.
func TestViewEnd(t *testing.T) {
	v := Replay(nil)
	v.Live("o", 8192)
	v.End(agent.StatusFailed, "Nothing is listening")
	if g := v.Glance(); g.Status != "failed" || g.Words != "could not start" || g.Error != "Nothing is listening" || g.Resumable {
		t.Errorf("%+v", g)
	}
}

func TestViewFigures(t *testing.T) {
	estimated := func(e agent.Event) agent.Event { e.Usage.CacheEstimated = true; return e }
	rate := func(e agent.Event, r float64) agent.Event { e.Usage.WriteRate = r; return e }
	adjusted := with(at(agent.EvCheck, 0), func(e *agent.Event) { e.Kind, e.Count, e.Turn = "context", 4000, 3 })
	for _, tc := range []struct {
		name    string
		events  []agent.Event
		context int
		want    Figures
	}{
		{"sums the calls; context use is the last action prompt's",
			[]agent.Event{call("checklist", 0, 200, 0, 2), call("action", 1, 1000, 800, 2), call("action", 2, 2000, 1800, 2)}, 8000,
			Figures{Turns: 2, ModelCalls: map[string]int{"checklist": 1, "action": 2}, PromptTokens: 3200, CachedTokens: 2600, CompletionTokens: 30,
				ReusePct: 81, ContextPct: 25, ModelSeconds: 6}},
		{"says when the server did not report its cache use",
			[]agent.Event{call("action", 1, 100, 50, 1), estimated(call("action", 1, 100, 50, 1))}, 8000,
			Figures{Turns: 1, ModelCalls: map[string]int{"action": 2}, PromptTokens: 200, CachedTokens: 100, CompletionTokens: 20,
				ReusePct: 50, ReuseEstimated: true, ContextPct: 1, ModelSeconds: 2}},
		{"measures against the context the server turned out to have",
			[]agent.Event{adjusted, call("action", 3, 1000, 0, 1)}, 8000,
			Figures{Turns: 3, ModelCalls: map[string]int{"action": 1}, PromptTokens: 1000, CompletionTokens: 10, ContextPct: 25, ModelSeconds: 1}},
		{"a call that failed leaves the context in use as the last answered prompt's",
			[]agent.Event{call("action", 1, 2000, 0, 1), with(call("action", 2, 0, 0, 0), func(e *agent.Event) { e.Usage.CompletionTokens, e.Message = 0, "server gone" })}, 8000,
			Figures{Turns: 2, ModelCalls: map[string]int{"action": 2}, PromptTokens: 2000, CompletionTokens: 10, ContextPct: 25, ModelSeconds: 1}},
		{"a past run's context is not known",
			[]agent.Event{call("action", 1, 1000, 0, 1)}, 0,
			Figures{Turns: 1, ModelCalls: map[string]int{"action": 1}, PromptTokens: 1000, CompletionTokens: 10, ModelSeconds: 1}},
		{"the latest writing speed, to a tenth",
			[]agent.Event{rate(call("action", 1, 10, 0, 1), 7.26), call("writer", 1, 10, 0, 1), rate(call("action", 2, 10, 0, 1), 5.04)}, 0,
			Figures{Turns: 2, ModelCalls: map[string]int{"action": 2, "writer": 1}, PromptTokens: 30, CompletionTokens: 30, ModelSeconds: 3, WriteRate: 5}},
		{"replies sent back, rebuilds and findings",
			[]agent.Event{at(agent.EvRefused, 0), at(agent.EvTurnSkipped, 0), at(agent.EvRebuilt, 0), finding(1, 4)}, 0,
			Figures{Turns: 4, Findings: 1, ModelCalls: map[string]int{}, SentBack: 2, Rebuilds: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Replay(tc.events)
			if tc.context > 0 {
				v.Live("o", tc.context)
			}
			if got := v.Glance().Figures; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// A run opened from the history shows its context use against the context
// its run.json says it ran with; without a run.json it stays unknown.
func TestViewContextFromRunJSON(t *testing.T) {
	dir := t.TempDir()
	events := []agent.Event{call("action", 1, 2048, 0, 1)}
	v := Replay(events)
	v.ContextFrom(dir)
	if got := v.Glance().Figures.ContextPct; got != 0 {
		t.Errorf("without run.json: %d%%", got)
	}
	if err := os.WriteFile(filepath.Join(dir, "run.json"), []byte(`{"settings":{"context_length":8192}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	v.ContextFrom(dir)
	if got := v.Glance().Figures.ContextPct; got != 25 {
		t.Errorf("with run.json's 8192 tokens: %d%%, want 25%%", got)
	}
}

func TestViewChecklistCoverage(t *testing.T) {
	list := with(at(agent.EvChecklist, 0), func(e *agent.Event) { e.Checklist = []agent.Item{{Number: 1, Text: "a"}, {Number: 2, Text: "b"}} })
	v := Replay([]agent.Event{list, finding(1, 3, 1), finding(2, 3, 1, 9)})
	want := []Item{{Number: 1, Text: "a", Findings: []int{1, 2}, State: ItemAnswered, Words: "[1] [2]"},
		{Number: 2, Text: "b", Findings: []int{}, State: ItemNotFound, Words: "not found"}}
	got := v.Glance().Checklist
	for i := range got { // the same words as the window's: TestChecklistWordsAreTheWindowsMessages
		got[i].Say = nil
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if got := v.Findings(1); len(got) != 1 || got[0].Number != 2 {
		t.Errorf("findings from the second: %+v", got)
	}
	if got := v.Findings(5); got == nil || len(got) != 0 {
		t.Errorf("findings past the end: %#v", got)
	}
}

// Active: the time a run worked over its stretches, without the time a
// stopped run waited to be resumed.
func TestViewActive(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events []agent.Event
		want   time.Duration
	}{
		{"no events", nil, 0},
		{"one finished stretch", []agent.Event{at("run_started", 0), at("action", 3), at("run_finished", 5), at("report_written", 5)}, 5 * time.Minute},
		{"stopped, resumed a day later", []agent.Event{
			at("run_started", 0), at("run_finished", 5), at("report_written", 5),
			at("run_started", 24*60), at("action", 24*60+2), at("run_finished", 24*60+4)}, 9 * time.Minute},
		{"a killed stretch ends at its last event", []agent.Event{
			at("run_started", 0), at("action", 7),
			at("run_started", 60), at("run_finished", 61)}, 8 * time.Minute},
		{"still going", []agent.Event{at("run_started", 0), at("action", 2)}, 2 * time.Minute},
	} {
		v := Replay(tc.events)
		if got := v.Active(); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		if got := v.Glance().Figures.ActiveSeconds; got != tc.want.Seconds() {
			t.Errorf("%s: %v s in the figures, want %v", tc.name, got, tc.want.Seconds())
		}
	}
}

// The first start and objective, the last end, turns and findings.
func TestViewOverStretches(t *testing.T) {
	events := []agent.Event{at("checklist", 1), with(started(2, "o"), func(e *agent.Event) {}),
		finding(1, 3), with(finished(30, "interrupted", ""), func(e *agent.Event) { e.Turn = 4 }),
		started(90, "o"), finding(2, 6), with(finished(95, "finished", ""), func(e *agent.Event) { e.Turn = 7 })}
	v := Replay(events)
	g := v.Glance()
	if !v.Started().Equal(t0.Add(2*time.Minute)) || g.Objective != "o" || g.Status != "finished" || g.Figures.Turns != 7 || g.Figures.Findings != 2 || !v.Finished() {
		t.Errorf("over two stretches: started %v, %+v", v.Started(), g)
	}
	if v := Replay(events[:3]); v.Finished() || v.Glance().Figures.Findings != 1 {
		t.Errorf("still going: finished %v, %+v", v.Finished(), v.Glance())
	}
}

// A report written mid-run, or after a crash, takes the run so far.
func TestViewResult(t *testing.T) {
	list := with(at(agent.EvChecklist, 0), func(e *agent.Event) { e.Checklist = []agent.Item{{Number: 1, Text: "a"}} })
	v := Replay([]agent.Event{started(0, "o"), list, call("action", 1, 100, 40, 1), at(agent.EvRefused, 1), finding(1, 2, 1)})
	v.Live("o", 8192)
	res := v.Result()
	want := &agent.Result{Objective: "o", Status: agent.StatusRunning, Turns: 2, Checklist: []agent.Item{{Number: 1, Text: "a"}},
		Findings: v.Findings(0), Calls: map[string]int{"action": 1}, PromptTokens: 100, CachedTokens: 40, CompletionTokens: 10,
		ModelTime: time.Second, SentBack: 1}
	if !reflect.DeepEqual(res, want) {
		t.Errorf("got %+v\nwant %+v", res, want)
	}
	res.Calls["action"] = 9
	res.Findings[0].Text = "changed"
	if v.Result().Calls["action"] != 1 || v.Findings(0)[0].Text != "f" {
		t.Error("the result shares the view's figures or findings")
	}
}

// What a resume takes over is its own: the view folding the resumed run's
// events does not change it.
func TestViewPast(t *testing.T) {
	if _, err := Replay([]agent.Event{at(agent.EvAction, 0)}).Past(); !errors.Is(err, agent.ErrNothingToResume) {
		t.Fatalf("a journal without a run: %v", err)
	}
	opened := with(at(agent.EvPageOpened, 1), func(e *agent.Event) { e.URL, e.Turn = "http://a", 1 })
	v := Replay([]agent.Event{started(0, "o"), opened, finding(1, 2), finished(5, agent.StatusInterrupted, "")})
	past, err := v.Past()
	if err != nil {
		t.Fatal(err)
	}
	if past.Snapshot.Objective != "o" || past.Snapshot.Turn != 2 || past.Snapshot.Visits["http://a"] != 1 || len(past.Snapshot.Journal) != 2 ||
		!past.Started.Equal(t0) || past.Worked != 5*time.Minute {
		t.Fatalf("past %+v", past)
	}
	past.Snapshot.Findings = append(past.Snapshot.Findings[:1], agent.Finding{Number: 9})
	past.Snapshot.Visits["http://a"] = 7
	v.Add(finding(2, 6))
	if f := v.Findings(0); len(f) != 2 || f[1].Number != 2 {
		t.Fatalf("the view's findings changed with the resumed run's: %+v", f)
	}
	if again, _ := v.Past(); again.Snapshot.Visits["http://a"] != 1 {
		t.Fatal("the view's visits changed with the resumed run's")
	}
}

// A report written while the run goes on (or rebuilt after a crash)
// keeps the report's promise too: an item nothing covers yet is named as
// not found, and a view not written yet is said to be so.
func TestViewResultNamesWhatIsNotFound(t *testing.T) {
	list := with(at(agent.EvChecklist, 0), func(e *agent.Event) {
		e.Checklist = []agent.Item{{Number: 1, Text: "the height of Mount Kosciuszko in metres"}, {Number: 2, Text: "the Australian state it stands in"},
			{Number: 3, Text: "your view on whether the walk is worth it"}}
	})
	height := agent.Event{Type: agent.EvFinding, Turn: 2, Finding: &agent.Finding{Number: 1, Turn: 2, Text: "Mount Kosciuszko rises 2,228 metres.", Items: []int{1}}}
	v := Replay([]agent.Event{started(0, "How high is Mount Kosciuszko, and is the walk worth it?"), list, height})
	v.Live("o", 8192)
	res := v.Result()
	var named []string
	for _, m := range res.NotFound {
		named = append(named, fmt.Sprintf("%d: %s", m.Item.Number, m.Why))
	}
	if want := []string{"2: no finding covers it", "3: the view comes with the result, when the run ends"}; !reflect.DeepEqual(named, want) {
		t.Errorf("not found %q, want %q", named, want)
	}
	if b := agent.Breaches(res); len(b) > 0 {
		t.Errorf("the report breaks its promise: %v", b)
	}
}

// checklistJSON is the glance's checklist as the window gets it: number,
// state and words of each item.
func checklistJSON(t *testing.T, g Glance) []string {
	t.Helper()
	var out []string
	for _, it := range g.Checklist {
		data, err := json.Marshal(it)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		_ = json.Unmarshal(data, &m)
		out = append(out, fmt.Sprintf("%v %v: %v", m["number"], m["state"], m["words"]))
	}
	return out
}

func kosciuszkoList(items ...string) agent.Event {
	return with(at(agent.EvChecklist, 0), func(e *agent.Event) {
		for i, text := range items {
			e.Checklist = append(e.Checklist, agent.Item{Number: i + 1, Text: text})
		}
	})
}

func found(n int, text string, items ...int) agent.Event {
	return agent.Event{Type: agent.EvFinding, Turn: n + 1, Finding: &agent.Finding{Number: n, Turn: n + 1, Text: text, Items: items}}
}

// The checklist beside a running run says, item by item, what the report
// would say if written now, in Go's words: covered by which findings,
// open (for which things), or a view the model writes at the end. It
// counted the item numbers a finding carries, so an item about two things
// showed covered by a finding about one, and a view item showed open.
func TestGlanceChecklistWhileRunning(t *testing.T) {
	for _, tc := range []struct {
		name      string
		objective string
		events    []agent.Event
		want      []string
	}{
		{"covered, open, and a view", "How high is Mount Kosciuszko, and is the walk worth it? Give your view.",
			[]agent.Event{kosciuszkoList("the height of Mount Kosciuszko in metres", "the Australian state it stands in", "your view on whether the walk is worth it"),
				found(1, "Mount Kosciuszko rises 2,228 metres.", 1)},
			[]string{"1 answered: [1]", "2 open: open", "3 view: written by the model at the end"}},
		{"an item about two things, one found", "How high are Kilimanjaro and Mount Kenya, in metres?",
			[]agent.Event{kosciuszkoList("the heights of Kilimanjaro and Mount Kenya in metres"), found(1, "Mount Kilimanjaro rises 5,895 metres.", 1)},
			[]string{"1 open: [1]; nothing yet for Mount Kenya"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Replay(append([]agent.Event{started(0, tc.objective)}, tc.events...))
			v.Live(tc.objective, 8192)
			if got := checklistJSON(t, v.Glance()); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("checklist %q, want %q", got, tc.want)
			}
		})
	}
}

// A run that has ended shows the checklist its report has: the report it
// ended with, or for a past run its report.json, with what keeping the
// report's promise mended (a finding recorded for another item, the
// things named as not found or left out) and the view the result gives.
func TestGlanceChecklistOfAnEndedRun(t *testing.T) {
	suites, peaks := agent.Item{Number: 1, Text: "two free and open-source office suites"}, agent.Item{Number: 2, Text: "the heights of Kilimanjaro and Mount Kenya in metres"}
	view := agent.Item{Number: 3, Text: "your view on whether a suite is worth paying for"}
	objective := "Name two free and open-source office suites, compare the heights of Kilimanjaro and Mount Kenya, and give your view."
	journal := []agent.Event{started(0, objective), kosciuszkoList(suites.Text, peaks.Text, view.Text),
		found(1, "LibreOffice is a free and open-source office suite.", 1), found(2, "FreeOffice is free, but it is not open source.", 1),
		found(3, "Mount Kilimanjaro rises 5,895 metres.", 1), finished(9, agent.StatusFinished, "")}
	res := Replay(journal).Result()
	res.Findings[2].Items = []int{2} // recorded for item 2 when the report kept its promise
	res.Answer = "LibreOffice [1]. Kilimanjaro rises 5,895 metres [3]. My view: LibreOffice."
	res.NotFound = []agent.Missing{{Item: suites, Why: "only 1 of 2 found", Partial: true},
		{Item: peaks, Why: "nothing found for Mount Kenya", Things: []string{"Mount Kenya"}, Partial: true}}
	res.LeftOut = []agent.LeftOut{{Item: suites, Condition: "open source", Things: []string{"FreeOffice"}, Denied: []string{"FreeOffice"}}}
	want := []string{"1 not_found: [1]; not found: only 1 of 2 found; left out: FreeOffice (shown not to be open source)",
		"2 not_found: [3]; not found: Mount Kenya", "3 view: the model's view, in the result"}

	v := Replay(journal)
	v.Reported(res)
	if got := checklistJSON(t, v.Glance()); !reflect.DeepEqual(got, want) {
		t.Errorf("with the report it ended with: %q, want %q", got, want)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, report.DataFile), report.Encode(res, report.Figures{}), 0o600); err != nil {
		t.Fatal(err)
	}
	past := Replay(journal)
	past.ReportFrom(dir)
	if got := checklistJSON(t, past.Glance()); !reflect.DeepEqual(got, want) {
		t.Errorf("from report.json: %q, want %q", got, want)
	}
	// Resumed, the run goes on from its journal, not from the old report.
	past.Add(started(60, objective))
	past.Live(objective, 8192)
	if got := checklistJSON(t, past.Glance()); got[2] != "3 view: written by the model at the end" {
		t.Errorf("resumed: %q", got)
	}
}
