package fakeweb

import (
	"fmt"
	"html"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/scout-research/scout/backend/rank"
)

// A site is a folder of HTML pages served under /<name>/, each at
// /<name>/<file name without .html>, searched through the DuckDuckGo
// imitation at SearchPath(name), which ranks its pages by BM25 so a model
// can search it in its own words: the benchmark's frozen web is one site
// per task. Links between pages are written {{base}}/<name>/<slug> in the
// files, as the fixture pages write theirs.

// sitePage is one page of a site: its file as written, and its title and
// text for the index and the snippets.
type sitePage struct {
	title, body string
	raw         string
}

// site is a site's pages by path ("/<name>/<slug>") and their index.
type site struct {
	pages map[string]sitePage
	index siteIndex
}

var (
	titleTag = regexp.MustCompile(`(?is)<title>(.*?)</title>`)
	scripts  = regexp.MustCompile(`(?is)<(script|style|nav|header|footer)\b.*?</(script|style|nav|header|footer)>`)
	anyTag   = regexp.MustCompile(`(?s)<[^>]+>`)
)

// SearchPath is the DuckDuckGo HTML endpoint of the site name.
func SearchPath(name string) string { return "/" + name + DuckDuckGoHTMLPath }

// AddSite serves the pages in dir (its *.html files) as the site name.
func (w *Web) AddSite(name, dir string) error {
	files, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	if len(files) == 0 {
		return fmt.Errorf("no pages (*.html) in %s", dir)
	}
	s := &site{pages: map[string]sitePage{}}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		p := readSitePage(string(data))
		path := "/" + name + "/" + strings.TrimSuffix(filepath.Base(f), ".html")
		s.pages[path] = p
		s.index.add(path, p.title, p.body)
	}
	w.mux.HandleFunc("GET /"+name+"/{slug}", s.serve)
	w.handleDuckDuckGo("/"+name+searchPrefix, s.find)
	return nil
}

// readSitePage reads a page's title and its text without tags, scripts or
// page chrome.
func readSitePage(raw string) sitePage {
	p := sitePage{raw: raw}
	if m := titleTag.FindStringSubmatch(raw); m != nil {
		p.title = html.UnescapeString(strings.TrimSpace(m[1]))
	}
	p.body = strings.Join(strings.Fields(html.UnescapeString(anyTag.ReplaceAllString(scripts.ReplaceAllString(raw, " "), " "))), " ")
	return p
}

// serve answers with a page of the site, its links made absolute.
func (s *site) serve(rw http.ResponseWriter, r *http.Request) {
	p, ok := s.pages[r.URL.Path]
	if !ok {
		http.NotFound(rw, r)
		return
	}
	rw.Header().Set("Content-Type", htmlType)
	fmt.Fprint(rw, strings.ReplaceAll(p.raw, basePlaceholder, baseURL(r)))
}

// maxHits is what one results page shows, as DuckDuckGo's does.
const maxHits = 10

// find is the site's finder: its pages ranked by BM25 for query.
func (s *site) find(query, base string) []hit {
	words := queryWords(query)
	var hits []hit
	for _, path := range s.index.search(query) {
		if len(hits) == maxHits {
			break
		}
		p := s.pages[path]
		u := base + path
		snip := snippet(p, query)
		hits = append(hits, hit{URL: u, Title: p.title, Snippet: snip, Bold: embolden(snip, words), Display: display(u)})
	}
	return hits
}

// snippetWords is about what a DuckDuckGo result shows of a page.
const snippetWords = 30

// snippet is the page's sentence that holds the most of the query's words,
// clipped, as search engines show: the snippet is where a model sees
// whether a result is worth opening. Without a match, the start of the text
// after the title.
func snippet(p sitePage, query string) string {
	q := map[string]bool{}
	for _, w := range rank.Words(query) {
		q[w] = true
	}
	best, bestHits := "", 0
	for _, sentence := range sentenceSplit.Split(p.body, -1) {
		seen := map[string]bool{}
		for _, w := range rank.Words(sentence) {
			if q[w] {
				seen[w] = true
			}
		}
		hits := len(seen) // distinct query words: a name repeated is not a better match
		if hits > bestHits {
			best, bestHits = sentence, hits
		}
	}
	if best == "" {
		best = strings.TrimSpace(strings.TrimPrefix(p.body, p.title))
	}
	return clipWords(best, snippetWords)
}

var sentenceSplit = regexp.MustCompile(`[.!?]\s+`)

func clipWords(s string, n int) string {
	w := strings.Fields(s)
	if len(w) > n {
		w = append(w[:n], "…")
	}
	return strings.Join(w, " ")
}
