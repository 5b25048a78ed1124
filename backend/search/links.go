package search

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/plain"
)

// resultURL turns the href of a DuckDuckGo result link into the page it
// leads to. DuckDuckGo wraps targets in a click-tracking redirect,
// //duckduckgo.com/l/?uddg=<escaped target>&rut=..., written
// protocol-relative, absolute or relative to the results page; newer pages
// link results directly. It reports false for ads (the y.js redirect),
// DuckDuckGo's own search and result pages, and anything that does not end
// at an http(s) URL. A page DuckDuckGo hosts (its help pages) is a result
// like any other.
func resultURL(href string) (string, bool) {
	href = strings.TrimSpace(href)
	if strings.HasPrefix(href, "//") {
		href = "https:" + href
	}
	u, err := url.Parse(href)
	if err != nil {
		return "", false
	}
	if u.Host != "" && !isDuckDuckGoHost(u.Hostname()) {
		return httpURL(u)
	}
	switch path := strings.TrimSuffix(u.Path, "/"); {
	case path == "/l":
		return redirectTarget(u)
	case u.Host == "" || path == "" || path == "/y.js" || path == "/html" || path == "/lite":
		return "", false // relative, a search, an ad or a results page
	}
	return httpURL(u)
}

// redirectTarget decodes the uddg parameter of a DuckDuckGo redirect.
func redirectTarget(u *url.URL) (string, bool) {
	target := strings.TrimSpace(u.Query().Get("uddg"))
	if strings.HasPrefix(target, "//") {
		target = "https:" + target
	}
	t, err := url.Parse(target)
	if err != nil {
		return "", false
	}
	return httpURL(t)
}

// httpURL accepts absolute http and https URLs only.
func httpURL(u *url.URL) (string, bool) {
	scheme := strings.ToLower(u.Scheme)
	if (scheme != "http" && scheme != "https") || u.Host == "" {
		return "", false
	}
	return u.String(), true
}

// isDuckDuckGoHost reports whether host belongs to DuckDuckGo.
func isDuckDuckGoHost(host string) bool {
	host = strings.ToLower(host)
	return host == "duckduckgo.com" || strings.HasSuffix(host, ".duckduckgo.com")
}

// cleanText trims text, collapses each run of whitespace to one space and
// drops terminal escapes and invisible controls (package plain): every
// result's title and snippet passes here, from either provider.
func cleanText(s string) string {
	return strings.Join(strings.Fields(plain.Text(s)), " ")
}

// capText cuts s to n characters, ending with "…" when cut; never before a
// mark that belongs to the character before it (the cut moves past it).
func capText(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	count := 0
	for i, r := range s {
		if count >= n-1 && !unicode.Is(unicode.M, r) && r != 0x200D {
			return strings.TrimSpace(s[:i]) + "…"
		}
		count++
	}
	return s
}

// collector gathers results in order, dropping repeats of a URL and
// filling in a missing title.
type collector struct {
	seen    map[string]bool
	results []port.SearchResult
}

// add keeps r unless its URL was seen before. A result without a title
// keeps its URL as the title, so the model still has something to read.
func (c *collector) add(r port.SearchResult) {
	if c.seen == nil {
		c.seen = make(map[string]bool)
	}
	if r.URL == "" || len(r.URL) > maxResultURL || c.seen[r.URL] {
		return
	}
	c.seen[r.URL] = true
	r.Title, r.Snippet = capText(cleanText(r.Title), maxResultTitle), capText(cleanText(r.Snippet), maxResultSnippet)
	if r.Title == "" {
		r.Title = r.URL
	}
	c.results = append(c.results, r)
}

// list returns the results collected, never nil, so "no results"
// marshals as [] rather than null.
func (c *collector) list() []port.SearchResult {
	if c.results == nil {
		return []port.SearchResult{}
	}
	return c.results
}
