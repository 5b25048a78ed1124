package agent

import (
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent/words"
)

// What a finding is about: the thing asked about that each of its values
// belongs to, and how the finding stands to an item for it (ties.go).

// of is how finding f stands to item n (from 1), and, when code can say
// why it does not answer the item, why.
func (t ties) of(f Finding, n int) (tie, string) {
	if n < 1 || n > len(t.asks) {
		return tieNone, ""
	}
	a := t.asks[n-1]
	return t.answers(f, a, a.things)
}

// answers is how f stands to a for the things given (all of a's, or one
// of a list's).
func (t ties) answers(f Finding, a asked, things []string) (tie, string) {
	if a.kind == "" && len(things) == 0 {
		return tieWords, ""
	}
	ts := tokensOf(f.Text)
	alias := t.alias(f)
	if a.kind == "" {
		// Naming the thing is needed, not enough: "Mount Kosciuszko is the
		// highest mountain on the Australian mainland" names it and says
		// nothing of its state. Code is sure only when the words answer
		// the item as inference accepts them.
		if !t.namesAny(ts, things, alias) {
			return tieNone, render("tie-unnamed", things)
		}
		if wordScore(f, a.Item, t.items()) >= inferAccept {
			return tieSure, ""
		}
		return tieWords, ""
	}
	var vals []value
	for _, v := range valuesOf(f.Text, ts, a.conds) {
		if v.kind == a.kind && (a.dim == "" || v.dim == a.dim) && (a.unit == "" || unitAt(ts, v.at) == a.unit) {
			vals = append(vals, v)
		}
	}
	switch {
	case len(vals) == 0:
		return tieNone, render("tie-no-value", a.said(things))
	case len(things) == 0:
		return tieSure, ""
	}
	for _, v := range vals {
		if about := t.about(ts, v.at, alias); slices.ContainsFunc(things, sameThing(about)) {
			return tieSure, ""
		}
	}
	if !t.namesAny(ts, things, alias) {
		return tieNone, render("tie-unnamed", things)
	}
	return tieNone, render("tie-elsewhere", a.said(things))
}

// said is what a asks, for the templates that say why a finding does not
// answer it.
func (a asked) said(things []string) map[string]any {
	cond := ""
	if len(a.conds) > 0 {
		cond = a.conds[0]
	}
	return map[string]any{"Kind": a.kind, "Dim": dimNames[a.dim], "Unit": a.unit, "Condition": cond, "Things": things}
}

// dimNames are the dimensions of measures as a sentence names them.
var dimNames = map[string]string{"length": "length or height", "money": "price", "mass": "weight", "share": "percentage",
	"time": "duration", "volume": "volume"}

// items is the checklist the ties read.
func (t ties) items() []Item {
	out := make([]Item, len(t.asks))
	for i, a := range t.asks {
		out[i] = a.Item
	}
	return out
}

// unitAt is the unit of the number at ts[k], in its one spelling.
func unitAt(ts []token, k int) string {
	if _, unit := splitNumber(ts[k].low); unit != "" {
		return words.Unit(unit)
	}
	if k+1 < len(ts) {
		return words.Unit(ts[k+1].low)
	}
	return ""
}

func sameThing(a string) func(string) bool {
	return func(b string) bool { return a != "" && thingKey(a) == thingKey(b) }
}

// namesAny reports whether ts names one of things, or, naming no thing
// asked about nor one of their kin, stands where alias is one of things.
func (t ties) namesAny(ts []token, things []string, alias string) bool {
	for _, th := range things {
		if len(mentions(ts, th)) > 0 {
			return true
		}
	}
	for _, th := range t.things {
		if len(mentions(ts, th)) > 0 {
			return false
		}
	}
	if len(t.kinIn(ts, 0, len(ts))) > 0 {
		return false
	}
	return slices.ContainsFunc(things, sameThing(alias))
}

