package rank

import (
	"github.com/scout-research/scout/backend/lang"
	"strings"
	"unicode"
)

// Words splits text into lower-case words and numbers; Chinese and
// Japanese, written without spaces, are cut into their words.
func Words(s string) []string {
	runs := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if !lang.HasCJK(s) {
		return runs
	}
	lang.PrepareFor(s)
	var out []string
	for _, w := range runs {
		out = append(out, lang.Cut(w)...)
	}
	return out
}

// Stems is Words without common English function words, each cut to a
// rough stem ("feedings" and "feeding" become "feed"), so an item's words
// meet the page's other forms of them.
func Stems(s string) []string {
	var out []string
	for _, w := range Words(s) {
		if stopWords[w] || len([]rune(w)) < minWordLen && !(len([]rune(w)) == minCJKWordLen && lang.HasCJK(w)) {
			continue
		}
		out = append(out, Stem(w))
	}
	return out
}

// IsStopWord reports whether w (lower case) is a word that says nothing
// about a topic (see stopWords).
func IsStopWord(w string) bool { return stopWords[w] }

// minWordLen drops one- and two-letter words: mostly function words and
// list markers, too short to say what a part is about.
const minWordLen = 3

// minCJKWordLen: a Chinese or Japanese word of two characters says as
// much as an English one of several letters ("免费", "開源").
const minCJKWordLen = 2

// Stem cuts a word to a rough stem, in the manner of the first steps of
// Porter's: plurals, then -ing/-ed, then -ly, then a final y as i, so that
// "families" and "family" both become "famili", "feedings" and "feeding"
// "feed". Both sides of a comparison go through it, so it needs to be
// consistent more than right.
func Stem(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "i"
	case strings.HasSuffix(w, "sses"):
		w = w[:len(w)-2]
	case hasAnySuffix(w, "ses", "xes", "zes", "ches", "shes") && len(w) > 4:
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !hasAnySuffix(w, "ss", "us", "is") && len(w) > 3:
		w = w[:len(w)-1]
	}
	for _, suf := range []string{"ing", "ed"} {
		if base, ok := strings.CutSuffix(w, suf); ok && len(base) >= minStemLen {
			w = base
			break
		}
	}
	if base, ok := strings.CutSuffix(w, "ly"); ok && len(base) >= minLyStem {
		w = base
	}
	if base, ok := strings.CutSuffix(w, "y"); ok && len(base) >= minStemLen {
		w = base + "i"
	}
	return w
}

// minStemLen keeps short words whole ("bus", "gas", "feed" stay as they
// are); minLyStem keeps "early", "daily" and "supply" from losing a
// syllable that is not a suffix.
const (
	minStemLen = 3
	minLyStem  = 5
)

func hasAnySuffix(w string, sufs ...string) bool {
	for _, s := range sufs {
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// stopWords are words that say nothing about a topic: question words,
// articles, pronouns, auxiliaries and the verbs objectives start with
// (backend/lang/rules/en.json).
var stopWords = lang.For(lang.English).Stop
