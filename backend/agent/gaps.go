package agent

import "github.com/scout-research/scout/backend/agent/coverage"

// Coverage is decided in code by agent/coverage's rules, from the ledger
// and the model's account; here a gap gets its words and its next step.

// gap is a checklist item the findings do not (fully) answer
// (coverage.Gap), with the step that may close it. Its fields are the
// templates' to show.
type gap struct {
	coverage.Gap
	// Next is the step that may close the gap, for the send-back note.
	Next string
}

// codeGaps is the gaps the ledger leaves, given the model's account of
// coverage when it was asked (answers), with the tie rule's reason for a
// refuted finding worded for the model.
func codeGaps(l ledger, answers []coverageItem) []gap {
	var out []gap
	for _, g := range coverage.Gaps(l.checklist, l.ties, l.findings, answers) {
		if g.Reason.Key == ReasonRefuted {
			g.Reason.Text, g.Reason.Tie = whyNot(g.Refuted), tieOf(g.Refuted)
		}
		out = append(out, gap{Gap: g})
	}
	return out
}

// Why is the gap's reason as the model reads it.
func (g gap) Why() string { return ReasonEnglish(g.Reason) }

// describeGaps is the gaps in a sentence each, for the model and the
// journal.
func describeGaps(gaps []gap) string { return render("gap-list", gaps) }
