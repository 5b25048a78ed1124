package tie

import (
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent/checklist"
	"github.com/scout-research/scout/backend/agent/words"
)

// What a finding is about: the thing asked about that each of its values
// belongs to, and how the finding stands to an item for it (ties.go).

// Of is how finding f stands to item n (from 1), and, when code can say
// why it does not answer the item, why.
func (t Rule) Of(f checklist.Finding, n int) (Tie, Why) {
	if n < 1 || n > len(t.Asks) {
		return None, Why{}
	}
	a := t.Asks[n-1]
	return t.Answers(f, a, a.Things)
}

// Answers is how f stands to a for the things given (all of a's, or one
// of a list's), and why not when code can say.
func (t Rule) Answers(f checklist.Finding, a Asked, things []string) (Tie, Why) {
	if a.Kind == "" && len(things) == 0 {
		return Words, Why{}
	}
	ts := tokensOf(f.Text)
	alias := t.alias(f)
	if a.Kind == "" {
		// Naming the thing is needed, not enough: "Mount Kosciuszko is the
		// highest mountain on the Australian mainland" names it and says
		// nothing of its state. Code is sure only when the words answer
		// the item as inference accepts them.
		if !t.namesAny(ts, things, alias) {
			return None, Why{Note: NoteUnnamed, Things: things}
		}
		if wordScore(f, a.Item, t.items()) >= inferAccept {
			return Sure, Why{}
		}
		return Words, Why{}
	}
	var vals []value
	for _, v := range valuesOf(f.Text, ts, a.Conds) {
		if v.kind == a.Kind && (a.dim == "" || v.dim == a.dim) && (a.unit == "" || unitAt(ts, v.at) == a.unit) {
			vals = append(vals, v)
		}
	}
	switch {
	case len(vals) == 0:
		return None, a.why(NoteNoValue, things)
	case len(things) == 0:
		return Sure, Why{}
	}
	for _, v := range vals {
		if about := t.about(ts, v.at, alias); slices.ContainsFunc(things, SameThing(about)) {
			return Sure, Why{}
		}
	}
	if !t.namesAny(ts, things, alias) {
		return None, Why{Note: NoteUnnamed, Things: things}
	}
	return None, a.why(NoteElsewhere, things)
}

// Why is why a finding does not answer an item, as values: the loop
// words it for the model (its notes are prompts' tie-* templates).
type Why struct {
	// Note is what is wrong (NoteUnnamed...), "" when code cannot say.
	Note string
	// Things are the things asked about, of which the finding answers none.
	Things []string
	// Kind, Dim and Unit are the kind of value asked for, a measure's
	// dimension ("length") and the unit it is asked in ("m"), if any.
	Kind, Dim, Unit string
	// Condition is the first condition a yes-or-no item asks about.
	Condition string
}

// Notes on why a finding does not answer an item, named as the templates
// that word them.
const (
	// NoteUnnamed: it names none of the things asked about.
	NoteUnnamed = "tie-unnamed"
	// NoteNoValue: it gives no value of the kind asked.
	NoteNoValue = "tie-no-value"
	// NoteElsewhere: it gives such a value, but about another thing.
	NoteElsewhere = "tie-elsewhere"
)

// why is why a finding gives nothing a asks of things.
func (a Asked) why(note string, things []string) Why {
	cond := ""
	if len(a.Conds) > 0 {
		cond = a.Conds[0]
	}
	return Why{Note: note, Things: things, Kind: a.Kind, Dim: a.dim, Unit: a.unit, Condition: cond}
}

// items is the checklist the ties read.
func (t Rule) items() []checklist.Item {
	out := make([]checklist.Item, len(t.Asks))
	for i, a := range t.Asks {
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

// SameThing reports of a name whether it is thing a in another spelling
// ("Kilimanjaro" for "Mount Kilimanjaro"); "" is no thing.
func SameThing(a string) func(string) bool {
	return func(b string) bool { return a != "" && thingKey(a) == thingKey(b) }
}

// namesAny reports whether ts names one of things, or, naming no thing
// asked about nor one of their kin, stands where alias is one of things.
func (t Rule) namesAny(ts []token, things []string, alias string) bool {
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
	return slices.ContainsFunc(things, SameThing(alias))
}

// alias is the thing asked about that the finding's headings (nearest
// first), else its page's title, name alone: what "the mountain" or "it"
// means there. A heading that names another thing, or several asked
// about, gives none.
func (t Rule) alias(f checklist.Finding) string {
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
		case len(named) > 1 || len(ThingsIn(h)) > 0:
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
func (t Rule) about(ts []token, k int, alias string) string {
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
func (t Rule) namedIn(ts []token) []named {
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
func (t Rule) kinIn(ts []token, from, to int) []int {
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

// ValueFor is the value f gives of the kind a asks, about a's thing, as
// written ("2,228 m"), or "".
func (t Rule) ValueFor(f checklist.Finding, a Asked) string {
	ts := tokensOf(f.Text)
	alias := t.alias(f)
	for _, v := range valuesOf(f.Text, ts, a.Conds) {
		if v.kind != a.Kind || a.dim != "" && v.dim != a.dim || len(a.Things) > 0 && !slices.ContainsFunc(a.Things, SameThing(t.about(ts, v.at, alias))) {
			continue
		}
		tok := ts[v.at]
		end := tok.end
		if v.kind == KindMeasure && v.at+1 < len(ts) && strings.TrimSpace(ts[v.at+1].before) == "" {
			end = ts[v.at+1].end // the unit after the number
		}
		return f.Text[tok.start:end]
	}
	return ""
}
