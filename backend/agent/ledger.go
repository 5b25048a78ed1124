package agent

import (
	"github.com/scout-research/scout/backend/agent/coverage"
	"github.com/scout-research/scout/backend/agent/tie"
)

// ledger is what the coverage rules and the DISCOVER rules read of a run
// (finish.go, gaps.go, settle.go, discover.go): the checklist, the tie
// rule over it and the findings recorded, as values. A rule given a
// ledger reads the run without its state, and a test can write one out.
type ledger struct {
	checklist []Item
	ties      tie.Rule
	findings  []Finding
}

// ledger is the record as the coverage rules read it.
func (r *record) ledger() ledger {
	return ledger{checklist: r.checklist, ties: r.ties(), findings: r.findings}
}

// covering returns the findings tagged with item n.
func (l ledger) covering(n int) []Finding { return coverage.Covering(l.findings, n) }

// untied reports whether a finding serves no checklist item by what was
// known when it was recorded.
func (l ledger) untied() bool { return untiedOf(l.findings) }

// untiedOf reports whether a finding of fs serves no checklist item.
func untiedOf(fs []Finding) bool {
	for _, f := range fs {
		if len(f.Items) == 0 {
			return true
		}
	}
	return false
}

// firstTitle is the page title of the run's first finding, "" before one:
// what the run is about, for a search that says "it" (tie.GapQuery).
func firstTitle(fs []Finding) string {
	if len(fs) == 0 {
		return ""
	}
	return fs[0].Title
}
