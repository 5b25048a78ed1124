package words

import (
	"github.com/scout-research/scout/backend/lang"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Of splits text into lowercase words; digits keep their separators
// removed so "5,895" and "5895" are the same word. Chinese and Japanese,
// written without spaces, are cut into their words.
func Of(s string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, Cut(cur.String())...)
			cur.Reset()
		}
	}
	lang.PrepareFor(s)
	runes := []rune(strings.ToLower(s))
	for i, r := range runes {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur.WriteRune(r)
		case (r == ',' || r == '.') && cur.Len() > 0 && i+1 < len(runes) && unicode.IsDigit(runes[i+1]) && IsDigits(cur.String()):
			if r == '.' {
				cur.WriteRune(r)
			}
		default:
			flush()
		}
	}
	flush()
	return out
}

// IsDigits reports whether s is digits, with decimal points between.
func IsDigits(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) && r != '.' {
			return false
		}
	}
	return s != ""
}

// Pairs returns the set of adjacent pairs of words ws (Of cuts a text into
// them), or the one word: they capture phrasing that single words do not,
// and survive reordering of sentences.
func Pairs(ws []string) map[string]bool {
	out := make(map[string]bool, len(ws))
	if len(ws) == 1 {
		out[ws[0]] = true
	}
	for i := 0; i+1 < len(ws); i++ {
		out[ws[i]+" "+ws[i+1]] = true
	}
	return out
}

// Overlap returns the share of a's word pairs that are also in b.
func Overlap(a, b map[string]bool) float64 {
	if len(a) == 0 {
		return 0
	}
	n := 0
	for p := range a {
		if b[p] {
			n++
		}
	}
	return float64(n) / float64(len(a))
}

// Numbers returns the numbers of text: "5,895", "19.3", the 96 of "96%"
// and the 2.5 of "2.5x", but not the 3 of a model name like "H3". Digits
// in groups of three after a no-break space or an apostrophe are one
// number ("1 642", "1’642"); after a plain space too in a text of a
// language that groups so ("1 642 Meter").
func Numbers(text string) []string {
	var out []string
	for _, m := range numberSpans(text) {
		out = append(out, text[m[0]:m[1]])
	}
	return out
}

// numberSpans are where the numbers of text are (see numbersIn).
func numberSpans(text string) [][]int {
	var out [][]int
	spaced := -1 // whether text's language groups digits with a space, once asked
	var last []int
	for _, m := range numberPattern.FindAllStringIndex(text, -1) {
		if last != nil && groupedOn(text, last, m, &spaced) {
			last[1] = m[1]
			continue
		}
		last = nil
		// A letter before makes it part of a name (H3, mp3); a letter after
		// is a unit (5m, 2.5x) and keeps it a number.
		before := ' '
		if m[0] > 0 {
			before, _ = utf8.DecodeLastRuneInString(text[:m[0]])
		}
		if !unicode.IsLetter(before) && before != '_' {
			last = []int{m[0], m[1]}
			out = append(out, last)
		}
	}
	return out
}

// groupedOn reports whether the number at m is the next group of digits
// of the one at last: one group mark between, three digits after, and at
// most three in the group before ("1 642", not "5'10" or "in 2019 300").
func groupedOn(text string, last, m []int, spaced *int) bool {
	mark, n := utf8.DecodeRuneInString(text[last[1]:])
	if last[1]+n != m[0] || !lang.IsGroupMark(mark) || !groupOfThree(text[m[0]:m[1]]) {
		return false
	}
	prev := text[last[0]:last[1]]
	if i := strings.LastIndexFunc(prev, func(r rune) bool { return !unicode.IsDigit(r) }); i >= 0 {
		prev = prev[i+1:]
	}
	if len(prev) == 0 || len(prev) > 3 {
		return false
	}
	if mark == ' ' {
		if *spaced < 0 {
			*spaced = 0
			if lang.Of(text) != lang.English {
				*spaced = 1
			}
		}
		return *spaced == 1
	}
	return true
}

// groupOfThree: three digits, maybe with a fraction after ("642,5").
func groupOfThree(s string) bool {
	if i := strings.IndexAny(s, ".,"); i >= 0 && !strings.ContainsAny(s[i+1:], ".,") {
		s = s[:i]
	}
	return len(s) == 3 && IsDigits(s) && !strings.Contains(s, ".")
}

var numberPattern = regexp.MustCompile(`\d[\d,.]*\d|\d`)

// normalizeNumber makes "5,895." and "5895" the same number.
func normalizeNumber(n string) string {
	return strings.TrimRight(strings.ReplaceAll(n, ",", ""), ".")
}

// Cut cuts a word of Chinese or Japanese into its words.
func Cut(w string) []string {
	if !lang.HasCJK(w) {
		return []string{w}
	}
	return lang.Cut(w)
}
