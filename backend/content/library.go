package content

import (
	"bytes"
	"net/url"
	"strings"

	readability "codeberg.org/readeck/go-readability/v2"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The main-content library is go-readability (readeck's maintained port
// of Mozilla's Readability.js, the reader view of Firefox). Compared on
// this project's real-page corpus (testdata/corpus) with go-trafilatura,
// the Go port of trafilatura, through this package's vote: readability
// 0.979 F1 on the article pages and 0.868 on the passage pages, trafilatura
// 0.936 and 0.893; each leads on the set its own authors tuned it on, and
// on pages neither was tuned on they were within a point. go-trafilatura's
// date parsing costs every start of the program about 50 MB of memory and
// a fifth of a second (its locale tables), for dates Scout does not use.

// maxLibraryElements: a page of more elements than this (a table of tens
// of thousands of rows) is not given to the library, whose scoring takes
// seconds there and cannot be stopped; it is read whole instead (Read's
// fallback), which for such a page is what it holds.
const maxLibraryElements = 50_000

// LibraryText returns the text of the page's main content as the library
// alone finds it, or "" when it finds none: what Read's vote starts from,
// and the figure make bench prints beside the reader's.
func LibraryText(htmlText, pageURL string) string {
	u, _ := url.Parse(pageURL)
	return mainText(htmlText, u)
}

// mainText is LibraryText with the address parsed. Blocks are separated
// by newlines, so words at their edges stay apart.
func mainText(htmlText string, pageURL *url.URL) string {
	doc, err := html.Parse(strings.NewReader(htmlText))
	if err != nil {
		return ""
	}
	parser := readability.NewParser()
	parser.MaxElemsToParse = maxLibraryElements
	art, err := parser.ParseDocument(doc, pageURL)
	if err != nil || art.Node == nil {
		return ""
	}
	var buf bytes.Buffer
	plainText(&buf, art.Node)
	return buf.String()
}

// plainText writes the text under n, a newline at each block's edges.
func plainText(buf *bytes.Buffer, n *html.Node) {
	if n.Type == html.TextNode {
		buf.WriteString(n.Data)
		return
	}
	brk := n.Type == html.ElementNode && (blockTags[n.DataAtom] || n.DataAtom == atom.Br)
	if brk {
		buf.WriteByte('\n')
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		plainText(buf, c)
	}
	if brk {
		buf.WriteByte('\n')
	}
}
