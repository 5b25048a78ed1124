package content

import (
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/scout-research/scout/backend/page"
)

// Choosing blocks by the library's vote.
const (
	// keepShare: a block is main content when the library kept at least
	// this share of its text.
	keepShare = 0.5
	// keepTableShare is lower for tables: libraries drop cells that are
	// links or numbers, and a table is kept or left out whole.
	keepTableShare = 0.3
	// wholeShare: when the main content is less than this share of the
	// page's text outside its chrome, on a page that is not mostly links,
	// the library missed the content (a table of figures, a product page)
	// and the whole page minus its chrome is read. Measured on the corpus
	// (testdata/corpus): at a third, 6 of 94 article pages were read whole
	// and their F1 fell from 0.98 to 0.94; at 0.15 one page is, for more
	// recall and a fifth of a point of F1; below 0.1 none is.
	wholeShare = 0.15
	// indexLinkShare: a page whose text is mostly link text is an index
	// or a list of results, where keeping little is right.
	indexLinkShare = 0.5
	// headingGapWords: a line this short between a heading and its
	// section is a control ("[edit]", "Share"), not content.
	headingGapWords = 2
	// maxGapBlocks, proseWords, proseLinkShare: a gap of at most this many
	// blocks between kept ones is kept when each block is prose of at
	// least proseWords words with under proseLinkShare of it in links.
	maxGapBlocks   = 2
	proseWords     = 6
	proseLinkShare = 0.3
)

// Page is the page the browser's walker serialised.
type Page struct {
	URL, Title string
	// HTML is the visible DOM.
	HTML      string
	Truncated bool
}

// Read returns the readable content of p: its main content, or the whole
// page without its chrome when the main content could not be told apart
// (Document.Whole).
func Read(p Page) page.Document {
	doc := page.Document{URL: p.URL, Title: p.Title, Truncated: p.Truncated}
	root, err := parseHTML(p.HTML)
	if err != nil {
		return doc
	}
	all := pieces(root)
	base, _ := url.Parse(p.URL)
	chosen, whole := choose(all, keptText(mainText(p.HTML, base)))
	doc.Whole = whole
	for _, pc := range chosen {
		i := len(doc.Blocks)
		doc.Blocks = append(doc.Blocks, pc.Block)
		for _, l := range pc.links {
			l.Block = i
			doc.Links = append(doc.Links, l)
		}
	}
	return doc
}

// choose returns the pieces that are main content, or the pieces outside
// the chrome and whether it fell back to them.
func choose(all []piece, k *kept) ([]piece, bool) {
	all = slices.DeleteFunc(slices.Clone(all), func(pc piece) bool { return pc.notice })
	shares := k.shares(all)
	in := make([]bool, len(all))
	for i, pc := range all {
		in[i] = shares[i] >= keepShare || (pc.Kind == page.Table && shares[i] >= keepTableShare)
	}
	fillGaps(all, in)
	keepHeadings(all, in)
	var chosen, outside []piece
	chosenChars, outsideChars, linkChars := 0, 0, 0
	for i, pc := range all {
		n := utf8.RuneCountInString(pc.words)
		if in[i] {
			chosen = append(chosen, pc)
			chosenChars += n
		}
		if !pc.chrome {
			outside = append(outside, pc)
			outsideChars += n
			linkChars += linkTextChars(pc)
		}
	}
	index := float64(linkChars) > indexLinkShare*float64(outsideChars)
	if chosenChars == 0 || (!index && float64(chosenChars) < wholeShare*float64(outsideChars)) {
		return outside, len(outside) > 0
	}
	return chosen, false
}

// keepHeadings keeps a heading the library dropped when the section
// under it is kept: it names the section, and the outline needs it. Lines
// of a word or two left out after it (an "[edit]" link) do not part a
// heading from its section.
func keepHeadings(all []piece, in []bool) {
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].Kind != page.Heading || in[i] {
			continue
		}
		for j := i + 1; j < len(all); j++ {
			if in[j] {
				in[i] = true
				break
			}
			if all[j].Kind == page.Heading || len(voteTokens(all[j].words)) > headingGapWords {
				break
			}
		}
	}
}

// fillGaps keeps a block or two the library left out between kept blocks
// when they read as prose (sentences, not a line of links, a credit or a
// label): a note in a box of its own, a web component's text. On the
// corpus it changes nothing measurable; on a page it keeps what a person
// reads as part of the text.
func fillGaps(all []piece, in []bool) {
	for i := 1; i < len(all); i++ {
		if in[i] {
			continue
		}
		j := i
		for j < len(all) && !in[j] {
			j++
		}
		if in[i-1] && j < len(all) && j-i <= maxGapBlocks {
			for k := i; k < j; k++ {
				in[k] = prose(all[k])
			}
		}
		i = j
	}
}

// prose: a block outside the chrome of a sentence or more that ends as a
// sentence does, with little of its text in links.
func prose(pc piece) bool {
	text := strings.TrimSpace(pc.words)
	if pc.chrome || len(voteTokens(text)) < proseWords || !strings.ContainsAny(text[len(text)-1:], ".!?:;") {
		return false
	}
	return float64(linkTextChars(pc)) < proseLinkShare*float64(utf8.RuneCountInString(text))
}

func linkTextChars(pc piece) int {
	n := 0
	for _, l := range pc.links {
		n += utf8.RuneCountInString(l.Text)
	}
	return n
}

func parseHTML(s string) (*html.Node, error) { return html.Parse(strings.NewReader(s)) }
