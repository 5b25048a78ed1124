package browser

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/page"
)

// pagesThatMisbehave are pages of the real web that used to freeze a run,
// read the wrong thing or leave windows behind.
var pagesThatMisbehave = map[string]string{
	"/refresh":  `<html><head><meta http-equiv="refresh" content="0;url=/final"></head><body><p>Redirecting…</p></body></html>`,
	"/final":    `<html><body><main><p>The destination page says hello.</p></main></body></html>`,
	"/late":     `<html><body><main><p>Loading…</p></main><script>addEventListener('load', () => setTimeout(() => location.replace('/final'), 150))</script></body></html>`,
	"/rendered": `<html><body><main id="app">Loading…</main><script>addEventListener('load', () => setTimeout(() => { document.getElementById('app').innerHTML = '<h1>Rendered</h1><p>The client-side app filled this in.</p>' }, 200))</script></body></html>`,
	"/busy":     `<html><body><main><p>A page whose script never yields.</p></main><script>setTimeout(() => { for (;;) {} }, 10)</script></body></html>`,
	"/popup":    `<html><body><main><p>A page that opens windows.</p></main><script>window.open('/final'); window.open('/final?2')</script></body></html>`,
	"/leave":    `<html><body><main><p>A page that asks before leaving.</p></main><script>addEventListener('beforeunload', e => { e.preventDefault(); e.returnValue = '' })</script></body></html>`,
	"/notimers": `<html><body><main><p>A page that took the timers away.</p></main><script>window.setTimeout = () => 0; setInterval(() => { document.title = String(Date.now()) }, 50)</script></body></html>`,
}

func misbehaving(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/empty" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		body, ok := pagesThatMisbehave[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// openWithin opens rawURL and fails the test if that takes longer than
// limit: a hang here is a frozen run that Stop cannot end.
func openWithin(t *testing.T, s *Session, rawURL string, limit time.Duration) (*port.Visit, error) {
	t.Helper()
	v, err := await(context.Background(), limit, func() (*port.Visit, error) { return s.Open(context.Background(), rawURL) })
	if errors.Is(err, errTookTooLong) {
		t.Fatalf("opening %s did not return within %v", rawURL, limit)
	}
	return v, err
}

// A page that moves on by itself (meta refresh, a script after load) or
// fills itself in after load is read where and when it settles.
func TestPagesAreReadOnceSettled(t *testing.T) {
	srv := misbehaving(t)
	s := session(t)
	s.guard.Allow(srv.URL)
	for _, tc := range []struct{ path, says, final string }{
		{"/refresh", "destination page says hello", "/final"},
		{"/late", "destination page says hello", "/final"},
		{"/rendered", "client-side app filled this in", "/rendered"},
	} {
		// Three times over: the meta refresh froze the session one time
		// in two or three when the next page opened.
		for i := range 3 {
			v, err := openWithin(t, s, srv.URL+tc.path, 15*time.Second)
			if err != nil {
				t.Fatalf("%s (%d): %v", tc.path, i, err)
			}
			if !strings.Contains(allText(v), tc.says) || !strings.HasSuffix(v.FinalURL, tc.final) {
				t.Fatalf("%s (%d): read %q at %s", tc.path, i, allText(v), v.FinalURL)
			}
			if _, err := openWithin(t, s, srv.URL+"/final", 15*time.Second); err != nil {
				t.Fatalf("the page after %s (%d): %v", tc.path, i, err)
			}
		}
	}
}

// A page whose script never yields fails the visit after the read timeout,
// and Stop (a cancelled context) ends it at once; the session goes on.
func TestABusyPageDoesNotHoldTheRun(t *testing.T) {
	srv := misbehaving(t)
	s := session(t)
	s.guard.Allow(srv.URL)
	s.readTimeout = 2 * time.Second
	_, err := openWithin(t, s, srv.URL+"/busy", 10*time.Second)
	var ve *port.VisitError
	if !errors.As(err, &ve) || !errors.Is(err, port.ErrTimeout) || !strings.Contains(ve.Message, "busy") {
		t.Fatalf("busy page: %v", err)
	}
	s.readTimeout = time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	start := time.Now()
	if _, err := s.Open(ctx, srv.URL+"/busy?stop"); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 4*time.Second {
		t.Fatalf("stopped after %v: %v", time.Since(start), err)
	}
	if _, err := openWithin(t, s, srv.URL+"/final", 15*time.Second); err != nil {
		t.Fatalf("the session after a busy page: %v", err)
	}
}

// Pop-ups are closed, a "leave this page?" prompt does not keep the agent
// on a page, and an empty answer is not called a download.
func TestWindowsAndPromptsDoNotGetInTheWay(t *testing.T) {
	srv := misbehaving(t)
	s := session(t)
	s.guard.Allow(srv.URL)
	if _, err := openWithin(t, s, srv.URL+"/popup", 15*time.Second); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(s.bc.Pages()) > 1 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := len(s.bc.Pages()); n != 1 {
		t.Fatalf("%d windows open after a page opened pop-ups", n)
	}
	if _, err := openWithin(t, s, srv.URL+"/leave", 15*time.Second); err != nil {
		t.Fatal(err)
	}
	// Chromium asks before leaving only a page the user has touched.
	if err := s.page.Locator("main").Click(); err != nil {
		t.Fatal(err)
	}
	if v, err := openWithin(t, s, srv.URL+"/final", 15*time.Second); err != nil || !strings.Contains(allText(v), "hello") {
		t.Fatalf("leaving a page that asks before leaving: %v", err)
	}
	_, err := openWithin(t, s, srv.URL+"/empty", 15*time.Second)
	if err == nil || strings.Contains(err.Error(), "download") {
		t.Fatalf("an empty answer (HTTP 204): %v", err)
	}
}

// A page's WebSocket to a private address never connects: request routing
// does not see WebSockets; the guard's proxy does.
func TestWebSocketsToPrivateAddressesAreBlocked(t *testing.T) {
	s := session(t)
	var hits atomic.Int32
	inner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1) // the upgrade request; no need to complete it
		http.Error(w, "no", http.StatusBadRequest)
	}))
	defer inner.Close()
	wsURL := "ws" + strings.TrimPrefix(inner.URL, "http") + "/socket"
	public := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<html><body><main><p>A public page with a socket.</p></main><script>new WebSocket(%q)</script></body></html>`, wsURL)
	}))
	defer public.Close()
	s.guard.Allow(public.URL)
	open := func(q string) {
		if _, err := openWithin(t, s, public.URL+q, 15*time.Second); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond) // let the socket try
	}
	open("/")
	if n := hits.Load(); n != 0 {
		t.Fatalf("a WebSocket reached a private address %d times", n)
	}
	s.guard.Allow(inner.URL) // control: allowed, it connects
	open("/?again")
	if hits.Load() == 0 {
		t.Fatal("control: an allowed WebSocket did not connect either")
	}
}

// A redirect never takes the browser to a private address: not the page
// itself (a public page sending the browser on to the user's router) and
// not a script's request. Request routing does not see redirects; the
// guard's proxy does.
func TestRedirectsToPrivateAddressesAreBlocked(t *testing.T) {
	s := session(t)
	var hits atomic.Int32
	inner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Access-Control-Allow-Origin", "*")
		fmt.Fprint(w, "<html><body><main><p>SECRET-FROM-INNER</p></main></body></html>")
	}))
	defer inner.Close()
	public := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/go":
			http.Redirect(w, r, inner.URL+"/admin?action=reboot", http.StatusFound)
		case "/data":
			http.Redirect(w, r, inner.URL+"/secret", http.StatusFound)
		default:
			fmt.Fprint(w, `<html><body><main><p id="out">A public page.</p></main>
