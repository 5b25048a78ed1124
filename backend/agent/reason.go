package agent

// Reason is why an item is named as not found, as data: the model and
// the journal read it in English from the prompts (English), and the
// report says it in the objective's language from its own messages, by
// Key. Missing.Why is the English of its Reasons, joined.
type Reason struct {
	Key       string   `json:"key"`
	Have      int      `json:"have,omitempty"`
	Want      int      `json:"want,omitempty"`
	Condition string   `json:"condition,omitempty"`
	Things    []string `json:"things,omitempty"`
	// Findings are those the result leaves out (ReasonUnsaid), or the
	// one the tie rule says cannot answer the item (ReasonRefuted).
	Findings []int `json:"findings,omitempty"`
	// Text is the model's own words (ReasonSaid), or why the finding
	// cannot answer the item, in English (ReasonRefuted).
	Text string `json:"text,omitempty"`
}

// The reasons an item is not found, each a message of the report.
const (
	ReasonUncovered     = "uncovered"      // no finding covers it
	ReasonCount         = "count"          // only Have of Want found
	ReasonCondition     = "condition"      // no finding shows it is Condition
	ReasonWhether       = "whether"        // no finding says whether Things are Condition
	ReasonLacking       = "lacking"        // nothing found for Things
	ReasonUnchecked     = "unchecked"      // the coverage call found it not covered
	ReasonRefuted       = "refuted"        // the finding cited cannot answer it
	ReasonSaid          = "said"           // the coverage call's own words
	ReasonUnsaid        = "unsaid"         // the result does not say it (for Things; Findings do)
	ReasonNoView        = "no_view"        // the result gives no view
	ReasonViewUnwritten = "view_unwritten" // the run ended before the result
	ReasonViewLater     = "view_later"     // the view comes when the run ends
)

// English is r as the model and the journal read it.
func (r Reason) English() string {
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
		why += r.English()
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
