package agent

import (
	"embed"
	"fmt"
	"regexp"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"
)

//go:embed prompts/*.tmpl
var promptFS embed.FS

// prompts holds every text the model is shown, as named templates; golden
// tests pin their output so a prompt change is a visible diff.
var prompts = template.Must(template.New("").Funcs(template.FuncMap{
	"inc": func(i int) int { return i + 1 },
	"join": func(ns []int) string {
		s := make([]string, len(ns))
		for i, n := range ns {
			s[i] = fmt.Sprint(n)
		}
		return strings.Join(s, ", ")
	},
	"inert":   inert,
	"line":    line,
	"quoted":  quoted,
	"names":   func(ns []string) string { return joinNames(ns, "and") },
	"either":  func(ns []string) string { return joinNames(ns, "or") },
	"unshown": func(g gap) []string { return without(g.Things, g.Denied) },
	"cites":   cites,
}).ParseFS(promptFS, "prompts/*.tmpl"))

// The prompts fence what came from the web: page text between <page> and
// </page>, search results between <results> and </results>; the system
// prompt tells the model both are data, not instructions. Every piece of
// text from a page, a search engine or a model (which may copy a page)
// goes into a prompt through one of these, so none can close a fence, open
// a fake one, or pass for a line of Scout's own:
//   - inert, for text shown as it is (a page part, an outline);
//   - line, for a piece on one line (a finding, a link's text, a reason);
//   - quoted, for a piece in quotes (a title, a heading, a page sentence),
//     whose own double quotes become single ones so it cannot end them.

// inert returns s with the bracket of every fence tag in it replaced by
// a single angle quote: the model still reads "‹/page>" as the page's
// words, and never as the end of them. A fence tag is <page>, </page>,
// <results> or </results> as a reader might take it (see fold): in any
// case, with spaces of any kind or extra slashes, spelled with characters
// that read as its brackets, slashes and letters (full-width, small
// capitals, other scripts, mathematical), with invisible characters
// inside, or written as HTML character references.
func inert(s string) string {
	if !strings.ContainsAny(s, brackets) {
		return s // the common case: no tag without a bracket
	}
	folded, spans := fold(s)
	tags := fenceTag.FindAllStringSubmatchIndex(folded, -1)
	if tags == nil {
		return s
	}
	var sb strings.Builder
	last := 0
	for _, m := range tags {
		bracket := spans[m[0]] // the folded '<' is one byte: its source span
		sb.WriteString(s[last:bracket[0]])
		sb.WriteString("‹")
		last = bracket[1]
	}
	sb.WriteString(s[last:])
	return sb.String()
}

// fenceTag is a fence tag in folded text.
var fenceTag = regexp.MustCompile(`<\s*[/\\]*\s*(?:page|results)\b`)

// fold returns s as a reader would take it when looking for a fence tag,
// with the span of s each byte of the result came from: character
// references for <, / and > decoded; every character that reads as a
// bracket, a slash or a letter (lookalikes, made from Unicode's data)
// replaced by it, and ASCII letters in lower case; any white space a
// space; invisible characters (format characters, combining marks,
// variation selectors, fillers) dropped. Every rune it keeps is ASCII or
// kept as it is, one for one.
func fold(s string) (string, [][2]int) {
	var sb strings.Builder
	spans := make([][2]int, 0, len(s))
	put := func(r rune, from, to int) {
		n := utf8.RuneLen(r)
		sb.WriteRune(r)
		for ; n > 0; n-- {
			spans = append(spans, [2]int{from, to})
		}
	}
	for i := 0; i < len(s); {
		if s[i] == '&' {
			if m := charRef.FindStringSubmatchIndex(s[i:]); m != nil {
				put(refRune(strings.ToLower(s[i+m[2]:i+m[3]])), i, i+m[1])
				i += m[1]
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if f, ok := foldRune(r); ok {
			put(f, i, i+size)
		}
		i += size
	}
	return sb.String(), spans
}

//go:generate go run ./internal/lookalike/cmd

// charRef is an HTML character reference for <, / or >, with or without
// its semicolon.
var charRef = regexp.MustCompile(`^&(?i)(lt|gt|sol|#0*(?:60|47|62)|#x0*(?:3c|2f|3e));?`)

func refRune(ref string) rune {
	switch strings.TrimLeft(ref, "#x0") {
	case "lt", "60", "3c":
		return '<'
	case "sol", "47", "2f":
		return '/'
	}
	return '>'
}

// foldRune is r as fold takes it, and false when fold drops it.
func foldRune(r rune) (rune, bool) {
	if f, ok := lookalikes[r]; ok {
		return f, true
	}
	switch {
	case unicode.Is(unicode.White_Space, r):
		return ' ', true // regexp's \s is ASCII's, and not all of it (no \v)
	case r < utf8.RuneSelf:
		return unicode.ToLower(r), true
	case unicode.In(r, invisible...):
		return 0, false
	}
	return r, true
}

// invisible are the characters a reader does not see, which fold drops:
// format characters, combining marks, variation selectors and the other
// default-ignorable ones (the Hangul fillers among them).
var invisible = []*unicode.RangeTable{unicode.Cf, unicode.Mn, unicode.Me, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point}

// brackets are the characters fold reads as '<' (see lookalikes), and '&',
// which starts a character reference for it.
var brackets = func() string {
	b := []rune{'<', '&'}
	for r, f := range lookalikes {
		if f == '<' {
			b = append(b, r)
		}
	}
	return string(b)
}()

// line is inert on one line: a line break in it cannot start a line that
// reads as Scout's ("Turn 5: ...", "R3. ...").
func line(s string) string {
	return inert(strings.Join(strings.Fields(s), " "))
}

// quoted is line in double quotes.
func quoted(s string) string {
	return `"` + strings.ReplaceAll(line(s), `"`, "'") + `"`
}

// joinNames is names on one line each, as a sentence lists them:
// "A", "A and B", "A, B and C".
func joinNames(names []string, conj string) string {
	ns := make([]string, len(names))
	for i, n := range names {
		ns[i] = line(n)
	}
	if len(ns) < 2 {
		return strings.Join(ns, "")
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " " + conj + " " + ns[len(ns)-1]
}

// render executes a named prompt template; the templates are fixed and
// tested, so a failure is a programming error.
func render(name string, data any) string {
	var sb strings.Builder
	if err := prompts.ExecuteTemplate(&sb, name, data); err != nil {
		panic(fmt.Sprintf("prompt %s: %v", name, err))
	}
	return strings.TrimSpace(sb.String())
}
