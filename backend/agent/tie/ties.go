package tie

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent/checklist"
	"github.com/scout-research/scout/backend/agent/words"
)

// Ties: which checklist items a finding answers. An item asks something
// about one or more things (things.go), and asks for a kind of value: a
// measure (a number with a unit of its dimension), a year, or whether a
// condition holds. A finding answers it only when it names one of its
// things (or stands under a heading, or on a page, that names exactly one
// thing asked about: "the mountain" on the mountain's page) and gives a
// value of the kind asked, about that thing. Words an item shares with
// its siblings ("height", "metres") never tie alone; where an item names
// no thing and asks no kind, its words are all code has (infer.go), and
// code is unsure.

// Tie is how a finding stands to an item.
type Tie int

const (
	// None: code can say why the finding does not answer the item (it
	// names none of its things, or gives no value of the kind asked).
	None Tie = iota
	// Words: the item names no thing and asks no kind of value; only the
	// words can tell, and code is unsure.
	Words
	// Sure: the finding names the item's thing and gives what it asks.
	Sure
)

// Kinds of value an item asks for; "" is anything.
const (
	KindMeasure   = "measure"
	KindDate      = "date"
	KindCondition = "condition"
)

// Asked is what an item asks: about which things, and what kind of value.
type Asked struct {
	checklist.Item
	// Things are the names the item asks about, as written.
	Things []string
	// Kind is the kind of value it asks for (KindMeasure...), "" for any.
	Kind string
	dim  string // a measure's dimension: "length", "money"...
	unit string // the unit a measure is asked in ("in metres": "m"), if any
	// Conds are the conditions a yes-or-no item asks about ("free").
	Conds []string
}

// Rule is the tie rule over a checklist: each item as asked, and every
// thing the checklist asks about (a value is about the nearest of them).
type Rule struct {
	// Asks are the checklist's items as asked, in its order.
	Asks   []Asked
	things []string
}

// For reads the checklist items; the objective names the things an item
// means by "it" or "each".
func For(objective string, items []checklist.Item) Rule {
	var t Rule
	for _, it := range items {
		a := AskOf(it, objective)
		t.Asks = append(t.Asks, a)
		for _, th := range a.Things {
			if !slices.ContainsFunc(t.things, func(o string) bool { return thingKey(o) == thingKey(th) }) {
				t.things = append(t.things, th)
			}
		}
	}
	return t
}

// AskOf reads what item it asks; the objective names the things it
// means by "it" or "each".
func AskOf(it checklist.Item, objective string) Asked {
	a := Asked{Item: it, Things: ThingsIn(it.Text)}
	ws := words.Of(it.Text)
	if len(a.Things) == 0 {
		a.Things = referredThings(ws, ThingsIn(objective))
	}
	a.Kind, a.dim, a.unit = kindOf(ws)
	if a.Kind == "" && asksWhether(ws) && len(a.Things) > 0 {
		if a.Conds = Conditions(it.Text); len(a.Conds) > 0 {
			a.Kind = KindCondition
		}
	}
	return a
}

// referredThings are the objective's things an item means by a pronoun:
// "it" the one thing the objective names, "each" or "their" all of them.
func referredThings(ws []string, objective []string) []string {
	for _, w := range ws {
		switch {
		case singular[w] && len(objective) == 1, plural[w] && len(objective) > 1:
			return objective
		}
	}
	return nil
}

var (
	singular = map[string]bool{"it": true, "its": true}
	plural   = map[string]bool{"each": true, "both": true, "their": true, "them": true, "they": true, "every": true}
)

// kindOf is the kind of value item words ask for, with a measure's
// dimension and the unit it is asked in. A measure or a date is what an
// item asks for only at its head ("the height of...", "its price", "how
// tall...", "the year...", "when..."), or with a unit ("in metres"):
// "the tallest mountain" asks which, "cheaper alternatives and whether the
// cost is worth it" asks more than a price. An item that asks two
// questions ("who named it and when") asks no one kind.
func kindOf(ws []string) (kind, dim, unit string) {
	head := headWords(ws)
	for i, w := range head {
		switch {
		case measureNouns[w] != "":
			kind, dim = KindMeasure, measureNouns[w]
		case i == 1 && head[0] == "how" && measureAdjectives[w] != "":
			kind, dim = KindMeasure, measureAdjectives[w]
		case dateWords[w] && (i == 0 || w != "when"):
			kind = KindDate
		}
	}
	for i, w := range ws {
		if d := unitDims[words.Unit(w)]; d != "" && i > 0 && ws[i-1] == "in" {
			kind, dim, unit = KindMeasure, d, words.Unit(w) // "in metres", "in dollars"
		}
	}
	families := 0
	seen := map[string]bool{}
	for _, w := range ws {
		if f := questionFamilies[w]; f != "" && !seen[f] {
			seen[f] = true
			families++
		}
	}
	if kind == "" || families > 0 {
		return "", "", ""
	}
	return kind, dim, unit
}

// headWords are an item's first words that carry what it asks,
// after those that only lead in ("the", "its", "what is the").
func headWords(ws []string) []string {
	i := 0
	for i < len(ws) && leadIns[ws[i]] {
		i++
	}
	return ws[i:min(len(ws), i+headWordsAsked)]
}

var leadIns = map[string]bool{"the": true, "a": true, "an": true, "its": true, "their": true, "his": true, "her": true, "what": true,
	"which": true, "is": true, "are": true, "was": true, "in": true, "exact": true, "official": true, "current": true, "list": true, "total": true}

