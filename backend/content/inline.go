package content

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/scout-research/scout/backend/page"
)

// inline gathers the text of a run of inline nodes and the links in it.
type inline struct {
	sb    strings.Builder
	links []page.Link
}

func (in *inline) add(n *html.Node) {
	if skipped(n) {
		return
	}
	switch n.Type {
	case html.TextNode:
		in.sb.WriteString(n.Data)
		return
	case html.ElementNode:
	default:
		return
	}
	switch n.DataAtom {
	case atom.Br:
		in.sb.WriteString("\n")
		return
	case atom.Pre:
		in.sb.WriteString("\n" + preText(n) + "\n")
		return
	}
	start := in.sb.Len()
	tick := n.DataAtom == atom.Code
	brk := blockTags[n.DataAtom] // a block inside an inline run (a div in a link) breaks the line
	if brk {
		in.sb.WriteString("\n")
	}
	if tick {
		in.sb.WriteString("`")
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		in.add(c)
	}
	if tick {
		in.sb.WriteString("`")
	}
	if brk {
		in.sb.WriteString("\n")
	}
	if n.DataAtom == atom.A {
		// A link with no text (a picture) is no link the model can name.
		if href, text := attr(n, "href"), oneLine(in.sb.String()[start:]); href != "" && text != "" {
			in.links = append(in.links, page.Link{Text: text, URL: href})
		}
	}
}

var (
	spaces    = regexp.MustCompile(`[ \t\r\f\v\x{a0}]+`)
	lineEdges = regexp.MustCompile(` *\n[ \n]*`)
)

// text is the run's text with spaces collapsed and line breaks kept.
func (in *inline) text() string {
	t := spaces.ReplaceAllString(in.sb.String(), " ")
	return strings.TrimSpace(lineEdges.ReplaceAllString(t, "\n"))
}

// inlineText is the text of everything under n as one run.
func inlineText(n *html.Node) (string, []page.Link) {
	var in inline
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		in.add(c)
	}
	return in.text(), in.links
}

// preText is a code block's text as the walker laid it out.
func preText(n *html.Node) string {
	var sb strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			sb.WriteString(n.Data)
		case n.DataAtom == atom.Br:
			sb.WriteString("\n")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return sb.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func attr(n *html.Node, name string) string {
	v, _ := attrOK(n, name)
	return v
}

func attrOK(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

func child(n *html.Node, a atom.Atom) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == a {
			return c
		}
	}
	return nil
}

func hasDescendant(n *html.Node, atoms ...atom.Atom) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		for _, a := range atoms {
			if c.DataAtom == a {
				return true
			}
		}
		if hasDescendant(c, atoms...) {
			return true
		}
	}
	return false
}

// textLen counts the characters of text under n.
func textLen(n *html.Node) int {
	if n.Type == html.TextNode {
		return utf8.RuneCountInString(strings.TrimSpace(n.Data))
	}
	total := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		total += textLen(c)
	}
	return total
}

// blockWords is a block's text as one string, for votes and counts.
func blockWords(b page.Block) string {
	switch {
	case len(b.Items) > 0:
		return strings.Join(b.Items, "\n")
	case len(b.Rows) > 0:
		var sb strings.Builder
		for _, r := range b.Rows {
			sb.WriteString(strings.Join(r, " ") + "\n")
		}
		return sb.String()
	}
	return b.Text
}
