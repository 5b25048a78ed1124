package fakeweb

import (
	"html"
	"html/template"
	"strings"
	"unicode"
)

// result is one entry of the query table.
type result struct {
	path    string // a fixture page, made absolute for each request
	url     string // an outside address, used as is when path is empty
	title   string
	snippet string
}

// hit is a result made ready for one request and one query.
type hit struct {
	URL     string // the absolute target
	Title   string
	Snippet string        // plain text
	Bold    template.HTML // the snippet with the query's words in <b>, as search engines show it
	Display string        // the target without its scheme
}

var (
	kilimanjaroResults = []result{
		{path: "/wiki/Mount_Kilimanjaro", title: "Mount Kilimanjaro - Worldpedia",
			snippet: "Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa, rising to 5,895 metres (19,341 ft) at Uhuru Peak on its Kibo cone."},
		{path: "/wiki/Mount_Kenya", title: "Mount Kenya - Worldpedia",
			snippet: "Mount Kenya is the highest mountain in Kenya and the second-highest in Africa, after Kilimanjaro. Its highest peak, Batian, stands at 5,199 m (17,057 ft)."},
		{url: "https://travel.example.com/africa/kilimanjaro-facts", title: "Kilimanjaro facts: how tall is Africa's highest peak? | Travel Example",
			snippet: "Africa's tallest mountain rises to roughly 5,900 metres. What to know before you plan a climb, from the routes to the driest months to go."},
	}
	kenyaResults  = []result{kilimanjaroResults[1], kilimanjaroResults[0]}
	coffeeResults = []result{
		{path: "/guide/brew-pour-over-coffee", title: "How to brew pour-over coffee in six steps | Daily Grind Guides",
			snippet: "A pour over coffee needs only a dripper, a filter, fresh beans and water just off the boil. Weigh, rinse, bloom, pour in circles and wait."},
		{url: "https://beans.example.net/learn/pour-over-ratio", title: "The best pour over coffee ratio, explained - Beans Example",
			snippet: "Most people like one gram of coffee to fifteen or sixteen grams of water. Start there and adjust to taste."},
	}
	fetchResults = []result{
		{path: "/docs/fetch-api", title: "Fetch API reference - fetchkit documentation",
			snippet: "The fetch API of fetchkit downloads a page with a deadline, follows redirects and returns the body, status and final URL. Parameters, examples and errors."},
	}
	hiddenResults = []result{
		{path: "/hidden-text", title: "Tide pools of the northern coast - Shoreline Notes",
			snippet: "A short guide to tide pools, with some hidden surprises in the page itself."},
	}
	errorResults = []result{
		{path: "/status/404", title: "Page not found", snippet: "The page you were looking for errors out with a 404."},
		{path: "/status/403", title: "Access denied", snippet: "This site blocks automated visitors and answers errors with 403."},
		{path: "/status/500", title: "Internal server error", snippet: "Something went wrong on our side: the server errors with 500."},
		{path: "/redirect-loop", title: "A page that never arrives", snippet: "Redirects back and forth forever; browsers report too many redirects errors."},
	}
	privateResults = []result{
		{path: "/private-links", title: "Useful network addresses - Home Lab Notes",
			snippet: "A list of private and local addresses from a home network, handy for router and server setup."},
	}
	pdfResults = []result{
		{path: "/files/report.pdf", title: "[PDF] Fixture report", snippet: "Fixture report. A one-page pdf document."},
		{path: "/pdf-link", title: "Annual fixture report - download page", snippet: "Download the report as a pdf file."},
	}
	slowResults     = []result{{path: "/slow?ms=5000", title: "A slow page", snippet: "This slow page takes five seconds to answer."}}
	bigResults      = []result{{path: "/big", title: "The harbour ledger: a very long record", snippet: "A big page of five megabytes: the whole ledger of a harbour."}}
	latin1Results   = []result{{path: "/latin1", title: "Café Müller - Speisekarte", snippet: "A small café menu page encoded in windows-1252, with prices in euros."}}
	redirectResults = []result{
		{path: "/redirect-once", title: "Mount Kenya (moved)", snippet: "This address redirects once to the Mount Kenya article."},
		errorResults[3],
	}
)

// queries is the query table: a normalised query to its results, best first.
// Any other query has no results.
var queries = map[string][]result{
	"tallest mountain in africa":   kilimanjaroResults,
	"highest mountain in africa":   kilimanjaroResults,
	"kilimanjaro height":           kilimanjaroResults,
	"mount kilimanjaro":            kilimanjaroResults,
	"mount kenya":                  kenyaResults,
	"pour over coffee":             coffeeResults,
	"how to brew pour over coffee": coffeeResults,
	"fetch api":                    fetchResults,
	"hidden":                       hiddenResults,
	"errors":                       errorResults,
	"private":                      privateResults,
	"pdf":                          pdfResults,
	"slow page":                    slowResults,
	"big page":                     bigResults,
	"windows-1252":                 latin1Results,
	"latin1":                       latin1Results,
	"redirect":                     redirectResults,
}

// finder finds the hits for query on a site whose pages are under base,
// best first: the fixture web's query table (lookup) or a site's BM25
// index (see site.go).
type finder func(query, base string) []hit

// normalise makes a query comparable: lower case, trimmed, single spaces.
func normalise(q string) string {
	return strings.Join(strings.Fields(strings.ToLower(q)), " ")
}

// lookup returns the fixture web's hits for query, from the query table,
// with fixture pages under base.
func lookup(query, base string) []hit {
	words := queryWords(query)
	var hits []hit
	for _, res := range queries[normalise(query)] {
		u := res.url
		if res.path != "" {
			u = base + res.path
		}
		hits = append(hits, hit{
			URL:     u,
			Title:   res.title,
			Snippet: res.snippet,
			Bold:    embolden(res.snippet, words),
			Display: display(u),
		})
	}
	return hits
}

// display is an address as a results page shows it: without its scheme.
func display(u string) string {
	return strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
}

// minBoldLen keeps "in", "to" and the like plain, as engines do.
const minBoldLen = 3

// queryWords returns the words of a query worth putting in bold.
func queryWords(query string) map[string]bool {
	words := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(query)) {
		if len([]rune(w)) >= minBoldLen {
			words[w] = true
		}
	}
	return words
}

// embolden escapes text and puts each word found in words in <b>, leaving
// the punctuation around it plain.
func embolden(text string, words map[string]bool) template.HTML {
	var b strings.Builder
	for i, tok := range strings.Fields(text) {
		if i > 0 {
			b.WriteString(" ")
		}
		core := strings.TrimFunc(tok, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if core == "" || !words[strings.ToLower(core)] {
			b.WriteString(html.EscapeString(tok))
			continue
		}
		start := strings.Index(tok, core)
		b.WriteString(html.EscapeString(tok[:start]))
		b.WriteString("<b>" + html.EscapeString(core) + "</b>")
		b.WriteString(html.EscapeString(tok[start+len(core):]))
	}
	return template.HTML(b.String())
}
