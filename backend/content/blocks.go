package content

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/scout-research/scout/backend/page"
)

// piece is a block of the visible page with what choosing the main
// content needs to know of it.
type piece struct {
	page.Block
	links []page.Link
	// chrome: the block is in the page's header, footer, sidebar or
	// navigation (outside any article or main element).
	chrome bool
	// notice: the block is in a cookie or consent notice, which is
	// never read, whatever the library says.
	notice bool
	// words is the block's text for voting and counting.
	words string
}

// blockTags break the text of a page: inline runs between them are
// paragraphs.
var blockTags = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.Section: true, atom.Article: true, atom.Main: true, atom.Header: true,
	atom.Footer: true, atom.Aside: true, atom.Ul: true, atom.Ol: true, atom.Dl: true, atom.Table: true,
	atom.Pre: true, atom.Blockquote: true, atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true,
	atom.H5: true, atom.H6: true, atom.Figure: true, atom.Figcaption: true, atom.Hr: true, atom.Address: true,
	atom.Details: true, atom.Summary: true, atom.Li: true, atom.Center: true, atom.Form: true,
	atom.Fieldset: true, atom.Legend: true, atom.Hgroup: true, atom.Dt: true, atom.Dd: true, atom.Tr: true,
	atom.Td: true, atom.Th: true, atom.Caption: true, atom.Body: true, atom.Nav: true,
}

// chromeTags and chromeRoles mark site chrome, unless inside an article
// or main element, where a header is the article's own.
var (
	chromeTags  = map[atom.Atom]bool{atom.Header: true, atom.Footer: true, atom.Aside: true, atom.Nav: true}
	chromeRoles = map[string]bool{"banner": true, "contentinfo": true, "complementary": true, "navigation": true}
)

// context is where in the page a node is.
type context struct {
	chrome, inContent, notice bool
}

// noticeNames are the names sites give the box that asks to accept
// cookies; noticeMaxChars keeps the rule to such a box: a whole page (a
// baking site's <article class="cookie-recipe">) holds far more text.
var noticeNames = map[string]bool{"cookie": true, "cookies": true, "consent": true, "gdpr": true, "cmp": true}

const noticeMaxChars = 600

// consentNotice: n is named as a cookie or consent notice and small
// enough to be one.
func consentNotice(n *html.Node) bool {
	named := false
	for _, name := range strings.FieldsFunc(attr(n, "id")+" "+attr(n, "class"), func(r rune) bool {
		return r == ' ' || r == '-' || r == '_'
	}) {
		named = named || noticeNames[strings.ToLower(name)]
	}
	return named && textLen(n) <= noticeMaxChars
}

func (c context) enter(n *html.Node) context {
	if !c.notice && consentNotice(n) {
		c.notice = true
	}
	role := attr(n, "role")
	if n.DataAtom == atom.Article || n.DataAtom == atom.Main || role == "main" || role == "article" {
		c.inContent = true
	}
	if !c.inContent && (chromeTags[n.DataAtom] || chromeRoles[role]) {
		c.chrome = true
	}
	return c
}

// splitter turns a tree into pieces in page order.
type splitter struct {
	pieces []piece
}

// pieces returns the blocks of the visible page under root.
func pieces(root *html.Node) []piece {
	s := &splitter{}
	if body := find(root, atom.Body); body != nil {
		s.container(body, context{})
	}
	return s.pieces
}

// find returns the first element a under n, depth first.
func find(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, a); f != nil {
			return f
		}
	}
	return nil
}

func (s *splitter) add(b page.Block, links []page.Link, c context) {
	p := piece{Block: b, links: links, chrome: c.chrome, notice: c.notice, words: blockWords(b)}
	if strings.TrimSpace(p.words) == "" {
		return
	}
	s.pieces = append(s.pieces, p)
}

// unread are elements whose text is never read: the browser's walker
// leaves them out, and a page parsed as it came from the server has them.
var unread = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true, atom.Svg: true,
	atom.Head: true, atom.Iframe: true, atom.Object: true, atom.Embed: true, atom.Canvas: true,
	atom.Select: true, atom.Textarea: true, atom.Button: true, atom.Nav: true, atom.Dialog: true, atom.Menu: true,
	atom.Title: true, atom.Audio: true, atom.Video: true, atom.Map: true,
}

