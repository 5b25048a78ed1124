package agent

import (
	"github.com/scout-research/scout/backend/rank"
	"github.com/scout-research/scout/backend/tokens"
	"net/url"
	"strings"

	"github.com/scout-research/scout/backend/page"
)

// Item is one thing the result must contain, from the checklist call.
type Item struct {
	Number int    `json:"number"`
	Text   string `json:"text"`
}

// Finding is a recorded piece of information with its evidence.
type Finding struct {
	Number int    `json:"number"`
	Turn   int    `json:"turn"`
	Text   string `json:"text"`
	URL    string `json:"url"`
	Title  string `json:"title"`
	Part   int    `json:"part"`
	Items  []int  `json:"items"`
	// Quote is the page sentence(s) closest to Text, verbatim, found by
	// the grounding check: what a reader checks the finding against.
	Quote string `json:"quote"`
}

// openPage is the page the agent is on.
type openPage struct {
	url   string
	doc   page.Document // as read, to split anew for a smaller context
	page  page.Page
	read  map[int]bool
	shown int // the part shown last
	// text is every part shown so far, for grounding findings (kept as
	// shown, even when the page is split anew).
	text         []string
	findings     int          // findings recorded from this page
	partFindings map[int]bool // parts findings were recorded from
	confirmed    bool         // asked once before leaving with nothing recorded
	// confirmedPart is the part the model was asked about before reading on.
	confirmedPart int
	ranked        *rank.Index // the parts as stems, for partHints
}

// state is everything a run knows; it is rebuilt from the journal on resume.
type state struct {
	objective string
	checklist []Item
	findings  []Finding
	turn      int

	searches map[string]bool // normalised queries
	seen     map[string]bool // URLs offered in results or links
	visits   map[string]int  // opens per URL, failed ones included
	opened   map[string]bool // pages that opened, by URL and final URL
	results  []string        // the last search's result URLs, by number
	links    []string        // the current part's link URLs, by number
	current  *openPage
	journal  []string // one compact line per turn

	sinceFinding   int    // turns since the last new finding
	newFinding     bool   // this turn recorded a finding
	lastObs        string // the last turn's observation, kept for rebuilds
	retriesUsed    int
	notCoveredSent int
	gapSendBacks   int
	groundWarned   map[string]bool // findings sent back once for grounding
	skippedInARow  int
	pending        *Finding // a DISCOVER that passed the checks
	finishGaps     []gap    // what the accepted FINISH left uncovered
	// resplit: the open page was split anew for a smaller context, and
	// the next rebuilt prompt shows its part instead of the old text.
	resplit bool

	refused     map[string]bool // actions refused since the last accepted one
	repeats     int             // refusals of an action refused before
	searchFails int             // searches failed in a row
	ended       error           // ends the run after this turn (endings.go)
}

func newState(objective string) *state {
	return &state{
		objective:    objective,
		searches:     map[string]bool{},
		seen:         map[string]bool{},
		visits:       map[string]int{},
		opened:       map[string]bool{},
		groundWarned: map[string]bool{},
	}
}

// normalizeURL is the key for seen and visit counts: the fragment is not
// part of the page, the query string is.
func normalizeURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return strings.TrimSpace(raw)
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String()
}

// normalizeQuery makes "Tallest  mountain, Africa?" and "tallest mountain
// africa" the same search.
func normalizeQuery(q string) string {
	return strings.Join(words(q), " ")
}

// covering returns the findings tagged with item n.
func (s *state) covering(n int) []Finding {
	var out []Finding
	for _, f := range s.findings {
		for _, it := range f.Items {
			if it == n {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// allCovered reports whether every checklist item has a finding.
func (s *state) allCovered() bool {
	for _, it := range s.checklist {
		if len(s.covering(it.Number)) == 0 {
			return false
		}
	}
	return len(s.checklist) > 0
}

// resplit splits the page anew into parts of budget tokens, as after the
// context turned out smaller. A new part counts as read (and its text as
// known) only when the parts read before hold all of it, and as having
// findings when the parts with findings do; the part shown is the one
// where the old shown part began.
func (p *openPage) resplit(budget int, est *tokens.Estimator) {
	old := p.page
	p.page = page.Split(p.doc, budget, est)
	if p.page.Title == "" {
		p.page.Title = old.Title
	}
	p.ranked = nil
	readText, foundText := joinedParts(old, p.read), joinedParts(old, p.partFindings)
	read, found := map[int]bool{}, map[int]bool{}
	shownStart := ""
	if p.shown > 0 {
		t := old.Parts[p.shown-1].Text
		shownStart = t[:min(len(t), resplitProbe)]
	}
	shown := 0
	for _, part := range p.page.Parts {
		read[part.Number] = strings.Contains(readText, part.Text)
		found[part.Number] = strings.Contains(foundText, part.Text)
		if shown == 0 && shownStart != "" && strings.Contains(part.Text, shownStart) {
			shown = part.Number
		}
	}
	p.read, p.partFindings, p.shown, p.confirmedPart = read, found, max(shown, 1), 0
}

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

// resplitProbe is how much of a part's start identifies it in another
// split of the same page.
const resplitProbe = 80

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
