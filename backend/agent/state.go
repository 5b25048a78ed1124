package agent

import (
	"net/url"
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent/checklist"
	"github.com/scout-research/scout/backend/agent/coverage"
	"github.com/scout-research/scout/backend/agent/opinion"
	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/agent/words"
)

// Item, Finding and EarlierFinding are the checklist package's: the rules
// below the loop read them as values, and callers keep naming them here.
type (
	Item           = checklist.Item
	Finding        = checklist.Finding
	EarlierFinding = checklist.EarlierFinding
)

// state is everything a run knows, grouped by what it is about; it is
// rebuilt from the journal on resume (resume.go).
type state struct {
	turn   int
	conv   conversation // what the model is shown (conversation.go)
	page   *openPage    // the page the agent is on, nil before the first (openpage.go)
	record record       // what the run is for and what it found
	trail  trail        // what was searched, offered and opened
	counts counts       // the tallies that bound the run
	// account is the item-by-item coverage the last FINISH was judged on
	// (its own account, or the coverage check's answer): see adopt.
	account []coverageItem
}

func newState(objective string) state {
	return state{
		record: record{objective: objective},
		trail:  trail{searches: map[string]bool{}, visits: map[string]int{}, opened: map[string]bool{}},
	}
}

// record is the objective, the checklist split from it and the findings
// recorded for it.
type record struct {
	objective string
	checklist []Item
	findings  []Finding
}

// add numbers a finding, made on turn, and keeps it.
func (r *record) add(f Finding, turn int) Finding {
	f.Number, f.Turn = len(r.findings)+1, turn
	r.findings = append(r.findings, f)
	return f
}

// covering returns the findings tagged with item n.
func (r *record) covering(n int) []Finding { return coverage.Covering(r.findings, n) }

// ties is the tie rule over the run's checklist (agent/tie).
func (r *record) ties() tie.Rule { return tie.For(r.objective, r.checklist) }

// allCovered reports whether every checklist item has a finding recorded
// for it that code is sure of (for each of its things, when it asks about
// several): one the model recorded for it, or one whose words the tie
// rule is sure answer it; a tie by shared words alone is not enough (an
// opinion item needs no finding: the writer gives the view).
func (r *record) allCovered() bool {
	if len(r.checklist) == 0 {
		return false
	}
	t := r.ties()
	for i, it := range r.checklist {
		if opinion.Is(it.Text) {
			continue
		}
		sure := slices.DeleteFunc(r.covering(it.Number), func(f Finding) bool { return !certain(t, f, it.Number) })
		if len(sure) == 0 || len(coverage.Lacking(t.Asks[i], t, sure)) > 0 {
			return false // an item about two things is not covered by a finding about one
		}
	}
	return true
}

// openItems returns the checklist items no finding covers yet, opinion
// items aside.
func (r *record) openItems() []Item {
	var out []Item
	for _, it := range r.checklist {
		if !opinion.Is(it.Text) && len(r.covering(it.Number)) == 0 {
			out = append(out, it)
		}
	}
	return out
}

// status is one line per item: which findings cover it. Notes in the
// conversation name a covered item by number only (its text is in the
// conversation's start; what is missing is what the model must read
// about); a rebuilt prompt, which has no start, names every item in full.
func (r *record) status(full bool) string {
	type line struct {
		Item
		Findings []int
		Opinion  bool
		// Lacking are the things of an item about several that none of
		// its findings answers it for yet.
		Lacking []string
	}
	t := r.ties()
	lines := make([]line, len(r.checklist))
	for i, it := range r.checklist {
		lines[i].Item, lines[i].Opinion = it, opinion.Is(it.Text)
		covering := r.covering(it.Number)
		for _, f := range covering {
			lines[i].Findings = append(lines[i].Findings, f.Number)
		}
		if a := t.Asks[i]; len(covering) > 0 && len(a.Things) > 1 {
			lines[i].Lacking = coverage.Lacking(a, t, covering)
		}
	}
	return render("checklist-status", map[string]any{"Items": lines, "Full": full})
}

// counts are the tallies that bound a run (limits.go has the bounds).
type counts struct {
	sent          sendBacks // every send-back (sendbacks.go)
	skippedInARow int       // turns skipped for unusable replies, in a row
	sinceFinding  int       // turns since the last new finding
	searchFails   int       // searches failed in a row
}

// searched counts searches failed in a row, and returns the error that
// ends the run when there were too many (with the last failure, which
// tells the user what to do) or when the browser is gone.
func (c *counts) searched(err error) error {
	if err == nil {
		c.searchFails = 0
		return nil
	}
	c.searchFails++
	if c.searchFails >= maxSearchFailures {
		return searchDown(c.searchFails, err)
	}
	return browserGone(err)
}

// normalizeURL is the key for seen and visit counts: the fragment is not
// part of the page, the query string is.
func normalizeURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return strings.TrimSpace(raw)
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String()
}

// normalizeQuery makes "Tallest  mountain, Africa?" and "tallest mountain
// africa" the same search.
func normalizeQuery(q string) string {
	return strings.Join(words.Of(q), " ")
}
