package search

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// scriptedFetcher serves its pages in order, one per Fetch, and records the
// URLs asked for.
type scriptedFetcher struct {
	pages   []Page
	fetched []string
	// onFetch, when set, runs before each fetch (to cancel a context, say).
	onFetch func()
}

func (f *scriptedFetcher) Fetch(ctx context.Context, url string) (Page, error) {
	f.fetched = append(f.fetched, url)
	if f.onFetch != nil {
		f.onFetch()
	}
	if len(f.pages) == 0 {
		return Page{}, errors.New("scriptedFetcher: no page left for " + url)
	}
	p := f.pages[0]
	f.pages = f.pages[1:]
	p.URL = url
	return p, nil
}

// waitRecorder is a Wait that returns at once and records the delays.
type waitRecorder struct{ delays []time.Duration }

func (w *waitRecorder) wait(ctx context.Context, d time.Duration) error {
	w.delays = append(w.delays, d)
	return ctx.Err()
}

func TestDuckDuckGoSearch(t *testing.T) {
	const (
		base  = "http://127.0.0.1:8089/search/html/"
		query = "tallest mountain in africa"
		html  = "http://127.0.0.1:8089/search/html/?q=tallest+mountain+in+africa"
		lite  = "http://127.0.0.1:8089/search/lite/?q=tallest+mountain+in+africa"
	)
	var (
		results    = Page{Status: 200, HTML: fixture(t, "ddg_html_results.html")}
		noResults  = Page{Status: 200, HTML: fixture(t, "ddg_html_no_results.html")}
		challenge  = Page{Status: 200, HTML: fixture(t, "ddg_html_challenge.html")}
		accepted   = Page{Status: 202, HTML: fixture(t, "ddg_html_challenge.html")}
		acceptedNo = Page{Status: 202, HTML: fixture(t, "ddg_html_no_results.html")}
		liteOK     = Page{Status: 200, HTML: fixture(t, "ddg_lite_results.html")}
		failed     = Page{Status: 500, HTML: "<h1>Internal Server Error</h1>"}
		many       = Page{Status: 200, HTML: manyResults(15)}
	)
	tests := []struct {
		name        string
		pages       []Page
		wantFetched []string
		wantWaits   int
		wantCount   int   // results expected when wantErr is nil
		wantErr     error // a kind for errors.Is
	}{
		{"results first time", []Page{results}, []string{html}, 0, 6, nil},
		{"no results is not blocked", []Page{noResults}, []string{html}, 0, 0, nil},
		{"status unknown is read", []Page{{HTML: results.HTML}}, []string{html}, 0, 6, nil},
		{"challenge then results", []Page{challenge, results}, []string{html, html}, 1, 6, nil},
		{"202 then results", []Page{accepted, results}, []string{html, html}, 1, 6, nil},
		{"202 without challenge markup is blocked", []Page{acceptedNo, results}, []string{html, html}, 1, 6, nil},
		{"blocked then no results", []Page{challenge, noResults}, []string{html, html}, 1, 0, nil},
		{"blocked twice then lite succeeds", []Page{challenge, accepted, liteOK}, []string{html, html, lite}, 1, 4, nil},
		{"blocked everywhere", []Page{accepted, challenge, challenge}, []string{html, html, lite}, 1, 0, ErrBlocked},
		{"lite answers 202", []Page{challenge, challenge, accepted}, []string{html, html, lite}, 1, 0, ErrBlocked},
		{"HTTP 500", []Page{failed}, []string{html}, 0, 0, ErrStatus},
		{"HTTP 500 on retry", []Page{challenge, failed}, []string{html, html}, 1, 0, ErrStatus},
		{"HTTP 403 is an error, not a block", []Page{{Status: 403}}, []string{html}, 0, 0, ErrStatus},
		{"results capped", []Page{many}, []string{html}, 0, MaxResults, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &scriptedFetcher{pages: tt.pages}
			w := &waitRecorder{}
			d := &DuckDuckGo{HTMLURL: base, Fetcher: f, Wait: w.wait}
			got, err := d.Search(context.Background(), query, nil)
			if !slices.Equal(f.fetched, tt.wantFetched) {
				t.Errorf("fetched\n %q\nwant\n %q", f.fetched, tt.wantFetched)
			}
			if len(w.delays) != tt.wantWaits {
				t.Errorf("waited %d times, want %d", len(w.delays), tt.wantWaits)
			}
			for _, d := range w.delays {
				if d != BlockedRetryDelay {
					t.Errorf("waited %v, want BlockedRetryDelay (%v)", d, BlockedRetryDelay)
				}
			}
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				if got != nil {
					t.Errorf("results = %+v, want none with an error", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if got == nil || len(got) != tt.wantCount {
				t.Errorf("got %d results (nil: %v), want %d", len(got), got == nil, tt.wantCount)
			}
		})
	}
}

func TestDuckDuckGoBlockedMessage(t *testing.T) {
	f := &scriptedFetcher{pages: []Page{{Status: 202}, {Status: 202}, {Status: 202}}}
	d := &DuckDuckGo{Fetcher: f, Wait: (&waitRecorder{}).wait}
	_, err := d.Search(context.Background(), "k2", nil)
	if !errors.Is(err, ErrBlocked) {
		t.Fatalf("err = %v, want ErrBlocked", err)
	}
	for _, part := range []string{"bot check", "Wait a few minutes", "SearXNG in Settings"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("message %q does not mention %q", err, part)
		}
	}
	want := []string{"https://html.duckduckgo.com/html/?q=k2", "https://html.duckduckgo.com/html/?q=k2", "https://lite.duckduckgo.com/lite/?q=k2"}
	if !slices.Equal(f.fetched, want) {
		t.Errorf("fetched %q, want %q (the default endpoints)", f.fetched, want)
	}
}

