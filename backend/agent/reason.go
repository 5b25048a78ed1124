package agent

import "github.com/scout-research/scout/backend/agent/coverage"

// Reason is why an item is named as not found, as data
// (coverage.Reason); ReasonEnglish words it for the model and the journal.
type Reason = coverage.Reason

// The reasons an item is not found, each a message of the report
// (coverage's).
const (
	ReasonUncovered     = coverage.ReasonUncovered
	ReasonCount         = coverage.ReasonCount
	ReasonCondition     = coverage.ReasonCondition
	ReasonWhether       = coverage.ReasonWhether
	ReasonLacking       = coverage.ReasonLacking
	ReasonUnchecked     = coverage.ReasonUnchecked
	ReasonRefuted       = coverage.ReasonRefuted
	ReasonSaid          = coverage.ReasonSaid
	ReasonUnsaid        = coverage.ReasonUnsaid
	ReasonNoView        = coverage.ReasonNoView
	ReasonViewUnwritten = coverage.ReasonViewUnwritten
	ReasonViewLater     = coverage.ReasonViewLater
)

// ReasonEnglish is r as the model and the journal read it.
func ReasonEnglish(r Reason) string {
	switch r.Key {
	case ReasonUncovered:
		return render("gap-uncovered", nil)
	case ReasonCount:
		return render("gap-count", map[string]int{"Have": r.Have, "Want": r.Want})
	case ReasonCondition:
		return render("gap-condition", r.Condition)
	case ReasonWhether:
		return render("gap-whether", map[string]any{"Things": r.Things, "Condition": r.Condition})
	case ReasonLacking:
		return render("gap-lacking", r.Things)
	case ReasonUnchecked:
		return render("gap-unchecked", nil)
	case ReasonRefuted:
		return render("gap-refuted", map[string]any{"Finding": r.Findings[0], "Reason": r.Text})
	case ReasonUnsaid:
		return render("promise-unsaid", map[string]any{"Things": r.Things, "Findings": r.Findings})
	case ReasonNoView:
		return render("promise-no-view", nil)
	case ReasonViewUnwritten:
		return render("promise-view-unwritten", nil)
	case ReasonViewLater:
		return render("promise-view-later", nil)
	}
	return r.Text
}

// missing is a not-found line for it with reasons rs, its Why their
// English.
func missing(it Item, rs ...Reason) Missing {
	return Missing{Item: it, Why: reasonsEnglish(rs), Reasons: rs}
}

func reasonsEnglish(rs []Reason) string {
	why := ""
	for i, r := range rs {
		if i > 0 {
			why += "; "
		}
		why += ReasonEnglish(r)
	}
	return why
}

// joinReasons are the reasons of a line a and a line b joined, or none
// when either says its Why without them (a report from before them):
// the report then shows the Why, which says it all.
func joinReasons(a, b Missing) []Reason {
	if a.Why != "" && len(a.Reasons) == 0 || b.Why != "" && len(b.Reasons) == 0 {
		return nil
	}
	return append(append([]Reason(nil), a.Reasons...), b.Reasons...)
}
