package netguard

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// through sends a GET for target through the proxy, as a browser does for
// plain http.
func through(t *testing.T, p *Proxy, target string) *http.Response {
	t.Helper()
	pu, _ := url.Parse(p.URL())
	c := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(pu)}, Timeout: 10 * time.Second}
	res, err := c.Get(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

// connect asks the proxy for a tunnel to hostport and returns its status.
func connect(t *testing.T, p *Proxy, hostport string) (int, net.Conn) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(p.URL(), "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "CONNECT %s HTTP/1.1\r\nHost: %s\r\n\r\n", hostport, hostport)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, conn
}

// noProxy is a user without a proxy of their own, whatever the machine
// running the tests has set.
func noProxy(*http.Request) (*url.URL, error) { return nil, nil }

func startProxy(t *testing.T, g *Guard) *Proxy {
	t.Helper()
	p, err := g.startProxy(noProxy)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// The proxy refuses connections to private addresses, by literal or by a
// name resolving inward, and says so in a way a caller can tell from the
// site's own answer; an origin the user configured, and every address when
// the local network is allowed, go through.
func TestProxyAppliesTheGuardToEveryConnection(t *testing.T) {
	var hits atomic.Int32
	inner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		io.WriteString(w, "inside")
	}))
	defer inner.Close()
	innerHost := strings.TrimPrefix(inner.URL, "http://")
	_, port, _ := net.SplitHostPort(innerHost)

	g := &Guard{Resolver: fakeResolver{"rebind.example.com": {"127.0.0.1"}}}
	p := startProxy(t, g)
	for _, target := range []string{inner.URL + "/reboot", "http://rebind.example.com:" + port + "/reboot", "http://localhost:" + port + "/"} {
		res := through(t, p, target)
		if res.StatusCode != http.StatusForbidden || res.Header.Get(RefusedHeader) == "" {
			t.Errorf("GET %s through the proxy: %d", target, res.StatusCode)
		}
	}
	if code, _ := connect(t, p, innerHost); code != http.StatusForbidden {
		t.Errorf("CONNECT %s: %d", innerHost, code)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the private server was reached %d times", n)
	}
	if why := p.LastFailure("http://rebind.example.com:" + port + "/"); !strings.Contains(why, "resolves to 127.0.0.1") {
		t.Errorf("last failure for the rebinding name: %q", why)
	}

	g.Allow(inner.URL) // the configured search endpoint, say
	if res := through(t, p, inner.URL+"/search"); res.StatusCode != http.StatusOK {
		t.Fatalf("an allowed origin: %d", res.StatusCode)
	}
	code, conn := connect(t, p, innerHost)
	if code != http.StatusOK {
		t.Fatalf("CONNECT to an allowed origin: %d", code)
	}
	fmt.Fprintf(conn, "GET /tunnelled HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", innerHost)
	body, _ := io.ReadAll(conn)
	if !strings.Contains(string(body), "inside") {
		t.Fatalf("through the tunnel: %q", body)
	}
	if n := hits.Load(); n != 2 {
		t.Fatalf("the allowed server was reached %d times, want 2", n)
	}

	open := &Guard{AllowLocal: true}
	if res := through(t, startProxy(t, open), inner.URL+"/"); res.StatusCode != http.StatusOK {
		t.Fatalf("with the local network allowed: %d", res.StatusCode)
	}
}

// The addresses to dial are the ones checked, IPv4 first; a name that
// does not resolve cannot be dialled and says so.
func TestProxyOrdersCheckedAddresses(t *testing.T) {
	g := &Guard{Resolver: fakeResolver{"public.example.com": {"2606:2800:21f:cb07:6820:80da:af6b:8b2c", "93.184.215.14"}}}
	p := startProxy(t, g)
	addrs, err := p.checkHost(context.Background(), "public.example.com:443")
	if err != nil || strings.Join(addrs, " ") != "93.184.215.14:443 [2606:2800:21f:cb07:6820:80da:af6b:8b2c]:443" {
		t.Fatalf("checked %q, %v", addrs, err)
	}
	if _, err := p.checkHost(context.Background(), "unknown.example.com:443"); err == nil || !strings.Contains(err.Error(), "cannot be found") {
		t.Fatalf("an unknown name: %v", err)
	}
}

