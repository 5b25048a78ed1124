package browser

import (
	"cmp"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/search"
)

// Session is one run's view of the web: a fresh browser context (no
// cookies or storage from the user or earlier runs) with one tab. Downloads
// are refused, dialogs dismissed (a "leave this page?" prompt accepted),
// pop-ups closed, no permission granted, and every request passes the
// network guard. One navigation runs at a time, and none can hold the run:
// a tab that stops answering is dropped, not waited for.
type Session struct {
	br    *Browser
	bc    playwright.BrowserContext
	guard *netguard.Guard
	// proxy carries all the context's traffic and applies the guard to
	// each connection: redirects, scripts and WebSockets included.
	proxy *netguard.Proxy

	mu   sync.Mutex // serialises navigations
	page playwright.Page
	// readTimeout bounds reading a loaded page, walkTimeout the walker's
	// part of it (tests shorten them).
	readTimeout, walkTimeout time.Duration

	navMu   sync.Mutex
	lastNav playwright.Response // the main frame's last document response

	// userAgent is what the session's own downloads (PDFs) send: the
	// browser's, as a visible window sends it.
	userAgent string
	pdfClient *http.Client // see downloads

	ownOnce sync.Once
	own     *http.Client // see ownClient
}

// NewSession opens a fresh context and tab guarded by the browser's guard.
func (br *Browser) NewSession() (*Session, error) {
	return br.NewSessionGuarded(br.opts.Guard)
}

// NewSessionGuarded opens a fresh context and tab with a guard of its own,
// for a run that allows its own search endpoint and model server in a
// browser shared across runs.
func (br *Browser) NewSessionGuarded(guard *netguard.Guard) (*Session, error) {
	proxy, err := guard.StartProxy()
	if err != nil {
		return nil, err
	}
	bc, err := br.b.NewContext(playwright.BrowserNewContextOptions{
		AcceptDownloads: playwright.Bool(false),
		ServiceWorkers:  playwright.ServiceWorkerPolicyBlock,
		Viewport:        &playwright.Size{Width: 1280, Height: 900},
		// Every connection the browser makes goes through the guard's
		// proxy, loopback included (Chromium bypasses proxies for it
		// unless told not to).
		Proxy: &playwright.Proxy{Server: proxy.URL(), Bypass: playwright.String("<-loopback>")},
	})
	if err != nil {
		proxy.Close()
		return nil, fmt.Errorf("cannot open a browser tab: %w", err)
	}
	s := &Session{br: br, bc: bc, guard: guard, proxy: proxy, readTimeout: readTimeout, walkTimeout: walkTimeout, userAgent: chromeUserAgent(br.b.Version())}
	if err := bc.AddInitScript(playwright.Script{Content: playwright.String(noWebRTC)}); err != nil {
		bc.Close()
		proxy.Close()
		return nil, fmt.Errorf("cannot install the network guard: %w", err)
	}
	return s, nil
}

// noWebRTC removes WebRTC from every page and frame: its UDP traffic does
// not go through a proxy, so a page could reach local addresses with it
// (STUN to the router), and reading a page never needs it.
const noWebRTC = `for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate']) {
  try { Object.defineProperty(window, name, { value: undefined, writable: false, configurable: false }); } catch (e) {}
}`

// Close closes the session's context and tab, without waiting longer than
// closeTimeout for a browser that does not answer.
func (s *Session) Close() error {
	defer s.proxy.Close()
	_, err := await(context.Background(), closeTimeout, func() (struct{}, error) { return struct{}{}, s.bc.Close() })
	if errors.Is(err, errTookTooLong) {
		return errors.New("the browser did not close its tab in time")
	}
	return err
}

// tab returns the session's tab, opening one after a cancelled navigation
// closed the last.
func (s *Session) tab() (playwright.Page, error) {
	if s.page != nil && !s.page.IsClosed() {
		return s.page, nil
	}
	p, err := s.bc.NewPage()
	if err != nil {
		return nil, port.Failure(port.ErrBrowserClosed, "", "the browser is not running: %v", err)
	}
	p.OnDialog(func(d playwright.Dialog) {
		// Dismissing "leave this page?" would keep the agent on it.
		if d.Type() == "beforeunload" {
			_ = d.Accept()
			return
		}
		_ = d.Dismiss()
	})
	// Pop-ups would pile up as windows over the tab the user watches.
	p.OnPopup(func(popup playwright.Page) { go func() { _ = popup.Close() }() })
	p.OnResponse(func(r playwright.Response) {
		// Keep the response only: reading its headers here would race
		// with Open reading them (playwright-go caches them lazily).
		if r.Request().IsNavigationRequest() && r.Frame() == p.MainFrame() {
			s.navMu.Lock()
			s.lastNav = r
			s.navMu.Unlock()
		}
	})
	s.page = p
	return p, nil
}