var (
	// measureNouns name a measure; measureAdjectives ask for one after
	// "how" ("how tall"). "How long" is left out: a time or a length.
	measureNouns      = dims("length: height heights elevation altitude length distance depth width; money: price prices cost costs; mass: weight mass")
	measureAdjectives = dims("length: tall high deep wide far; money: expensive; mass: heavy")
	dateWords         = map[string]bool{"when": true, "year": true, "date": true}
	// questionFamilies are the question words of other kinds of answer:
	// an item with one asks two questions.
	questionFamilies = map[string]string{"who": "who", "whom": "who", "whose": "who", "where": "where", "why": "why", "whether": "whether"}
)

// dims reads "dimension: word word; dimension: word" into a map.
func dims(spec string) map[string]string {
	m := map[string]string{}
	for _, group := range strings.Split(spec, ";") {
		dim, ws, _ := strings.Cut(group, ":")
		for _, w := range strings.Fields(ws) {
			m[w] = strings.TrimSpace(dim)
		}
	}
	return m
}

// unitDims are the dimensions of units in their one spelling.
var unitDims = map[string]string{
	"m": "length", "km": "length", "cm": "length", "mm": "length", "ft": "length", "mi": "length", "yd": "length", "inches": "length",
	"kg": "mass", "g": "mass", "lb": "mass", "oz": "mass", "tonnes": "mass", "tons": "mass",
	"l": "volume", "ml": "volume",
	"h": "time", "min": "time", "s": "time", "days": "time", "weeks": "time",
	"dollars": "money", "dollar": "money", "usd": "money", "euros": "money", "euro": "money", "eur": "money", "gbp": "money",
	"%": "share", "percent": "share",
}

// asksWhether reports whether item words ask a yes-or-no question.
func asksWhether(ws []string) bool {
	if len(ws) > 0 && yesNoOpeners[ws[0]] {
		return true
	}
	return slices.ContainsFunc(ws, func(w string) bool { return english.Whether[w] }) || foreignWhether(ws)
}

var yesNoOpeners = english.YesNo

// value is a value of some kind in a finding, at its token index.
type value struct {
	at   int
	kind string
	dim  string
}

// valuesOf lists the values in ts: measures (with their unit's
// dimension), years, and the mentions of conds, said or denied.
func valuesOf(text string, ts []token, conds []string) []value {
	var out []value
	for i, t := range ts {
		num, unit := splitNumber(t.low)
		if num == "" {
			if t.low == "free" || t.low == "gratis" {
				out = append(out, value{at: i, kind: KindMeasure, dim: "money"}) // a price of nothing
			}
			continue
		}
		glued := unit
		if unit == "" && i+1 < len(ts) && strings.TrimSpace(ts[i+1].before) == "" {
			unit = ts[i+1].low
		}
		decade := isYear(t.text) && glued == "s" // "the 1850s"
		switch d := dimOf(text, t, unit); {
		case d != "" && !decade:
			out = append(out, value{at: i, kind: KindMeasure, dim: d})
		case isYear(t.text) && (glued == "" || decade): // "in 1840"
			out = append(out, value{at: i, kind: KindDate})
		}
	}
	low := " " + strings.Join(lowWords(ts), " ") + " "
	for _, c := range conds {
		for _, form := range conditionPhrases(c) {
			for _, at := range phraseAt(ts, low, form) {
				out = append(out, value{at: at, kind: KindCondition})
			}
		}
	}
	return out
}

// splitNumber splits "5,895" or "5895m" into the number and a unit glued
// to it.
func splitNumber(w string) (num, unit string) {
	if m := numberWithUnit.FindStringSubmatch(w); m != nil {
		return m[1], m[2]
	}
	return "", ""
}

var numberWithUnit = regexp.MustCompile(`^(\d[\d,.]*)([a-z]*)$`)

// dimOf is the dimension of the number t with the unit after it, or of
// the currency sign or percent sign around it.
func dimOf(text string, t token, unit string) string {
	if strings.ContainsAny(strings.TrimSpace(t.before), "$€£¥") {
		return "money"
	}
	if strings.HasPrefix(strings.TrimLeft(text[t.end:], " "), "%") {
		return "share"
	}
	return unitDims[words.Unit(unit)]
}

func isYear(s string) bool {
	s = strings.TrimSuffix(s, "s") // "the 1850s"
	y, err := strconv.Atoi(s)
	return err == nil && len(s) == 4 && y >= minYear && y <= maxYear
}

// conditionPhrases are the spellings of condition c and of its
// antonyms, which say it does not hold, as negations (conditions.go) do.
func conditionPhrases(c string) []string {
	var out []string
	for _, f := range conditionForms(c) {
		out = append(out, strings.Join(f, " "))
	}
	return append(out, antonymsOf(c)...)
}

func lowWords(ts []token) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = tokenWord(t)
	}
	return out
}

// tokenWord is a token as words() spells it.
func tokenWord(t token) string { return strings.ReplaceAll(t.low, ",", "") }

// phraseAt returns the token indexes where the words of phrase start.
func phraseAt(ts []token, low, phrase string) []int {
	want := words.Of(phrase)
	if !strings.Contains(low, " "+strings.Join(want, " ")+" ") {
		return nil
	}
	var out []int
	for i := 0; i+len(want) <= len(ts); i++ {
		if slices.Equal(lowWords(ts[i:i+len(want)]), want) {
			out = append(out, i)
		}
	}
	return out
}
