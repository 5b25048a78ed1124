package search

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// searxngServer serves body with status at prefix+"/search", checks the
// query parameters and counts requests.
func searxngServer(t *testing.T, prefix string, status int, contentType, body string) (*httptest.Server, *int) {
	t.Helper()
	var hits int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		if r.URL.Path != prefix+"/search" {
			t.Errorf("request path %q, want %q", r.URL.Path, prefix+"/search")
			http.NotFound(w, r)
			return
		}
		if q, f := r.URL.Query().Get("q"), r.URL.Query().Get("format"); q != "tallest mountain in africa" || f != "json" {
			t.Errorf("query q=%q format=%q, want the search and json", q, f)
		}
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

const query = "tallest mountain in africa"

func TestSearXNGResults(t *testing.T) {
	body := fixture(t, "searxng_results.json")
	tests := []struct{ name, prefix, suffix string }{
		{"bare host", "", ""},
		{"trailing slash", "", "/"},
		{"path prefix", "/searxng", "/searxng"},
		{"path prefix with slash", "/searxng", "/searxng/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, hits := searxngServer(t, tt.prefix, 200, "application/json", body)
			s := &SearXNG{BaseURL: srv.URL + tt.suffix, Client: srv.Client()}
			got, err := s.Search(context.Background(), query, nil)
			if err != nil {
				t.Fatal(err)
			}
			if *hits != 1 {
				t.Errorf("%d requests, want 1", *hits)
			}
			checkGolden(t, "searxng_results.golden.json", got)
		})
	}
}

func TestSearXNGNoResults(t *testing.T) {
	srv, _ := searxngServer(t, "", 200, "application/json", fixture(t, "searxng_no_results.json"))
	got, err := (&SearXNG{BaseURL: srv.URL}).Search(context.Background(), query, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got == nil || len(got) != 0 {
		t.Errorf("got %+v, want an empty, non-nil slice", got)
	}
}

func TestSearXNGCapsResults(t *testing.T) {
	var items []string
	for i := range 15 {
		items = append(items, fmt.Sprintf(`{"url":"https://r%d.example/","title":"R%d","content":""}`, i, i))
	}
	srv, _ := searxngServer(t, "", 200, "application/json", `{"results":[`+strings.Join(items, ",")+`]}`)
	got, err := (&SearXNG{BaseURL: srv.URL}).Search(context.Background(), query, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != MaxResults || got[0].URL != "https://r0.example/" {
		t.Errorf("got %d results starting %+v, want the first %d", len(got), got[0], MaxResults)
	}
}

func TestSearXNGErrors(t *testing.T) {
	tests := []struct {
		name          string
		status        int
		contentType   string
		body          string
		want          error
		wantInMessage []string
	}{
		{"JSON disabled", 403, "text/html", fixture(t, "searxng_403.html"), ErrNoJSON, []string{"HTTP 403", "search.formats", "settings.yml"}},
		{"web page instead of JSON", 200, "text/html", "<!DOCTYPE html><html><body>SearXNG</body></html>", ErrNoJSON, []string{"a web page", "search.formats"}},
		{"empty body", 200, "application/json", "", ErrNoJSON, []string{"an empty page"}},
		{"JSON without results", 200, "application/json", `{"error":"nope"}`, ErrNoJSON, []string{"not a SearXNG answer"}},
		{"truncated JSON", 200, "application/json", `{"results":[{"url":"https://a.example/"`, ErrNoJSON, []string{"not a SearXNG answer"}},
		{"rate limited", 429, "text/plain", "Too Many Requests", ErrStatus, []string{"HTTP 429", "Wait"}},
		{"server error", 500, "text/html", "<h1>oops</h1>", ErrStatus, []string{"HTTP 500"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := searxngServer(t, "", tt.status, tt.contentType, tt.body)
			_, err := (&SearXNG{BaseURL: srv.URL}).Search(context.Background(), query, nil)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			for _, part := range append(tt.wantInMessage, srv.URL) {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("message %q does not mention %q", err, part)
				}
			}
		})
	}
}

func TestSearXNGConnectionRefused(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL
	srv.Close() // nothing listens there any more
	_, err := (&SearXNG{BaseURL: base}).Search(context.Background(), query, nil)
	if !errors.Is(err, ErrUnreachable) {
		t.Fatalf("err = %v, want ErrUnreachable", err)
	}
	for _, part := range []string{"Cannot reach", base, "Settings"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("message %q does not mention %q", err, part)
		}
	}
}

func TestSearXNGTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	s := &SearXNG{BaseURL: srv.URL, Client: &http.Client{Timeout: 20 * time.Millisecond}}
	_, err := s.Search(context.Background(), query, nil)
	if !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), "in time") {
		t.Errorf("err = %v, want ErrUnreachable saying it did not answer in time", err)
	}
}

func TestSearXNGCancelled(t *testing.T) {
	srv, _ := searxngServer(t, "", 200, "application/json", `{"results":[]}`)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := (&SearXNG{BaseURL: srv.URL}).Search(ctx, query, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestSearXNGRefusesBadInput(t *testing.T) {
	tests := []struct {
		name, base, query string
		want              error
	}{
		{"empty URL", "", query, ErrBadURL},
		{"no scheme", "localhost:8888", query, ErrBadURL},
		{"not http", "file:///etc/searxng", query, ErrBadURL},
		{"empty query", "http://localhost:8888", " ", ErrEmptyQuery},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := (&SearXNG{BaseURL: tt.base}).Search(context.Background(), tt.query, nil)
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

// SearXNG's answers are Scout's own requests and meet the network guard: the
// instance the user configured may be on this computer, but a redirect from
// it to another private address is refused, and says so.
func TestSearXNGRedirectToAPrivateAddressIsRefused(t *testing.T) {
	var innerHits atomic.Int32
	inner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		innerHits.Add(1)
		fmt.Fprint(w, `{"results":[{"url":"https://example.org/","title":"from inside","content":"x"}]}`)
	}))
	defer inner.Close()
	instance := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, inner.URL+"/search?"+r.URL.RawQuery, http.StatusFound)
	}))
	defer instance.Close()
	s := &SearXNG{BaseURL: instance.URL}
	_, err := s.Search(context.Background(), query, nil)
	if !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), "an address Scout does not open") {
		t.Fatalf("got %v", err)
	}
	if n := innerHits.Load(); n != 0 {
		t.Fatalf("the private address was reached %d times", n)
	}
}
