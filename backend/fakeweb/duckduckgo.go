package fakeweb

import (
	"crypto/sha256"
	"encoding/hex"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// ddgResult is a hit as DuckDuckGo links it.
type ddgResult struct {
	hit
	Link string // the address the result's anchors point to
}

// ddgPage is what the HTML and lite templates are given.
type ddgPage struct {
	Query  string
	Action string // the form's target: the path the request came to
	Ad     *ddgResult
	Hits   []ddgResult
}

// handleDuckDuckGo serves the imitations of DuckDuckGo's HTML and lite
// results pages at prefix+"html/" and prefix+"lite/", both with and without
// the final slash, GET and POST, as DuckDuckGo does; find gives the
// results. The HTML page imitates html.duckduckgo.com/html/. The lite page
// imitates lite.duckduckgo.com/lite/, which has linked results both
// straight and through its redirect over the years: every other result
// takes each form, so a parser must handle both.
func (w *Web) handleDuckDuckGo(prefix string, find finder) {
	html := func(rw http.ResponseWriter, r *http.Request) {
		w.serveDuckDuckGo(rw, r, find, ddgHTMLPage, "html", func(int) bool { return true })
	}
	lite := func(rw http.ResponseWriter, r *http.Request) {
		w.serveDuckDuckGo(rw, r, find, ddgLitePage, "lite", func(i int) bool { return i%2 == 1 })
	}
	w.mux.HandleFunc(prefix+"html/{$}", html)
	w.mux.HandleFunc(prefix+"html", html)
	w.mux.HandleFunc(prefix+"lite/{$}", lite)
	w.mux.HandleFunc(prefix+"lite", lite)
}

// serveDuckDuckGo answers a search with tmpl, or with the bot challenge
// when one is pending. wrapped says which results link through
// duckduckgo.com/l/ rather than straight to the target.
func (w *Web) serveDuckDuckGo(rw http.ResponseWriter, r *http.Request, find finder, tmpl *template.Template, variant string, wrapped func(i int) bool) {
	query := r.FormValue("q")
	rw.Header().Set("Content-Type", htmlType)
	if w.takeChallenge() {
		serveChallenge(rw, query, variant)
		return
	}
	page := ddgPage{Query: query, Action: r.URL.Path}
	hits := find(query, baseURL(r))
	// The Next button posts s, the number of results already shown.
	if s, err := strconv.Atoi(r.FormValue("s")); err == nil && s > 0 {
		hits = hits[min(s, len(hits)):]
	}
	for i, h := range hits {
		link := h.URL
		if wrapped(i) {
			link = ddgRedirect(h.URL)
		}
		page.Hits = append(page.Hits, ddgResult{hit: h, Link: link})
	}
	if len(page.Hits) > 0 {
		page.Ad = ddgAd(query)
	}
	tmpl.Execute(rw, page)
}

// ddgRedirect wraps target in DuckDuckGo's click-through redirect, with a
// rut token derived from the target as the real one looks.
func ddgRedirect(target string) string {
	return "//duckduckgo.com/l/?uddg=" + url.QueryEscape(target) + "&rut=" + rut(target)
}

func rut(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// adDomain is the advertiser of the one ad above every results list.
const adDomain = "deals.example.net"

// ddgAd returns the sponsored result DuckDuckGo puts above the results;
// its link goes through the ad click tracker, never to a fixture page.
func ddgAd(query string) *ddgResult {
	query = strings.Join(strings.Fields(query), " ")
	target := "https://" + adDomain + "/search?q=" + url.QueryEscape(query)
	link := "https://duckduckgo.com/y.js?ad_domain=" + adDomain +
		"&ad_provider=bingv7aa&ad_type=txad&rut=" + rut(target) + "&u3=" + url.QueryEscape(target)
	snippet := "Compare prices for " + query + " and save. Free delivery on orders over 50."
	return &ddgResult{
		hit: hit{
			URL: target, Title: "Deals on " + query + " - Up to 70% off today",
			Snippet: snippet, Bold: embolden(snippet, queryWords(query)), Display: adDomain,
		},
		Link: link,
	}
}
