package page

import (
	"strings"

	"github.com/scout-research/scout/backend/tokens"
)

// Part budget. A turn's prompt holds the system prompt (~700 tokens), the
// checklist and findings (~800), the compact journal, the current part and
// room for the reply, and is rebuilt at 75% of the context. At 15% a part
// is about 1,200 tokens at 8k context: a whole encyclopedia section, while
// three or four parts still fit in one conversation before a rebuild.
const (
	partShareOfContext = 0.15
	minPartBudget      = 400  // below this a part is a sentence or two
	maxPartBudget      = 4000 // above this a small model skims instead of reading
)

// Caps on text that is never cut into parts. A page's title and its
// headings go whole into the outline and the header of every part shown,
// and a table's cells into its rows, so a hostile page's 5 MB title must
// be cut before it reaches a prompt or the journal.
const (
	maxTitleChars   = 200 // real titles stay under about 150 characters
	maxHeadingChars = 200 // a longer "heading" is a paragraph set large
	maxCellChars    = 500 // a longer table cell is a paragraph in a grid
	maxLangChars    = 20  // a code block's language is a word
	// maxLinkURL: a longer address is data, not a page the model can name
	// back (browsers and servers commonly refuse past about 8 KB, and
	// real links stay far below).
	maxLinkURL = 2048
)

// headingBreakFill: a heading of level 1-3 starts a new part once the
// current part is this full, so parts begin at sections where possible.
const headingBreakFill = 0.6

// oversizeFactor lets a code block or table that cannot be split run this
// far past the budget in a part of its own before it is truncated.
const oversizeFactor = 1.5

// PartBudget returns the token budget of one part for a context length.
func PartBudget(contextLength int) int {
	b := int(float64(contextLength) * partShareOfContext)
	return min(max(b, minPartBudget), maxPartBudget)
}

// unit is a rendered block, or a piece of one too big for a part.
type unit struct {
	block   int
	text    string
	tokens  int
	heading *HeadingRef
}

// Split renders doc as Markdown and cuts it into parts of at most budget
// tokens, at heading or paragraph boundaries. Code blocks and tables are
// never split; one larger than a part gets a part of its own, truncated
// with a visible marker if it is far larger.
func Split(doc Document, budget int, est *tokens.Estimator) Page {
	units := renderUnits(doc.Blocks, budget, est)
	groups := pack(units, budget)
	links := cleanLinks(doc.URL, doc.Links)
	pg := Page{URL: doc.URL, Title: capChars(oneLine(doc.Title), maxTitleChars), Truncated: doc.Truncated}
	linkAt := 0
	var current string // the heading text in force
	for i, g := range groups {
		p := Part{Number: i + 1}
		if g[0].heading == nil {
			p.Context = current
		}
		texts := make([]string, len(g))
		lastBlock := -1
		for j, u := range g {
			texts[j] = u.text
			if u.heading != nil {
				p.Headings = append(p.Headings, *u.heading)
				current = u.heading.Text
			}
			lastBlock = u.block
		}
		// Links are sorted by block; hand out those of blocks up to here.
		for linkAt < len(links) && links[linkAt].Block <= lastBlock {
			p.Links = append(p.Links, links[linkAt])
			linkAt++
		}
		p.Text = strings.Join(texts, "\n\n")
		p.Tokens = est.Count(p.Text)
		pg.Parts = append(pg.Parts, p)
	}
	return pg
}

func renderUnits(blocks []Block, budget int, est *tokens.Estimator) []unit {
	var units []unit
	for i, b := range blocks {
		md := b.Markdown()
		if md == "" {
			continue
		}
		n := est.Count(md)
		if b.Kind == Heading {
			units = append(units, unit{block: i, text: md, tokens: n, heading: &HeadingRef{Level: clampLevel(b.Level), Text: headingText(b.Text)}})
			continue
		}
		// The headings just before go into the part with the block's
		// start (pack never ends a part with one), so that start leaves
		// them room.
		lead := 0
		if heads := trailingHeadings(units); len(heads) > 0 {
			lead = sumTokens(heads) + joinTokens
		}
		if n+lead <= budget || (n <= budget && (b.Kind == Code || b.Kind == Table)) {
			units = append(units, unit{block: i, text: md, tokens: n})
			continue
		}
		for _, piece := range splitOversized(b, budget, lead, est) {
			units = append(units, unit{block: i, text: piece, tokens: est.Count(piece)})
		}
	}
	return units
}

// trailingHeadings are the headings at the end of us.
func trailingHeadings(us []unit) []unit {
	_, carry := splitTrailingHeadings(us)
	return carry
}

// pack groups units into parts of at most budget tokens (one oversized unit
// may stand alone), never ending a part with a heading.
func pack(units []unit, budget int) [][]unit {
	var groups [][]unit
	var cur []unit
	used := 0
	for _, u := range units {
		full := used+joinCost(cur)+u.tokens > budget
		section := u.heading != nil && u.heading.Level <= 3 && float64(used) >= headingBreakFill*float64(budget)
		if len(cur) > 0 && (full || section) {
			keep, carry := splitTrailingHeadings(cur)
			if len(keep) > 0 {
				groups = append(groups, keep)
				cur, used = carry, sumTokens(carry)
			}
		}
		used += joinCost(cur) + u.tokens
		cur = append(cur, u)
	}
	if len(cur) > 0 {
		groups = append(groups, cur)
	}
	return groups
}

// joinTokens is what the blank line between two units of a part costs:
// two characters, at most a token at any ratio.
const joinTokens = 1

// joinCost is what joining one more unit to cur costs beyond its own.
func joinCost(cur []unit) int {
	if len(cur) == 0 {
		return 0
	}
	return joinTokens
}

// splitTrailingHeadings separates the headings at the end of a part, which
// belong with the text that follows them.
func splitTrailingHeadings(us []unit) (keep, carry []unit) {
	i := len(us)
	for i > 0 && us[i-1].heading != nil {
		i--
	}
	return us[:i], append([]unit(nil), us[i:]...)
}

// sumTokens is the tokens of us joined into a part.
func sumTokens(us []unit) int {
	n := 0
	for i, u := range us {
		n += joinCost(us[:i]) + u.tokens
	}
	return n
}