// alias is the thing asked about that the finding's headings (nearest
// first), else its page's title, name alone: what "the mountain" or "it"
// means there. A heading that names another thing, or several asked
// about, gives none.
func (t ties) alias(f Finding) string {
	for _, h := range append(slices.Clone(f.Headings), f.Title) {
		ts := tokensOf(h)
		var named []string
		for _, th := range t.things {
			if len(mentions(ts, th)) > 0 {
				named = append(named, th)
			}
		}
		switch {
		case len(named) == 1:
			return named[0]
		case len(named) > 1 || len(thingsIn(h)) > 0:
			return ""
		}
	}
	return ""
}

// about is the thing asked about that the value at ts[k] belongs to: the
// nearest named before it in its sentence; else, where the sentence
// speaks of its subject by a pronoun ("it", "the mountain") before any
// name after the value, the last named in the sentences before, or the
// alias; else the nearest named after it ("At 5,895 m, Kilimanjaro...").
// It is "" when that is a kin of a thing asked about ("Mount Meru" beside
// "Mount Kenya"), or nothing is named.
func (t ties) about(ts []token, k int, alias string) string {
	from, to := sentenceAround(ts, k)
	cands := t.namedIn(ts)
	var before, earlier, after *named
	for i := range cands {
		c := &cands[i]
		switch {
		case c.at < from:
			earlier = c
		case c.at < k:
			before = c
		case c.at > k && c.at < to && after == nil:
			after = c
		}
	}
	if before != nil {
		return before.thing
	}
	if after != nil && !pronounBefore(ts, from, after.at) {
		return after.thing
	}
	switch {
	case earlier != nil:
		return earlier.thing
	case alias != "":
		return alias
	case after != nil:
		return after.thing
	}
	return ""
}

// named is where a text names a thing asked about, or ("") a kin of one.
type named struct {
	at    int
	thing string
}

// namedIn lists, in order, where ts names a thing asked about (not as
// what another is compared with) or a kin of one.
func (t ties) namedIn(ts []token) []named {
	var out []named
	for _, th := range t.things {
		for _, at := range mentions(ts, th) {
			if !compared(ts, at) {
				out = append(out, named{at, th})
			}
		}
	}
	for _, at := range t.kinIn(ts, 0, len(ts)) {
		out = append(out, named{at, ""})
	}
	slices.SortFunc(out, func(a, b named) int { return a.at - b.at })
	return out
}

// pronounBefore reports whether ts[from:to] speaks of something by a
// pronoun or a definite noun ("it", "the mountain").
func pronounBefore(ts []token, from, to int) bool {
	for _, tk := range ts[from:to] {
		if pronouns[tk.low] {
			return true
		}
	}
	return false
}

var pronouns = map[string]bool{"it": true, "its": true, "they": true, "their": true, "this": true, "the": true}

// compared reports whether the name at ts[i] is what another is set
// against ("taller than Mount Kenya"), not what the sentence is about.
func compared(ts []token, i int) bool {
	return i > 0 && comparers[ts[i-1].low]
}

var comparers = map[string]bool{"than": true, "unlike": true, "vs": true, "versus": true}

// kinIn returns where ts[from:to] names a kin of a thing asked about that
// is not itself asked about. A name's leading words may be the sentence's
// ("Nearby Mount Meru"): each tail of it is tried.
func (t ties) kinIn(ts []token, from, to int) []int {
	var out []int
	for i := from; i < to; {
		j := nameEnd(ts[:to], i)
		if j == i {
			i++
			continue
		}
		asked := slices.ContainsFunc(t.things, func(th string) bool { return len(mentions(ts[i:j], th)) > 0 })
		for k := i; k < j && !asked; k++ {
			name := strings.Join(lowWords(ts[k:j]), " ")
			if slices.ContainsFunc(t.things, func(th string) bool { return kin(name, th) }) {
				out = append(out, k)
				break
			}
		}
		i = j
	}
	return out
}

// sentenceAround is the span of tokens of the sentence (or list line)
// that holds ts[k].
func sentenceAround(ts []token, k int) (from, to int) {
	from = k
	for from > 0 && !strings.ContainsAny(ts[from].before, ".!?;\n") {
		from--
	}
	to = k + 1
	for to < len(ts) && !strings.ContainsAny(ts[to].before, ".!?;\n") {
		to++
	}
	return from, to
}
