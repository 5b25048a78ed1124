package runs

import (
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
)

func TestActive(t *testing.T) {
	t0 := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	at := func(typ string, min int) agent.Event {
		return agent.Event{Type: typ, Time: t0.Add(time.Duration(min) * time.Minute)}
	}
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
		if got := Active(tc.events); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	// Digest: the first start and objective, the last end, turns, findings.
	events := []agent.Event{at("checklist", 1), {Type: "run_started", Time: t0.Add(2 * time.Minute), Objective: "o", Turn: 0},
		{Type: "finding_added", Turn: 3}, {Type: "run_finished", Status: "interrupted", Turn: 4},
		{Type: "run_started", Time: t0.Add(90 * time.Minute), Objective: "o"}, {Type: "finding_added", Turn: 6},
		{Type: "run_finished", Status: "finished", Message: "", Turn: 7}}
	d := Digest(events)
	if !d.Started.Equal(t0.Add(2*time.Minute)) || d.Objective != "o" || d.Status != "finished" || d.Turns != 7 || d.Findings != 2 {
		t.Errorf("digest %+v", d)
	}
	if d := Digest(events[:3]); d.Status != "" || d.Findings != 1 {
		t.Errorf("digest of a run still going %+v", d)
	}
	// Resumed after a stuck stretch and killed: the old ending is not this one's.
	stuck := append(append([]agent.Event{}, events[:3]...), agent.Event{Type: "run_finished", Status: "stuck", Message: "old", Turn: 4},
		agent.Event{Type: "run_started", Objective: "o"}, agent.Event{Type: "action", Turn: 5})
	if d := Digest(stuck); d.Status != "" || d.Message != "" {
		t.Errorf("digest of a resumed run killed mid-way %+v", d)
	}
}
