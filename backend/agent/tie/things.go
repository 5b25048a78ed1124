package tie

import (
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/lang"
	"github.com/scout-research/scout/backend/rank"
)

// Things: the names an item asks about (Kilimanjaro, Mount Kenya,
// LibreOffice), and where a text names them. A name is a run of
// capitalised words; it is a thing asked about only where it stands as
// one ("the height of Mount Kenya", "whether LibreOffice is free"), not
// where it qualifies what is asked for ("a photo editor for Linux", "the
// tallest mountain in Africa", "the Australian state"). Where code cannot
// tell, a name is not taken for a thing: a thing wrongly taken would keep
// every finding from the item, a thing missed only leaves the tie to the
// item's words, as before.

// token is a word or number of a text, as written, with where it is and
// what stands between it and the token before.
type token struct {
	text, low  string
	start, end int
	before     string
}

// tokensOf cuts s into words and numbers; a number keeps its separators
// ("5,895", "2.5"). Chinese and Japanese are cut into their words, and a
// number written against them is a token of its own ("海拔5199米").
func tokensOf(s string) []token {
	lang.PrepareFor(s)
	var out []token
	last := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			i += n
			continue
		}
		start := i
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				i += n
				continue
			}
			if (r == ',' || r == '.') && i+1 < len(s) && words.IsDigits(s[start:i]) && s[i+1] >= '0' && s[i+1] <= '9' {
				i++
				continue
			}
			break
		}
		at := start
		for _, w := range words.Cut(s[start:i]) {
			out = append(out, token{text: w, low: strings.ToLower(w), start: at, end: at + len(w), before: s[last:at]})
			at += len(w)
			last = at
		}
	}
	return out
}

// capital reports whether a token is written as a name: an upper-case
// first letter ("Kenya", "K2").
func capital(t token) bool {
	r, _ := utf8.DecodeRuneInString(t.text)
	return unicode.IsUpper(r)
}

// joined reports whether a token follows the one before with nothing but
// a space between: the two may be one name.
func joined(t token) bool { return t.before != "" && strings.TrimSpace(t.before) == "" }

// sentenceStart reports whether ts[i] opens a sentence, where a capital
// says nothing.
func sentenceStart(ts []token, i int) bool {
	return i == 0 || strings.ContainsAny(ts[i].before, ".?!:\n")
}

// ThingsIn returns the things text asks about, as written, in order.
func ThingsIn(text string) []string {
	ts := tokensOf(text)
	q := qualifiersOf(text)
	var out []string
	for i := 0; i < len(ts); {
		j := nameEnd(ts, i)
		if j == i {
			i++
			continue
		}
		if name := text[ts[i].start:ts[j-1].end]; isThing(ts, i, j, q) && !slices.Contains(out, name) {
			out = append(out, name)
		}
		i = j
	}
	return out
}

// nameEnd is the end of the name that starts at ts[i] (i when none does):
// capitalised tokens joined by spaces, with "of", "de" and the like
// between two ("Bay of Fundy").
func nameEnd(ts []token, i int) int {
	if !capital(ts[i]) || len(ts[i].text) < 2 || notNames[ts[i].low] || rank.IsStopWord(ts[i].low) || (i > 0 && words.IsDigits(ts[i-1].text) && joined(ts[i])) ||
		foreignOpener(ts, i) {
		return i // "The", "I", "March", "8 GB"
	}
	j := i + 1
	if sentenceStart(ts, i) && j < len(ts) && !capital(ts[j]) {
		return j // "Height of Mount Kenya": the opening word alone
	}
	for j < len(ts) && joined(ts[j]) {
		switch {
		case capital(ts[j]) && !notNames[ts[j].low]:
			j++
		case nameGlue[ts[j].low] && j+1 < len(ts) && joined(ts[j+1]) && capital(ts[j+1]):
			j += 2
		default:
			return j
		}
	}
	return j
}

// isThing reports whether the name ts[i:j] is a thing asked about: not a
// word capitalised only because it opens the sentence (Chinese and
// Japanese capitalise none, so a capital before their words is a name's),
// and not a place or platform after one of the qualifiers q.
func isThing(ts []token, i, j int, q map[string]bool) bool {
	first := ts[i]
	if sentenceStart(ts, i) && j-i == 1 && !innerCapital(first.text) && !possessive(ts, j) && !(j < len(ts) && lang.HasCJK(ts[j].text)) {
		return false // "Kilimanjaro height" or "Flag that sets...": a name, or a word that opens the item?
	}
	if j-i == 1 && !innerCapital(first.text) && nounsCapitalised(ts, i) {
		return false // "drei kostenlose Editoren": a noun, or a name?
	}
	if j-i == 1 && j < len(ts) && joined(ts[j]) && !capital(ts[j]) && !rank.IsStopWord(ts[j].low) && demonym(first.low) {
		return false // "the Australian state", "a Polish explorer"
	}
	if i == 0 || sentenceStart(ts, i) {
		return true
	}
	prev := ts[i-1].low
	if q[prev] {
		return false // "for Linux", "in Africa", "在 Linux 上"
	}
	if prev == "of" {
		for k := max(0, i-1-superlativeReach); k < i-1; k++ {
			if superlative(ts[k].low) {
				return false // "the tallest mountain of Africa"
			}
		}
	}
	return true
}

