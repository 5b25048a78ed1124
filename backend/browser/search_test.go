package browser

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/search"
)

// TestDuckDuckGoThroughTheBrowser runs the search provider against the
// fixture web's DuckDuckGo imitation, loading result pages in the real
// browser as the app does.
func TestDuckDuckGoThroughTheBrowser(t *testing.T) {
	s := session(t)
	var waits int
	ddg := &search.DuckDuckGo{
		HTMLURL: fixtureSrv.URL + "/search/html/",
		Fetcher: s,
		Wait:    func(context.Context, time.Duration) error { waits++; return nil },
	}
	ctx := context.Background()

	results, err := ddg.Search(ctx, "tallest mountain in Africa", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) < 2 || results[0].URL != fixtureSrv.URL+"/wiki/Mount_Kilimanjaro" || results[0].Title == "" || results[0].Snippet == "" {
		t.Fatalf("results %+v", results)
	}
	for _, r := range results {
		if strings.Contains(r.URL, "duckduckgo.com") {
			t.Errorf("ad or redirect left in results: %s", r.URL)
		}
	}

	none, err := ddg.Search(ctx, "no results here", nil)
	if err != nil || len(none) != 0 {
		t.Fatalf("no-results query gave %v, %v", none, err)
	}

	fixtures.ChallengeNext(2) // html endpoint blocked twice, lite answers
	viaLite, err := ddg.Search(ctx, "pour over coffee", nil)
	if err != nil || len(viaLite) == 0 || !strings.HasSuffix(viaLite[0].URL, "/guide/brew-pour-over-coffee") {
		t.Fatalf("after a challenge: %v, %v", viaLite, err)
	}
	if waits != 1 {
		t.Errorf("waited %d times before retrying, want 1", waits)
	}

	fixtures.ChallengeNext(3)
	_, err = ddg.Search(ctx, "fetch api", nil)
	if !errors.Is(err, search.ErrBlocked) {
		t.Fatalf("blocked everywhere gave %v", err)
	}
	fixtures.ChallengeNext(0)
}

// With the window watched, DuckDuckGo's bot check stays in the tab for the
// person: once their answer leads to the results (here the test reloads
// the tab, which the fixture now answers), the search returns them, with
// no retry of its own.
func TestBotCheckAnsweredInTheWindow(t *testing.T) {
	s := session(t)
	ddg := &search.DuckDuckGo{
		HTMLURL: fixtureSrv.URL + "/search/html/",
		Fetcher: s,
		Person:  s,
		Wait: func(context.Context, time.Duration) error {
			t.Error("retried instead of waiting for the person")
			return nil
		},
	}
	asked := make(chan port.Notice, 2)
	fixtures.ChallengeNext(1)
	defer fixtures.ChallengeNext(0)
	type outcome struct {
		results []port.SearchResult
		err     error
	}
	done := make(chan outcome, 1)
	go func() {
		r, err := ddg.Search(context.Background(), "tallest mountain in Africa", func(n port.Notice) { asked <- n })
		done <- outcome{r, err}
	}()
	select {
	case <-asked:
	case <-time.After(20 * time.Second):
		t.Fatal("the person was never asked")
	}
	// The person answers: the page moves on to the results.
	if _, err := s.page.Evaluate(`() => location.reload()`); err != nil {
		t.Fatal(err)
	}
	select {
	case o := <-done:
		if o.err != nil || len(o.results) == 0 || o.results[0].URL != fixtureSrv.URL+"/wiki/Mount_Kilimanjaro" {
			t.Fatalf("after the answer: %+v, %v", o.results, o.err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the search did not go on after the answer")
	}
}
