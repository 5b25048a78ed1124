// Package plain makes text from pages and models safe to show: in a
// terminal, a journal, a prompt or a report. It removes what a reader cannot
// see but a terminal or a text renderer obeys: terminal escape sequences
// (CSI colours and cursor moves, OSC titles, OSC 8 links, OSC 52 clipboard
// writes), other C0 and C1 control characters, bidirectional overrides and
// isolates that reorder what is shown (the "Trojan Source" trick that makes
// evil.test look like tset.live), and zero-width characters that hide
// inside words or carry invisible messages to a model.
//
// What stays, because people need it: line breaks and tabs; the zero-width
// joiner and non-joiner between two non-ASCII letters, marks or symbols
// (Persian, Arabic and Indic spelling need them, and so do emoji such as
// 👩‍💻); a variation selector right after a visible character (emoji and
// CJK forms), but not a run of them; emoji tag sequences (the flags of
// England, Scotland and Wales); and the Arabic number signs that are format
// characters yet visible. The same joiners next to ASCII, where they only
// serve to split a word or an address unseen, are removed. Left-to-right
// and right-to-left marks go too: without them a Hebrew or Arabic sentence
// may place a full stop on the other side, but loses no word, while with
// them text can be made to read differently from what it says.
package plain

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text returns s cleaned as the package comment says. Carriage returns,
// form feeds and Unicode line separators become line breaks (a lone
// carriage return would let text overwrite the line before it in a
// terminal); bytes that are not UTF-8 become U+FFFD (a stray 0x9B byte is
// a control sequence to an 8-bit terminal).
func Text(s string) string {
	if clean(s) {
		return s
	}
	c := cleaner{s: s}
	return c.run()
}

// cleaner is one run of Text over s. Every byte is looked at a bounded
// number of times, whatever s holds: steps counts them, so a test can hold
// Text to that.
type cleaner struct {
	s     string
	sb    strings.Builder
	last  rune // the last rune written
	steps int
	// unended is where a command string was found to have no terminator
	// after it (len(s)+1 until then): no opener after that point can have
	// one either, so none scans the rest of s again. Without it a page of
	// unterminated openers cost a scan to the end for each, quadratic time.
	unended int
}

func (c *cleaner) put(r rune) {
	c.sb.WriteRune(r)
	c.last = r
}

func (c *cleaner) run() string {
	s := c.s
	c.sb.Grow(len(s))
	c.unended = len(s) + 1
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		c.steps += size
		next := i + size
		switch {
		case r == utf8.RuneError && size == 1:
			c.put(utf8.RuneError)
		case r == esc:
			next = c.skipEscape(next)
		case r == c1CSI:
			next = c.skipCSI(next)
		case r == c1OSC || r == c1DCS || r == c1SOS || r == c1PM || r == c1APC:
			next = c.skipString(next)
		case r == '\r':
			if next < len(s) && s[next] == '\n' {
				break // the \n writes the break
			}
			c.put('\n')
		case r == '\f' || r == '\v' || r == c1NEL || r == '\u2028' || r == '\u2029':
			c.put('\n')
		case r == '\n' || r == '\t':
			c.put(r)
		case r < 0x20 || (r >= 0x7f && r < 0xa0):
			// other C0 and C1 controls: dropped
		case r == zwj || r == zwnj:
			if after, _ := utf8.DecodeRuneInString(s[next:]); joins(c.last) && joins(after) {
				c.put(r)
			}
		case r == blackFlag:
			c.put(r)
			if end := c.tagSequence(next); end > next {
				c.sb.WriteString(s[next:end])
				next = end
			}
		case isVariationSelector(r):
			if c.last > ' ' && !isVariationSelector(c.last) && c.last != utf8.RuneError {
				c.put(r)
			}
		case unicode.Is(unicode.Cf, r) && !unicode.Is(unicode.Prepended_Concatenation_Mark, r):
			// bidi controls, zero-width space, word joiner, byte order
			// mark, soft hyphen, invisible operators, stray tag characters
		default:
			c.put(r)
		}
		i = next
	}
	return c.sb.String()
}

// Line is Text on one line: line breaks and tabs become spaces, so the text
// cannot start a line of its own in a journal or a terminal.
func Line(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return ' '
		}
		return r
	}, Text(s))
}

