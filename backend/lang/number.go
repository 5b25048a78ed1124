package lang

import (
	"strconv"
	"strings"
)

// Numbers as each language writes them: "1.642 Meter" is 1642 in German,
// "744,4" is 744.4, "1 642 m" (with a space, a no-break space or a narrow
// one) and the Swiss "1’642 m" are 1642. Where a lone separator before
// three digits could be either ("1,642"), the language decides: English
// groups with a comma (1642), German writes its fraction after one
// (1.642).

// groupMarks are written between groups of three digits and never
// before a fraction.
const groupMarks = " \u00a0\u202f\u2009'’ʼ"

// IsGroupMark reports whether r separates a number's digit groups in
// some language (a space, a no-break space, an apostrophe).
func IsGroupMark(r rune) bool { return strings.ContainsRune(groupMarks, r) }

// DecimalComma reports whether language t writes a fraction after a comma.
func (r *Rules) DecimalComma() bool { return r.decimalComma }

// ParseNumber reads s, a number as written in language t, and reports
// whether it is one ("1.2.3" is not).
func ParseNumber(s string, t Tag) (float64, bool) {
	s = strings.TrimRight(strings.Map(func(r rune) rune {
		if IsGroupMark(r) {
			return -1
		}
		return r
	}, s), ".,")
	dots, commas := strings.Count(s, "."), strings.Count(s, ",")
	var decimal byte
	switch {
	case dots > 0 && commas > 0: // the last mark is the fraction's: "1,642.5", "1.642,5"
		decimal = s[strings.LastIndexAny(s, ".,")]
	case dots+commas == 1:
		decimal = loneMark(s, For(t).DecimalComma())
	}
	whole, _, _ := strings.Cut(s, string(rune(max(decimal, 1))))
	if groups := strings.FieldsFunc(whole, func(r rune) bool { return r == '.' || r == ',' }); len(groups) > 1 {
		for _, g := range groups[1:] {
			if len(g) != 3 {
				return 0, false // "1.2.3" is a version, not a number
			}
		}
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == decimal:
			b.WriteByte('.')
		case c == '.' || c == ',':
			if decimal != 0 && strings.IndexByte(s[i:], decimal) < 0 {
				return 0, false // a group mark after the fraction's
			}
		default:
			b.WriteByte(c)
		}
	}
	if decimal != 0 && strings.Count(s, string(decimal)) > 1 {
		return 0, false
	}
	v, err := strconv.ParseFloat(b.String(), 64)
	return v, err == nil
}

// loneMark is the fraction mark of a number with one "." or ",": a group
// mark only before exactly three digits after one to three that are not
// a lone 0 ("0,642" is a fraction), and then only where the language
// groups with it.
func loneMark(s string, decimalComma bool) byte {
	i := strings.IndexAny(s, ".,")
	mark, before, after := s[i], s[:i], s[i+1:]
	if len(after) != 3 || len(before) == 0 || len(before) > 3 || before == "0" {
		return mark
	}
	if (mark == ',') == decimalComma {
		return mark
	}
	return 0
}
