package report

import (
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/agent"
)

// Draft is the answer of a report written while its run goes on ("Write
// report now"): each checklist item with the findings recorded for it so
// far, cited, or "not found yet". It asks no model (the run's calls have
// the server), so it is at hand at once.
func Draft(res *agent.Result) string {
	var sb strings.Builder
	w := wordsOf(res)
	// The note opens a draft answer: what it is, and when the answer comes.
	fmt.Fprintf(&sb, "_%s_\n\n", w.s("draft_note"))
	for _, it := range res.Checklist {
		var found []string
		for _, f := range res.Findings {
			if servesItem(f, it.Number) {
				found = append(found, fmt.Sprintf("%s [%d]", strings.TrimSpace(oneLine(f.Text)), f.Number))
			}
		}
		answer := w.s("draft_not_found")
		if len(found) > 0 {
			answer = strings.Join(found, "; ")
		}
		fmt.Fprintf(&sb, "%d. %s\n", it.Number, w.f("colon", oneLine(it.Text), answer))
	}
	if len(res.Checklist) == 0 { // a run stopped before its checklist: the findings alone
		for _, f := range res.Findings {
			fmt.Fprintf(&sb, "- %s [%d]\n", strings.TrimSpace(oneLine(f.Text)), f.Number)
		}
	}
	return strings.TrimRight(sb.String(), "\n")
}

func servesItem(f agent.Finding, item int) bool {
	for _, n := range f.Items {
		if n == item {
			return true
		}
	}
	return false
}
