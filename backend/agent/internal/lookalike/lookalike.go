// Package lookalike derives, from Unicode's own data, the characters a
// reader may take for an ASCII one: the table the agent's fence folding
// reads (see agent.inert), and the list of spellings its tests try. Nothing
// in it is written by hand: a character is in the table because Unicode
// says so, by one of three sources, tried in this order:
//
//   - NFKC: its compatibility form is that character (full-width, circled,
//     mathematical and small forms);
//   - UTS #39: its confusable skeleton (Unicode's confusables.txt, as
//     github.com/mtibben/confusables holds it) is that character, once
//     accents are taken off; a bracket or slash with a decoration after
//     it ("<·" for LESS-THAN WITH DOT) counts as the bare one;
//   - its name: a less-than sign, a left angle bracket or quotation mark
//     or a precedes or subset sign reads as '<'; a solidus or slash as '/'
//     (a reverse one as '\'); a Latin letter with a hook, a stroke or in
//     small capitals as the letter.
//
// Six letters that no source calls a look-alike are kept from the hand
// list the table replaced (see kept), so that nothing folded before passes.
//
// Run `go generate ./backend/agent` after updating the sources; a test
// fails while the checked-in files differ from what this makes.
package lookalike

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/unicode/runenames"
)

// FenceWords are the words of the agent's fence tags (<page>, <results>).
var FenceWords = []string{"page", "results"}

// Entry is one character and the ASCII character a reader takes it for.
type Entry struct {
	Rune, As rune
	// Source says why: "NFKC", "UTS 39", "name" or "kept".
	Source string
}

// Name is the character's Unicode name.
func (e Entry) Name() string { return runenames.Name(e.Rune) }

// target reports whether r is what the table maps to: a character a fence
// tag is spelled with (its bracket, slashes and lower-case letters).
func target(r rune) bool { return r == '<' || r == '/' || r == '\\' || (r >= 'a' && r <= 'z') }

// Table returns every character that reads as a target and is not that
// target itself, in code point order. ASCII is in it too: 'I' and '1'
// read as 'l'.
func Table() []Entry {
	var out []Entry
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) || unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Cc, unicode.Co, unicode.Cs) {
			continue // controls and marks are dropped or cleaned, not read
		}
		if as, source, ok := readAs(r); ok && as != r && unicode.ToLower(r) != as {
			out = append(out, Entry{Rune: r, As: as, Source: source})
		}
	}
	return out
}

// kept are letters a reader of Greek or Cyrillic takes for the Latin one
// (tau and te for t, epsilon for e, iota and palochka for l rather than i,
// Komi sje for g) though Unicode's data does not: the hand-written table
// before this one folded them, and a spelling folded then is folded still.
var kept = map[rune]rune{'τ': 't', 'т': 't', 'ε': 'e', 'ι': 'l', 'ӏ': 'l', 'ԍ': 'g'}

// readAs is the target r reads as, by the first source that says so.
func readAs(r rune) (rune, string, bool) {
	if as, ok := kept[r]; ok {
		return as, "kept", true
	}
	if r >= utf8.RuneSelf {
		if k := []rune(norm.NFKC.String(string(r))); len(k) == 1 && target(unicode.ToLower(k[0])) {
			return unicode.ToLower(k[0]), "NFKC", true
		}
	}
	if as, ok := bySkeleton(r); ok {
		return as, "UTS 39", true
	}
	if r >= utf8.RuneSelf {
		if as, ok := byName(runenames.Name(r)); ok {
			return as, "name", true
		}
	}
	return 0, "", false
}

// bySkeleton reads r's UTS #39 skeleton without its accents.
func bySkeleton(r rune) (rune, bool) {
	var sk []rune
	for _, c := range confusables.Skeleton(string(r)) {
		if !unicode.In(c, unicode.Mn, unicode.Me) {
			sk = append(sk, unicode.ToLower(c))
		}
	}
	switch {
	case len(sk) == 1 && target(sk[0]):
		return sk[0], true
	case len(sk) > 1 && (sk[0] == '<' || sk[0] == '/' || sk[0] == '\\'):
		for _, c := range sk[1:] {
			if unicode.In(c, unicode.L, unicode.N) {
				return 0, false // two characters, not one decorated
			}
		}
		return sk[0], true
	}
	return 0, false
}

