package coverage

import (
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent/checklist"
	"github.com/scout-research/scout/backend/agent/ground"
	"github.com/scout-research/scout/backend/agent/opinion"
	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/rank"
)

// Gap is a checklist item the findings do not (fully) answer, as data:
// the templates of package agent word it.
type Gap struct {
	Item checklist.Item
	// Condition is set when a condition the item sets ("free",
	// "open-source") is not shown: for the whole item, or for Things.
	Condition string
	// Things are what the findings name that no finding shows to meet
	// Condition, in a list where others do: left out, and named. Denied
	// are those of them a finding shows not to meet it (no gap to look
	// into: the page said so); Met are the things that do meet it.
	Things []string
	Denied []string
	Met    []string
	// Lacking are the things of an item about several (a comparison, a
	// list) that no finding answers it for.
	Lacking []string
	// Check is the condition a yes-or-no item asks about ("whether
	// LibreOffice is open source") that no finding answers either way.
	Check  string
	Reason Reason
	// Refuted is why the finding Reason cites cannot answer the item, as
	// the tie rule says it, when Reason's Key is ReasonRefuted: the
	// caller words it into Reason's Text.
	Refuted tie.Why
	// Partial: findings touch the item without answering it in full.
	Partial bool
	// Count: fewer things than the item asks for.
	Count bool
	// Settled: the item is answered; only Things are left out. Such a gap
	// does not hold up a FINISH, but the report and the writer heed it.
	Settled bool
}

// Answer is the model's account of one checklist item, from the coverage
// check.
type Answer struct {
	Item     int    `json:"item"`
	Findings []int  `json:"findings"`
	Covered  bool   `json:"covered"`
	Missing  string `json:"missing"`
	// Names are the things the findings name for an item that asks for a
	// number of them: one finding may name three tools.
	Names []string `json:"names"`
}

// Gaps decides coverage per item of items, from the findings fs and the
// tie rule t over them, and, when it was asked, the model's own account
// (answers), which is checked rather than trusted (the ancestor measured
// half of a 7B model's "missing" verdicts to be wrong). The evidence is
// the findings the model cites for an item that may answer it (or,
// without its answer, those recorded for it); then the code checks the
// evidence's words: the things it answers the item for, counts and
// conditions. A cited finding the tie rule can say cannot answer the
// item is no evidence (code overrules the model only where it can say
// why). An opinion item needs no finding: the writer gives the view.
func Gaps(items []checklist.Item, t tie.Rule, fs []checklist.Finding, answers []Answer) []Gap {
	byItem := map[int]Answer{}
	for _, v := range answers {
		byItem[v.Item] = v
	}
	var gaps []Gap
	for _, it := range items {
		if opinion.Is(it.Text) {
			continue
		}
		evidence := slices.DeleteFunc(Covering(fs, it.Number), func(f checklist.Finding) bool {
			tied, _ := t.Of(f, it.Number)
			return tied == tie.None // recorded before the rule, as a resumed run's may be
		})
		var names []string
		var refuted *Gap
		if v, ok := byItem[it.Number]; ok {
			names = v.Names
			kept, why := admitted(t, fs, it.Number, v.Findings)
			switch {
			case len(kept) > 0:
				evidence = kept
			case len(evidence) == 0:
				refuted = why
			}
			if !v.Covered && !claimAnswered(v.Missing, evidence) {
				why := Reason{Key: ReasonSaid, Text: strings.TrimSpace(v.Missing)}
				if why.Text == "" {
					why = Reason{Key: ReasonUnchecked}
				}
				gaps = append(gaps, Gap{Item: it, Reason: why, Partial: len(evidence) > 0})
				continue
			}
		}
		if g, bad := checkEvidence(t.Asks[it.Number-1], t, evidence, names); bad {
			if refuted != nil {
				g.Reason, g.Refuted = refuted.Reason, refuted.Refuted
			}
			gaps = append(gaps, g)
		}
	}
	return gaps
}

// Covering returns the findings of fs tagged with item n.
func Covering(fs []checklist.Finding, n int) []checklist.Finding {
	var out []checklist.Finding
	for _, f := range fs {
		if slices.Contains(f.Items, n) {
			out = append(out, f)
		}
	}
	return out
}

// Admitted are the findings cited for item n (numbers, as the model
// gives them) that exist among fs and that the tie rule t does not rule
// out for the item.
func Admitted(t tie.Rule, fs []checklist.Finding, n int, cited []int) []checklist.Finding {
	kept, _ := admitted(t, fs, n, cited)
	return kept
}

// admitted are the cited findings that exist among fs and that the tie
// rule does not rule out for item n, and why the first it rules out
// cannot answer (a Gap's Reason and Refuted).
func admitted(t tie.Rule, fs []checklist.Finding, n int, cited []int) ([]checklist.Finding, *Gap) {
	var out []checklist.Finding
	var why *Gap
	for _, k := range cited {
		if k < 1 || k > len(fs) {
			continue
		}
		f := fs[k-1]
		if tied, reason := t.Of(f, n); tied == tie.None {
			if why == nil && reason.Note != "" {
				why = &Gap{Reason: Reason{Key: ReasonRefuted, Findings: []int{k}}, Refuted: reason}
			}
			continue
		}
		out = append(out, f)
	}
	return out, why
}

// claimAnswered reports whether a "missing" claim names only what one of
// the item's findings already says: every word of it that carries meaning
// is in that finding ("H2O and O2" missing, with both in it). Such a
// claim is the model misreading its findings, and is dropped.
func claimAnswered(missing string, evidence []checklist.Finding) bool {
	var want []string
	for _, w := range ground.Words(missing) {
		if !rank.IsStopWord(w) && !claimFiller[w] {
			want = append(want, w)
		}
	}
	if len(want) == 0 {
		return false
	}
	for _, f := range evidence {
		have := map[string]bool{}
		for _, w := range ground.Words(f.Text) {
			have[w] = true
		}
		if allIn(want, have) {
			return true
		}
	}
	return false
}

// claimFiller are the words a "missing" claim wraps its subject in.
var claimFiller = map[string]bool{"missing": true, "need": true, "needs": true, "needed": true, "still": true, "not": true,
	"found": true, "covered": true, "finding": true, "findings": true, "information": true, "info": true, "about": true, "details": true}
