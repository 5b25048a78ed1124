package agent

import (
	"regexp"
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent/attribution"
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/rank"
	"github.com/scout-research/scout/backend/tokens"
)

// openPage is the page the agent is on: its parts, which were read, and
// what the rules remember about it.
type openPage struct {
	url  string
	doc  page.Document // as read, to split anew for a smaller context
	page page.Page
	read map[int]bool
	// shown is the part shown last.
	shown int
	// text is every part shown so far, for grounding findings (kept as
	// shown, even when the page is split anew).
	text         []string
	findings     int          // findings recorded from this page
	partFindings map[int]bool // parts findings were recorded from
	confirmed    bool         // asked once before leaving with nothing recorded
	// holds are the parts that hold something for the items open when the
	// page was opened (ahead.go); leaving the page, or reading on from a
	// part, that holds nothing is not questioned.
	holds map[int]bool
	// confirmedPart is the part the model was asked about before reading on.
	confirmedPart int
	ranked        *rank.Index // the parts as stems, for partHints
}

func newOpenPage(u string, doc page.Document, pg page.Page) *openPage {
	return &openPage{url: u, doc: doc, page: pg, read: map[int]bool{}, partFindings: map[int]bool{}}
}

// show marks part n read and shown, keeps its text for grounding, and
// returns it.
func (p *openPage) show(n int) page.Part {
	part := p.page.Parts[n-1]
	p.read[n] = true
	p.shown = n
	p.text = append(p.text, part.Text)
	return part
}

// named is the page as a finding may name it, nil when no page is open.
func (p *openPage) named() *attribution.Page {
	if p == nil {
		return nil
	}
	return &attribution.Page{URL: p.url, Title: p.page.Title}
}

// shownText is the text of every part shown, for grounding findings.
func (p *openPage) shownText() string { return strings.Join(p.text, "\n") }

// recorded counts a finding recorded from part n.
func (p *openPage) recorded(n int) {
	p.findings++
	p.partFindings[n] = true
}

// partOf returns the first read part whose text holds quote, else the part
// shown last.
func (p *openPage) partOf(quote string) int {
	for _, part := range p.page.Parts {
		if quote != "" && p.read[part.Number] && strings.Contains(part.Text, quote) {
			return part.Number
		}
	}
	return p.shown
}

// headingsAt returns the headings quote stands under in part n, nearest
// first, each above the one before it: the headings of the part's text
// before the quote, then the heading the part continues under.
func (p *openPage) headingsAt(n int, quote string) []string {
	if n < 1 || n > len(p.page.Parts) {
		return nil
	}
	part := p.page.Parts[n-1]
	text := part.Text
	if i := strings.Index(text, quote); quote != "" && i >= 0 {
		text = text[:i]
	}
	var out []string
	level := 7 // deeper than any heading
	lines := strings.Split(text, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		m := headingLine.FindStringSubmatch(lines[i])
		if m != nil && len(m[1]) < level {
			level = len(m[1])
			out = append(out, strings.TrimSpace(m[2]))
		}
	}
	if part.Context != "" && level > 1 && !slices.Contains(out, part.Context) {
		out = append(out, part.Context)
	}
	return out
}

var headingLine = regexp.MustCompile(`^(#{1,6})\s+(.+)$`)

// resplit splits the page anew into parts of budget tokens, as after the
// context turned out smaller. The parts read and those with findings
// carry over by their text, and the part shown is the one that holds the
// old one's start (mapParts), else the first.
func (p *openPage) resplit(budget int, est *tokens.Estimator) {
	old := p.page
	p.page = page.Split(p.doc, budget, est)
	if p.page.Title == "" {
		p.page.Title = old.Title
	}
	p.ranked = nil
	shownStart := ""
	if p.shown > 0 {
		shownStart = probe(old.Parts[p.shown-1].Text)
	}
	read, found, shown := mapParts(p.page.Parts, joinedParts(old, p.read), joinedParts(old, p.partFindings), shownStart)
	p.read, p.partFindings, p.shown, p.confirmedPart = read, found, max(shown, 1), 0
}

// mapParts carries what was known of a page's parts in one split over to
// parts, another split of it: a part counts as read only when readText
// (the parts read before, in page order) holds all of it, and as having
// findings when foundText does; shown is the first part holding
// shownStart, the start of the part shown last, or 0 when none does.
func mapParts(parts []page.Part, readText, foundText, shownStart string) (read, found map[int]bool, shown int) {
	read, found = map[int]bool{}, map[int]bool{}
	for _, part := range parts {
		read[part.Number] = strings.Contains(readText, part.Text)
		found[part.Number] = strings.Contains(foundText, part.Text)
		if shown == 0 && shownStart != "" && strings.Contains(part.Text, shownStart) {
			shown = part.Number
		}
	}
	return read, found, shown
}

// probe is the start of a part's text that identifies it in another split.
func probe(text string) string { return text[:min(len(text), resplitProbe)] }

// joinedParts is the text of the chosen parts in page order, joined as
// Split joins blocks, so a new part spanning two of them is found whole.
func joinedParts(pg page.Page, chosen map[int]bool) string {
	var texts []string
	for _, part := range pg.Parts {
		if chosen[part.Number] {
			texts = append(texts, part.Text)
		}
	}
	return strings.Join(texts, "\n\n")
}

// index is the page's parts as stems, built on first use.
func (p *openPage) index() *rank.Index {
	if p.ranked == nil {
		p.ranked = &rank.Index{}
		for _, part := range p.page.Parts {
			p.ranked.Add(partTerms(part))
		}
	}
	return p.ranked
}

// partTerms are a part's stems for ranking, its headings' counted
// headingWeight times.
func partTerms(part page.Part) []string {
	terms := rank.Stems(part.Text)
	for _, h := range part.Headings {
		for i := 0; i < headingWeight; i++ {
			terms = append(terms, rank.Stems(h.Text)...)
		}
	}
	return terms
}

// pageFacts is what the page rules read of the open page (rules.go): its
// address and parts, which parts were read and shown, and what was
// recorded from it and asked about it. It is a copy: a rule reads the
// page and cannot change it. The zero value is no page open.
type pageFacts struct {
	open          bool
	url           string
	parts         []page.Part
	read          map[int]bool
	shown         int
	findings      int
	partFindings  map[int]bool
	confirmed     bool
	confirmedPart int
	holds         map[int]bool
}

// facts is the page as the rules read it; no page open when p is nil.
func (p *openPage) facts() pageFacts {
	if p == nil {
		return pageFacts{}
	}
	return pageFacts{open: true, url: p.url, parts: p.page.Parts, read: p.read, shown: p.shown, findings: p.findings,
		partFindings: p.partFindings, confirmed: p.confirmed, confirmedPart: p.confirmedPart, holds: p.holds}
}
