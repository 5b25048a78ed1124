package report

import (
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// inertMarkdown returns the writer's Markdown as report.md shows it: the
// same text, with a backslash before each character that would make any
// Markdown viewer do more than show formatted text, so every viewer, not
// only Scout's renderer, shows it as words:
//   - raw HTML, inline or a block (an <img> loads, an <h2> forges a
//     section): the '<' of each tag;
//   - an image, which a viewer loads: its '!', which leaves a link;
//   - a quote, the form of the report's own check line: its '>';
//   - a link reference definition ("[1]: https://..."), which would send
//     every citation [n] to its address: its '['.
//
// Which characters those are is the parser's word, not a pattern's: code
// keeps its text, and a '<' or '[' in a sentence stays as it is. Taking
// one construct apart can make another (the lines of an HTML block become
// a paragraph with inline tags), so the text is read again until nothing
// is left, at most maxInertPasses times; past that every line is literal.
func inertMarkdown(md string) string {
	for range maxInertPasses {
		at := liveMarkup([]byte(md))
		if len(at) == 0 {
			return md
		}
		var sb strings.Builder
		last := 0
		for _, i := range at {
			sb.WriteString(md[last:i])
			sb.WriteByte('\\')
			last = i
		}
		sb.WriteString(md[last:])
		md = sb.String()
	}
	lines := strings.Split(md, "\n")
	for i, l := range lines {
		lines[i] = literal(l)
	}
	return strings.Join(lines, "\n")
}

// maxInertPasses bounds inertMarkdown's readings: each takes apart what
// the one before made; real results need one or two.
const maxInertPasses = 8

// liveMarkup returns, in order, the offsets of the characters that open
// markup a viewer would act on (see inertMarkdown).
func liveMarkup(source []byte) []int {
	doc := plainMarkdown.Parser().Parse(text.NewReader(source))
	var at []int
	add := func(i int, want byte) {
		if i >= 0 && i < len(source) && source[i] == want {
			at = append(at, i)
		}
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindRawHTML:
			add(n.Pos(), '<')
		case ast.KindImage:
			add(n.Pos(), '!')
		case ast.KindBlockquote:
			add(n.Pos(), '>')
		case ast.KindHTMLBlock:
			if n.Lines().Len() > 0 {
				start := n.Lines().At(0).Start
				add(start+strings.IndexByte(string(source[start:]), '<'), '<')
			}
		case ast.KindParagraph, ast.KindTextBlock:
			// A definition can only open a paragraph: what follows its
			// first line, once that is text, is text too.
			if n.Lines().Len() > 0 {
				start := n.Lines().At(0).Start
				if linkDefinition.Match(source[start:]) {
					add(start+strings.IndexByte(string(source[start:]), '['), '[')
				}
			}
		}
		return ast.WalkContinue, nil
	})
	slices.Sort(at)
	return slices.Compact(at)
}

// linkDefinition is the start of a link reference definition: a label in
// brackets and a colon, up to three spaces in.
var linkDefinition = regexp.MustCompile(`^ {0,3}\[(?:[^\]\\]|\\.){1,999}\]:`)