// qualifiersOf are the qualifiers text may use: English's, and its own
// language's (a single word may be a qualifier in one language and an
// article in another: German "an", English "an").
func qualifiersOf(text string) map[string]bool {
	r := foreignRules(text)
	if r == nil {
		return english.Qualifiers
	}
	q := maps.Clone(english.Qualifiers)
	maps.Copy(q, r.Qualifiers)
	return q
}

func innerCapital(s string) bool {
	for i, r := range s {
		if i > 0 && (unicode.IsUpper(r) || unicode.IsDigit(r)) {
			return true
		}
	}
	return false
}

// possessive reports whether ts[j] is the "s" of a possessive on the
// token before ("Kilimanjaro's height").
func possessive(ts []token, j int) bool {
	return j < len(ts) && ts[j].low == "s" && (ts[j].before == "'" || ts[j].before == "’")
}

func demonym(w string) bool {
	for _, suf := range []string{"ian", "ean", "ese", "ish", "ican", "yan"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
			return true
		}
	}
	return false
}

func superlative(w string) bool {
	return (strings.HasSuffix(w, "est") && len(w) > 5) || w == "most" || w == "best" || w == "least"
}

var (
	// nameGlue joins two capitalised words into one name.
	nameGlue = map[string]bool{"of": true, "de": true, "del": true, "la": true, "le": true, "da": true, "van": true, "von": true}
	// notNames are capitalised words that start no name: the verbs an
	// objective opens with, months and days.
	notNames = func() map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(`compare name list give find explain describe tell show using use recommend summarise summarize
			identify please january february march april may june july august september october november december
			monday tuesday wednesday thursday friday saturday sunday`) {
			m[w] = true
		}
		return m
	}()
)

// nameHeads are the words a name may go without ("Kilimanjaro" for
// "Mount Kilimanjaro"): a kind of thing, not the thing.
var nameHeads = map[string]bool{"mount": true, "mt": true, "lake": true, "river": true, "cape": true, "the": true}

// nameForms are the word sequences that name a thing: its words, and its
// words without a leading head word.
func nameForms(name string) [][]string {
	ws := words.Of(name)
	for len(ws) > 1 && rank.IsStopWord(ws[0]) {
		ws = ws[1:]
	}
	forms := [][]string{ws}
	if len(ws) > 1 && nameHeads[ws[0]] {
		forms = append(forms, ws[1:])
	}
	return forms
}

// thingKey is what two spellings of one thing share ("Mount Kilimanjaro",
// "Kilimanjaro").
func thingKey(name string) string {
	forms := nameForms(name)
	return strings.Join(forms[len(forms)-1], " ")
}

// mentions returns the token indexes in ts where name is named: its words
// in a row, not inside a longer name ("Kosciuszko Mound", "Kosciuszko
// National Park" do not name Mount Kosciuszko; "Mount Kilimanjaro" names
// Kilimanjaro).
func mentions(ts []token, name string) []int {
	var out []int
	inside := map[int]bool{} // tokens of a mention found in a longer form
	for _, form := range nameForms(name) {
		for i := 0; i+len(form) <= len(ts); i++ {
			if !tokensAre(ts[i:i+len(form)], form) || inside[i] {
				continue
			}
			if k := i + len(form); k < len(ts) && joined(ts[k]) && capital(ts[k]) && capital(ts[k-1]) {
				continue // the start of a longer name
			}
			if i > 0 && joined(ts[i]) && capital(ts[i-1]) && capital(ts[i]) && !nameHeads[ts[i-1].low] && !sentenceStart(ts, i-1) {
				continue // the end of a longer name
			}
			out = append(out, i)
			for k := i; k < i+len(form); k++ {
				inside[k] = true
			}
		}
	}
	slices.Sort(out)
	return out
}

func tokensAre(ts []token, ws []string) bool {
	for k, w := range ws {
		if tokenWord(ts[k]) != w {
			return false
		}
	}
	return true
}

// Names reports whether text names thing.
func Names(text, thing string) bool { return len(mentions(tokensOf(text), thing)) > 0 }

// kin reports whether other is a thing of the same kind as thing, by a
// head or tail word they share ("Mount Meru" and "Mount Kenya"): a
// sentence about it is not about thing.
func kin(other, thing string) bool {
	a, b := words.Of(other), words.Of(thing)
	if len(a) < 2 || len(b) < 2 || thingKey(other) == thingKey(thing) {
		return false
	}
	return a[0] == b[0] || a[len(a)-1] == b[len(b)-1]
}