<script>fetch('/data').then(r => r.text()).then(t => { document.getElementById('out').textContent = t })</script></body></html>`)
		}
	}))
	defer public.Close()
	s.guard.Allow(public.URL)

	_, err := openWithin(t, s, public.URL+"/go", 15*time.Second)
	if !errors.Is(err, port.ErrRefused) {
		t.Fatalf("a redirect to a private address: %v", err)
	}
	v, err := openWithin(t, s, public.URL+"/", 15*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(allText(v), "SECRET") {
		t.Fatalf("a script's redirected request read the private server: %q", allText(v))
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("redirects reached the private address %d times", n)
	}
	s.guard.Allow(inner.URL) // control: allowed, both reach it
	if _, err := openWithin(t, s, public.URL+"/go?again", 15*time.Second); err != nil {
		t.Fatal(err)
	}
	if hits.Load() == 0 {
		t.Fatal("control: an allowed redirect did not reach the server either")
	}
}

// A page that waits for a script that never comes (a third-party domain a
// firewall drops) is read as it stands after the navigation timeout,
// rather than thrown away.
func TestAPageWaitingForAScriptIsReadAsItStands(t *testing.T) {
	s := session(t)
	gone := make(chan struct{})
	blackhole := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select { // never answers while the test runs
		case <-r.Context().Done():
		case <-gone:
		}
	}))
	defer blackhole.Close()
	defer close(gone)
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<html><body><main><h1>Article</h1><p>The article is all here already.</p></main><script src="%s/analytics.js"></script></body></html>`, blackhole.URL)
	}))
	defer page.Close()
	s.guard.Allow(page.URL)
	s.guard.Allow(blackhole.URL)
	v, err := openWithin(t, s, page.URL, 30*time.Second)
	if err != nil || !strings.Contains(allText(v), "all here already") {
		t.Fatalf("a page waiting for a script: %v", err)
	}
}

