package browser

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/agent/port"
)

// The search endpoint the user configured may be on this computer or the
// local network (the fixture web, a DuckDuckGo-compatible service of their
// own), where pages must not reach it. Its results page still shows in the
// tab the user watches: Scout fetches it itself, as its own request
// (netguard's OwnClient), and hands the browser that one document for that
// one navigation. Everything else the browser asks of that origin, the
// page's own sub-resources and every other page's requests included, goes
// to the guard's proxy as usual, which refuses it.

const (
	// maxOwnPageBytes caps a results page Scout fetches for the browser:
	// real ones are tens of kilobytes.
	maxOwnPageBytes = 8 << 20
	// ownFetchTimeout bounds fetching it, as a slow search is given up in
	// the browser.
	ownFetchTimeout = DefaultNavigationTimeout
)

// ownPage is what a fetch of Scout's own gave the browser, or why it failed.
type ownPage struct {
	mu     sync.Mutex
	served bool
	err    error
}

// navigateOwn loads rawURL, which the browser may not open but Scout may,
// into the tab: the first main-frame GET navigation to its origin (the one
// Goto starts) is answered with what Scout fetched from rawURL itself.
func (s *Session) navigateOwn(ctx context.Context, rawURL string) (playwright.Page, playwright.Response, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, nil, port.Failure(port.ErrNetwork, rawURL, "not a web address: %v", err)
	}
	p, err := s.tab()
	if err != nil {
		return nil, nil, err
	}
	origin := regexp.MustCompile("^" + regexp.QuoteMeta(u.Scheme+"://"+u.Host) + "(/|$)")
	own := &ownPage{}
	handler := func(route playwright.Route) { s.serveOwn(ctx, p, route, rawURL, own) }
	if err := p.Route(origin, handler); err != nil {
		return nil, nil, port.Failure(port.ErrNetwork, rawURL, "cannot load the search page: %v", err)
	}
	defer func() { _ = p.Unroute(origin, handler) }()
	p2, resp, err := s.goTo(ctx, p, rawURL)
	own.mu.Lock()
	ownErr := own.err
	own.mu.Unlock()
	if err != nil && ownErr != nil {
		return nil, nil, ownErr
	}
	return p2, resp, err
}

// serveOwn answers one intercepted request to the search origin: the tab's
// own navigation, once, with Scout's fetch of rawURL; anything else goes on
// to the guard's proxy.
func (s *Session) serveOwn(ctx context.Context, p playwright.Page, route playwright.Route, rawURL string, own *ownPage) {
	req := route.Request()
	own.mu.Lock()
	first := !own.served && req.IsNavigationRequest() && req.Frame() == p.MainFrame() &&
		req.Method() == http.MethodGet && req.RedirectedFrom() == nil
	own.served = own.served || first
	own.mu.Unlock()
	if !first {
		_ = route.Continue()
		return
	}
	status, header, body, err := s.fetchOwn(ctx, rawURL, req)
	if err != nil {
		own.mu.Lock()
		own.err = err
		own.mu.Unlock()
		_ = route.Abort("failed")
		return
	}
	_ = route.Fulfill(playwright.RouteFulfillOptions{Status: &status, Headers: header, Body: body})
}

// fetchOwn fetches rawURL as Scout's own request, with the headers the
// browser would have sent, and returns the answer for the browser.
func (s *Session) fetchOwn(ctx context.Context, rawURL string, browserReq playwright.Request) (int, map[string]string, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, ownFetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return 0, nil, nil, port.Failure(port.ErrNetwork, rawURL, "cannot load the search page: %v", err)
	}
	for name, value := range browserReq.Headers() {
		if !strings.EqualFold(name, "host") && !strings.EqualFold(name, "accept-encoding") {
			req.Header.Set(name, value)
		}
	}
	resp, err := s.ownClient().Do(req)
	if err != nil {
		return 0, nil, nil, ownFailure(ctx, rawURL, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxOwnPageBytes+1))
	switch {
	case err != nil:
		return 0, nil, nil, ownFailure(ctx, rawURL, err)
	case len(body) > maxOwnPageBytes:
		return 0, nil, nil, port.Failure(port.ErrNotReadable, rawURL, "the search page is over %d MB: that is not a results page", maxOwnPageBytes>>20)
	}
	header := map[string]string{}
	for name, values := range resp.Header {
		switch strings.ToLower(name) {
		case "content-length", "content-encoding", "transfer-encoding", "connection":
		default:
			header[name] = strings.Join(values, ", ")
		}
	}
	return resp.StatusCode, header, body, nil
}

// ownClient is the session's client for its own requests, made on first use.
func (s *Session) ownClient() *http.Client {
	s.ownOnce.Do(func() { s.own = s.guard.OwnClient(0) })
	return s.own
}

// ownFailure explains a failed fetch of Scout's own: refused by the guard
// (a redirect to a private address), or the site's trouble.
func ownFailure(ctx context.Context, rawURL string, err error) error {
	if ctx.Err() != nil && errors.Is(err, context.DeadlineExceeded) {
		return port.Failure(port.ErrTimeout, rawURL, "the search page took too long to load")
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	if why := err.Error(); strings.HasPrefix(why, "refused ") {
		return port.Refused(rawURL, err)
	}
	return proxyFailure(rawURL, fmt.Sprint(err))
}
