package agent

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent/address"
	"github.com/scout-research/scout/backend/agent/checklist"
	"github.com/scout-research/scout/backend/agent/coverage"
	"github.com/scout-research/scout/backend/agent/opinion"
	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/page"
)

// Item, Finding and EarlierFinding are the checklist package's: the rules
// below the loop read them as values, and callers keep naming them here.
type (
	Item           = checklist.Item
	Finding        = checklist.Finding
	EarlierFinding = checklist.EarlierFinding
)

// state is everything a run knows, grouped by what it is about; it is
// rebuilt from the journal on resume (resume.go).
type state struct {
	turn   int
	conv   conversation // what the model is shown (conversation.go)
	page   *openPage    // the page the agent is on, nil before the first (openpage.go)
	record record       // what the run is for and what it found
	trail  trail        // what was searched, offered and opened
	counts counts       // the tallies that bound the run
	// account is the item-by-item coverage the last FINISH was judged on
	// (its own account, or the coverage check's answer): see adopt.
	account []coverageItem
}

func newState(objective string) state {
	return state{
		record: record{objective: objective},
		trail:  trail{searches: map[string]bool{}, seen: map[string]bool{}, visits: map[string]int{}, opened: map[string]bool{}},
	}
}

// record is the objective, the checklist split from it and the findings
// recorded for it.
type record struct {
	objective string
	checklist []Item
	findings  []Finding
}

// add numbers a finding, made on turn, and keeps it.
func (r *record) add(f Finding, turn int) Finding {
	f.Number, f.Turn = len(r.findings)+1, turn
	r.findings = append(r.findings, f)
	return f
}

// covering returns the findings tagged with item n.
func (r *record) covering(n int) []Finding { return coverage.Covering(r.findings, n) }

// ties is the tie rule over the run's checklist (agent/tie).
func (r *record) ties() tie.Rule { return tie.For(r.objective, r.checklist) }

// allCovered reports whether every checklist item has a finding recorded
// for it that code is sure of (for each of its things, when it asks about
// several): one the model recorded for it, or one whose words the tie
// rule is sure answer it; a tie by shared words alone is not enough (an
// opinion item needs no finding: the writer gives the view).
func (r *record) allCovered() bool {
	if len(r.checklist) == 0 {
		return false
	}
	t := r.ties()
	for i, it := range r.checklist {
		if opinion.Is(it.Text) {
			continue
		}
		sure := slices.DeleteFunc(r.covering(it.Number), func(f Finding) bool { return !certain(t, f, it.Number) })
		if len(sure) == 0 || len(coverage.Lacking(t.Asks[i], t, sure)) > 0 {
			return false // an item about two things is not covered by a finding about one
		}
	}
	return true
}

// openItems returns the checklist items no finding covers yet, opinion
// items aside.
func (r *record) openItems() []Item {
	var out []Item
	for _, it := range r.checklist {
		if !opinion.Is(it.Text) && len(r.covering(it.Number)) == 0 {
			out = append(out, it)
		}
	}
	return out
}

// status is one line per item: which findings cover it. Notes in the
// conversation name a covered item by number only (its text is in the
// conversation's start; what is missing is what the model must read
// about); a rebuilt prompt, which has no start, names every item in full.
func (r *record) status(full bool) string {
	type line struct {
		Item
		Findings []int
		Opinion  bool
		// Lacking are the things of an item about several that none of
		// its findings answers it for yet.
		Lacking []string
	}
	t := r.ties()
	lines := make([]line, len(r.checklist))
	for i, it := range r.checklist {
		lines[i].Item, lines[i].Opinion = it, opinion.Is(it.Text)
		covering := r.covering(it.Number)
		for _, f := range covering {
			lines[i].Findings = append(lines[i].Findings, f.Number)
		}
		if a := t.Asks[i]; len(covering) > 0 && len(a.Things) > 1 {
			lines[i].Lacking = coverage.Lacking(a, t, covering)
		}
	}
	return render("checklist-status", map[string]any{"Items": lines, "Full": full})
}

// trail is what the run searched, was offered and opened: what the SEARCH
// and NAVIGATE rules check an action against.
type trail struct {
	searches map[string]bool // normalised queries that worked
	seen     map[string]bool // URLs offered in results or links
	visits   map[string]int  // opens per URL, failed ones included
	opened   map[string]bool // pages that opened, by URL and final URL
	results  []string        // the last search's result URLs, by number (R1...)
	links    []string        // the part shown last's link URLs, by number (L1...)
	// titles are the offered addresses by their result titles and link
	// texts, as words: a small model may NAVIGATE by a title.
	titles map[string]string
	// shortTitles are the same by a title without its site's name ("Mount
	// Kilimanjaro" for "Mount Kilimanjaro - Wikipedia"), "" where two
	// addresses share one.
	shortTitles map[string]string
}