// navigate loads rawURL, giving up when ctx ends (the tab is closed to
// stop the load; the next call opens a new one).
func (s *Session) navigate(ctx context.Context, rawURL string) (playwright.Page, playwright.Response, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if err := s.guard.Check(ctx, rawURL); err != nil {
		return nil, nil, port.Refused(rawURL, err)
	}
	p, err := s.tab()
	if err != nil {
		return nil, nil, err
	}
	return s.goTo(ctx, p, rawURL)
}

// goTo navigates the tab p to rawURL.
func (s *Session) goTo(ctx context.Context, p playwright.Page, rawURL string) (playwright.Page, playwright.Response, error) {
	s.navMu.Lock()
	s.lastNav = nil
	s.navMu.Unlock()
	s.proxy.ForgetFailures() // so a failure it names is this navigation's
	nav := s.br.opts.NavigationTimeout
	resp, err := within(ctx, s, p, navigationBound(nav), func() (playwright.Response, error) {
		timeout := playwright.Float(float64(nav.Milliseconds()))
		r, err := p.Goto(rawURL, playwright.PageGotoOptions{Timeout: timeout, WaitUntil: playwright.WaitUntilStateCommit})
		if err == nil {
			// A script the page waits for may never come (a blocked
			// third-party domain) while the page itself is there: after
			// the timeout it is read as it stands rather than given up.
			_ = p.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateDomcontentloaded, Timeout: timeout})
		}
		return r, err
	})
	switch {
	case ctx.Err() != nil:
		return nil, nil, ctx.Err()
	case errors.Is(err, errTookTooLong):
		return nil, nil, port.Failure(port.ErrTimeout, rawURL, "the page took too long to load")
	case err != nil:
		// The tab is dropped: an aborted load can leave navigations in
		// flight (Chromium's error page) that would interrupt the next one.
		return nil, nil, s.explain(p, rawURL, err)
	}
	return p, resp, nil
}

// navigationBound is the most a navigation may take as seen from here: the
// commit and the wait for the document each have the navigation timeout,
// which the driver enforces; this bound only catches a driver that never
// answers.
func navigationBound(nav time.Duration) time.Duration { return 2*nav + closeTimeout }

// proxyAnswered turns an answer the guard's proxy made itself (a redirect
// to a refused address, a site it could not reach over plain http) into the
// failure it stands for, instead of the site's HTTP 403 or 502.
func (s *Session) proxyAnswered(rawURL, finalURL string, header func(name string) string) error {
	refused, failed := header(netguard.RefusedHeader), header(netguard.FailedHeader)
	why := s.proxy.LastFailure(finalURL)
	switch {
	case refused != "":
		return port.Refused(rawURL, errors.New(cmp.Or(why, "a redirect led to an address on this computer or the local network")))
	case failed != "":
		return proxyFailure(rawURL, cmp.Or(why, "the site could not be reached"))
	}
	return nil
}

// tunnelFailure is why the guard's proxy could not connect to target's
// host and port (or, when it says nothing of target, or target is "", to
// the latest address that failed): refused, or the site's trouble; nil
// when it knows of no failure.
func (s *Session) tunnelFailure(rawURL, target string) error {
	if why := cmp.Or(s.proxy.LastFailure(target), s.proxy.LastFailure("")); why != "" {
		return proxyFailure(rawURL, why)
	}
	return nil
}

// responseHeader reads a header of a browser response, for proxyAnswered.
func responseHeader(resp playwright.Response) func(string) string {
	return func(name string) string {
		v, _ := resp.HeaderValue(name)
		return v
	}
}

// discard drops a tab without waiting for it to close: after a page's own
// navigations went wrong (a meta refresh racing the next load) Chromium may
// never answer the close, and a run must not hang on it, nor Stop and quit
// with it. The next navigation opens a fresh tab.
func (s *Session) discard(p playwright.Page) {
	if s.page == p {
		s.page = nil
	}
	go func() { _ = p.Close() }()
}

