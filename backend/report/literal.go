package report

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// literal writes text from a page, a model or a server into report.md as
// the words it is, on one line, cleaned (oneLine): any Markdown renderer
// shows it as written. A tag stays a tag to read (not raw HTML dropped as
// "<!-- raw HTML omitted -->" with its words, nor markup), brackets never
// make a link or an image, stars and backticks no emphasis or code. The
// escapes are CommonMark's backslashes, so the plain file stays readable:
// only characters that could start markup get one.
func literal(s string) string {
	s = oneLine(s)
	blockMark := -1 // the byte that would open a block, escaped
	if m := blockStart.FindStringSubmatchIndex(s); m != nil {
		// At the start of a list item or a heading, "1. ", "- " or "# "
		// would open a block of its own.
		blockMark = m[3] - 1
		if s[0] == '#' || s[0] == '-' || s[0] == '+' {
			blockMark = 0
		}
	}
	var sb strings.Builder
	sb.Grow(len(s) + 8)
	for i, r := range s {
		if i == blockMark || escapes(s, i, r) {
			sb.WriteByte('\\')
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// escapes reports whether r at s[i] could start markup in the middle of a
// line.
func escapes(s string, i int, r rune) bool {
	switch r {
	case '\\', '`', '*', '[', ']', '<', '>', '~', '|':
		return true
	case '_':
		// Inside a word (snake_case) an underscore is no emphasis.
		return !wordChar(lastRune(s[:i])) || !wordChar(firstRune(s[i+1:]))
	case '&':
		return entity.MatchString(s[i:])
	case '#':
		// A closing run of # would be cut from a heading.
		return strings.TrimRight(s[i:], "#") == "" && i > 0
	}
	return false
}

var (
	// blockStart is what opens a block at the start of a line and is not
	// escaped anywhere (escapes): a list marker or a heading's marks.
	blockStart = regexp.MustCompile(`^(\d{1,9}[.)]|[-+]|#{1,6})(?:[ \t]|$)`)
	// entity is an HTML character reference, which Markdown decodes.
	entity = regexp.MustCompile(`^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});`)
)

func wordChar(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
