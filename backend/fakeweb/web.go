// Package fakeweb is Scout's one fake web, for the unit tests, for trying
// the app by hand (make fixtures) and for the benchmark. It is never part
// of the app.
//
// Web serves it over HTTP. At its root, the fixture web: encyclopedia
// articles with all their page chrome, a how-to, a documentation page,
// hidden text, error pages, a slow page, a redirect loop, a 5 MB page, a
// windows-1252 page, a PDF, links to private addresses, tabbed code, web
// components, oklch colours, plain-text, Markdown and CSV files, and
// imitations of DuckDuckGo (HTML and lite, with its bot check) and SearXNG
// whose results, from a query table, point at those pages. Beside it, sites
// (AddSite): folders of pages under /<name>/ with the same DuckDuckGo
// imitation ranking them by BM25, one per benchmark task.
//
// The fixture pages live as files in the repository's testdata/web and are
// read on every request, so an edited page shows without a restart. Every
// link to the fake web is written as {{base}} in the files and made
// absolute with the scheme and host of the incoming request, so the same
// handler works on any port.
//
// A World is a fake web in memory, of pages given as blocks: served as
// HTML for the real browser, or visited directly by the Fake browser,
// which the agent's tests use. RunConformance is the contract both
// browsers pass, so the fake cannot drift from what Chromium reads.
package fakeweb

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// Web is the fixture web: an http.Handler. It is safe for concurrent use.
type Web struct {
	dir string
	mux *http.ServeMux

	mu         sync.Mutex
	challenges int // search requests still to answer with the bot challenge
}

// New returns the fake web with the fixture pages in dir (the
// repository's testdata/web) at its root. With dir "" it is a web of sites
// only (see AddSite), which answers any other path with a plain 404.
func New(dir string) *Web {
	w := &Web{dir: dir, mux: http.NewServeMux()}
	if dir != "" {
		w.routes()
	}
	return w
}

// ServeHTTP serves one request.
func (w *Web) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	w.mux.ServeHTTP(rw, r)
}

// ChallengeNext makes the next n DuckDuckGo search requests (HTML or lite)
// answer with DuckDuckGo's bot challenge instead of results. It replaces any
// count still pending, so ChallengeNext(0) cancels.
func (w *Web) ChallengeNext(n int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.challenges = max(n, 0)
}

// takeChallenge reports whether this search request is to be challenged,
// counting it off.
func (w *Web) takeChallenge() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.challenges == 0 {
		return false
	}
	w.challenges--
	return true
}

// Start serves a new fake web for dir on a loopback httptest server. The
// server is also closed when the test ends, so closing it early is optional.
func Start(t testing.TB, dir string) (*Web, *httptest.Server) {
	t.Helper()
	w := New(dir)
	srv := httptest.NewServer(w)
	t.Cleanup(srv.Close)
	return w, srv
}
