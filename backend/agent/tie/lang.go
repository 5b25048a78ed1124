package tie

import (
	"slices"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/lang"
)

// The rules in other languages. An item's words are read by the rules of
// the language it is written in (the model writes the checklist in the
// objective's), on top of English's: a German item still names "Open
// Source" and "LibreOffice". The words are data (backend/lang/rules);
// English's are the same lists the rules had in code. Negations and the
// spellings of a condition are read in every language at once: a page
// may be in another language than the item it answers.

var english = lang.For(lang.English)

// foreignRules is the rules of text's language, or nil for English.
func foreignRules(text string) *lang.Rules {
	if r := lang.For(lang.Of(text)); r.Tag != lang.English {
		return r
	}
	return nil
}

var (
	// negationsBefore and negationsAfter turn a condition into its
	// opposite a word or two before it, or after it (Japanese).
	negationsBefore = unionOf(func(r *lang.Rules) map[string]bool { return r.Negations })
	negationsAfter  = unionOf(func(r *lang.Rules) map[string]bool { return r.NegationsAfter })
	// ordinals tell siblings apart ("a second ...", "ein zweiter ...").
	ordinals = unionOf(func(r *lang.Rules) map[string]bool { return r.Ordinals })
)

func unionOf(list func(*lang.Rules) map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, r := range lang.All() {
		for w := range list(r) {
			out[w] = true
		}
	}
	return out
}

// conditionWords are the qualities an English item can require.
var conditionWords = func() []string {
	var out []string
	for _, g := range english.Conditions {
		out = append(out, g[0])
	}
	return out
}()

// foreignConditions are the conditions an item in its language sets, by
// their names (a group's first spelling).
func foreignConditions(item string, have string) []string {
	r := foreignRules(item)
	if r == nil {
		return nil
	}
	var out []string
	for _, g := range r.Conditions {
		if slices.ContainsFunc(g, func(form string) bool { return phraseIn(have, form) }) &&
			!slices.Contains(out, g[0]) {
			out = append(out, g[0])
		}
	}
	return out
}

// conditionForms are the word sequences that state condition c: its own,
// and every spelling of a group of that name in any language ("kostenlos",
// "gratis", "umsonst").
func conditionForms(c string) [][]string {
	forms := [][]string{words.Of(c)}
	for _, r := range lang.All() {
		for _, g := range r.Conditions {
			if g[0] != c {
				continue
			}
			for _, f := range g[1:] {
				if ws := words.Of(f); !slices.ContainsFunc(forms, func(o []string) bool { return slices.Equal(o, ws) }) {
					forms = append(forms, ws)
				}
			}
		}
	}
	return forms
}

// antonymsOf are the words that say condition c does not hold, in every
// language.
func antonymsOf(c string) []string {
	var out []string
	for _, r := range lang.All() {
		for _, a := range r.Antonyms[c] {
			if !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out
}

// foreignCount finds the count an item in another language asks for:
// "drei Editoren", "三个编辑器", "エディタを三つ".
func foreignCount(item string) int {
	r := foreignRules(item)
	if r == nil {
		return 0
	}
	ws := words.Of(item)
	for len(ws) > 0 && r.Lead[ws[0]] {
		ws = ws[1:]
	}
	for i, w := range ws {
		if !r.CountAnywhere && i == countWithin {
			break
		}
		var next string
		if i+1 < len(ws) {
			next = ws[i+1]
		}
		if n := countWord(r, w, next); n > 0 {
			return n
		}
	}
	return 0
}

// countWord is the count word w (with the word after it) says, or 0. In a
// language that counts with counters ("三个", "三つ") the counter must be
// there: "三" alone is no count ("三星").
func countWord(r *lang.Rules, w, next string) int {
	n := func(s string) int {
		if v, ok := r.Counts[s]; ok {
			return v
		}
		if v, err := strconv.Atoi(s); err == nil && v >= 2 && v <= maxCountAsked {
			return v
		}
		return 0
	}
	if len(r.CountSuffixes) == 0 {
		if next == "" {
			return 0 // a number that ends the item counts nothing asked for
		}
		return n(w)
	}
	for _, suf := range r.CountSuffixes {
		if base, ok := strings.CutSuffix(w, suf); ok && base != "" {
			return n(base)
		}
		if next == suf {
			return n(w)
		}
	}
	return 0
}

// foreignWhether reports whether the words of an item in another language
// ask a yes-or-no question ("Ist LibreOffice kostenlos", "是否开源").
func foreignWhether(ws []string) bool {
	r := foreignRules(strings.Join(ws, " "))
	if r == nil || len(ws) == 0 {
		return false
	}
	return r.YesNo[ws[0]] || slices.ContainsFunc(ws, func(w string) bool { return r.Whether[w] })
}

// IsOrdinal reports whether w is an ordinal in any language ("second",
// "zweiter"): what tells siblings apart.
func IsOrdinal(w string) bool { return ordinals[w] }

// isStop reports whether w says nothing about a topic in English or in
// the language of the text it is from (r, nil for English).
func isStop(w string, r *lang.Rules) bool {
	return english.Stop[w] || r != nil && r.Stop[w]
}

// minTermRunes is the shortest word that tells what a text is about: of
// three letters, or two Chinese or Japanese characters ("免费", "開源").
func minTermRunes(w string) int {
	if lang.HasCJK(w) {
		return 2
	}
	return 3
}

// nounsCapitalised reports whether the sentence of ts[i] is in a language
// that writes every noun with a capital (German).
func nounsCapitalised(ts []token, i int) bool {
	r := foreignRules(sentenceText(ts, i))
	return r != nil && r.NounsCapitalised
}

// sentenceText is the text of the sentence ts[i] stands in, up to
// openerContext words on either side.
func sentenceText(ts []token, i int) string {
	from := i
	for from > 0 && i-from < openerContext && !sentenceStart(ts, from) {
		from--
	}
	var s strings.Builder
	for k := from; k < len(ts) && k < i+openerContext && (k <= i || !sentenceStart(ts, k)); k++ {
		s.WriteString(ts[k].before + ts[k].text)
	}
	return s.String()
}

// foreignOpener reports whether ts[i] opens a sentence in another
// language with one of its function words, capitalised only for standing
// first ("Ist GIMP kostenlos?", "Die Zugspitze"): no name starts there.
func foreignOpener(ts []token, i int) bool {
	if !sentenceStart(ts, i) {
		return false
	}
	r := foreignRules(sentenceText(ts, i))
	return r != nil && (r.Stop[ts[i].low] || r.YesNo[ts[i].low])
}

// openerContext is how many words of a sentence tell its language.
const openerContext = 30

// wordsAre reports whether the words ws are those of a phrase: the same,
// or, for a word of Chinese or Japanese, the start or end of a compound
// the segmenter kept whole ("オープンソースエディタ" has "オープンソース").
func wordsAre(ws, phrase []string) bool {
	for i, w := range ws {
		p := phrase[i]
		if w != p && !(len(phrase) == 1 && lang.HasCJK(p) && (strings.HasPrefix(w, p) || strings.HasSuffix(w, p))) {
			return false
		}
	}
	return true
}

// phraseIn reports whether have, words joined and set in spaces, has the
// phrase form: its words in a row, or a compound that starts or ends with
// it (wordsAre).
func phraseIn(have, form string) bool {
	fw := words.Of(form)
	if strings.Contains(have, " "+strings.Join(fw, " ")+" ") {
		return true
	}
	if len(fw) != 1 || !lang.HasCJK(form) {
		return false
	}
	return slices.ContainsFunc(strings.Fields(have), func(w string) bool { return wordsAre([]string{w}, fw) })
}