// Through the user's own proxy, a name this computer cannot resolve is let
// through (on many networks only the proxy can resolve outside names), for
// tunnels and plain http alike; a name resolving inward is still refused.
func TestProxyChainsToTheUsersProxy(t *testing.T) {
	var asked atomic.Value
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Store(r.Method + " " + r.Host)
		w.WriteHeader(http.StatusOK) // a tunnel, or a page, as far as the client can tell
	}))
	defer upstream.Close()
	up, _ := url.Parse(upstream.URL)
	g := &Guard{Resolver: fakeResolver{"inward.example.com": {"10.0.0.5"}}}
	p, err := g.startProxy(http.ProxyURL(up))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if code, _ := connect(t, p, "www.example.com:443"); code != http.StatusOK || asked.Load() != "CONNECT www.example.com:443" {
		t.Fatalf("an unresolvable name through the user's proxy: %d, upstream saw %v", code, asked.Load())
	}
	if res := through(t, p, "http://plain.example.com/page"); res.StatusCode != http.StatusOK || asked.Load() != "GET plain.example.com" {
		t.Fatalf("plain http through the user's proxy: %d, upstream saw %v", res.StatusCode, asked.Load())
	}
	if code, _ := connect(t, p, "inward.example.com:443"); code != http.StatusForbidden {
		t.Fatalf("a name resolving inward through the user's proxy: %d", code)
	}
	if res := through(t, p, "http://inward.example.com/"); res.StatusCode != http.StatusForbidden {
		t.Fatalf("plain http to a name resolving inward: %d", res.StatusCode)
	}
}

// The proxy's own failures are marked, so a dead site is not reported as
// the site's HTTP 502; closing the proxy closes its open tunnels.
func TestProxyFailuresAndClose(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := ln.Addr().String()
	ln.Close()
	p := startProxy(t, &Guard{AllowLocal: true})
	res := through(t, p, "http://"+closed+"/")
	if res.StatusCode != http.StatusBadGateway || res.Header.Get(FailedHeader) == "" {
		t.Fatalf("a closed port: %d %v", res.StatusCode, res.Header)
	}

	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer echo.Close()
	code, conn := connect(t, p, strings.TrimPrefix(echo.URL, "http://"))
	if code != http.StatusOK {
		t.Fatalf("CONNECT: %d", code)
	}
	p.Close()
	conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	if _, err := conn.Read(make([]byte, 1)); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("the tunnel outlived the proxy: %v", err)
	}
}

// countingResolver counts lookups.
type countingResolver struct {
	fakeResolver
	n atomic.Int32
}

func (c *countingResolver) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	c.n.Add(1)
	return c.fakeResolver.LookupNetIP(ctx, network, host)
}

// The many connections of one page to the same host resolve it once.
func TestProxyRemembersNames(t *testing.T) {
	r := &countingResolver{fakeResolver: fakeResolver{"public.example.com": {"93.184.215.14"}}}
	p := startProxy(t, &Guard{Resolver: r})
	for range 5 {
		if _, err := p.checkHost(context.Background(), "public.example.com:443"); err != nil {
			t.Fatal(err)
		}
	}
	if n := r.n.Load(); n != 1 {
		t.Fatalf("%d lookups for five connections", n)
	}
}

// What the proxy says of an address is what that address met: another
// port on the same host keeps its own account, and a request the browser
// gave up (a page left while it loaded) is no failure.
func TestFailuresAreKeptPerAddress(t *testing.T) {
	p := startProxy(t, &Guard{})
	inner, _ := url.Parse("http://127.0.0.1:8001/admin")
	model, _ := url.Parse("https://127.0.0.1:8002/v1/models")
	p.failed(model, errors.New("refused: the model server"))
	p.failed(inner, errors.New("refused: the local network"))
	p.failed(model, fmt.Errorf("proxy: %w", context.Canceled))
	for rawURL, want := range map[string]string{
		"https://127.0.0.1:8002/": "refused: the model server", "http://127.0.0.1:8001": "refused: the local network",
		"http://127.0.0.1/": "", "": "refused: the local network",
	} {
		if got := p.LastFailure(rawURL); got != want {
			t.Errorf("LastFailure(%q) = %q, want %q", rawURL, got, want)
		}
	}
}
