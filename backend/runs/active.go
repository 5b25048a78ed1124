package runs

import (
	"time"

	"github.com/scout-research/scout/backend/agent"
)

// Active is the time a run worked over its stretches, from its journal:
// each stretch runs from a run_started event to its run_finished (or to
// its last event, for a stretch whose process was killed). The time a
// stopped run waited before it was resumed does not count.
func Active(events []agent.Event) time.Duration {
	var total time.Duration
	var start, last time.Time
	for _, ev := range events {
		switch {
		case ev.Type == agent.EvRunStarted:
			if !start.IsZero() {
				total += last.Sub(start)
			}
			start = ev.Time
		case ev.Type == agent.EvRunFinished && !start.IsZero():
			total += ev.Time.Sub(start)
			start = time.Time{}
		}
		last = ev.Time
	}
	if !start.IsZero() {
		total += last.Sub(start)
	}
	return total
}
