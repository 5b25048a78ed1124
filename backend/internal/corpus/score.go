package corpus

import (
	"strings"
	"unicode"
)

// shingleWords is the shingle length of the public article-extraction
// benchmarks (four words in a row).
const shingleWords = 4

// words splits text as Python's \w+ does: runs of letters, digits and
// underscores, lower-cased.
func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || r == '_')
	})
}

func shingles(text string) map[string]bool {
	w := words(text)
	out := map[string]bool{}
	if len(w) < shingleWords {
		if len(w) > 0 {
			out[strings.Join(w, " ")] = true
		}
		return out
	}
	for i := 0; i+shingleWords <= len(w); i++ {
		out[strings.Join(w[i:i+shingleWords], " ")] = true
	}
	return out
}

// ShingleScore is how well got matches the expected text: the share of
// got's shingles that are the content's (precision), of the content's
// that got has (recall), and their harmonic mean.
func ShingleScore(expected, got string) (precision, recall, f1 float64) {
	want, have := shingles(expected), shingles(got)
	common := 0
	for s := range have {
		if want[s] {
			common++
		}
	}
	if len(have) > 0 {
		precision = float64(common) / float64(len(have))
	}
	if len(want) > 0 {
		recall = float64(common) / float64(len(want))
	}
	if precision+recall > 0 {
		f1 = 2 * precision * recall / (precision + recall)
	}
	return precision, recall, f1
}

// Snippets counts the content passages got holds (found) and misses, and
// the passages that are not content it holds (junk) and leaves out.
// Passages are matched on their words, so Markdown marks and line breaks
// in got do not hide them.
func Snippets(with, without []string, got string) (found, missed, junk, clean int) {
	text := " " + strings.Join(words(got), " ") + " "
	has := func(s string) bool {
		w := words(s)
		return len(w) > 0 && strings.Contains(text, " "+strings.Join(w, " ")+" ")
	}
	for _, s := range with {
		if has(s) {
			found++
		} else {
			missed++
		}
	}
	for _, s := range without {
		if has(s) {
			junk++
		} else {
			clean++
		}
	}
	return found, missed, junk, clean
}
