package agent

import (
	"errors"
	"fmt"
)

// Snapshot is what a resumed run takes over from an interrupted one, as
// rebuilt from its journal: the journal is the source of truth.
type Snapshot struct {
	Objective string
	Checklist []Item
	Findings  []Finding
	Turn      int
	LastSeq   int
	Searches  []string
	Seen      []string
	Visits    map[string]int
	// Opened are the pages that opened (failed visits count in Visits only).
	Opened  []string
	Journal []string
}

// ErrNothingToResume is returned for a journal without a run in it.
var ErrNothingToResume = errors.New("the journal holds no run to resume")

// Restore rebuilds a snapshot from a run's events.
func Restore(events []Event) (Snapshot, error) {
	s := Snapshot{Visits: map[string]int{}}
	for _, ev := range events {
		s.LastSeq = max(s.LastSeq, ev.Seq)
		s.Turn = max(s.Turn, ev.Turn)
		switch ev.Type {
		case EvRunStarted:
			s.Objective = ev.Objective
		case EvChecklist:
			s.Checklist = ev.Checklist
		case EvFinding:
			if ev.Finding != nil {
				s.Findings = append(s.Findings, *ev.Finding)
				s.Journal = append(s.Journal, fmt.Sprintf("T%d DISCOVER: finding [%d]", ev.Turn, ev.Finding.Number))
			}
		case EvSearched:
			s.Searches = append(s.Searches, ev.Query)
			s.Seen = append(s.Seen, ev.URLs...)
			s.Journal = append(s.Journal, fmt.Sprintf("T%d SEARCH %s: %d results", ev.Turn, clip(ev.Query, 80), ev.Count))
		case EvPageOpened:
			s.Visits[ev.URL]++
			s.Opened = append(s.Opened, ev.URL)
			s.Journal = append(s.Journal, fmt.Sprintf("T%d NAVIGATE %s: opened %q", ev.Turn, ev.URL, clip(ev.Title, 60)))
		case EvPageFailed:
			s.Visits[ev.URL]++
			s.Journal = append(s.Journal, fmt.Sprintf("T%d NAVIGATE %s: failed", ev.Turn, ev.URL))
		}
	}
	if s.Objective == "" {
		return s, ErrNothingToResume
	}
	return s, nil
}

// restore loads a snapshot into a fresh state; the conversation starts
// from a rebuilt prompt, since the old one is gone with the old process.
func (a *Agent) restore(s *Snapshot) {
	a.st.checklist = s.Checklist
	a.st.findings = s.Findings
	a.st.turn = s.Turn
	a.seq = s.LastSeq
	for _, q := range s.Searches {
		a.st.searches[normalizeQuery(q)] = true
	}
	for _, u := range s.Seen {
		a.st.seen[normalizeURL(u)] = true
	}
	for u, n := range s.Visits {
		a.st.visits[normalizeURL(u)] += n
	}
	for _, u := range s.Opened {
		a.st.opened[normalizeURL(u)] = true
	}
	a.st.journal = s.Journal
	a.res.Checklist = s.Checklist
}

// StatusRunning marks a result taken from a run still going.
const StatusRunning = "running"

// Partial builds the result so far from a run's events, for a report
// written while the run goes on: findings, checklist, turns and figures,
// but no written answer.
func Partial(events []Event) *Result {
	res := &Result{Status: StatusRunning, Calls: map[string]int{}}
	for _, ev := range events {
		res.Turns = max(res.Turns, ev.Turn)
		switch ev.Type {
		case EvRunStarted:
			if res.Objective == "" {
				res.Objective = ev.Objective
			}
		case EvChecklist:
			res.Checklist = ev.Checklist
		case EvFinding:
			if ev.Finding != nil {
				res.Findings = append(res.Findings, *ev.Finding)
			}
		}
		res.tally(ev)
	}
	return res
}
