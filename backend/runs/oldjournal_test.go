package runs

import (
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
)

// oldRun is a journal written by Scout before the journal had one reader
// (main at 6a4b152): `scout run --max-turns 3` stopped at the turn limit
// with a finding, then `scout resume` finished it.
var oldRun = filepath.Join("..", "..", "testdata", "journals", "resumed")

// Runs from before still open and resume: the view of an old journal.
func TestOldJournalOpens(t *testing.T) {
	events, err := ReadJournal(oldRun)
	if err != nil || len(events) != 32 {
		t.Fatalf("%d events, %v", len(events), err)
	}
	v := Replay(events)
	g := v.Glance()
	if g.Objective != "What is the tallest mountain in Africa, and how tall is it in meters and in feet?" || g.Status != agent.StatusFinished ||
		g.Words != "finished" || g.Resumable || g.Error != "" || g.Seq != 32 {
		t.Errorf("glance %+v", g)
	}
	want := Figures{Turns: 4, Findings: 1, ModelCalls: map[string]int{"checklist": 1, "action": 4, "coverage": 1, "writer": 2},
		PromptTokens: 6757, CachedTokens: 3345, CompletionTokens: 282, ReusePct: 50, ReuseEstimated: true,
		ModelSeconds: 0.017544266, Rebuilds: 1, ActiveSeconds: (1621463951 * time.Nanosecond).Seconds()}
	if !reflect.DeepEqual(g.Figures, want) {
		t.Errorf("figures %+v", g.Figures)
	}
	for _, it := range g.Checklist {
		if !reflect.DeepEqual(it.Findings, []int{1}) {
			t.Errorf("item %+v: finding 1 serves every item", it)
		}
	}
	rows := Rows(events)
	var titles []string
	for _, r := range rows {
		if r.Tone == "done" || r.Icon == "▶" || r.Icon == "■" { // milestones: starts, ends, reports
			titles = append(titles, r.Title)
		}
	}
	if want := []string{"Run started", "Run stopped at the turn limit", "Report written", "Run resumed", "Run finished", "Report written"}; !reflect.DeepEqual(titles, want) {
		t.Errorf("rows %q, want %q", titles, want)
	}
}

// The old journal's first stretch, stopped at the turn limit, resumes; so
// does its second, killed before it could end.
func TestOldJournalResumes(t *testing.T) {
	events, err := ReadJournal(oldRun)
	if err != nil {
		t.Fatal(err)
	}
	first := Replay(events[:21]) // up to the first report_written
	if g := first.Glance(); g.Status != agent.StatusTurnLimit || !g.Resumable || g.Words != "stopped at the turn limit" {
		t.Errorf("first stretch: %+v", g)
	}
	past, err := first.Past()
	if err != nil {
		t.Fatal(err)
	}
	s := past.Snapshot
	if s.Turn != 3 || s.LastSeq != 21 || len(s.Findings) != 1 || len(s.Checklist) != 3 || !reflect.DeepEqual(s.Searches, []string{"tallest mountain in Africa"}) ||
		len(s.Opened) != 1 || s.Visits[s.Opened[0]] != 1 || len(s.Seen) != 3 || len(s.Journal) != 3 || !past.Started.Equal(events[0].Time) {
		t.Errorf("snapshot %+v", s)
	}
	killed := Replay(events[:25]) // the resumed stretch, killed on turn 4
	if g := killed.Glance(); g.Status != agent.StatusInterrupted || !g.Resumable || g.Error != "" {
		t.Errorf("killed second stretch: %+v", g)
	}
	if _, err := killed.Past(); err != nil {
		t.Error(err)
	}
}