func TestDuckDuckGoStatusMessage(t *testing.T) {
	d := &DuckDuckGo{Fetcher: &scriptedFetcher{pages: []Page{{Status: 500}}}}
	_, err := d.Search(context.Background(), "k2", nil)
	if err == nil || !strings.Contains(err.Error(), "HTTP 500") {
		t.Errorf("err = %v, want a message naming HTTP 500", err)
	}
}

func TestDuckDuckGoQueryEscaped(t *testing.T) {
	f := &scriptedFetcher{pages: []Page{{Status: 200}}}
	d := &DuckDuckGo{HTMLURL: "https://html.duckduckgo.com/html/?kl=uk-en", Fetcher: f}
	if _, err := d.Search(context.Background(), `c++ & "go"?`, nil); err != nil {
		t.Fatal(err)
	}
	want := "https://html.duckduckgo.com/html/?kl=uk-en&q=c%2B%2B+%26+%22go%22%3F"
	if len(f.fetched) != 1 || f.fetched[0] != want {
		t.Errorf("fetched %q, want %q", f.fetched, want)
	}
}

func TestDuckDuckGoRefusesBadInput(t *testing.T) {
	tests := []struct {
		name, url, query string
		want             error
	}{
		{"empty query", "", "  ", ErrEmptyQuery},
		{"not http", "ftp://html.duckduckgo.com/html/", "k2", ErrBadURL},
		{"no host", "html.duckduckgo.com/html/", "k2", ErrBadURL},
		{"unparsable", "http://[::1", "k2", ErrBadURL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &scriptedFetcher{}
			d := &DuckDuckGo{HTMLURL: tt.url, Fetcher: f}
			_, err := d.Search(context.Background(), tt.query, nil)
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
			if len(f.fetched) != 0 {
				t.Errorf("fetched %q, want nothing", f.fetched)
			}
		})
	}
}

// failingFetcher fails every fetch with err.
type failingFetcher struct{ err error }

func (f failingFetcher) Fetch(context.Context, string) (Page, error) { return Page{}, f.err }

func TestDuckDuckGoFetchError(t *testing.T) {
	browserErr := errors.New("the browser window was closed")
	d := &DuckDuckGo{Fetcher: failingFetcher{browserErr}}
	_, err := d.Search(context.Background(), "k2", nil)
	if !errors.Is(err, browserErr) {
		t.Errorf("err = %v, want it to wrap the browser's error", err)
	}
}

