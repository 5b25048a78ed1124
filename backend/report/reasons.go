package report

import (
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/lang"
)

// notFoundLine is an item named as not found, with why when there is
// more to say than that no finding covers it: in the report's language
// from the line's reasons, or as its Why in a report written before
// reasons were kept.
func notFoundLine(m agent.Missing, w words) string {
	why := m.Why
	if len(m.Reasons) > 0 {
		why = w.reasons(m.Reasons)
	}
	item := oneLine(m.Item.Text)
	if why == "" || why == english.s("why_uncovered") || why == w.s("why_uncovered") {
		return item
	}
	return w.f("gap_why", item, oneLine(why))
}

// reasons are rs in the report's language, one after another.
func (w words) reasons(rs []agent.Reason) string {
	said := make([]string, 0, len(rs))
	for _, r := range rs {
		if s := w.reason(r); s != "" {
			said = append(said, s)
		}
	}
	return strings.Join(said, w.s("why_sep"))
}

// reason is why an item is not found, as the report's language says it.
// The model's own words (ReasonSaid) stay as they are, as a finding does.
func (w words) reason(r agent.Reason) string {
	switch r.Key {
	case agent.ReasonUncovered:
		return w.s("why_uncovered")
	case agent.ReasonCount:
		return w.f("why_count", r.Have, r.Want)
	case agent.ReasonCondition:
		return w.f("why_condition", oneLine(r.Condition))
	case agent.ReasonWhether:
		return w.p("why_whether", len(r.Things), w.names(r.Things), oneLine(r.Condition))
	case agent.ReasonLacking:
		return w.f("why_lacking", w.names(r.Things))
	case agent.ReasonUnchecked:
		return w.s("why_unchecked")
	case agent.ReasonRefuted:
		// The tie rule's detail ("does not name Vim") is English: an
		// English report keeps it, another says the finding does not
		// answer the item.
		if len(r.Findings) > 0 && r.Text != "" && w.tag == lang.English {
			return agent.ReasonEnglish(r)
		}
		if len(r.Findings) > 0 {
			return w.f("why_refuted", r.Findings[0])
		}
	case agent.ReasonUnsaid:
		return w.unsaid(r)
	case agent.ReasonNoView:
		return w.s("why_no_view")
	case agent.ReasonViewUnwritten:
		return w.s("why_view_unwritten")
	case agent.ReasonViewLater:
		return w.s("why_view_later")
	}
	return r.Text
}

// unsaid: the result does not say it (for its things), and the findings
// that do, which it leaves out.
func (w words) unsaid(r agent.Reason) string {
	s := w.s("why_unsaid")
	if len(r.Things) > 0 {
		s = w.f("why_unsaid_for", w.names(r.Things))
	}
	if len(r.Findings) == 0 {
		return s
	}
	cites := make([]string, len(r.Findings))
	for i, n := range r.Findings {
		cites[i] = fmt.Sprintf("[%d]", n)
	}
	return s + w.s("why_sep") + w.p("why_held", len(r.Findings), strings.Join(cites, w.s("names_comma")))
}

// names are things named in a reason, as a sentence of the language
// lists them.
func (w words) names(things []string) string {
	ns := make([]string, len(things))
	for i, th := range things {
		ns[i] = oneLine(th)
	}
	return w.joinNames(ns)
}