// failedHop is the address a failed navigation of the tab p to rawURL
// could not connect to: where its last redirect led, or rawURL itself.
func (s *Session) failedHop(p playwright.Page, rawURL string) string {
	s.navMu.Lock()
	nav := s.lastNav
	s.navMu.Unlock()
	if nav == nil || nav.Frame().Page() != p || nav.Status() < 300 || nav.Status() > 399 {
		return rawURL
	}
	// The navigation is over: no one else reads the headers.
	location, _ := nav.HeaderValue("location")
	from, err := url.Parse(nav.URL())
	to, err2 := url.Parse(location)
	if location == "" || err != nil || err2 != nil {
		return rawURL
	}
	return from.ResolveReference(to).String()
}

// explain classifies a navigation error, using the response headers when
// the navigation ended as a download or was aborted.
func (s *Session) explain(p playwright.Page, rawURL string, err error) error {
	ve := classify(rawURL, err)
	if tunnelFailed(err) {
		if perr := s.tunnelFailure(rawURL, s.failedHop(p, rawURL)); perr != nil {
			return perr
		}
	}
	if errors.Is(ve, port.ErrBrowserClosed) && !s.br.Closed() {
		// Only the tab went (the user closed it): the next visit opens one.
		return port.Failure(port.ErrNetwork, rawURL, "the tab was closed while the page loaded")
	}
	s.navMu.Lock()
	nav := s.lastNav
	s.navMu.Unlock()
	if nav != nil && nav.Frame().Page() != p {
		nav = nil // a dropped tab still loading answered last
	}
	if nav == nil || (ve.Kind != port.ErrNotReadable && !strings.Contains(err.Error(), "ERR_ABORTED")) {
		return ve
	}
	// The navigation is over: no one else reads the headers.
	ct, _ := nav.HeaderValue("content-type")
	disposition, _ := nav.HeaderValue("content-disposition")
	switch mt := mediaType(ct); {
	case pdfDownload(mt, disposition, rawURL):
		return port.NotReadable(rawURL, port.PDF)
	case mt != "" && !port.Readable(mt):
		return port.NotReadable(rawURL, mt)
	case strings.HasPrefix(strings.ToLower(strings.TrimSpace(disposition)), "attachment"):
		return port.Failure(port.ErrNotReadable, rawURL, "the address is a file download, not a web page")
	}
	return ve
}

// Show loads rawURL in the session's tab without reading it: a page the
// agent has already read ahead, shown to the user watching the window. It
// returns at once; an Open after it waits for the load to end.
func (s *Session) Show(rawURL string) {
	go func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), navigationBound(s.br.opts.NavigationTimeout))
		defer cancel()
		_, _, _ = s.navigate(ctx, rawURL)
	}()
}

// Open loads rawURL and reads it. Failures are *VisitError values (or
// ctx.Err() when cancelled); a page that answers 4xx/5xx is a failure.
func (s *Session) Open(ctx context.Context, rawURL string) (*port.Visit, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, resp, err := s.navigate(ctx, rawURL)
	if port.IsPDF(err) {
		return s.readPDF(ctx, rawURL) // Chromium downloads it: read it ourselves
	}
	if err != nil {
		return nil, err
	}
	v := &port.Visit{URL: rawURL, FinalURL: p.URL(), Status: 200}
	if resp != nil {
		v.Status = resp.Status()
		ct, _ := resp.HeaderValue("content-type")
		v.ContentType = mediaType(ct)
		if err := s.proxyAnswered(rawURL, v.FinalURL, responseHeader(resp)); err != nil {
			return nil, err
		}
	}
	if v.Status >= 400 {
		return nil, port.StatusError(rawURL, v.Status)
	}
	if v.ContentType == port.PDF {
		return s.readPDF(ctx, rawURL) // in the viewer, which no script reads
	}
	if !port.Readable(v.ContentType) {
		return nil, port.NotReadable(rawURL, v.ContentType)
	}
	// A text file is shown as it came: no quiet page to wait for.
	doc, err := s.read(ctx, p, rawURL, !port.TextFile(v.ContentType))
	if err != nil {
		return nil, err
	}
	if err := s.landed(rawURL, p, resp); err != nil {
		return nil, err
	}
	doc.Links = port.OpenableLinks(doc.Links, s.guard.CheckLiteral)
	v.Doc, v.FinalURL = doc, p.URL() // where a script or meta refresh led
	return v, nil
}

