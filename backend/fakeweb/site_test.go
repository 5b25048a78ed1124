package fakeweb

import (
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// meruSite writes a small site of three pages, one of them the answer.
func meruSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	pages := map[string]string{
		"mount-meru": `<html><head><title>Mount Meru - Peaks of Tanzania</title></head><body><nav><a href="{{base}}/factual/arusha">Arusha</a></nav><main><h1>Mount Meru</h1>
<p>Mount Meru is a dormant stratovolcano in the Arusha Region of Tanzania.</p><p>Its summit, Socialist Peak, makes Mount Meru 4,562 metres high, the second highest in the country.</p></main><footer>Peaks of Tanzania</footer></body></html>`,
		"arusha":    `<html><head><title>Arusha National Park</title></head><body><main><h1>Arusha National Park</h1><p>The park covers Mount Meru's slopes and the Momella lakes.</p><p>Visitors often confuse Meru with its neighbour Kilimanjaro.</p></main></body></html>`,
		"meru-trek": `<html><head><title>Trekking Meru: a blog</title></head><body><main><h1>Our trek</h1><p>We climbed Meru in four days; our guide claimed the summit stands at 4,565 metres, but the map disagreed.</p></main></body></html>`,
	}
	for slug, body := range pages {
		if err := os.WriteFile(filepath.Join(dir, slug+".html"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A site's search ranks its pages by relevance, with the sentence that
// holds the query's words as the snippet, as engines show; without a
// match, the text after the title.
func TestSiteSearchRanksByRelevance(t *testing.T) {
	dir := meruSite(t)
	w := New("")
	if err := w.AddSite("factual", dir); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(w)
	defer srv.Close()
	_, body := get(t, srv.URL+SearchPath("factual")+"?q="+url.QueryEscape("Mount Meru height metres"))
	got := targets(t, htmlResult, body)
	if len(got) == 0 || got[0] != srv.URL+"/factual/mount-meru" {
		t.Fatalf("ranking %v", got)
	}
	if !strings.Contains(string(body), "Its summit, Socialist Peak, makes <b>Mount</b> <b>Meru</b> 4,562 <b>metres</b> high") {
		t.Errorf("the first result's snippet is not the sentence with the query's words:\n%s", body)
	}
	_, body = get(t, srv.URL+SearchPath("factual")+"?q=zebra")
	if got := targets(t, htmlResult, body); len(got) != 0 {
		t.Fatalf("a word on no page matched: %v", got)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "mount-meru.html"))
	if err != nil {
		t.Fatal(err)
	}
	meru := readSitePage(string(raw))
	if got := snippet(meru, "zebra"); strings.HasPrefix(got, "Mount Meru - Peaks of Tanzania") || got == "" {
		t.Errorf("snippet without a match %q", got)
	}
}

// A site's pages are served with their links made absolute; other paths,
// on a web without fixtures, are plain 404s.
func TestSitePages(t *testing.T) {
	w := New("")
	if err := w.AddSite("factual", meruSite(t)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(w)
	defer srv.Close()
	resp, body := get(t, srv.URL+"/factual/mount-meru")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != htmlType || !strings.Contains(string(body), `href="`+srv.URL+`/factual/arusha"`) {
		t.Errorf("page: status %d, type %q, body %.200q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	for _, path := range []string{"/factual/nowhere", "/wiki/Mount_Kilimanjaro", "/"} {
		if resp, _ := get(t, srv.URL+path); resp.StatusCode != 404 {
			t.Errorf("%s: status %d, want 404", path, resp.StatusCode)
		}
	}
	if err := w.AddSite("empty", t.TempDir()); err == nil {
		t.Error("a site without pages was added")
	}
}
