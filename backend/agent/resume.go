package agent

import (
	"errors"
	"maps"
	"slices"

	"github.com/scout-research/scout/backend/agent/port"
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
	// Page is the page the run was on, nil when none was open: a resume
	// opens it again at the part being read (reopen.go).
	Page *PageRead
	// LastSearch is the search whose results are on offer (R1...), nil
	// before the first or after one that found nothing: a resume shows
	// them again, numbered as they were.
	LastSearch *SearchShown
	// Pages are every page that opened, with the parts shown of it, in
	// the order opened: what a follow-up knows it read (followup.go).
	Pages []*PageRead
	// Before are the figures of the stretches before (model calls, tokens,
	// model time, send-backs, rebuilds): a resumed run's figures go on
	// from them, so its report and run.json count the whole run.
	Before Result
}

// PageRead is what the journal tells of the page a run is on.
type PageRead struct {
	URL   string // as NAVIGATE named it
	Title string
	// Part is the part shown last, of Parts.
	Part, Parts int
	// Shown are the parts shown, in the order shown, from every stretch.
	Shown []ShownPart
	// Findings counts the findings recorded from the page.
	Findings int
}

// ShownPart is a page part as the model was shown it. Its Text is in the
// event, or in the run folder's File (package runs reads it back): what
// a finding on the page is grounded against after a resume, whatever the
// page says now.
type ShownPart struct {
	Part int
	Text string
	File string
	// Found: a finding was recorded from it.
	Found bool
}

// shown takes a part shown of p, the page the run is on.
func (p *PageRead) shown(ev Event) {
	if p == nil || ev.URL != p.URL {
		return
	}
	p.Part, p.Parts = ev.Part, ev.Parts
	p.Shown = append(p.Shown, ShownPart{Part: ev.Part, Text: ev.Text, File: ev.File})
}

// found takes a finding, recorded from p when it names p's address: from
// the part of that number shown last, whose text it is judged by.
func (p *PageRead) found(f Finding) {
	if p == nil || f.URL != p.URL {
		return
	}
	p.Findings++
	for i := len(p.Shown) - 1; i >= 0; i-- {
		if p.Shown[i].Part == f.Part {
			p.Shown[i].Found = true
			return
		}
	}
}

// SearchShown is a search whose results the model was shown.
type SearchShown struct {
	Turn    int
	Query   string
	Results []port.SearchResult
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
			s.Page.found(*ev.Finding)
		}
	case EvSearched:
		s.searched(ev)
	case EvPageOpened:
		s.visit(ev.URL)
		s.Opened = append(s.Opened, ev.URL)
		s.Page = &PageRead{URL: ev.URL, Title: ev.Title, Parts: ev.Parts}
		s.Pages = append(s.Pages, s.Page)
		s.Journal = append(s.Journal, render("journal-resumed-opened", map[string]any{"Turn": ev.Turn, "URL": ev.URL}))
	case EvPageFailed:
		s.visit(ev.URL) // the page open before stays open
		s.Journal = append(s.Journal, render("journal-resumed-failed", map[string]any{"Turn": ev.Turn, "URL": ev.URL}))
	case EvPartShown:
		s.Page.shown(ev)
	case EvPageReopened:
		s.reopened(ev)
	}
}

// searched takes a search's results: the queries searched, the addresses
// offered and the list on offer now. A search that failed is none of
// these: it may be tried again, and the results before stay on offer.
func (s *Snapshot) searched(ev Event) {
	if ev.Message != "" {
		line := render("journal", map[string]any{"Turn": ev.Turn, "Action": ActSearch, "Param": clip(ev.Query, journalParamChars), "Outcome": render("journal-search-failed", nil)})
		s.Journal = append(s.Journal, line)
		return
	}
	s.Searches = append(s.Searches, ev.Query)
	s.Seen = append(s.Seen, ev.URLs...)
	s.Journal = append(s.Journal, render("journal-resumed-search", map[string]any{"Turn": ev.Turn, "Query": clip(ev.Query, journalParamChars), "Count": ev.Count}))
	results := slices.Clone(ev.Results)
	if len(results) == 0 {
		for _, u := range ev.URLs { // a journal from before Results: the addresses stand for their titles
			results = append(results, port.SearchResult{Title: u, URL: u})
		}
	}
	s.LastSearch = nil
	if len(results) > 0 {
		s.LastSearch = &SearchShown{Turn: ev.Turn, Query: ev.Query, Results: results}
	}
}

// reopened takes a resumed stretch's reopening of its page: one that
// could not be opened is no longer the page the run is on.
func (s *Snapshot) reopened(ev Event) {
	switch {
	case ev.Reason != "":
		s.Page = nil
		s.Journal = append(s.Journal, render("journal-reopen-failed", reopenData(ev.Turn, ev.URL, ev.Reason)))
	case s.Page != nil && s.Page.URL == ev.URL:
		s.Page.Title, s.Page.Parts = ev.Title, ev.Parts
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
	c.Pages = clonePages(s.Pages)
	if s.Page != nil {
		p := *s.Page
		p.Shown = slices.Clone(p.Shown)
		c.Page = &p
	}
	if s.LastSearch != nil {
		ls := *s.LastSearch
		ls.Results = slices.Clone(ls.Results)
		c.LastSearch = &ls
	}
	c.Before.Calls = maps.Clone(s.Before.Calls)
	if c.Visits == nil {
		c.Visits = map[string]int{}
	}
	return c, nil
}

// restore loads a snapshot into a fresh state; the conversation starts
// from a rebuilt prompt, since the old one is gone with the old process,
// and the page the run was on opens again as the run starts (reopen).
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
		tr.addOffer(normalizeURL(u), "")
	}
	for u, n := range s.Visits {
		tr.visits[normalizeURL(u)] += n
	}
	for _, u := range s.Opened {
		tr.opened[normalizeURL(u)] = true
	}
	if ls := s.LastSearch; ls != nil {
		list := tr.offerResults(ls.Results, nil) // after opened: it marks the pages opened
		a.st.conv.lastResults = render("searched", map[string]any{"Turn": ls.Turn, "Query": ls.Query, "Results": list})
	}
	a.st.conv.journal = s.Journal
	a.res.Checklist = s.Checklist
	a.res.carryFigures(s.Before)
}