// landed judges where the page ended up after its own navigations (a meta
// refresh, a Refresh header, a script setting location, a form it
// submitted), which the first response says nothing of: a document the
// guard's proxy answered for, Chromium's error page or an error status is a
// failed visit, not a page whose text is the refusal or the error.
func (s *Session) landed(rawURL string, p playwright.Page, first playwright.Response) error {
	if final := p.URL(); strings.HasPrefix(final, "chrome-error:") {
		if err := s.tunnelFailure(rawURL, ""); err != nil {
			return err
		}
		return port.Failure(port.ErrNetwork, rawURL, "the page moved on to an address that could not be opened")
	}
	s.navMu.Lock()
	last := s.lastNav
	s.navMu.Unlock()
	if last == nil || last == first || last.Frame().Page() != p {
		return nil
	}
	if err := s.proxyAnswered(rawURL, last.URL(), responseHeader(last)); err != nil {
		return err
	}
	if status := last.Status(); status >= 400 {
		return port.StatusError(rawURL, status)
	}
	return nil
}

// Fetch loads rawURL and returns its HTML as the browser holds it, for
// search providers: the results page shows in the window the user watches.
// HTTP error statuses are returned in the page, not as errors.
func (s *Session) Fetch(ctx context.Context, rawURL string) (search.Page, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var p playwright.Page
	var resp playwright.Response
	var err error
	if s.guard.Check(ctx, rawURL) != nil && s.guard.CheckOwn(ctx, rawURL) == nil {
		// The search endpoint the user configured, which pages may not
		// reach: Scout fetches the page itself (see own.go).
		p, resp, err = s.navigateOwn(ctx, rawURL)
	} else {
		p, resp, err = s.navigate(ctx, rawURL)
	}
	if err != nil {
		return search.Page{}, err
	}
	out := search.Page{URL: p.URL(), Status: 200}
	if resp != nil {
		if err := s.proxyAnswered(rawURL, out.URL, responseHeader(resp)); err != nil {
			return search.Page{}, err
		}
		out.Status = resp.Status()
	}
	html, err := within(ctx, s, p, s.readTimeout, func() (string, error) { return p.Content() })
	switch {
	case ctx.Err() != nil:
		return search.Page{}, ctx.Err()
	case err != nil:
		return search.Page{}, port.Failure(port.ErrNetwork, rawURL, "cannot read the results page: %v", firstLine(err))
	}
	out.HTML = html
	return out, nil
}

// answerPoll is how often a page a person is answering is looked at: often
// enough that the run goes on as soon as they are done.
const answerPoll = time.Second

// AwaitAnswer brings the tab to the front and leaves it to the person
// watching the window (a search engine's bot check): about every
// answerPoll it reads the page's HTML and returns it as soon as ready
// holds. It gives up when ctx ends, when limit passes, or when the tab is
// closed. One read at a time: a page that holds a read up is not asked
// again until it answers.
func (s *Session) AwaitAnswer(ctx context.Context, limit time.Duration, ready func(html string) bool) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.page
	if p == nil || p.IsClosed() {
		return "", errQuestionClosed
	}
	_ = p.BringToFront()
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	poll := time.NewTimer(0) // the first read at once, the next answerPoll after a read ends
	defer poll.Stop()
	read := make(chan string, 1) // buffered: a read still out when we give up ends on its own
	for {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-deadline.C:
			return "", fmt.Errorf("no answer within %s", limit)
		case <-poll.C:
			go func() {
				html, err := p.Content() // fails while the page moves on: read again
				if err != nil {
					html = ""
				}
				read <- html
			}()
		case html := <-read:
			if html != "" && ready(html) {
				return html, nil
			}
			if p.IsClosed() {
				return "", errQuestionClosed
			}
			poll.Reset(answerPoll)
		}
	}
}

// errQuestionClosed: the tab a person was to answer in is gone.
var errQuestionClosed = port.Failure(port.ErrBrowserClosed, "", "the tab with the question was closed")

func mediaType(contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return ""
	}
	return mt
}

func firstLine(err error) string {
	first, _, _ := strings.Cut(err.Error(), "\n")
	return first
}
