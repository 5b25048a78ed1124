package words

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/lang"
)

// Numbers and units as each language writes them (backend/lang/number.go
// reads them): the number flag, the new-information check and grounding
// compare values, not spellings.

// NumberKey is number n, from a text in language t, as one spelling of
// its value: "1.642" from a German page and "1,642" in English are both
// "1642", "744,4" is "744.4". What is no number ("1.2.3") keeps its
// spelling less its thousands commas.
func NumberKey(n string, t lang.Tag) string {
	if v, ok := lang.ParseNumber(n, t); ok {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return normalizeNumber(n)
}

// Every language's spellings of units join English's: "1.642 Meter",
// "5199米" and "2 962 м" are lengths in metres.
func init() {
	for _, r := range lang.All() {
		for spelling, unit := range r.Units {
			if _, ok := unitSpellings[spelling]; !ok {
				unitSpellings[spelling] = unit
			}
		}
	}
}

// NumberReadings are the keys of number n as a text in language t writes
// it and as English does: what a finding or page holds is read both ways,
// so a text whose language is mistold ("| Mount Kosciuszko | 2,228 m |")
// still holds the number it shows.
func NumberReadings(n string, t lang.Tag) []string {
	k, en := NumberKey(n, t), NumberKey(n, lang.English)
	if k == en {
		return []string{k}
	}
	return []string{k, en}
}

// ValueSpelled is text with each number that has a separator in it
// written as numberKey spells its value in text's language: "2.962" in a
// German text is "2962", "744,4" is "744.4", "1 642" is "1642".
func ValueSpelled(text string) string {
	if !separatedNumber.MatchString(text) {
		return text
	}
	t := lang.Of(text)
	var b strings.Builder
	last := 0
	for _, m := range numberSpans(text) {
		b.WriteString(text[last:m[0]])
		b.WriteString(NumberKey(text[m[0]:m[1]], t))
		last = m[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// separatedNumber is a digit, a separator and a digit: a number some
// language writes differently.
var separatedNumber = regexp.MustCompile(`\d[,.'’\x{00A0}\x{202F}\x{2009} ]\d`)
