package report

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The writer's result is the only Markdown in a report: everything else is
// the page's or Scout's words, shown as written. It is rendered with
// goldmark's safe defaults (dangerous links are not linked) and Scout's own
// renderers for what those defaults would still do with it:
//   - raw HTML is shown as the text it is, never dropped: a result that
//     quotes a tag keeps every word;
//   - an image is a link to it, never loaded: a report loads nothing
//     remote, so opening one tells no server that it was read;
//   - headings sink two levels, below the report's own sections, so a
//     "## Findings (99)" in the result is a subheading of the result;
//   - link reference definitions are not read: "[1]: http://..." would
//     otherwise turn the citation [1] into a link to anywhere.
//
// The result's citations and flagged numbers are nodes made by an AST
// transformer (marker) from what the run found, passed in the parser
// context: the report never learns them by reading its own text.

// resultMarkdown renders the result with citations and number marks;
// plainMarkdown renders report Markdown without them (see MarkdownFragment).
var (
	resultMarkdown = newMarkdown(util.Prioritized(marker{}, 100))
	plainMarkdown  = newMarkdown()
)

func newMarkdown(transformers ...util.PrioritizedValue) goldmark.Markdown {
	p := parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithASTTransformers(transformers...),
		// No paragraph transformers: the default one reads link reference
		// definitions.
	)
	return goldmark.New(
		goldmark.WithParser(p),
		goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(safeRenderer{}, 100))),
	)
}

// facts are what marker needs to know of the run: which findings exist
// and which numbers the check flagged (normalised, see normalNumber).
type facts struct {
	findings map[int]bool
	flagged  map[string]bool
	// flagTitle is the tooltip of a flagged number, in the report's language.
	flagTitle string
	// image labels an image ("image: %s"), and imageNone stands for the
	// alt text of one without, in the report's language.
	image, imageNone string
}

var factsKey = parser.NewContextKey()

// renderResult renders the writer's result as HTML: each [n] naming a
// finding links to it, each number the check flagged is marked.
func renderResult(answer string, findings []int, flagged []string, w words) (string, error) {
	f := facts{findings: map[int]bool{}, flagged: map[string]bool{}, flagTitle: w.s("flag_title"), image: w.s("image"), imageNone: w.s("image_none")}
	for _, n := range findings {
		f.findings[n] = true
	}
	for _, n := range flagged {
		f.flagged[normalNumber(n)] = true
	}
	pc := parser.NewContext()
	pc.Set(factsKey, f)
	var buf bytes.Buffer
	if err := resultMarkdown.Convert([]byte(answer), &buf, parser.WithContext(pc)); err != nil {
		return "", fmt.Errorf("rendering the result: %w", err)
	}
	return buf.String(), nil
}

// headingDrop is how far the result's headings sink: below the report's
// own sections (h2), so none can pass for one.
const headingDrop = 2

// marker is the AST transformer for the result: it sinks headings, and in
// text outside code and links it makes citations and flagged numbers nodes
// of their own.
type marker struct{}

