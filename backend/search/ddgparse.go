package search

import (
	"strings"

	"github.com/scout-research/scout/backend/agent/port"
	"golang.org/x/net/html"
)

// challengePhrase is the line DuckDuckGo's bot check shows, lower-cased.
const challengePhrase = "bots use duckduckgo too"

// ParseDuckDuckGoHTML reads the results page of html.duckduckgo.com: each
// organic result is an element of class "result" holding an a.result__a
// (title and link) and an a.result__snippet. Ads are dropped, redirect
// links decoded, repeated URLs dropped. challenged reports bot-check markup
// outside the results; the caller decides what that means when results
// were found too.
func ParseDuckDuckGoHTML(doc string) (results []port.SearchResult, challenged bool, err error) {
	var c collector
	challenged, err = scan(doc, func(n *html.Node) bool {
		if !hasClass(n, "result") {
			return false
		}
		if r, ok := htmlResult(n); ok {
			c.add(r)
		}
		return true
	})
	if err != nil {
		return nil, false, err
	}
	return c.list(), challenged, nil
}

// htmlResult reads one div.result; ok is false for ads and for results
// without a usable link.
func htmlResult(n *html.Node) (r port.SearchResult, ok bool) {
	if hasClassPrefix(n, "result--ad") {
		return port.SearchResult{}, false
	}
	link := find(n, func(e *html.Node) bool { return e.Data == "a" && hasClass(e, "result__a") })
	if link == nil {
		return port.SearchResult{}, false
	}
	u, ok := resultURL(attr(link, "href"))
	if !ok {
		return port.SearchResult{}, false
	}
	r = port.SearchResult{Title: textOf(link), URL: u}
	if s := find(n, func(e *html.Node) bool { return hasClass(e, "result__snippet") }); s != nil {
		r.Snippet = textOf(s)
	}
	return r, true
}

// ParseDuckDuckGoLite reads the results page of lite.duckduckgo.com, a
// table where each a.result-link (title and link) is followed, a row or two
// later, by its td.result-snippet. Sponsored rows and ad links are dropped,
// redirect links decoded, repeated URLs dropped. challenged is as for
// ParseDuckDuckGoHTML.
func ParseDuckDuckGoLite(doc string) (results []port.SearchResult, challenged bool, err error) {
	var found []port.SearchResult
	current := -1 // index in found of the link a snippet would belong to
	challenged, err = scan(doc, func(n *html.Node) bool {
		switch {
		case n.Data == "a" && hasClass(n, "result-link"):
			current = -1
			if u, ok := resultURL(attr(n, "href")); ok && !inSponsoredRow(n) {
				found = append(found, port.SearchResult{Title: textOf(n), URL: u})
				current = len(found) - 1
			}
			return true
		case hasClass(n, "result-snippet"):
			if current >= 0 && found[current].Snippet == "" {
				found[current].Snippet = textOf(n)
			}
			return true
		}
		return false
	})
	if err != nil {
		return nil, false, err
	}
	var c collector
	for _, r := range found {
		c.add(r)
	}
	return c.list(), challenged, nil
}

func inSponsoredRow(n *html.Node) bool {
	return hasAncestor(n, func(e *html.Node) bool { return hasClass(e, "result-sponsored") })
}

// scan parses doc and calls visit on every element in document order; when
// visit returns true, scan does not look inside that element. It reports
// whether the rest of the page carries DuckDuckGo's bot-check markup: the
// challenge form, the anomaly modal or its wording. Result text is never
// looked at for that, so a search for the wording itself is not a "block".
func scan(doc string, visit func(*html.Node) bool) (challenged bool, err error) {
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		return false, err
	}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			if strings.Contains(strings.ToLower(cleanText(n.Data)), challengePhrase) {
				challenged = true
			}
			return
		case html.ElementNode:
			if n.Data == "script" || n.Data == "style" {
				return
			}
			if attr(n, "id") == "challenge-form" || hasClassPrefix(n, "anomaly-modal") {
				challenged = true
			}
			if visit(n) {
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return challenged, nil
}
