package netguard

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
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

func startProxy(t *testing.T, g *Guard) *Proxy {
	t.Helper()
	t.Setenv("HTTP_PROXY", "")
	t.Setenv("HTTPS_PROXY", "")
	p, err := g.StartProxy()
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
	if why := p.LastFailure("rebind.example.com"); !strings.Contains(why, "resolves to 127.0.0.1") {
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

// A name is dialled at the address the guard checked, so it cannot point
// somewhere else by the time of the connection.
func TestProxyDialsTheAddressItChecked(t *testing.T) {
	g := &Guard{Resolver: fakeResolver{"public.example.com": {"93.184.215.14"}}}
	p := startProxy(t, g)
	addr, err := p.checkHost(context.Background(), "public.example.com:443")
	if err != nil || addr != "93.184.215.14:443" {
		t.Fatalf("checked %q, %v", addr, err)
	}
	if _, err := p.checkHost(context.Background(), "unknown.example.com:443"); err == nil || !strings.Contains(err.Error(), "cannot be found") {
		t.Fatalf("an unknown name: %v", err)
	}
}
