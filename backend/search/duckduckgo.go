package search

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
)

// DuckDuckGo searches through DuckDuckGo's HTML results page, loaded in the
// user's browser so the user watches the search happen. The zero value
// searches html.duckduckgo.com once Fetcher is set.
type DuckDuckGo struct {
	// HTMLURL is the HTML endpoint, e.g. https://html.duckduckgo.com/html/;
	// tests point it at a local server serving the same markup. Empty means
	// DefaultDuckDuckGoURL.
	HTMLURL string
	// Region is the kl region results favour ("de-de"), unless HTMLURL
	// sets one; "" for DuckDuckGo's default.
	Region string
	// Fetcher loads result pages.
	Fetcher Fetcher
	// Wait pauses before a retry; nil sleeps for real, returning early with
	// the context's error when ctx ends.
	Wait func(ctx context.Context, d time.Duration) error
	// Person, when set, is someone watching the window the results page
	// shows in: a bot check is left to them first (see askPerson).
	Person Person
	// unanswered: a check left to Person went unanswered, so later ones in
	// this run are not (nobody is watching).
	unanswered bool
}

// blockedHint is what a user can do when DuckDuckGo refuses to answer.
const blockedHint = "Wait a few minutes and search again, or switch the search provider to SearXNG in Settings."

// Search asks DuckDuckGo for query. When the answer is a bot check (HTTP
// 202 or the challenge page) it leaves the check to Person, if there is
// one, for up to PersonWait; then it waits BlockedRetryDelay and retries
// once, then tries the lite endpoint once; if that is refused too it
// returns an error wrapping ErrBlocked. A page without results and without a bot check
// is an empty slice and a nil error. notify hears that a check waits for
// the person, and when it went unanswered.
func (d *DuckDuckGo) Search(ctx context.Context, query string, notify port.Notify) ([]port.SearchResult, error) {
	if strings.TrimSpace(query) == "" {
		return nil, newError(ErrEmptyQuery, "The search query is empty: give some words to search for.")
	}
	if d.Fetcher == nil {
		return nil, errors.New("search: DuckDuckGo has no Fetcher to load result pages with")
	}
	base := d.HTMLURL
	if base == "" {
		base = DefaultDuckDuckGoURL
	}
	base = withRegion(base, d.Region)
	htmlURL, err := withQuery(base, query)
	if err != nil {
		return nil, err
	}
	results, blocked, err := d.try(ctx, htmlURL, ParseDuckDuckGoHTML)
	if err != nil || !blocked {
		return results, err
	}
	if d.Person != nil {
		if results, answered, err := d.askPerson(ctx, notify); err != nil || answered {
			return results, err
		}
	}
	if err := d.wait(ctx, BlockedRetryDelay); err != nil {
		return nil, err
	}
	results, blocked, err = d.try(ctx, htmlURL, ParseDuckDuckGoHTML)
	if err != nil || !blocked {
		return results, err
	}
	liteURL, err := withQuery(LiteURL(base), query)
	if err != nil {
		return nil, err
	}
	results, blocked, err = d.try(ctx, liteURL, ParseDuckDuckGoLite)
	if err != nil || !blocked {
		return results, err
	}
	asked := ""
	if d.Person != nil {
		asked = " Its question in the browser window went unanswered."
	}
	return nil, newError(ErrBlocked, "DuckDuckGo is refusing automated searches right now: it answered with a bot check three times, on both its HTML and its lite page.%s %s", asked, blockedHint)
}

// parser reads one kind of DuckDuckGo results page.
type parser func(doc string) (results []port.SearchResult, challenged bool, err error)

// try loads one results page and parses it. blocked means the page was a
// bot check, not an answer.
func (d *DuckDuckGo) try(ctx context.Context, pageURL string, parse parser) (results []port.SearchResult, blocked bool, err error) {
	page, err := d.Fetcher.Fetch(ctx, pageURL)
	if err != nil {
		if ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		return nil, false, fmt.Errorf("could not load DuckDuckGo's results page: %w", err)
	}
	if page.Status == http.StatusAccepted {
		return nil, true, nil
	}
	if page.Status >= 400 {
		return nil, false, newError(ErrStatus, "DuckDuckGo answered the search with HTTP %d %s. Search again in a moment, or switch the search provider to SearXNG in Settings.", page.Status, http.StatusText(page.Status))
	}
	results, challenged, err := parse(page.HTML)
	if err != nil {
		return nil, false, fmt.Errorf("could not read DuckDuckGo's results page: %w", err)
	}
	if challenged && len(results) == 0 {
		return nil, true, nil
	}
	return limit(results), false, nil
}

func (d *DuckDuckGo) wait(ctx context.Context, delay time.Duration) error {
	if d.Wait != nil {
		return d.Wait(ctx, delay)
	}
	return sleep(ctx, delay)
}

// sleep waits for delay or until ctx ends, whichever comes first.
func sleep(ctx context.Context, delay time.Duration) error {
	t := time.NewTimer(delay)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// LiteURL returns the lite endpoint that goes with a DuckDuckGo HTML
// endpoint: a host starting with "html." starts with "lite." instead, and a
// last path segment "html" becomes "lite", so
// https://html.duckduckgo.com/html/ gives https://lite.duckduckgo.com/lite/
// and http://127.0.0.1:8089/search/html/ gives
// http://127.0.0.1:8089/search/lite/. A URL that fits neither pattern is
// returned unchanged.
func LiteURL(htmlURL string) string {
	u, err := url.Parse(htmlURL)
	if err != nil {
		return htmlURL
	}
	if strings.HasPrefix(strings.ToLower(u.Host), "html.") {
		u.Host = "lite." + u.Host[len("html."):]
	}
	trimmed := strings.TrimSuffix(u.Path, "/")
	if dir, last, ok := cutLast(trimmed, "/"); ok && last == "html" {
		u.Path = dir + "/lite" + u.Path[len(trimmed):]
		u.RawPath = ""
	}
	return u.String()
}

// cutLast splits s around the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// withQuery adds q=query to endpoint, keeping any parameters it already
// has (a region, say).
func withQuery(endpoint, query string) (string, error) {
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", newError(ErrBadURL, "The search URL %q is not a valid http(s) address. Fix it in Settings (the default is %s).", endpoint, DefaultDuckDuckGoURL)
	}
	v := u.Query()
	v.Set("q", query)
	u.RawQuery = v.Encode()
	return u.String(), nil
}

// limit keeps the first MaxResults results.
func limit(results []port.SearchResult) []port.SearchResult {
	if len(results) > MaxResults {
		return results[:MaxResults]
	}
	return results
}

// withRegion adds kl=region to endpoint when it has no kl of its own.
func withRegion(endpoint, region string) string {
	u, err := url.Parse(endpoint)
	if region == "" || err != nil || u.Query().Has("kl") {
		return endpoint // a bad address is withQuery's to explain
	}
	v := u.Query()
	v.Set("kl", region)
	u.RawQuery = v.Encode()
	return u.String()
}