// offerTitle remembers an address by the title it was offered under, and
// by that title without the site's name after a " - " or " | ".
func (t *trail) offerTitle(title, u string) {
	if t.titles == nil {
		t.titles, t.shortTitles = map[string]string{}, map[string]string{}
	}
	if key := strings.Join(words.Of(title), " "); key != "" {
		t.titles[key] = u
	}
	for _, short := range []string{titleSite.ReplaceAllString(title, ""), titleRest.ReplaceAllString(title, "")} {
		key := strings.Join(words.Of(short), " ")
		if old, ok := t.shortTitles[key]; key == "" || short == title || (ok && old != u) {
			if ok && old != u {
				t.shortTitles[key] = ""
			}
			continue
		}
		t.shortTitles[key] = u
	}
}

// titleSite is a title's last " - Site" or " | Site"; titleRest everything
// from its first such separator.
var (
	titleSite = regexp.MustCompile(`\s+[-|–—·:]\s+[^-|–—·:]*$`)
	titleRest = regexp.MustCompile(`\s+[-|–—·:]\s+.*$`)
)

// offerResults numbers a search's results for NAVIGATE to name; Opened
// marks those open already, which a small model otherwise opens again.
// held says, of results read ahead, what each holds for the open items.
func (t *trail) offerResults(results []port.SearchResult, held map[string]string) []shownResult {
	t.results = t.results[:0]
	list := make([]shownResult, len(results))
	for i, r := range results {
		u := normalizeURL(r.URL)
		t.results = append(t.results, u)
		t.seen[u] = true
		t.offerTitle(r.Title, u)
		list[i] = shownResult{r, t.opened[u], held[r.URL]}
	}
	return list
}

// shownResult is a search result as the "searched" template shows it.
type shownResult struct {
	port.SearchResult
	Opened bool
	// Held is what the page holds for the open items, when read ahead.
	Held string
}

// offerLinks numbers the first maxLinksPerPart links of a part for
// NAVIGATE to name.
func (t *trail) offerLinks(links []page.Link) []shownLink {
	var out []shownLink
	t.links = t.links[:0]
	for _, l := range links {
		if len(out) == maxLinksPerPart {
			break
		}
		u := normalizeURL(l.URL)
		t.links = append(t.links, u)
		t.seen[u] = true
		t.offerTitle(l.Text, u)
		out = append(out, shownLink{len(out) + 1, l.Text, u})
	}
	return out
}

// shownLink is a link as the "part" template shows it.
type shownLink struct {
	N         int
	Text, URL string
}

// landed records that the visit to u opened, ending at final.
func (t *trail) landed(u, final string) {
	if final = normalizeURL(final); final != u {
		t.visits[final]++
		t.opened[final] = true
	}
	t.opened[u] = true
}

// resolve turns a URL or a result/link number ("R2", "L5") into an
// address, and reports whether it was offered. What a small model wraps
// around it is taken off (quotes, brackets, a Markdown link, a full stop
// after it, a sentence around one address), a result's title or a link's
// text stands for its address, and "the first result" for R1.
func (t *trail) resolve(param string) (string, bool) {
	if u := normalizeURL(unwrap(strings.TrimSpace(param))); strings.Contains(u, "://") && t.seen[u] {
		return u, true // as offered, full stop and all (Washington,_D.C.)
	}
	p := unwrap(trimTrailing(strings.TrimSpace(param)))
	if u, ok := address.Linked(p); ok {
		p = unwrap(u)
	}
	p = trimTrailing(p)
	if u, ok, isRef := t.ref(p, refPattern); isRef {
		return u, ok
	}
	u := normalizeURL(p)
	if bareNumber.MatchString(p) {
		// R2 or L2? Only when one list is on offer is it plain which.
		n, _ := strconv.Atoi(strings.TrimPrefix(p, "#"))
		if list := t.onlyList(); n >= 1 && n <= len(list) {
			return list[n-1], true
		}
		return u, false
	}
	if t.seen[u] {
		return u, true
	}
	if !strings.Contains(p, "/") {
		key := strings.Join(words.Of(p), " ")
		if byTitle, ok := t.titles[key]; ok {
			return byTitle, true
		}
		if byTitle := t.shortTitles[key]; byTitle != "" {
			return byTitle, true
		}
	}
	if offered := t.sameAddress(p); offered != "" {
		return offered, true
	}
	if u, ok, isRef := t.ref(p, refWithTitle); isRef { // "R2: its title", after any title that starts like one
		return u, ok
	}
	if m := refOrdinal.FindStringSubmatch(p); m != nil {
		if n, ok := partWords[strings.ToLower(m[1])]; ok {
			u, ok, _ := t.ref(fmt.Sprintf("%s%d", m[2], n), refPattern)
			return u, ok
		}
	}
	if us := anURL.FindAllString(p, 2); len(us) == 1 && us[0] != p { // "Open <address> for ..."
		return t.resolve(trimTrailing(us[0]))
	}
	return u, false
}

