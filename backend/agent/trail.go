package agent

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent/address"
	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/page"
)

// trail is what the run searched, was offered and opened: what the SEARCH
// and NAVIGATE rules check an action against.
type trail struct {
	searches map[string]bool // normalised queries that worked
	offered  []offer         // the addresses offered in results or links, oldest first
	visits   map[string]int  // opens per URL, failed ones included
	opened   map[string]bool // pages that opened, by URL and final URL
	results  []string        // the last search's result URLs, by number (R1...)
	links    []string        // the part shown last's link URLs, by number (L1...)
}

// offer is an address offered to the model, with the title or link text
// it was offered under as words (a small model may NAVIGATE by a title),
// and that title as words without its site's name after a " - " or " | ",
// cut at its last such separator and at its first ("Mount Kilimanjaro"
// for "Mount Kilimanjaro - Wikipedia"). The keys are worked out as the
// address is offered, as a search's words are, and are "" where there is
// none: an address the run learned another way (followed up, or from the
// journal of a resumed run) has no title.
type offer struct {
	url, key string
	short    [2]string
}

// addOffer remembers an address as offered under title.
func (t *trail) addOffer(u, title string) {
	o := offer{url: u, key: titleKey(title)}
	for i, short := range []string{titleSite.ReplaceAllString(title, ""), titleRest.ReplaceAllString(title, "")} {
		if short != title {
			o.short[i] = titleKey(short)
		}
	}
	t.offered = append(t.offered, o)
}

// seen reports whether u was offered.
func (t *trail) seen(u string) bool {
	return slices.ContainsFunc(t.offered, func(o offer) bool { return o.url == u })
}

// titleKey is a title as words, as a model's NAVIGATE is matched to it.
func titleKey(title string) string { return strings.Join(words.Of(title), " ") }

// byTitle is the address offered last under a title that is key as words.
func (t *trail) byTitle(key string) (string, bool) {
	for i := len(t.offered) - 1; i >= 0; i-- {
		if o := t.offered[i]; o.key != "" && o.key == key {
			return o.url, true
		}
	}
	return "", false
}

// byShortTitle is the one address offered under a title whose short form
// is key; "" when none or several addresses are.
func (t *trail) byShortTitle(key string) string {
	found := ""
	for _, o := range t.offered {
		if !slices.Contains(o.short[:], key) {
			continue
		}
		if found != "" && found != o.url {
			return ""
		}
		found = o.url
	}
	return found
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
		t.addOffer(u, r.Title)
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
		t.addOffer(u, l.Text)
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
	if u := normalizeURL(unwrap(strings.TrimSpace(param))); strings.Contains(u, "://") && t.seen(u) {
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
	if t.seen(u) {
		return u, true
	}
	if key := titleKey(p); !strings.Contains(p, "/") && key != "" {
		if byTitle, ok := t.byTitle(key); ok {
			return byTitle, true
		}
		if byTitle := t.byShortTitle(key); byTitle != "" {
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
	for _, o := range t.offered {
		if address.Key(o.url) == key {
			if found != "" && found != o.url {
				return ""
			}
			found = o.url
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
