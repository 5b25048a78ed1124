package agent

import (
	"slices"

	"github.com/scout-research/scout/backend/agent/tie"
)

// A follow-up question asked on a finished run. It starts as a new run
// does (its own checklist, split from the new question), and then takes
// over from the earlier run, as its journal tells it (the Snapshot a
// resume takes over): the findings that answer one of the new items,
// tied by the same tie rule as any finding the model names no item for
// (tie.Infer), with their quotes and sources kept and marked as the
// earlier run's; its searches, so none is made again; and its pages, so
// results name them as opened and a page opened again shows its unread
// parts, the parts read then being kept (their text, from pages/, is what
// a finding on it is grounded against). The model reads all of this in
// the start of one conversation, which then grows as any other.

// Earlier is the run a follow-up follows.
type Earlier struct {
	// Run is its folder as seen from the follow-up's own (runner.FollowUp
	// makes it relative when it can), which the new run's journal, report
	// and summary name as its parent.
	Run string
	// Snapshot is what its journal tells, with the text of every part
	// shown read back from its pages/ (runs.ReadPages).
	Snapshot
}

// clonePages copies the pages a snapshot read, each with its own parts.
func clonePages(pages []*PageRead) []*PageRead {
	out := make([]*PageRead, len(pages))
	for i, p := range pages {
		c := *p
		c.Shown = slices.Clone(p.Shown)
		out[i] = &c
	}
	return out
}

// takeOverEarlier records, as this run's first findings, the earlier
// run's findings that serve an item of the new checklist, and takes over
// its searches and pages. It runs once the checklist is made.
func (a *Agent) takeOverEarlier() {
	e := a.cfg.Earlier
	if e == nil {
		return
	}
	rec, tr := &a.st.record, &a.st.trail
	covered := func(n int) bool { return len(rec.covering(n)) > 0 }
	t := rec.ties() // the checklist is made: the tie rule holds for the loop
	for _, f := range e.Findings {
		f.Items = tie.Infer(f, rec.checklist, t, covered)
		if len(f.Items) == 0 {
			continue // it answers nothing asked now
		}
		f.Earlier = &EarlierFinding{Run: e.Run, Number: f.Number, Turn: f.Turn}
		f.Inferred = true
		f = rec.add(f, 0)
		a.emit(Event{Type: EvFinding, Finding: &f, URL: f.URL, Message: earlierMessage})
	}
	for _, q := range e.Searches {
		tr.searches[normalizeQuery(q)] = true
	}
	for _, u := range e.Seen {
		tr.addOffer(normalizeURL(u), "")
	}
	for _, u := range e.Opened {
		tr.opened[normalizeURL(u)] = true
	}
	a.st.conv.journal = append(a.st.conv.journal, render("journal-earlier", a.earlierData()))
}

// earlierMessage marks, in the journal, a finding taken over from the
// run followed.
const earlierMessage = "from the earlier run"

// earlierData is what the templates of a follow-up show of the run it
// follows.
func (a *Agent) earlierData() map[string]any {
	e := a.cfg.Earlier
	var carried []Finding
	for _, f := range a.st.record.findings {
		if f.Earlier != nil {
			carried = append(carried, f)
		}
	}
	var pages []*PageRead
	for _, p := range e.Pages {
		if !slices.ContainsFunc(pages, func(q *PageRead) bool { return q.URL == p.URL }) {
			pages = append(pages, p)
		}
	}
	return map[string]any{"Question": e.Objective, "Findings": carried, "Total": len(e.Findings), "Pages": pages}
}

// startMessage is the message the research starts with, after the
// checklist: a follow-up's names what the earlier run found and read.
func (a *Agent) startMessage() string {
	rec := &a.st.record
	if a.cfg.Earlier == nil {
		return render("start", map[string]any{"Checklist": rec.checklist})
	}
	data := a.earlierData()
	data["Status"], data["AllCovered"] = rec.status(true), rec.allCovered()
	return render("start-followup", data)
}

// earlierPage is what the earlier run read of the page at u, nil when it
// did not open it or kept none of its text. Of several visits, the parts
// shown in each count.
func (a *Agent) earlierPage(u string) *PageRead {
	e := a.cfg.Earlier
	if e == nil {
		return nil
	}
	var was *PageRead
	for _, p := range e.Pages {
		if normalizeURL(p.URL) != u {
			continue
		}
		if was == nil {
			c := *p
			c.Shown = nil
			was = &c
		}
		was.Findings += p.Findings
		for _, s := range p.Shown {
			if s.Text != "" {
				was.Shown = append(was.Shown, s)
			}
		}
	}
	if was == nil || len(was.Shown) == 0 {
		return nil
	}
	return was
}

// readBefore marks, on the page just opened, the parts the earlier run
// read of it, and returns the part to show first: first, unless the
// earlier run read it, then the first part it did not read; 0 when it read
// every part.
func (a *Agent) readBefore(u string, first int) int {
	was := a.earlierPage(u)
	p := a.st.page
	if was == nil || p == nil {
		return first
	}
	p.takeOver(was)
	if !p.read[first] {
		return first
	}
	for n := 1; n <= len(p.page.Parts); n++ {
		if !p.read[n] {
			return n
		}
	}
	return 0
}

// run is the id of the run followed, "" for none.
func (e *Earlier) run() string {
	if e == nil {
		return ""
	}
	return e.Run
}