func (marker) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	f, _ := pc.Get(factsKey).(facts)
	source := reader.Source()
	var parents []ast.Node // of text nodes, in document order, each once
	seen := map[ast.Node]bool{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Image:
			n.SetAttribute(imageLabel, []byte(fmt.Sprintf(f.image, cmpOr(strings.TrimSpace(altText(n, source)), f.imageNone))))
			return ast.WalkSkipChildren, nil
		case *ast.Link, *ast.AutoLink, *ast.CodeSpan, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.Heading:
			n.Level = min(n.Level+headingDrop, 6)
		case *ast.Text:
			if p := n.Parent(); !seen[p] {
				seen[p] = true
				parents = append(parents, p)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, p := range parents {
		for c := p.FirstChild(); c != nil; {
			c = f.markRun(p, c, source)
		}
	}
}

// markRun rewrites the run of adjacent text nodes that starts at c (the
// parser cuts "[1]" into three) and returns the node after it.
func (f facts) markRun(parent, c ast.Node, source []byte) ast.Node {
	first, ok := c.(*ast.Text)
	if !ok || first.IsRaw() {
		return c.NextSibling()
	}
	last := first
	for !last.SoftLineBreak() && !last.HardLineBreak() {
		next, ok := last.NextSibling().(*ast.Text)
		if !ok || next.IsRaw() || next.Segment.Start != last.Segment.Stop || next.Segment.Padding > 0 {
			break
		}
		last = next
	}
	after := last.NextSibling()
	start, stop := first.Segment.Start, last.Segment.Stop
	pieces := f.pieces(source, start, stop)
	if len(pieces) == 1 && first == last {
		return after // nothing to mark
	}
	for _, p := range pieces {
		parent.InsertBefore(parent, first, p)
	}
	if t, ok := pieces[len(pieces)-1].(*ast.Text); ok {
		t.SetSoftLineBreak(last.SoftLineBreak())
		t.SetHardLineBreak(last.HardLineBreak())
	} else if last.SoftLineBreak() || last.HardLineBreak() {
		end := ast.NewTextSegment(text.NewSegment(stop, stop))
		end.SetSoftLineBreak(last.SoftLineBreak())
		end.SetHardLineBreak(last.HardLineBreak())
		parent.InsertBefore(parent, first, end)
	}
	for n := ast.Node(first); n != after; {
		next := n.NextSibling()
		parent.RemoveChild(parent, n)
		n = next
	}
	return after
}

var (
	// citationText is a writer's citation, [3] or a group such as [1, 2]
	// or [2-4], as the agent reads them.
	citationText = regexp.MustCompile(`\[(\d{1,3}(?:\s*[-–,]\s*\d{1,3})*)\]`)
	// number is a number as the agent's check reads one: 5,895 or 3.66.
	number = regexp.MustCompile(`\d[\d,.]*\d|\d`)
	digits = regexp.MustCompile(`\d+`)
)

// pieces cuts source[start:stop] into text, citation and flag nodes.
func (f facts) pieces(source []byte, start, stop int) []ast.Node {
	var out []ast.Node
	textTo := func(from, to int) {
		if to > from {
			out = append(out, f.flags(source, from, to)...)
		}
	}
	at := start
	for _, m := range citationText.FindAllIndex(source[start:stop], -1) {
		textTo(at, start+m[0])
		out = append(out, &citationNode{numbers: f.cited(source[start+m[0] : start+m[1]]), Seg: text.NewSegment(start+m[0], start+m[1])})
		at = start + m[1]
	}
	textTo(at, stop)
	if len(out) == 0 {
		out = append(out, ast.NewTextSegment(text.NewSegment(start, stop)))
	}
	return out
}

// flags cuts source[start:stop] into text and flagged numbers. A number is
// whole or nothing: 99 inside 9999 or 19.99 is not the number 99, and the
// 3 of a name (Qwen3, H3) is no number at all.
func (f facts) flags(source []byte, start, stop int) []ast.Node {
	var out []ast.Node
	at := start
	for _, m := range number.FindAllIndex(source[start:stop], -1) {
		i, j := start+m[0], start+m[1]
		before, _ := utf8.DecodeLastRune(source[:i])
		if i > 0 && (unicode.IsLetter(before) || before == '_') || !f.flagged[normalNumber(string(source[i:j]))] {
			continue
		}
		if i > at {
			out = append(out, ast.NewTextSegment(text.NewSegment(at, i)))
		}
		out = append(out, &flagNode{Seg: text.NewSegment(i, j), Title: f.flagTitle})
		at = j
	}
	if stop > at {
		out = append(out, ast.NewTextSegment(text.NewSegment(at, stop)))
	}
	return out
}

// cited lists a citation's numbers with where each stands in it, as
// written: [1-3] is the numbers 1 and 3, as the agent reads it.
func (f facts) cited(c []byte) []citedNumber {
	var out []citedNumber
	for _, m := range digits.FindAllIndex(c, -1) {
		n, _ := strconv.Atoi(string(c[m[0]:m[1]]))
		out = append(out, citedNumber{n: n, start: m[0], stop: m[1], exists: f.findings[n]})
	}
	return out
}

// normalNumber is a number as the check compares them: 1,200 and 1200 are
// one number.
func normalNumber(n string) string {
	return strings.TrimRight(strings.ReplaceAll(n, ",", ""), ".")
}

type citedNumber struct {
	n, start, stop int
	exists         bool
}

var (
	kindCitation = ast.NewNodeKind("Citation")
	kindFlag     = ast.NewNodeKind("FlaggedNumber")
)

// citationNode is a citation in the result, [1] or [1, 2].
type citationNode struct {
	ast.BaseInline
	Seg     text.Segment
	numbers []citedNumber
}

func (n *citationNode) Kind() ast.NodeKind { return kindCitation }

func (n *citationNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Text": string(n.Seg.Value(source))}, nil)
}

// flagNode is a number of the result that no finding holds.
type flagNode struct {
	ast.BaseInline
	Seg   text.Segment
	Title string
}

func (n *flagNode) Kind() ast.NodeKind { return kindFlag }

func (n *flagNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Number": string(n.Seg.Value(source))}, nil)
}

// flagMark opens the mark around a number in no finding, with its title.
const flagMark = `<mark class="unsupported" title="%s">`

// safeRenderer renders Scout's nodes, and raw HTML and images as the
// package comment above says.
type safeRenderer struct{}

func (safeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindCitation, renderCitation)
	reg.Register(kindFlag, renderFlag)
	reg.Register(ast.KindRawHTML, renderRawHTML)
	reg.Register(ast.KindHTMLBlock, renderHTMLBlock)
	reg.Register(ast.KindImage, renderImage)
}

