package agent

import (
	"fmt"
	"slices"

	"github.com/scout-research/scout/backend/agent/opinion"
	"github.com/scout-research/scout/backend/agent/tie"
)

// Breaches names each way res breaks the report's promise (promise.go),
// one line per item and thing: named twice, or neither answered nor
// named. None for a report that keeps it.
func Breaches(res *Result) []string {
	r := readResult(res)
	var out []string
	for i, it := range res.Checklist {
		for _, b := range r.breaches(i) {
			out = append(out, fmt.Sprintf("item %d: %s", it.Number, b))
		}
	}
	return out
}

// breaches are the ways the i-th item breaks the promise.
func (r reading) breaches(i int) []string {
	it := r.res.Checklist[i]
	nf, lo := r.lines(it.Number)
	var out []string
	if len(nf) > 1 {
		out = append(out, fmt.Sprintf("named %d times as not found", len(nf)))
	}
	if len(lo) > 1 {
		out = append(out, fmt.Sprintf("named %d times as left out", len(lo)))
	}
	if opinion.Is(it.Text) {
		return append(out, r.viewBreaches(nf, lo)...)
	}
	var m *Missing
	if len(nf) > 0 {
		m = &nf[0]
	}
	var l *LeftOut
	if len(lo) > 0 {
		l = &lo[0]
		if len(l.Things) == 0 {
			out = append(out, "left out without naming what")
		}
	}
	if m != nil && l != nil {
		for _, th := range l.Things {
			if hasThing(m.Things, th) {
				out = append(out, th+" named as left out and as not found")
			}
		}
	}
	return append(out, r.answerBreaches(i, m, l)...)
}

// viewBreaches: an item asking for a view is the view the result gives,
// or, with none given, named as not found.
func (r reading) viewBreaches(nf []Missing, lo []LeftOut) []string {
	given := r.res.Answer != "" && r.givesView()
	switch {
	case given && len(nf)+len(lo) > 0:
		return []string{"a view the result gives, and named as not found"}
	case !given && len(nf) == 0:
		return []string{"asks for a view the result does not give, and is not named"}
	}
	return nil
}

// answerBreaches set the result's answer to the i-th item beside its
// lines m and l (nil when none): per thing for an item about several.
func (r reading) answerBreaches(i int, m *Missing, l *LeftOut) []string {
	ans := r.answering(i)
	a := r.t.Asks[i]
	if m != nil && whole(*m) {
		if len(ans) > 0 {
			return []string{fmt.Sprintf("answered by %s and named as not found", cites(findingNumbers(ans)))}
		}
		return nil
	}
	if len(a.Things) > 1 {
		var out []string
		for _, th := range a.Things {
			by := r.byThing(a, th, ans)
			inMissing := m != nil && hasThing(m.Things, th)
			switch {
			case len(by) > 0 && inMissing:
				out = append(out, fmt.Sprintf("%s answered by %s and named as not found", th, cites(findingNumbers(by))))
			case len(by) == 0 && !inMissing && (l == nil || !hasThing(l.Things, th)):
				out = append(out, th+" neither answered nor named")
			}
		}
		return out
	}
	switch {
	case len(ans) > 0:
		return nil
	case m != nil && m.Partial:
		return []string{"named as partly answered, and the result answers none of it"}
	case m == nil && (l == nil || len(r.qualifying(i, l)) > 0):
		return []string{"neither answered nor named"}
	}
	return nil
}

// qualifying are the findings recorded for the i-th item that name none
// of the things l leaves out: what the result could have answered it
// with.
func (r reading) qualifying(i int, l *LeftOut) []Finding {
	return slices.DeleteFunc(r.recorded(i), func(f Finding) bool {
		return slices.ContainsFunc(l.Things, func(th string) bool { return tie.Names(f.Text, th) })
	})
}