// ref reads a result or link number by pattern: its address, whether it
// is offered, and whether p is a number at all.
func (t *trail) ref(p string, pattern *regexp.Regexp) (u string, ok, isRef bool) {
	m := pattern.FindStringSubmatch(p)
	if m == nil {
		return "", false, false
	}
	n, _ := strconv.Atoi(m[2])
	list := t.results
	if k := strings.ToLower(m[1]); k == "l" || k == "link" {
		list = t.links
	}
	if n >= 1 && n <= len(list) {
		return list[n-1], true, true
	}
	return "", false, true
}

// onlyList is the one list of numbered addresses on offer, results or
// links, or nil when both or neither are.
func (t *trail) onlyList() []string {
	switch {
	case len(t.links) == 0:
		return t.results
	case len(t.results) == 0:
		return t.links
	}
	return nil
}

// sameAddress is the one offered address that p names as a model copies
// it: without its scheme or "www.", with https for http, a slash at the
// end, or tracking parameters added ("?utm_source=..."). It is "" when
// none or several are.
func (t *trail) sameAddress(p string) string {
	key := address.Key(p)
	if key == "" {
		return ""
	}
	found := ""
	for u := range t.seen {
		if address.Key(u) == key {
			if found != "" && found != u {
				return ""
			}
			found = u
		}
	}
	return found
}

var (
	refPattern   = regexp.MustCompile(`^(?i)(R|L|result|link)\s*#?\s*(\d+)$`)
	refWithTitle = regexp.MustCompile(`^(?i)(R|L|result|link)\s*#?\s*(\d+)(?:\s*[:(,–—-]|\s)\s*\S`)
	// refOrdinal: "the first result", "second link".
	refOrdinal = regexp.MustCompile(`^(?i)(?:the\s+)?(\w+)\s+(?:search\s+)?(result|link)\b`)
	// anURL is an address inside a sentence.
	anURL      = regexp.MustCompile(`https?://[^\s<>"'\[\]()]+(?:\([^\s()]*\)[^\s<>"'\[\]()]*)*`)
	bareNumber = regexp.MustCompile(`^#?\d+$`)
)

// trimTrailing takes off the punctuation a sentence puts after an
// address, keeping a closing bracket that has its opening one
// (Mercury_(planet)).
func trimTrailing(p string) string {
	for p != "" {
		last := p[len(p)-1]
		switch {
		case strings.IndexByte(".,;:!?'\"", last) >= 0:
			p = p[:len(p)-1]
		case last == ')' && strings.Count(p, "(") < strings.Count(p, ")"):
			p = p[:len(p)-1]
		default:
			return p
		}
	}
	return p
}

// unwrap removes one pair of wrapping brackets or quotes: "<url>",
// "[R2]", "'url'"; a URL ending in ")" (Mercury_(planet)) keeps it.
func unwrap(p string) string {
	pairs := map[byte]byte{'<': '>', '[': ']', '(': ')', '"': '"', '\'': '\''}
	for len(p) >= 2 && pairs[p[0]] != 0 && p[len(p)-1] == pairs[p[0]] {
		p = strings.TrimSpace(p[1 : len(p)-1])
	}
	return p
}

// counts are the tallies that bound a run (limits.go has the bounds).
type counts struct {
	sent          sendBacks // every send-back (sendbacks.go)
	skippedInARow int       // turns skipped for unusable replies, in a row
	sinceFinding  int       // turns since the last new finding
	searchFails   int       // searches failed in a row
}

// searched counts searches failed in a row, and returns the error that
// ends the run when there were too many (with the last failure, which
// tells the user what to do) or when the browser is gone.
func (c *counts) searched(err error) error {
	if err == nil {
		c.searchFails = 0
		return nil
	}
	c.searchFails++
	if c.searchFails >= maxSearchFailures {
		return searchDown(c.searchFails, err)
	}
	return browserGone(err)
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
	return strings.Join(words.Of(q), " ")
}
