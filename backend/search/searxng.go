package search

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/netguard"
)

// SearXNG searches through a SearXNG instance's JSON API. The instance must
// list json in search.formats of its settings.yml; most public instances
// do not, so users usually run their own.
type SearXNG struct {
	// BaseURL is the instance, e.g. http://localhost:8888 or
	// https://searx.example.org/searxng/.
	BaseURL string
	// Client makes the requests; nil means the network guard's client for
	// Scout's own requests with SearXNGTimeout, allowing BaseURL's origin
	// wherever it is and refusing redirects elsewhere to private addresses.
	Client *http.Client
	// Language is the language results are in ("de"), unless BaseURL
	// sets one; "" for the instance's default.
	Language string

	once   sync.Once
	client *http.Client
}

// noJSONHint tells the user how to turn JSON output on.
const noJSONHint = "Enable it by adding json to search.formats in the instance's settings.yml (formats: [html, json]) and restarting it, or choose another instance in Settings."

// searxngAnswer is the part of SearXNG's JSON answer Scout uses. Results
// is a pointer so that JSON without a results list is told apart from an
// answer with no results.
type searxngAnswer struct {
	Results *[]searxngResult `json:"results"`
}

type searxngResult struct {
	URL     string `json:"url"`
	Title   string `json:"title"`
	Content string `json:"content"`
}

// Search asks the instance for query, in the instance's ranking order. It
// has nothing to tell the user on the way: notify is not called.
func (s *SearXNG) Search(ctx context.Context, query string, _ port.Notify) ([]port.SearchResult, error) {
	if strings.TrimSpace(query) == "" {
		return nil, newError(ErrEmptyQuery, "The search query is empty: give some words to search for.")
	}
	endpoint, err := s.searchURL(query)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, endpoint, nil)
	if err != nil {
		return nil, newError(ErrBadURL, "The SearXNG URL %q cannot be used: %v. Fix it in Settings.", s.BaseURL, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := s.httpClient().Do(req)
	if err != nil {
		return nil, s.explainTransport(ctx, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxJSONBytes))
	if err != nil {
		return nil, s.explainTransport(ctx, err)
	}
	if err := s.checkStatus(resp.StatusCode); err != nil {
		return nil, err
	}
	return s.parse(body)
}

// httpClient is Client, or the guarded client made on first use.
func (s *SearXNG) httpClient() *http.Client {
	if s.Client != nil {
		return s.Client
	}
	s.once.Do(func() {
		g := &netguard.Guard{}
		g.AllowOwn(s.BaseURL)
		s.client = g.OwnClient(SearXNGTimeout)
	})
	return s.client
}

// searchURL joins <BaseURL>/search?q=...&format=json, with or without a
// trailing slash on BaseURL and keeping a path prefix.
func (s *SearXNG) searchURL(query string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s.BaseURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", newError(ErrBadURL, "The SearXNG URL %q is not a valid http(s) address. Set your instance's address in Settings, e.g. http://localhost:8888.", s.BaseURL)
	}
	v := u.Query() // the address's own parameters ("language=fr") stay
	u = u.JoinPath("search")
	v.Set("q", query)
	v.Set("format", "json")
	if s.Language != "" && !v.Has("language") {
		v.Set("language", s.Language)
	}
	u.RawQuery = v.Encode()
	u.Fragment = ""
	return u.String(), nil
}

// checkStatus explains an HTTP error status. SearXNG answers 403 when the
// json format is not enabled.
func (s *SearXNG) checkStatus(status int) error {
	switch {
	case status == http.StatusForbidden:
		return newError(ErrNoJSON, "The SearXNG instance at %s refused to give JSON results (HTTP 403): its JSON output is disabled. %s", s.BaseURL, noJSONHint)
	case status == http.StatusTooManyRequests:
		return newError(ErrStatus, "The SearXNG instance at %s is limiting requests (HTTP 429). Wait a minute and search again, or turn off its limiter if it is your own instance.", s.BaseURL)
	case status >= 400:
		return newError(ErrStatus, "The SearXNG instance at %s answered HTTP %d %s. Check that the instance works in a browser, or choose another one in Settings.", s.BaseURL, status, http.StatusText(status))
	}
	return nil
}

// parse reads the JSON answer, keeping results with an http(s) URL.
func (s *SearXNG) parse(body []byte) ([]port.SearchResult, error) {
	var ans searxngAnswer
	trimmed := bytes.TrimSpace(body)
	if json.Unmarshal(trimmed, &ans) != nil || ans.Results == nil {
		return nil, newError(ErrNoJSON, "The server at %s answered with %s instead of SearXNG's JSON results: the URL may not point at a SearXNG instance, or the instance has JSON output disabled. %s", s.BaseURL, describeBody(trimmed), noJSONHint)
	}
	var c collector
	for _, r := range *ans.Results {
		u, err := url.Parse(strings.TrimSpace(r.URL))
		if err != nil {
			continue
		}
		if link, ok := httpURL(u); ok {
			c.add(port.SearchResult{Title: r.Title, URL: link, Snippet: r.Content})
		}
	}
	return limit(c.list()), nil
}

// describeBody names what a non-JSON answer looks like, for messages.
func describeBody(b []byte) string {
	switch {
	case len(b) == 0:
		return "an empty page"
	case b[0] == '<':
		return "a web page"
	case b[0] == '{' || b[0] == '[':
		return "JSON that is not a SearXNG answer"
	}
	return "something that is not JSON"
}

// explainTransport turns a failed request into a message naming the
// instance. A cancelled search is returned as the context's error.
func (s *SearXNG) explainTransport(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		return newError(ErrUnreachable, "The SearXNG instance at %s did not answer in time. It may be overloaded: search again, or choose another instance in Settings.", s.BaseURL)
	}
	var refusal *netguard.Refusal
	if errors.As(err, &refusal) {
		return newError(ErrUnreachable, "The SearXNG instance at %s sent the search to an address Scout does not open (%s). Check the instance's address in Settings, or choose another instance.", s.BaseURL, refusal.Message)
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		err = urlErr.Err
	}
	return newError(ErrUnreachable, "Cannot reach the SearXNG instance at %s (%v). Check that it is running and that the URL in Settings is right.", s.BaseURL, err)
}