// renderCitation links [1] whole, and a group number by number; a number
// that names no finding stays text.
func renderCitation(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*citationNode)
	c := n.Seg.Value(source)
	link := func(num int, label []byte) {
		fmt.Fprintf(w, `<a class="cite" data-finding="%d" href="#finding-%d">%s</a>`, num, num, util.EscapeHTML(label))
	}
	if len(n.numbers) == 1 && n.numbers[0].exists {
		link(n.numbers[0].n, c)
		return ast.WalkContinue, nil
	}
	at := 0
	for _, num := range n.numbers {
		_, _ = w.Write(util.EscapeHTML(c[at:num.start]))
		if num.exists {
			link(num.n, c[num.start:num.stop])
		} else {
			_, _ = w.Write(c[num.start:num.stop])
		}
		at = num.stop
	}
	_, _ = w.Write(util.EscapeHTML(c[at:]))
	return ast.WalkContinue, nil
}

func renderFlag(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*flagNode)
		fmt.Fprintf(w, flagMark, util.EscapeHTML([]byte(n.Title)))
		_, _ = w.Write(n.Seg.Value(source)) // digits, commas and dots
		_, _ = w.WriteString("</mark>")
	}
	return ast.WalkContinue, nil
}

// renderRawHTML shows inline HTML as its text.
func renderRawHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*ast.RawHTML)
		for i := range n.Segments.Len() {
			seg := n.Segments.At(i)
			_, _ = w.Write(util.EscapeHTML(seg.Value(source)))
		}
	}
	return ast.WalkSkipChildren, nil
}

// renderHTMLBlock shows a block of HTML as a paragraph of its text.
func renderHTMLBlock(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.HTMLBlock)
	if !entering {
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("<p>")
	for i := range n.Lines().Len() {
		line := n.Lines().At(i)
		_, _ = w.Write(util.EscapeHTML(line.Value(source)))
	}
	if n.HasClosure() {
		_, _ = w.Write(util.EscapeHTML(n.ClosureLine.Value(source)))
	}
	_, _ = w.WriteString("</p>\n")
	return ast.WalkSkipChildren, nil
}

// renderImage writes an image as a link to it, labelled with its alt text:
// the report loads nothing, and a web address stays one click away.
func renderImage(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Image)
	label := "image: " + cmpOr(strings.TrimSpace(altText(n, source)), "no description")
	if l, ok := n.AttributeString(string(imageLabel)); ok { // the marker's, in the report's language
		label = string(l.([]byte))
	}
	dest := string(n.Destination)
	if webAddress(dest) {
		fmt.Fprintf(w, `<a class="image" href="%s">%s</a>`, util.EscapeHTML(util.URLEscape(n.Destination, true)), util.EscapeHTML([]byte(label)))
	} else {
		_, _ = w.Write(util.EscapeHTML([]byte("[" + label + "]")))
	}
	return ast.WalkSkipChildren, nil
}

// imageLabel is the attribute the marker gives an image: its label in the
// report's language.
var imageLabel = []byte("scout-label")

// altText is an image's alt text, as written.
func altText(n *ast.Image, source []byte) string {
	var alt bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			alt.Write(t.Segment.Value(source))
		}
		return ast.WalkContinue, nil
	})
	return alt.String()
}

