package agent

import (
	"errors"
	"maps"
	"slices"
)

// Snapshot is what a resumed run takes over from an interrupted one, as
// rebuilt from its journal: the journal is the source of truth. Package
// runs reads the journal and adds its events one by one.
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
	// Before are the figures of the stretches before (model calls, tokens,
	// model time, send-backs, rebuilds): a resumed run's figures go on
	// from them, so its report and run.json count the whole run.
	Before Result
}

// ErrNothingToResume is returned for a journal without a run in it.
var ErrNothingToResume = errors.New("the journal holds no run to resume")

// Add takes what a resume needs from one event of the journal, in order.
func (s *Snapshot) Add(ev Event) {
	s.LastSeq = max(s.LastSeq, ev.Seq)
	s.Turn = max(s.Turn, ev.Turn)
	s.Before.Tally(ev)
	switch ev.Type {
	case EvRunStarted:
		if s.Objective == "" {
			s.Objective = ev.Objective
		}
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
		s.visit(ev.URL)
		s.Opened = append(s.Opened, ev.URL)
		s.Journal = append(s.Journal, render("journal-resumed-opened", map[string]any{"Turn": ev.Turn, "URL": ev.URL, "Title": clip(ev.Title, journalTitleChars)}))
	case EvPageFailed:
		s.visit(ev.URL)
		s.Journal = append(s.Journal, render("journal-resumed-failed", map[string]any{"Turn": ev.Turn, "URL": ev.URL}))
	}
}

func (s *Snapshot) visit(url string) {
	if s.Visits == nil {
		s.Visits = map[string]int{}
	}
	s.Visits[url]++
}

// Resumable returns a copy of the snapshot for a run to take over (the
// journal's reader keeps adding to its own), or ErrNothingToResume when
// the journal held no run.
func (s *Snapshot) Resumable() (Snapshot, error) {
	if s.Objective == "" {
		return Snapshot{}, ErrNothingToResume
	}
	c := *s
	c.Checklist, c.Findings = slices.Clone(s.Checklist), slices.Clone(s.Findings)
	c.Searches, c.Seen, c.Opened, c.Journal = slices.Clone(s.Searches), slices.Clone(s.Seen), slices.Clone(s.Opened), slices.Clone(s.Journal)
	c.Visits = maps.Clone(s.Visits)
	c.Before.Calls = maps.Clone(s.Before.Calls)
	if c.Visits == nil {
		c.Visits = map[string]int{}
	}
	return c, nil
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
	a.res.carryFigures(s.Before)
}

// StatusRunning marks a run still going: a report written while it goes
// on, or a run the app is running now.
const StatusRunning = "running"
