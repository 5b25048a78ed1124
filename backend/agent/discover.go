package agent

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/scout-research/scout/backend/agent/attribution"
	"github.com/scout-research/scout/backend/agent/ground"
	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/lang"
	"github.com/scout-research/scout/backend/rank"
)

// The rules for DISCOVER. A finding is judged as a claim: the item numbers
// and text it gives, against the text of the page parts shown. Each rule
// is a pure function; the turn (turn.go) calls them in order and records a
// finding they all accept.

// claim is a DISCOVER's finding as its rules judge it.
type claim struct {
	items []int
	// inferred: the model named no checklist item that exists, or none
	// the finding can answer, and items are what the finding's words
	// serve (agent/tie).
	inferred bool
	// notFor are the items the model named that the finding cannot answer
	// (agent/tie), with why: the model is told, and they are not recorded.
	notFor   []notFor
	text     string
	page     *openPage // nil when no page is open
	pageText string    // every part shown
	quote    string    // the stretch of page text the finding matches
	score    float64   // the share of text's word pairs found there
	// asked are the words of the objective and checklist: a list's label
	// that echoes them ("Height:") is the model's, not a name to check.
	asked string
}

// notFor is an item a DISCOVER named that its finding cannot answer.
type notFor struct {
	Item int
	Why  string
}

// claimOn reads a DISCOVER as a claim on the open page p. The items the
// model names are kept when they exist and the finding may answer them
// (it names their thing and gives what they ask); when it names none
// that does (a real small model often writes just the finding), they are
// inferred from the finding's words and its thought beside them
// (tie.InferWithThought). l is the run's record as the rules read it.
func claimOn(act Action, p *openPage, objective string, l ledger) claim {
	c := claim{page: p, asked: objective}
	for _, it := range l.checklist {
		c.asked += " " + it.Text
	}
	named, text := parseDiscover(act.Param)
	c.text = attribution.ListAsBullets(attribution.Off(text, p.named()))
	if p != nil {
		c.pageText = p.shownText()
		ev := ground.In(c.text, p.text)
		c.quote, c.score = ev.Quote, ev.Score
	}
	draft, t := c.draft(), l.ties
	for _, n := range named {
		if n < 1 || n > len(l.checklist) || slices.Contains(c.items, n) || slices.ContainsFunc(c.notFor, func(x notFor) bool { return x.Item == n }) {
			continue
		}
		if tied, why := t.Of(draft, n); tied == tie.None {
			c.notFor = append(c.notFor, notFor{n, whyNot(why)})
			continue
		}
		c.items = append(c.items, n)
	}
	if len(c.items) == 0 && c.text != "" {
		c.inferred = true
		covered := func(n int) bool { return len(l.covering(n)) > 0 }
		c.items = tie.InferWithThought(draft, act.Thought, l.checklist, t, covered)
	}
	return c
}

// draft is the finding the claim would record, as the tie rule reads it.
func (c claim) draft() Finding {
	if c.page == nil {
		return Finding{Text: c.text}
	}
	f := Finding{Text: c.text, Title: c.page.page.Title}
	f.Headings = c.page.headingsAt(c.page.partOf(c.quote), c.quote)
	return f
}

// finding is the claim as a finding with its evidence, for the act step
// to record.
func (c claim) finding() *Finding {
	if c.page == nil {
		return nil
	}
	f := c.draft()
	f.Items, f.URL, f.Part, f.Quote, f.Inferred = c.items, c.page.url, c.page.partOf(c.quote), c.quote, c.inferred
	return &f
}

// findingRule: a finding comes from an open page and says something.
func findingRule(c claim) verdict {
	switch {
	case c.page == nil:
		return refuse(RefusalNoPage, "no-page-to-discover", nil)
	case c.text == "":
		return refuse(RefusalEmptyFinding, "empty-finding", nil)
	}
	return verdict{}
}

// duplicateRule: a finding says something no earlier finding says; word
// pairs see through rewording and reordering, and a new number is new.
func duplicateRule(c claim, findings []Finding) verdict {
	for _, f := range findings {
		if words.Overlap(words.Pairs(words.Of(c.text)), words.Pairs(words.Of(f.Text))) >= duplicateOverlap && !newNumbers(c.text, f.Text) {
			return refuse(RefusalDuplicate, "duplicate", f.Number)
		}
	}
	return verdict{}
}

// groundRule: a finding is in the page's words. One far from anything on
// the page is refused, naming the objective's words the parts read never
// mention; one near a page sentence is sent back once, quoting it (warned
// holds the findings sent back so).
func groundRule(c claim, objective string, warned map[string]bool) verdict {
	key := normalizeQuery(c.text)
	switch {
	case c.score < ground.Refuse:
		return verdict{kind: RefusalUngrounded, note: render("ungrounded", map[string]string{"Closest": "", "Unseen": unseenTerms(objective, c.pageText)})}
	case c.score < ground.Accept && !warned[key]:
		v := confirm(RefusalLooseWording, "ground-retry", map[string]string{"Closest": clip(c.quote, maxQuoteChars)})
		v.key, v.quotesPage = key, c.quote != ""
		return v
	}
	return verdict{}
}

// notOnPageRule: a finding's numbers and names are on the page. A page
// sentence with an invented clause scores high on word pairs; its numbers
// and names give it away.
func notOnPageRule(c claim) verdict {
	if absent := notOnPage(c.text, c.pageText, c.asked); len(absent) > 0 {
		return refuse(RefusalNotOnPage, "not-on-page", strings.Join(absent, ", "))
	}
	return verdict{}
}

