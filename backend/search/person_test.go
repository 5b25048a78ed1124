package search

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
)

// fakePerson answers a bot check by turning the page into each of pages in
// turn (what the window shows as they click), or never when pages is empty.
type fakePerson struct {
	pages  []string
	limits []time.Duration
	cancel func() // when set, called instead of answering
}

var errNoAnswer = errors.New("no answer in time")

func (p *fakePerson) AwaitAnswer(ctx context.Context, limit time.Duration, ready func(string) bool) (string, error) {
	p.limits = append(p.limits, limit)
	if p.cancel != nil {
		p.cancel()
		return "", ctx.Err()
	}
	for _, html := range p.pages {
		if ready(html) {
			return html, nil
		}
	}
	return "", errNoAnswer
}

// With a person watching, a bot check is theirs to answer: the results
// their answer leads to come back with no retry; when they do not answer,
// the usual retries follow; either way they are told, in words the window
// says in its language.
func TestDuckDuckGoLeavesTheCheckToAPerson(t *testing.T) {
	window := phrasetest.Window(t)
	const (
		base = "http://127.0.0.1:8089/search/html/"
		html = base + "?q=q"
		lite = "http://127.0.0.1:8089/search/lite/?q=q"
	)
	var (
		results   = fixture(t, "ddg_html_results.html")
		liteOK    = fixture(t, "ddg_lite_results.html")
		noResults = fixture(t, "ddg_html_no_results.html")
		challenge = Page{Status: 202, HTML: fixture(t, "ddg_html_challenge.html")}
	)
	tests := []struct {
		name        string
		answers     []string // pages the person's window shows
		after       []Page   // fetched once the person gave up
		wantFetched []string
		wantCount   int
		wantNotices int
		wantErr     error
	}{
		{"answered: the results page", []string{challenge.HTML, "<html><body>Loading…</body></html>", results}, nil, []string{html}, 6, 1, nil},
		{"answered: the lite results page", []string{liteOK}, nil, []string{html}, 4, 1, nil},
		{"answered: no results", []string{noResults}, nil, []string{html}, 0, 1, nil},
		{"no answer: retried as before", nil, []Page{{Status: 200, HTML: results}}, []string{html, html}, 6, 2, nil},
		{"no answer, blocked everywhere", []string{challenge.HTML}, []Page{challenge, challenge}, []string{html, html, lite}, 0, 2, ErrBlocked},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &scriptedFetcher{pages: append([]Page{challenge}, tt.after...)}
			person := &fakePerson{pages: tt.answers}
			var notices []port.Notice
			d := &DuckDuckGo{HTMLURL: base, Fetcher: f, Wait: (&waitRecorder{}).wait, Person: person}
			got, err := d.Search(context.Background(), "q", func(n port.Notice) { notices = append(notices, n) })
			if !slices.Equal(f.fetched, tt.wantFetched) {
				t.Errorf("fetched %q, want %q", f.fetched, tt.wantFetched)
			}
			if !slices.Equal(person.limits, []time.Duration{PersonWait}) {
				t.Errorf("asked the person with limits %v, want once with PersonWait", person.limits)
			}
			if len(notices) != tt.wantNotices || notices[0].Kind != port.NoticeWaiting || !strings.Contains(notices[0].Text, "browser window") {
				t.Errorf("notices %+v, want %d, the first waiting and saying where to answer", notices, tt.wantNotices)
			}
			if len(notices) > 1 && notices[1].Kind == port.NoticeWaiting {
				t.Errorf("still waiting after giving up: %+v", notices[1])
			}
			for _, n := range notices {
				if got, known := phrasetest.English(window, n.Say); n.Say == nil || !known || got != n.Text {
					t.Errorf("the window says (known: %v)\n%s\nGo:\n%s", known, got, n.Text)
				}
			}
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil || got == nil || len(got) != tt.wantCount {
				t.Fatalf("%d results (nil: %v), err %v; want %d", len(got), got == nil, err, tt.wantCount)
			}
		})
	}
}

// A question nobody answered is not asked again in the run: nobody is
// watching, and each wait would cost minutes.
func TestDuckDuckGoAsksThePersonOnce(t *testing.T) {
	challenge := Page{Status: 202, HTML: fixture(t, "ddg_html_challenge.html")}
	results := Page{Status: 200, HTML: fixture(t, "ddg_html_results.html")}
	f := &scriptedFetcher{pages: []Page{challenge, results, challenge, challenge, challenge}}
	person := &fakePerson{}
	d := &DuckDuckGo{HTMLURL: "http://127.0.0.1:8089/search/html/", Fetcher: f, Wait: (&waitRecorder{}).wait, Person: person}
	if got, err := d.Search(context.Background(), "q", nil); err != nil || len(got) == 0 {
		t.Fatalf("first search: %d results, %v", len(got), err)
	}
	_, err := d.Search(context.Background(), "q", nil)
	if !errors.Is(err, ErrBlocked) || !strings.Contains(err.Error(), "went unanswered") {
		t.Fatalf("second search: %v, want ErrBlocked saying nobody answered", err)
	}
	if len(person.limits) != 1 {
		t.Errorf("asked the person %d times, want once", len(person.limits))
	}
}

// Stopping the run while the check waits for a person ends the search.
func TestDuckDuckGoStopWhileAPersonIsAsked(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	f := &scriptedFetcher{pages: []Page{{Status: 202, HTML: fixture(t, "ddg_html_challenge.html")}}}
	d := &DuckDuckGo{HTMLURL: "http://127.0.0.1:8089/search/html/", Fetcher: f, Person: &fakePerson{cancel: cancel}}
	if _, err := d.Search(ctx, "q", nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(f.fetched) != 1 {
		t.Errorf("fetched %q after the stop", f.fetched)
	}
}
