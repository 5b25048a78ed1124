package browser

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/content"
	"github.com/scout-research/scout/backend/internal/corpus"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/tokens"
)

// The real-page corpus (testdata/corpus) read through the real browser:
// the walker's visible DOM, then package content's choice of the main
// content, then the parts the model is shown.

// Floors on the pages the test reads in the browser: the figures reached
// there when the reader was built on a main-content library, a little
// below, so that a real loss fails and noise does not.
const (
	floorBrowserArticleF1     = 0.93
	floorBrowserArticleRecall = 0.93
	floorBrowserSnippetF1     = 0.85
)

// browserSample: the test reads one page in browserSampleEvery of the
// corpus (make bench reads them all).
const browserSampleEvery = 6

// TestReaderOnRealPagesInTheBrowser holds the whole reader, walker
// included, to its floor on a sample of the real-page corpus.
func TestReaderOnRealPagesInTheBrowser(t *testing.T) {
	pages, err := corpus.Load(corpus.Dir)
	if err != nil {
		t.Fatal(err)
	}
	results := readCorpus(t, corpusSample(pages))
	a, s := corpus.Measure(results)
	if testing.Verbose() {
		corpus.Report(os.Stdout, "Scout's reader in the browser (a sample)", results, 5)
	}
	if a.F1 < floorBrowserArticleF1 || a.Recall < floorBrowserArticleRecall {
		t.Errorf("articles: F1 %.3f, recall %.3f; the floor is F1 %.2f, recall %.2f", a.F1, a.Recall, floorBrowserArticleF1, floorBrowserArticleRecall)
	}
	if s.F1 < floorBrowserSnippetF1 {
		t.Errorf("snippets: F1 %.3f; the floor is %.2f", s.F1, floorBrowserSnippetF1)
	}
}

// BenchmarkReaderCorpus prints the reader's figures on the whole corpus,
// beside the library's alone on the pages as saved, and the pages read
// worst. Nothing is asserted: the test above holds the floor.
func BenchmarkReaderCorpus(b *testing.B) {
	pages, err := corpus.Load(corpus.Dir)
	if err != nil {
		b.Fatal(err)
	}
	if testing.Short() {
		pages = corpusSample(pages) // make test only checks that it runs
	}
	for i := 0; i < b.N; i++ {
		results := readCorpus(b, pages)
		var alone []corpus.Result
		for _, p := range pages {
			text := strings.Join(strings.Fields(content.LibraryText(p.HTML(), "https://corpus.test/")), " ")
			alone = append(alone, corpus.Result{Page: p, Got: text})
		}
		corpus.Report(os.Stdout, "Scout's reader (walker, main content, parts)", results, 12)
		corpus.Report(os.Stdout, "go-readability alone, on the pages as saved", alone, 0)
	}
}

// corpusSample is one page in browserSampleEvery of the corpus.
func corpusSample(pages []corpus.Page) []corpus.Page {
	var sample []corpus.Page
	for i, p := range pages {
		if i%browserSampleEvery == 0 {
			sample = append(sample, p)
		}
	}
	return sample
}

// readCorpus opens each page in a session of its own browser, whose guard
// allows the corpus server only.
func readCorpus(tb testing.TB, pages []corpus.Page) []corpus.Result {
	tb.Helper()
	byPath := map[string]corpus.Page{}
	for _, p := range pages {
		byPath["/"+p.Set+"/"+p.Name+".html"] = p
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := byPath[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", p.ContentType())
		_, _ = w.Write(p.Raw)
	}))
	defer srv.Close()
	s := corpusSession(tb, srv.URL)
	var results []corpus.Result
	for path, p := range byPath {
		v, err := s.Open(context.Background(), srv.URL+path)
		if err != nil {
			tb.Logf("%s: %v", path, err)
			results = append(results, corpus.Result{Page: p})
			continue
		}
		results = append(results, corpus.Result{Page: p, Got: shownText(v.Doc), Whole: v.Doc.Whole})
	}
	return results
}

// corpusSession opens a session that reaches the corpus server only. The
// saved pages' scripts, styles and pictures are on their own sites, which
// a test cannot reach: their requests fail at once rather than after a
// wait for a network that is not there.
func corpusSession(tb testing.TB, origin string) *Session {
	tb.Helper()
	guard := &netguard.Guard{}
	guard.Allow(origin)
	s, err := realBrowser(tb).NewSessionGuarded(guard)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	err = s.bc.Route("**", func(r playwright.Route) {
		if strings.HasPrefix(r.Request().URL(), origin) {
			_ = r.Continue()
		} else {
			_ = r.Abort()
		}
	})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// shownText is a page as the model is shown it at the design point's
// context: all its parts, joined.
func shownText(doc page.Document) string {
	var sb strings.Builder
	for _, part := range page.Split(doc, page.PartBudget(goldenContext), &tokens.Estimator{}).Parts {
		sb.WriteString(part.Text + "\n\n")
	}
	return sb.String()
}
