package bench

import (
	"fmt"
	"html"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/scout-research/scout/backend/fixtureweb"
	"github.com/scout-research/scout/backend/rank"
)

// Site serves every task's pages at /<task>/<slug> and a DuckDuckGo-like
// search per task at /<task>/search/html/ that ranks its pages by BM25.
type Site struct {
	pages map[string]page // "/<task>/<slug>" -> page
	index map[string]*siteIndex
}

type page struct {
	title, body string
	raw         string
}

var (
	titleTag = regexp.MustCompile(`(?is)<title>(.*?)</title>`)
	scripts  = regexp.MustCompile(`(?is)<(script|style|nav|header|footer)\b.*?</(script|style|nav|header|footer)>`)
	anyTag   = regexp.MustCompile(`(?s)<[^>]+>`)
)

// NewSite loads the pages of tasks.
func NewSite(tasks []Task) (*Site, error) {
	s := &Site{pages: map[string]page{}, index: map[string]*siteIndex{}}
	for _, t := range tasks {
		files, _ := filepath.Glob(filepath.Join(t.dir, "pages", "*.html"))
		if len(files) == 0 {
			return nil, fmt.Errorf("task %s has no pages", t.ID)
		}
		ix := &siteIndex{}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			raw := string(data)
			p := page{raw: raw}
			if m := titleTag.FindStringSubmatch(raw); m != nil {
				p.title = html.UnescapeString(strings.TrimSpace(m[1]))
			}
			p.body = strings.Join(strings.Fields(html.UnescapeString(anyTag.ReplaceAllString(scripts.ReplaceAllString(raw, " "), " "))), " ")
			path := "/" + t.ID + "/" + strings.TrimSuffix(filepath.Base(f), ".html")
			s.pages[path] = p
			ix.add(path, p.title, p.body)
		}
		s.index[t.ID] = ix
	}
	return s, nil
}

// snippetWords is about what a DuckDuckGo result shows of a page.
const snippetWords = 30

// snippet is the page's sentence that holds the most of the query's words,
// clipped, as search engines show: the snippet is where a model sees
// whether a result is worth opening. Without a match, the start of the text
// after the title.
func snippet(p page, query string) string {
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

// SearchPath is the search endpoint of a task.
func SearchPath(taskID string) string { return "/" + taskID + "/search/html/" }

// maxHits is what one results page shows, as DuckDuckGo's does.
const maxHits = 10

func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	base := "http://" + r.Host
	if task, ok := strings.CutSuffix(r.URL.Path, "/search/html/"); ok {
		ix := s.index[strings.TrimPrefix(task, "/")]
		if ix == nil {
			http.NotFound(w, r)
			return
		}
		var results []fixtureweb.Result
		for _, path := range ix.search(r.FormValue("q")) {
			if len(results) == maxHits {
				break
			}
			p := s.pages[path]
			results = append(results, fixtureweb.Result{URL: base + path, Title: p.title, Snippet: snippet(p, r.FormValue("q"))})
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = fixtureweb.WriteDuckDuckGoHTML(w, r.FormValue("q"), r.URL.Path, results)
		return
	}
	p, ok := s.pages[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, strings.ReplaceAll(p.raw, "{{base}}", base))
}