// A page that replaces setTimeout (so an in-page wait never ends) is still
// read, without waiting for the read timeout.
func TestAPageWithoutTimersIsRead(t *testing.T) {
	srv := misbehaving(t)
	s := session(t)
	s.guard.Allow(srv.URL)
	v, err := openWithin(t, s, srv.URL+"/notimers", 10*time.Second)
	if err != nil || !strings.Contains(allText(v), "took the timers away") {
		t.Fatalf("%v", err)
	}
}

// WebRTC is gone from pages: its UDP does not go through the guard's proxy,
// so a page could otherwise send packets to the local network.
func TestPagesHaveNoWebRTC(t *testing.T) {
	udp, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer udp.Close()
	var packets atomic.Int32
	go func() {
		buf := make([]byte, 1500)
		for {
			if _, _, err := udp.ReadFrom(buf); err != nil {
				return
			}
			packets.Add(1)
		}
	}()
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<html><body><main><p id="out">WebRTC is here.</p></main><script>
try {
  const pc = new RTCPeerConnection({iceServers: [{urls: 'stun:%s'}]});
  pc.createDataChannel('x');
  pc.createOffer().then(o => pc.setLocalDescription(o));
} catch (e) { document.getElementById('out').textContent = 'WebRTC is gone.'; }
</script></body></html>`, udp.LocalAddr())
	}))
	defer page.Close()
	s := session(t)
	s.guard.Allow(page.URL)
	v, err := openWithin(t, s, page.URL, 15*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // let ICE gathering try
	if !strings.Contains(allText(v), "WebRTC is gone") || packets.Load() != 0 {
		t.Fatalf("page says %q; %d UDP packets reached the local address", allText(v), packets.Load())
	}
}

// A plain-http site the guard's proxy cannot reach is reported as what it
// is (a refused connection), not as the site's own HTTP 502.
func TestAnUnreachablePlainHTTPSiteIsNotAnHTTPError(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := "http://" + ln.Addr().String() + "/"
	ln.Close()
	s := session(t)
	s.guard.Allow(dead)
	_, err := openWithin(t, s, dead, 15*time.Second)
	if !errors.Is(err, port.ErrConnRefused) {
		t.Fatalf("a closed port: %v", err)
	}
}

// A Markdown file's "#" lines are headings (so the file has an outline and
// a title), except inside a code fence, where "#" is a shell comment.
func TestMarkdownHeadings(t *testing.T) {
	s := session(t)
	v, err := openWithin(t, s, fixtureSrv.URL+"/notes/README.md", 15*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var headings []string
	for _, b := range v.Doc.Blocks {
		if b.Kind == page.Heading {
			headings = append(headings, fmt.Sprintf("%d %s", b.Level, b.Text))
		}
	}
	want := []string{"1 Harbour ledger 2.4 release notes", "2 Installing", "2 Changes", "2 Upgrading from 2.3", "2 Known problems"}
	if strings.Join(headings, "|") != strings.Join(want, "|") {
		t.Fatalf("headings %q, want %q", headings, want)
	}
	if v.Doc.Title != "Harbour ledger 2.4 release notes" || !strings.Contains(allText(v), "# unpack next to the old ledger") {
		t.Fatalf("title %q; text %q", v.Doc.Title, allText(v))
	}
}

// A page of very many elements is read as far as the walk got in its
// time, its beginning kept and the page marked cut, rather than failing
// the visit as a page that kept the browser busy (a list of 200,000 items
// did, in 45 s); the test shortens the walk's time to see it stop.
func TestAHugeListIsReadInPart(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<html><body><main><p>HUGE-LIST-START: the list follows.</p><ul>")
		for i := 0; i < 30_000; i++ {
			fmt.Fprintf(w, "<li>item %d</li>", i)
		}
		fmt.Fprint(w, "</ul><p>HUGE-LIST-END</p></main></body></html>")
	}))
	defer srv.Close()
	s := session(t)
	s.guard.Allow(srv.URL)
	s.walkTimeout = 300 * time.Millisecond
	v, err := openWithin(t, s, srv.URL+"/", 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	text := allText(v)
	if !strings.Contains(text, "HUGE-LIST-START") || !strings.Contains(text, "- item 1\n") || strings.Contains(text, "HUGE-LIST-END") || !v.Doc.Truncated {
		t.Errorf("read %d characters, cut %v, beginning %.200q", len(text), v.Doc.Truncated, text)
	}
}
