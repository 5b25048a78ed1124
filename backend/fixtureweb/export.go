package fixtureweb

import (
	"io"
	"strings"
)

// Result is a search result to render in DuckDuckGo's markup.
type Result struct {
	URL, Title, Snippet string
}

// WriteDuckDuckGoHTML writes a results page in html.duckduckgo.com's
// markup for query, with results linked through DuckDuckGo's redirect and
// one ad on top, as the real endpoint serves them. action is the path the
// page's search form posts to. Other fake webs (the benchmark's) reuse it.
func WriteDuckDuckGoHTML(w io.Writer, query, action string, results []Result) error {
	page := ddgPage{Query: query, Action: action}
	words := queryWords(query)
	for _, r := range results {
		h := hit{URL: r.URL, Title: r.Title, Snippet: r.Snippet, Bold: embolden(r.Snippet, words),
			Display: strings.TrimPrefix(strings.TrimPrefix(r.URL, "https://"), "http://")}
		page.Hits = append(page.Hits, ddgResult{hit: h, Link: ddgRedirect(r.URL)})
	}
	if len(page.Hits) > 0 {
		page.Ad = ddgAd(query)
	}
	return ddgHTMLPage.Execute(w, page)
}