// The control characters Text reads sequences from.
const (
	esc    = 0x1b
	c1DCS  = 0x90
	c1SOS  = 0x98
	c1CSI  = 0x9b
	c1ST   = 0x9c
	c1OSC  = 0x9d
	c1PM   = 0x9e
	c1APC  = 0x9f
	c1NEL  = 0x85
	bel    = 0x07
	zwnj   = '\u200c'
	zwj    = '\u200d'
	tagEnd = '\U000E007F' // CANCEL TAG, which closes an emoji tag sequence
	// blackFlag opens the only emoji tag sequences (subdivision flags).
	blackFlag = '\U0001F3F4'
)

// clean reports whether s has nothing for Text to change, the common case,
// so most text is returned as it is without a copy.
func clean(s string) bool {
	for _, r := range s {
		switch {
		case r < 0x20 && r != '\n' && r != '\t', r >= 0x7f && r < 0xa0, r == utf8.RuneError:
			return false
		case r >= '\u00ad' && (unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' || isVariationSelector(r) || r == blackFlag):
			return false
		}
	}
	return true
}

// skipEscape returns where the escape sequence whose ESC ended at i ends:
// CSI (ESC [), the string sequences OSC, DCS, SOS, PM and APC, or a short
// sequence of intermediate bytes and a final byte (ESC c, ESC ( B, ESC 7).
func (c *cleaner) skipEscape(i int) int {
	s := c.s
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return c.skipCSI(i + 1)
	case ']', 'P', 'X', '^', '_':
		return c.skipString(i + 1)
	}
	start := i
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	c.steps += i - start
	return i
}

// skipCSI returns the end of a control sequence whose introducer ended at
// i: parameter bytes, intermediate bytes, then one final byte. A sequence
// cut short ends where its bytes stop.
func (c *cleaner) skipCSI(i int) int {
	s, start := c.s, i
	for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f {
		i++
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	c.steps += i - start
	return i
}

// skipString returns the end of a command string (an OSC's payload, say)
// whose introducer ended at i: past its terminator, BEL or ST (ESC \ or
// U+009C). Without a terminator only the introducer goes: the rest is shown
// as the text it is, since no control is left in it to act. A scan that
// finds a terminator skips what it read; one that does not is made once.
func (c *cleaner) skipString(i int) int {
	s := c.s
	if i >= c.unended {
		return i
	}
	for j := i; j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		c.steps += size
		switch {
		case r == bel || r == c1ST:
			return j + size
		case r == esc && j+1 < len(s) && s[j+1] == '\\':
			return j + 2
		}
		j += size
	}
	c.unended = i
	return i
}

// joins reports whether a joiner may stand next to r: a letter, mark or
// symbol outside ASCII (a Persian letter, a Devanagari virama, an emoji or
// its skin tone or presentation selector).
func joins(r rune) bool {
	return r >= 0x80 && r != utf8.RuneError && (unicode.In(r, unicode.L, unicode.M, unicode.So, unicode.Sk))
}

func isVariationSelector(r rune) bool {
	return (r >= '\uFE00' && r <= '\uFE0F') || (r >= '\U000E0100' && r <= '\U000E01EF')
}

// tagSequence returns the end of the emoji tag sequence starting at i (tag
// characters closed by CANCEL TAG), or i when there is none. The scan stops
// at the first rune that is not a tag character, which the caller's loop
// then reads: each byte is read at most twice.
func (c *cleaner) tagSequence(i int) int {
	s := c.s
	for j := i; j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		c.steps += size
		switch {
		case r == tagEnd && j > i:
			return j + size
		case r < '\U000E0020' || r > '\U000E007E':
			return i
		}
		j += size
	}
	return i
}

// Writer returns a writer that cleans what is written to w as Text does,
// for a terminal that all of a program's output goes to. Each Write is
// cleaned as a whole, so a sequence split across two writes is not seen:
// write whole strings (as fmt's print functions do).
func Writer(w io.Writer) io.Writer { return textWriter{w} }

type textWriter struct{ w io.Writer }

func (t textWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(t.w, Text(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Clip is s without the spaces around it, cut to n characters (runes)
// with an ellipsis the last when it is longer: a parameter in the
// journal, a thing named by a whole finding.
func Clip(s string, n int) string {
	s = strings.TrimSpace(s)
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
