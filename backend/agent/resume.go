package agent

import (
	"errors"
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
				s.Journal = append(s.Journal, render("journal-resumed-finding", map[string]int{"Turn": ev.Turn, "Number": ev.Finding.Number}))
			}
		case EvSearched:
			s.Searches = append(s.Searches, ev.Query)
			s.Seen = append(s.Seen, ev.URLs...)
			s.Journal = append(s.Journal, render("journal-resumed-search", map[string]any{"Turn": ev.Turn, "Query": clip(ev.Query, journalParamChars), "Count": ev.Count}))
		case EvPageOpened:
			s.Visits[ev.URL]++
			s.Opened = append(s.Opened, ev.URL)
			s.Journal = append(s.Journal, render("journal-resumed-opened", map[string]any{"Turn": ev.Turn, "URL": ev.URL, "Title": clip(ev.Title, journalTitleChars)}))
		case EvPageFailed:
			s.Visits[ev.URL]++
			s.Journal = append(s.Journal, render("journal-resumed-failed", map[string]any{"Turn": ev.Turn, "URL": ev.URL}))
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
	a.st.record.checklist = s.Checklist
	a.st.record.findings = s.Findings
	a.st.turn = s.Turn
	a.seq = s.LastSeq
	tr := &a.st.trail
	for _, q := range s.Searches {
		tr.searches[normalizeQuery(q)] = true
	}
	for _, u := range s.Seen {
		tr.seen[normalizeURL(u)] = true
	}
	for u, n := range s.Visits {
		tr.visits[normalizeURL(u)] += n
	}
	for _, u := range s.Opened {
		tr.opened[normalizeURL(u)] = true
	}
	a.st.conv.journal = s.Journal
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