// skipped: an element that is never read, or hidden by its own markup.
func skipped(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return n.Type == html.CommentNode
	}
	if unread[n.DataAtom] {
		return true
	}
	_, hiddenAttr := attrOK(n, "hidden")
	return hiddenAttr || attr(n, "aria-hidden") == "true" && n.DataAtom != atom.Body
}

// walk turns one block element into pieces.
func (s *splitter) walk(n *html.Node, c context) {
	if skipped(n) {
		return
	}
	c = c.enter(n)
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		t, links := inlineText(n)
		s.add(page.Block{Kind: page.Heading, Level: int(n.Data[1] - '0'), Text: oneLine(t)}, links, c)
	case atom.Ul, atom.Ol:
		var items []string
		var links []page.Link
		s.listItems(n, 0, &items, &links)
		s.add(page.Block{Kind: page.List, Ordered: n.DataAtom == atom.Ol, Items: items}, links, c)
	case atom.Dl:
		s.definitions(n, c)
	case atom.Table:
		s.table(n, c)
	case atom.Pre:
		s.add(page.Block{Kind: page.Code, Text: strings.TrimRight(preText(n), " \t\r\n"), Lang: attr(n, "data-lang")}, nil, c)
	case atom.Blockquote:
		t, links := inlineText(n)
		s.add(page.Block{Kind: page.Quote, Text: t}, links, c)
	case atom.Hr:
	default:
		s.container(n, c)
	}
}

// container walks mixed content: runs of inline nodes become paragraphs,
// block children are walked.
func (s *splitter) container(n *html.Node, c context) {
	var run inline
	flush := func() {
		if t := run.text(); t != "" {
			s.add(page.Block{Kind: page.Paragraph, Text: t}, run.links, c)
		}
		run = inline{}
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == html.ElementNode && blockTags[ch.DataAtom] {
			flush()
			s.walk(ch, c)
			continue
		}
		run.add(ch)
	}
	flush()
}

func (s *splitter) listItems(list *html.Node, depth int, items *[]string, links *[]page.Link) {
	for li := list.FirstChild; li != nil; li = li.NextSibling {
		if li.Type != html.ElementNode || li.DataAtom != atom.Li {
			continue
		}
		var run inline
		var nested []*html.Node
		for ch := li.FirstChild; ch != nil; ch = ch.NextSibling {
			if ch.Type == html.ElementNode && (ch.DataAtom == atom.Ul || ch.DataAtom == atom.Ol) {
				nested = append(nested, ch)
				continue
			}
			run.add(ch)
		}
		if t := oneLine(run.text()); t != "" {
			*items = append(*items, strings.Repeat("  ", depth)+t)
		}
		*links = append(*links, run.links...)
		for _, l := range nested {
			s.listItems(l, depth+1, items, links)
		}
	}
}

// definitions writes a definition list as "term: definition" items.
func (s *splitter) definitions(dl *html.Node, c context) {
	var items []string
	var links []page.Link
	term := ""
	for _, ch := range definitionChildren(dl) {
		t, l := inlineText(ch)
		links = append(links, l...)
		switch ch.DataAtom {
		case atom.Dt:
			term = oneLine(t)
		case atom.Dd:
			if term != "" {
				items = append(items, term+": "+oneLine(t))
			} else {
				items = append(items, oneLine(t))
			}
		}
	}
	s.add(page.Block{Kind: page.List, Items: items}, links, c)
}

// definitionChildren are a definition list's terms and definitions, also
// those grouped in divs.
func definitionChildren(dl *html.Node) []*html.Node {
	var out []*html.Node
	for ch := dl.FirstChild; ch != nil; ch = ch.NextSibling {
		switch {
		case ch.Type != html.ElementNode || skipped(ch):
		case ch.DataAtom == atom.Div:
			out = append(out, definitionChildren(ch)...)
		default:
			out = append(out, ch)
		}
	}
	return out
}