var (
	lessName   = regexp.MustCompile(`\b(LESS-THAN|PRECEDES|SUBSET OF)\b|\bLEFT(-POINTING)? (CURVED |DOUBLE )?ANGLE (BRACKET|QUOTATION)\b`)
	slashName  = regexp.MustCompile(`\b(SOLIDUS|SLASH)\b`)
	backName   = regexp.MustCompile(`\b(REVERSE SOLIDUS|BACKSLASH)\b`)
	letterName = regexp.MustCompile(`^LATIN (?:SMALL |CAPITAL )?LETTER (?:SMALL CAPITAL )?([A-Z])(?: WITH .*)?$`)
)

// byName reads a character by what its name says it is.
func byName(name string) (rune, bool) {
	switch {
	case lessName.MatchString(name):
		return '<', true
	case backName.MatchString(name):
		return '\\', true
	case slashName.MatchString(name):
		return '/', true
	}
	if m := letterName.FindStringSubmatch(name); m != nil {
		return unicode.ToLower(rune(m[1][0])), true
	}
	return 0, false
}

// Data is the agent's table as the text it embeds (lookalikes.txt): a
// header of comment lines, then a line per character: its code point, a
// tab, the character it is read as, a tab, the source and its name.
func Data(table []Entry) []byte {
	var b bytes.Buffer
	b.WriteString("# Every character a reader may take for a bracket, a slash or a letter of a\n")
	b.WriteString("# fence tag, and what it is read as: from Unicode's data (NFKC, UTS #39\n")
	b.WriteString("# confusables and character names), © Unicode, Inc., under the Unicode\n")
	b.WriteString("# License. Generated by go generate ./backend/agent; DO NOT EDIT.\n")
	for _, e := range table {
		fmt.Fprintf(&b, "%04X\t%c\t%s: %s\n", e.Rune, e.As, e.Source, e.Name())
	}
	return b.Bytes()
}

// Spellings lists, for each character of the fence tags (the words of
// fences, their brackets and slash), every character the table reads as
// it, and every white space a tag may hold between them: the list the
// fence tests try one by one. A line is the character read, a tab, the
// spelling's code point, a tab, the source and the name.
func Spellings(table []Entry, words ...string) []byte {
	chars := map[rune]bool{'<': true, '/': true, '\\': true}
	for _, w := range words {
		for _, r := range w {
			chars[r] = true
		}
	}
	var lines []string
	for _, e := range table {
		if chars[e.As] {
			lines = append(lines, fmt.Sprintf("%s\tU+%04X\t%s\t%s", string(e.As), e.Rune, e.Source, e.Name()))
		}
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.Is(unicode.White_Space, r) && r != ' ' {
			lines = append(lines, fmt.Sprintf("space\tU+%04X\tWhite_Space\t%s", r, cmpName(r)))
		}
	}
	sort.SliceStable(lines, func(i, j int) bool {
		return strings.SplitN(lines[i], "\t", 2)[0] < strings.SplitN(lines[j], "\t", 2)[0]
	})
	var b bytes.Buffer
	b.WriteString("# Spellings a reader may take for a character of a fence tag, from Unicode's\n")
	b.WriteString("# data. Generated by go generate ./backend/agent; DO NOT EDIT.\n")
	b.WriteString("# character read\tcode point\tsource\tname\n")
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return b.Bytes()
}

// cmpName names r, or says it has no name (control characters).
func cmpName(r rune) string {
	if n := runenames.Name(r); n != "" && !strings.HasPrefix(n, "<") {
		return n
	}
	return fmt.Sprintf("control U+%04X", r)
}
