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
	pg := Page{URL: doc.URL, Title: oneLine(doc.Title), Truncated: doc.Truncated}
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
			units = append(units, unit{block: i, text: md, tokens: n, heading: &HeadingRef{Level: clampLevel(b.Level), Text: oneLine(b.Text)}})
			continue
		}
		if n <= budget {
			units = append(units, unit{block: i, text: md, tokens: n})
			continue
		}
		for _, piece := range splitOversized(b, budget, est) {
			units = append(units, unit{block: i, text: piece, tokens: est.Count(piece)})
		}
	}
	return units
}

// pack groups units into parts of at most budget tokens (one oversized unit
// may stand alone), never ending a part with a heading.
func pack(units []unit, budget int) [][]unit {
	var groups [][]unit
	var cur []unit
	used := 0
	for _, u := range units {
		full := used+u.tokens > budget
		section := u.heading != nil && u.heading.Level <= 3 && float64(used) >= headingBreakFill*float64(budget)
		if len(cur) > 0 && (full || section) {
			keep, carry := splitTrailingHeadings(cur)
			if len(keep) > 0 {
				groups = append(groups, keep)
				cur, used = carry, sumTokens(carry)
			}
		}
		cur = append(cur, u)
		used += u.tokens
	}
	if len(cur) > 0 {
		groups = append(groups, cur)
	}
	return groups
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

func sumTokens(us []unit) int {
	n := 0
	for _, u := range us {
		n += u.tokens
	}
	return n
}