// notOnPage lists the numbers and capitalised names of text that the page
// text does not contain. The words of a list's labels ("- Height: ...")
// count as the page's when asked (the objective and checklist) has them:
// the model echoes the item it answers. A label naming anything else
// ("Everest: ...") is checked like any name.
func notOnPage(text, pageText, asked string) []string {
	have := map[string]bool{}
	for _, w := range words.Of(pageText) {
		have[w] = true
	}
	echoed := map[string]bool{}
	for _, w := range words.Of(asked) {
		echoed[w] = true
	}
	text = lineLabels.ReplaceAllStringFunc(text, func(label string) string {
		for _, w := range words.Of(label) {
			if !have[w] && !echoed[w] {
				return label
			}
		}
		return lineLabels.ReplaceAllString(label, "$1")
	})
	haveNum := map[string]bool{}
	page := lang.Of(pageText) // the finding quotes the page: its numbers are written as the page writes them
	for _, n := range words.Numbers(pageText) {
		for _, k := range words.NumberReadings(n, page) {
			haveNum[k] = true
		}
	}
	var absent []string
	for _, n := range words.Numbers(text) {
		if k := words.NumberKey(n, page); !haveNum[k] && !slices.Contains(absent, k) {
			absent = append(absent, strings.TrimRight(n, ".,"))
		}
	}
	for i, w := range strings.Fields(text) {
		name := strings.Trim(w, ".,;:!?()\"'“”‘’[]")
		if i == 0 || len([]rune(name)) < 3 || !unicode.IsUpper([]rune(name)[0]) {
			continue
		}
		for _, part := range words.Of(name) {
			if !have[part] && !slices.Contains(absent, name) {
				absent = append(absent, name)
			}
		}
	}
	return absent
}

// lineLabels are the labels a model puts before the page's words in a
// list ("- Height: 5,895 m"). The bullet or number before one is kept.
var lineLabels = regexp.MustCompile(`(?m)^(\s*(?:[-*•]|\d+[.)])?\s*)[\p{L}][\p{L}\d']*(?:\s+[\p{L}\d']+){0,3}\s*:\s`)

// unseenTerms names the objective's words that the parts read so far never
// mention, so the model knows to read on rather than guess.
func unseenTerms(objective, pageText string) string {
	have := map[string]bool{}
	for _, t := range tie.Terms(pageText) {
		have[t] = true
	}
	var missing []string
	for _, w := range words.Of(objective) {
		if len(w) < minUnseenTermChars || rank.IsStopWord(w) || slices.Contains(missing, w) {
			continue
		}
		// Compared as grounding and inference compare words: "meters" is
		// on a page that says "metres", "tall" on one that says "highest".
		if ts := tie.Terms(w); len(ts) > 0 && !have[ts[0]] {
			missing = append(missing, w)
		}
	}
	if len(missing) > maxUnseenTerms {
		missing = missing[:maxUnseenTerms]
	}
	return strings.Join(missing, ", ")
}

// newNumbers reports whether text states a number that old does not: a
// finding of the same shape about another value is new information.
func newNumbers(text, old string) bool {
	have := map[string]bool{}
	for _, n := range words.Numbers(old) {
		for _, k := range words.NumberReadings(n, lang.Of(old)) {
			have[k] = true
		}
	}
	for _, n := range words.Numbers(text) {
		if !have[words.NumberKey(n, lang.Of(text))] {
			return true
		}
	}
	return false
}

// itemsPrefix reads "[1,2] text", "[1][2] text", "1, 2: text", "(items 1
// and 2) text" or "Items 1-3: text".
var itemsPrefix = regexp.MustCompile(`^\s*(?:((?:[\[(]\s*(?i:items?\s*)?` + itemNumbers + `\s*[\])]\s*)+)[:.\-–]?|(?i:items?\s*)(` + itemNumbers + `)\s*[:.\-–]|(\d+(?:\s*(?:,|-|–)\s*\d+)*)\s*:)(?:\s+|$)`)

// itemNumbers is a list of item numbers: "1, 2 and 3", "1-3", "2 to 4".
const itemNumbers = `\d+(?:\s*(?:,|and|&|-|–|to)\s*\d+)*`

// itemRange is a range in a list of item numbers.
var itemRange = regexp.MustCompile(`(\d+)\s*(?:-|–|to)\s*(\d+)`)

// parseDiscover splits "[1,2] text" (or "(1) text", "items 1 and 2: text",
// "1, 2: text", "[1-3] text") into item numbers and the finding. A finding
// that merely starts with a number ("3 free tools are...", "1990-2000:
// the years of...") keeps it.
func parseDiscover(param string) (items []int, text string) {
	m := itemsPrefix.FindStringSubmatchIndex(param)
	if m == nil {
		return nil, strings.TrimSpace(param)
	}
	for g := 1; g <= 3; g++ {
		if m[2*g] < 0 {
			continue
		}
		list := param[m[2*g]:m[2*g+1]]
		for _, r := range itemRange.FindAllStringSubmatch(list, -1) {
			lo, _ := strconv.Atoi(r[1])
			hi, _ := strconv.Atoi(r[2])
			if lo < 1 || hi < lo || hi > maxChecklistItems {
				return nil, strings.TrimSpace(param) // years, not items
			}
			for n := lo; n <= hi; n++ {
				items = append(items, n)
			}
		}
		for _, f := range digitsPattern.FindAllString(itemRange.ReplaceAllString(list, ""), -1) {
			n, _ := strconv.Atoi(f)
			items = append(items, n)
		}
	}
	return items, strings.TrimSpace(param[m[1]:])
}

var digitsPattern = regexp.MustCompile(`\d+`)
