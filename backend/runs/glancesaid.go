package runs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/phrase"
)

// parts are a checklist item's words, each in English and as the window's
// message (nil where the window has none).
type parts struct {
	english []string
	said    []*phrase.Said
	unsaid  bool
}

func (p *parts) add(english string, said *phrase.Said) {
	p.english = append(p.english, english)
	p.said = append(p.said, said)
	p.unsaid = p.unsaid || said == nil
}

// joined is the words joined by "; ", and as one message unless a part
// has none: the window then shows the English words whole.
func (p *parts) joined() (string, *phrase.Said) {
	english := strings.Join(p.english, "; ")
	if p.unsaid || len(p.said) == 0 {
		return english, nil
	}
	return english, sep(p.said)
}

// sep is messages one after another, as the window separates them
// ("item.sep": "; " in English).
func sep(said []*phrase.Said) *phrase.Said {
	out := said[0]
	for _, s := range said[1:] {
		out = phrase.Of("item.sep", "a", out, "b", s)
	}
	return out
}

// notFoundFor is "not found: <why>", or nil without a why.
func notFoundFor(why *phrase.Said) *phrase.Said {
	if why == nil {
		return nil
	}
	return phrase.Of("item.notFoundFor", "why", why)
}

// reasonsSaid is m's Why as the window's messages, one per reason
// ("reason.<key>") joined by "; "; nil for a Why without reasons (a report
// from before them) or a reason the window does not word.
func reasonsSaid(m agent.Missing) *phrase.Said {
	if len(m.Reasons) == 0 {
		return nil
	}
	said := make([]*phrase.Said, len(m.Reasons))
	for i, r := range m.Reasons {
		if said[i] = reasonSaid(r); said[i] == nil {
			return nil
		}
	}
	return sep(said)
}

// reasonSaid is one reason as the window's message, in the words
// agent.Reason.English gives; nil for one the window does not word (the
// tie rule's detail kept only in English, by a Scout before it was kept
// as data).
func reasonSaid(r agent.Reason) *phrase.Said {
	switch r.Key {
	case agent.ReasonUncovered, agent.ReasonUnchecked, agent.ReasonNoView, agent.ReasonViewUnwritten, agent.ReasonViewLater:
		return phrase.Of("reason." + r.Key)
	case agent.ReasonCount:
		return phrase.Of("reason.count", "have", r.Have, "want", r.Want)
	case agent.ReasonCondition:
		return phrase.Of("reason.condition", "condition", r.Condition)
	case agent.ReasonLacking:
		return phrase.Of("reason.lacking", "names", namesSaid(r.Things))
	case agent.ReasonSaid:
		return phrase.Of("reason.said", "text", r.Text)
	case agent.ReasonWhether:
		return phrase.Of("reason.whether", "n", max(1, len(r.Things)), "names", namesSaid(r.Things), "condition", r.Condition)
	case agent.ReasonUnsaid:
		return unsaidSaid(r)
	case agent.ReasonRefuted:
		if detail := tieSaid(r.Tie); detail != nil && len(r.Findings) > 0 {
			return phrase.Of("reason.refuted", "cite", fmt.Sprintf("[%d]", r.Findings[0]), "detail", detail)
		}
	}
	return nil
}

// tieSaid is why the tie rule says a finding cannot answer an item
// (agent.Tie.English) as the window's message, the things and condition
// as the objective words them; nil for a why the window does not word.
func tieSaid(w *agent.Tie) *phrase.Said {
	switch {
	case w == nil:
		return nil
	case w.Key == agent.TieUnnamed:
		return phrase.Of("tie.unnamed", "names", eitherSaid(w.Things))
	case w.Kind == "date":
		return tieOf(w, "tie.year", "tie.yearOf")
	case w.Kind == "condition":
		return tieOf(w, "tie.whether", "tie.whetherOf")
	case agent.DimName(w.Dim) == "":
		return nil
	}
	dim := phrase.Of("tie.dim." + w.Dim)
	if w.Key == agent.TieElsewhere {
		return phrase.Of("tie.measureOf", "dim", dim, "names", eitherSaid(w.Things))
	}
	if w.Unit != "" {
		return phrase.Of("tie.measureIn", "dim", dim, "unit", w.Unit)
	}
	return phrase.Of("tie.measure", "dim", dim)
}

// tieOf is the message noValue for a finding that gives no such value,
// elsewhere for one whose value is another thing's.
func tieOf(w *agent.Tie, noValue, elsewhere string) *phrase.Said {
	switch w.Key {
	case agent.TieNoValue:
		return phrase.Of(noValue, "condition", w.Condition)
	case agent.TieElsewhere:
		return phrase.Of(elsewhere, "condition", w.Condition, "names", eitherSaid(w.Things))
	}
	return nil
}

// eitherSaid are things as a list of alternatives the window joins in its
// language ("A, B or C").
func eitherSaid(things []string) any {
	if len(things) < 2 {
		return strings.Join(things, "")
	}
	var list any = things[0]
	for _, th := range things[1 : len(things)-1] {
		list = phrase.Of("names.comma", "a", list, "b", th)
	}
	return phrase.Of("names.or", "a", list, "b", things[len(things)-1])
}

// unsaidSaid is "the result does not say it (for things)", then the
// findings that do, which the result leaves out.
func unsaidSaid(r agent.Reason) *phrase.Said {
	said := phrase.Of("reason.unsaid")
	if len(r.Things) > 0 {
		said = phrase.Of("reason.unsaidFor", "names", namesSaid(r.Things))
	}
	if len(r.Findings) == 0 {
		return said
	}
	return sep([]*phrase.Said{said, phrase.Of("reason.held", "n", len(r.Findings), "cites", citesListed(r.Findings))})
}

// leftOutSaid is report.ThingsLeftOut as the window's message: the things
// shown not to be the condition, and those not shown to be, each with the
// condition as the objective words it.
func leftOutSaid(l agent.LeftOut) *phrase.Said {
	var denied, unshown []string
	for _, th := range l.Things {
		if slices.Contains(l.Denied, th) {
			denied = append(denied, th)
		} else {
			unshown = append(unshown, th)
		}
	}
	var parts []*phrase.Said
	if len(denied) > 0 {
		parts = append(parts, phrase.Of("item.shownNot", "names", namesSaid(denied), "condition", l.Condition))
	}
	if len(unshown) > 0 {
		parts = append(parts, phrase.Of("item.notShown", "names", namesSaid(unshown), "condition", l.Condition))
	}
	out := parts[0]
	if len(parts) > 1 {
		out = phrase.Of("names.and", "a", parts[0], "b", parts[1])
	}
	return phrase.Of("item.leftOut", "things", out)
}

// namesSaid are things as a list the window joins in its language ("A, B
// and C", "A、B和C"), as report.JoinNames joins them in English.
func namesSaid(things []string) any {
	switch len(things) {
	case 0:
		return ""
	case 1:
		return things[0]
	}
	var list any = things[0]
	for _, th := range things[1 : len(things)-1] {
		list = phrase.Of("names.comma", "a", list, "b", th)
	}
	return phrase.Of("names.and", "a", list, "b", things[len(things)-1])
}

// citesListed is finding numbers as the reasons list them: "[1], [3]".
func citesListed(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprintf("[%d]", n)
	}
	return strings.Join(s, ", ")
}