// webAddress reports whether s is an http(s) address: the only kind a
// report links to from words it did not write itself.
func webAddress(s string) bool {
	lower := strings.ToLower(s)
	return strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://")
}

func cmpOr(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// sinkHeadings returns the result's Markdown with its headings sunk as in
// HTML (headingDrop), so report.md's own sections cannot be forged by the
// result either: an ATX heading gets more #, a setext heading (underlined)
// becomes an ATX one. Everything else is left as written.
func sinkHeadings(answer string) string {
	source := []byte(answer)
	doc := plainMarkdown.Parser().Parse(text.NewReader(source))
	type edit struct {
		at, cut int // replace source[at:cut]
		with    string
	}
	var edits []edit
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		level := strings.Repeat("#", min(h.Level+headingDrop, 6))
		lines := h.Lines()
		if lines.Len() == 0 {
			// An empty ATX heading ("##"): find its marks on its line.
			return ast.WalkContinue, nil
		}
		first, lastLine := lines.At(0), lines.At(lines.Len()-1)
		lineStart := bytes.LastIndexByte(source[:first.Start], '\n') + 1
		prefix := source[lineStart:first.Start]
		if i := bytes.IndexByte(prefix, '#'); i >= 0 {
			marks := i
			for marks < len(prefix) && prefix[marks] == '#' {
				marks++
			}
			edits = append(edits, edit{lineStart + i, lineStart + marks, level})
			return ast.WalkContinue, nil
		}
		// Setext: the text lines on one line after the marks, and the
		// underline line gone.
		var words []string
		for i := range lines.Len() {
			seg := lines.At(i)
			words = append(words, strings.TrimSpace(string(seg.Value(source))))
		}
		end := bytes.IndexByte(source[lastLine.Stop:], '\n') // the underline's line
		underlineEnd := len(source)
		if end >= 0 {
			if next := bytes.IndexByte(source[lastLine.Stop+end+1:], '\n'); next >= 0 {
				underlineEnd = lastLine.Stop + end + 1 + next
			}
		}
		edits = append(edits, edit{first.Start, underlineEnd, level + " " + strings.Join(words, " ")})
		return ast.WalkContinue, nil
	})
	slices.SortFunc(edits, func(a, b edit) int { return b.at - a.at })
	out := answer
	for _, e := range edits {
		out = out[:e.at] + e.with + out[e.cut:]
	}
	return out
}

// closeOpenBlocks returns the result's Markdown with nothing left open at
// its end: in report.md the report's own sections follow it, and an
// unclosed code fence, or an HTML block that runs until its end tag
// (<!--, <script>, <pre>, <style>, <textarea>, <?, <!X, <![CDATA[), would
// take in the check line, the findings and the figures, and a Markdown
// viewer would show them as code or hide them. The opener of such a block
// is escaped with a backslash, so it shows as the text it is, as the app
// shows raw HTML.
func closeOpenBlocks(md string) string {
	for range maxOpenBlocks {
		at, open := openBlock(md)
		if !open {
			return md
		}
		md = md[:at] + `\` + md[at:]
	}
	return md
}

// maxOpenBlocks bounds closeOpenBlocks: each round escapes one opener, and
// text that reopens a block as often as this is escaped no further.
const maxOpenBlocks = 64

// openBlock reports whether a heading after md would be taken into its
// last block, and where that block's opener (its fence or '<') is.
func openBlock(md string) (int, bool) {
	const probe = "\n\n## probe\n"
	source := []byte(md + probe)
	doc := plainMarkdown.Parser().Parse(text.NewReader(source))
	last := doc.LastChild()
	if h, ok := last.(*ast.Heading); ok && h.Lines().Len() > 0 && h.Lines().At(0).Start >= len(md) {
		return 0, false
	}
	from := 0
	if prev := last.PreviousSibling(); prev != nil && prev.Lines().Len() > 0 {
		from = prev.Lines().At(prev.Lines().Len() - 1).Stop
	}
	if last.Type() == ast.TypeBlock && last.Lines().Len() > 0 && last.Kind() == ast.KindHTMLBlock {
		from = last.Lines().At(0).Start
	}
	m := opener.FindStringIndex(md[from:])
	if m == nil {
		return 0, false
	}
	return from + m[1] - 1, true
}

// opener is the first character of a fence or an HTML block at the start
// of a line.
var opener = regexp.MustCompile("(?m)^ {0,3}[`~<]")
