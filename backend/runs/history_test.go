package runs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
)

func TestHistory(t *testing.T) {
	root := t.TempDir()
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

	// A finished run with its summary.
	done := filepath.Join(root, "a-done")
	f, _ := Create(done)
	f.Emit(agent.Event{Seq: 1, Time: at, Type: agent.EvRunStarted, Objective: "first"})
	f.WriteFile("run.json", Summarize(&agent.Result{Objective: "first", Status: "finished", Turns: 4, Findings: make([]agent.Finding, 2)}, Used{}, at, at.Add(time.Minute), time.Minute).JSON())
	f.WriteFile("report.md", []byte("# first\n"))
	f.Close()

	// A killed run: journal only.
	killed := filepath.Join(root, "b-killed")
	f, _ = Create(killed)
	f.Emit(agent.Event{Seq: 1, Time: at.Add(time.Hour), Type: agent.EvRunStarted, Objective: "second"})
	f.Emit(agent.Event{Seq: 2, Time: at.Add(time.Hour), Turn: 3, Type: agent.EvFinding, Finding: &agent.Finding{Number: 1}})
	f.Close()

	// Damaged: a broken summary and a journal with garbage in the middle.
	broken := filepath.Join(root, "c-broken")
	os.MkdirAll(broken, 0o755)
	os.WriteFile(filepath.Join(broken, "run.json"), []byte("{nope"), 0o644)
	os.WriteFile(filepath.Join(broken, "journal.jsonl"), []byte("{\"seq\":1,\"type\":\"run_started\",\"objective\":\"third\"}\nxx\n{\"seq\":3}\n"), 0o644)

	got, err := List(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d entries", len(got))
	}
	byDir := map[string]Entry{}
	for _, e := range got {
		byDir[filepath.Base(e.Dir)] = e
	}
	if e := byDir["a-done"]; e.Objective != "first" || e.Status != "finished" || e.Words != "finished" || e.Resumable || e.Turns != 4 || e.Findings != 2 || !e.HasReport || e.Damaged != "" {
		t.Errorf("done: %+v", e)
	}
	if e := byDir["b-killed"]; e.Objective != "second" || e.Status != "interrupted" || e.Words != "stopped" || !e.Resumable || e.Turns != 3 || e.Findings != 1 || e.HasReport ||
		!e.Started.Equal(at.Add(time.Hour)) {
		t.Errorf("killed: %+v", e)
	}
	if e := byDir["c-broken"]; e.Objective != "third" || !strings.Contains(e.Damaged, "run.json is damaged") || !strings.Contains(e.Damaged, "line 2") {
		t.Errorf("broken: %+v", e)
	}
	if got[0].Objective != "second" {
		t.Errorf("not newest first: %v", got[0].Objective)
	}

	if err := Delete(root, filepath.Join(root, "..")); err == nil {
		t.Error("deleted outside the runs folder")
	}
	if err := Delete(root, done); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(done); !os.IsNotExist(err) {
		t.Error("run folder still there")
	}
	if list, _ := List(filepath.Join(root, "missing")); list != nil {
		t.Error("a missing root lists runs")
	}
}

// A follow-up's entry names the run it follows by that run's folder, as
// its own folder is named, so History can show the thread; a resumed
// follow-up still does.
func TestHistoryShowsTheThread(t *testing.T) {
	root := t.TempDir()
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	first := filepath.Join(root, "a-first")
	f, _ := Create(first)
	f.Emit(agent.Event{Seq: 1, Time: at, Type: agent.EvRunStarted, Objective: "first"})
	f.Close()
	follow := filepath.Join(root, "b-follow")
	f, _ = Create(follow)
	f.Emit(agent.Event{Seq: 1, Time: at.Add(time.Hour), Type: agent.EvRunStarted, Objective: "and then?", Parent: "../a-first"})
	f.Emit(agent.Event{Seq: 2, Time: at.Add(time.Hour), Type: agent.EvFinding, Finding: &agent.Finding{Number: 1, Earlier: &agent.EarlierFinding{Run: "../a-first", Number: 3}}})
	f.Emit(agent.Event{Seq: 3, Time: at.Add(2 * time.Hour), Type: agent.EvRunStarted, Objective: "and then?", Message: "resumed", Parent: "../a-first"})
	f.Close()
	// One that ended and wrote its summary, following up from elsewhere.
	elsewhere := filepath.Join(t.TempDir(), "z-elsewhere")
	finished := filepath.Join(root, "c-finished")
	f, _ = Create(finished)
	f.Emit(agent.Event{Seq: 1, Time: at.Add(3 * time.Hour), Type: agent.EvRunStarted, Objective: "and more?", Parent: elsewhere})
	f.WriteFile("run.json", Summarize(&agent.Result{Objective: "and more?", Parent: elsewhere, Status: "finished"}, Used{}, at, at.Add(time.Minute), time.Minute).JSON())
	f.Close()
	got, err := List(root)
	if err != nil {
		t.Fatal(err)
	}
	byDir := map[string]Entry{}
	for _, e := range got {
		byDir[filepath.Base(e.Dir)] = e
	}
	if e := byDir["b-follow"]; e.Parent != first {
		t.Errorf("the follow-up's entry names %q as its parent, not %q", e.Parent, first)
	}
	if e := byDir["c-finished"]; e.Parent != elsewhere {
		t.Errorf("the finished follow-up's entry names %q as its parent, not %q", e.Parent, elsewhere)
	}
	if e := byDir["a-first"]; e.Parent != "" {
		t.Errorf("the first run names a parent: %q", e.Parent)
	}
	events, _ := ReadJournal(follow)
	if res := Replay(events).Result(); res.Parent != "../a-first" || res.Findings[0].Earlier == nil {
		t.Errorf("the result read back: parent %q, findings %+v", res.Parent, res.Findings)
	}
}
