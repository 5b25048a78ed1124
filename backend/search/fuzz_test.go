package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParseDuckDuckGoHTML feeds arbitrary documents to both parsers: they
// must never panic, and whatever they return must keep the package's
// promises (http(s) URLs, no repeats, clean text).
func FuzzParseDuckDuckGoHTML(f *testing.F) {
	pages, _ := filepath.Glob(filepath.Join(fixtureDir, "ddg_*.html"))
	for _, p := range pages {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add(resultDiv("web-result", "//duckduckgo.com/l/?uddg=%2F%2F%2F&rut=", "<b>", "</a>"))
	f.Add(`<div class="result"><a class="result__a" href="/l/?uddg=http%3A%2F%2F%5B%3A%3A1%5D">x</a></div>`)
	f.Add("<table>" + liteRows("", "//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.example", "a", "b") + "</table>")
	f.Fuzz(func(t *testing.T, doc string) {
		for _, parse := range []parser{ParseDuckDuckGoHTML, ParseDuckDuckGoLite} {
			results, _, err := parse(doc)
			if err != nil {
				continue
			}
			seen := map[string]bool{}
			for _, r := range results {
				if !strings.HasPrefix(r.URL, "http://") && !strings.HasPrefix(r.URL, "https://") {
					t.Errorf("result URL %q is not http(s)", r.URL)
				}
				if seen[r.URL] {
					t.Errorf("URL %q repeated", r.URL)
				}
				seen[r.URL] = true
				if r.Title == "" || r.Title != cleanText(r.Title) || r.Snippet != cleanText(r.Snippet) {
					t.Errorf("text not clean: %+v", r)
				}
			}
		}
	})
}