func TestDuckDuckGoCancelDuringWait(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	challenge := Page{Status: 202}
	f := &scriptedFetcher{pages: []Page{challenge, challenge, challenge}, onFetch: cancel}
	d := &DuckDuckGo{Fetcher: f} // nil Wait: the real, context-aware sleep
	start := time.Now()
	_, err := d.Search(ctx, "k2", nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if elapsed := time.Since(start); elapsed >= BlockedRetryDelay {
		t.Errorf("Search took %v: the wait did not end with the context", elapsed)
	}
	if len(f.fetched) != 1 {
		t.Errorf("fetched %q, want one fetch before the cancelled wait", f.fetched)
	}
}

func TestDuckDuckGoCustomWaitCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	f := &scriptedFetcher{pages: []Page{{Status: 202}, {Status: 202}, {Status: 202}}}
	wait := func(ctx context.Context, d time.Duration) error {
		cancel() // the user presses Stop while the search waits
		<-ctx.Done()
		return ctx.Err()
	}
	d := &DuckDuckGo{Fetcher: f, Wait: wait}
	if _, err := d.Search(ctx, "k2", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if len(f.fetched) != 1 {
		t.Errorf("fetched %q after the wait was cancelled, want one fetch", f.fetched)
	}
}

func TestSleep(t *testing.T) {
	if err := sleep(context.Background(), time.Millisecond); err != nil {
		t.Errorf("sleep = %v, want nil", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := sleep(ctx, time.Hour); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("sleep = %v, want context.DeadlineExceeded", err)
	}
	if time.Since(start) > time.Second {
		t.Error("sleep did not return when the context ended")
	}
}

func TestLiteURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://html.duckduckgo.com/html/", "https://lite.duckduckgo.com/lite/"},
		{"https://html.duckduckgo.com/html", "https://lite.duckduckgo.com/lite"},
		{"https://html.duckduckgo.com/html/?kl=uk-en", "https://lite.duckduckgo.com/lite/?kl=uk-en"},
		{"http://127.0.0.1:8089/search/html/", "http://127.0.0.1:8089/search/lite/"},
		{"http://127.0.0.1:8089/search/html", "http://127.0.0.1:8089/search/lite"},
		{"http://html.fixture.test:8080/x/html/", "http://lite.fixture.test:8080/x/lite/"},
		{"https://duckduckgo.com/html/", "https://duckduckgo.com/lite/"},
		{"http://127.0.0.1:8089/html/html/", "http://127.0.0.1:8089/html/lite/"},
		{"http://127.0.0.1:8089/htmlx/", "http://127.0.0.1:8089/htmlx/"},
		{"http://127.0.0.1:8089/", "http://127.0.0.1:8089/"},
		{"http://htmlfixture.test/search", "http://htmlfixture.test/search"},
		{"http://[::1", "http://[::1"},
	}
	for _, tt := range tests {
		if got := LiteURL(tt.in); got != tt.want {
			t.Errorf("LiteURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// httpFetcher is a Fetcher without a browser: a plain GET, as the fixture
// web's clients see it.
type httpFetcher struct{ client *http.Client }

func (f httpFetcher) Fetch(ctx context.Context, url string) (Page, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return Page{}, err
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return Page{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return Page{}, err
	}
	return Page{Status: resp.StatusCode, URL: resp.Request.URL.String(), HTML: string(body)}, nil
}

// TestDuckDuckGoOverHTTP runs the blocked-then-lite path against a local
// server serving the challenge on the HTML endpoint and results on lite.
func TestDuckDuckGoOverHTTP(t *testing.T) {
	challenge, lite := fixture(t, "ddg_html_challenge.html"), fixture(t, "ddg_lite_results.html")
	var mu sync.Mutex
	var hits []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits = append(hits, r.URL.RequestURI())
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/search/html/":
			w.WriteHeader(http.StatusAccepted)
			w.Write([]byte(challenge))
		case "/search/lite/":
			w.Write([]byte(lite))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	w := &waitRecorder{}
	d := &DuckDuckGo{HTMLURL: srv.URL + "/search/html/", Fetcher: httpFetcher{srv.Client()}, Wait: w.wait}
	got, err := d.Search(context.Background(), "tallest mountain in africa", nil)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "ddg_lite_results.golden.json", got)
	wantHits := []string{
		"/search/html/?q=tallest+mountain+in+africa",
		"/search/html/?q=tallest+mountain+in+africa",
		"/search/lite/?q=tallest+mountain+in+africa",
	}
	if !slices.Equal(hits, wantHits) {
		t.Errorf("server saw %q, want %q", hits, wantHits)
	}
	if len(w.delays) != 1 {
		t.Errorf("waited %d times, want 1", len(w.delays))
	}
}
