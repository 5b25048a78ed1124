package netguard

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// canary counts the requests that reach it.
func canary(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		io.WriteString(w, "canary")
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// Scout's own requests reach the origin the user configured (a SearXNG on
// this computer), but a redirect from it to another private address, by
// literal or by a name resolving inward, is refused before it is followed;
// so is a name resolving inward at connection time. Public addresses are
// allowed, and everything with the local network allowed.
func TestOwnClientMeetsTheGuard(t *testing.T) {
	inner, hits := canary(t)
	_, innerPort, _ := net.SplitHostPort(strings.TrimPrefix(inner.URL, "http://"))
	var target atomic.Value
	searx := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if to, _ := target.Load().(string); to != "" && r.URL.Path == "/search" {
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		io.WriteString(w, `{"results":[]}`)
	}))
	defer searx.Close()
	resolver := fakeResolver{"rebind.example.com": {"127.0.0.1"}}

	g := &Guard{Resolver: resolver}
	g.AllowOwn(searx.URL)
	client := g.ownClient(5*time.Second, noProxy)
	get := func(c *http.Client, u string) error {
		res, err := c.Get(u)
		if err == nil {
			res.Body.Close()
		}
		return err
	}
	if err := get(client, searx.URL+"/search"); err != nil {
		t.Fatalf("the configured origin: %v", err)
	}
	for _, to := range []string{inner.URL + "/admin", "http://rebind.example.com:" + innerPort + "/", "http://localhost:" + innerPort + "/"} {
		target.Store(to)
		if err := get(client, searx.URL+"/search"); !errors.Is(err, ErrPrivate) {
			t.Errorf("redirect to %s: %v", to, err)
		}
	}
	target.Store("")
	// A name checked as public that resolves inward when connected to.
	if err := get(client, "http://rebind.example.com:"+innerPort+"/"); !errors.Is(err, ErrPrivate) {
		t.Errorf("a name resolving inward: %v", err)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the private server was reached %d times", n)
	}

	// The browser gains nothing from AllowOwn.
	if err := g.Check(context.Background(), searx.URL+"/search"); !errors.Is(err, ErrPrivate) {
		t.Errorf("the browser may open the search endpoint: %v", err)
	}

	open := &Guard{AllowLocal: true}
	target.Store(inner.URL + "/")
	if err := get(open.ownClient(5*time.Second, noProxy), searx.URL+"/search"); err != nil {
		t.Fatalf("with the local network allowed: %v", err)
	}
	if hits.Load() != 1 {
		t.Fatalf("allowed redirect reached the server %d times", hits.Load())
	}
}

// The model server is the browser's never: not by its address, nor by
// another spelling of this computer on its port, nor by a name resolving
// to it, nor with the local network allowed. Scout's own requests are not
// held back, and other ports of this computer stay as the rules say.
func TestProtectKeepsPagesOffTheModelServer(t *testing.T) {
	resolver := fakeResolver{"model.example.com": {"127.0.0.1"}, "rebind.example.com": {"127.0.0.1"}, "localhost": {"127.0.0.1", "::1"}}
	for _, allowLocal := range []bool{false, true} {
		g := &Guard{AllowLocal: allowLocal, Resolver: resolver}
		g.Protect("http://127.0.0.1:1234/v1")
		for _, u := range []string{
			"http://127.0.0.1:1234/v1/models", "http://localhost:1234/v1/chat/completions", "http://[::1]:1234/props",
			"http://127.0.0.2:1234/slots", "http://0.0.0.0:1234/", "http://2130706433:1234/", "http://rebind.example.com:1234/",
		} {
			if err := g.Check(context.Background(), u); !errors.Is(err, ErrModelServer) && !(!allowLocal && errors.Is(err, ErrPrivate)) {
				t.Errorf("allow local %v: %s: %v", allowLocal, u, err)
			}
		}
		if err := g.CheckOwn(context.Background(), "http://127.0.0.1:1234/v1/models"); allowLocal && err != nil {
			t.Errorf("Scout's own request to the model server refused: %v", err)
		}
		if err := g.Check(context.Background(), "http://127.0.0.1:8089/"); allowLocal != (err == nil) {
			t.Errorf("allow local %v: another local port: %v", allowLocal, err)
		}
	}
	// A model server elsewhere: its name and address, not the rest.
	g := &Guard{AllowLocal: true, Resolver: resolver}
	g.Protect("http://model.example.com:8080/v1")
	if err := g.Check(context.Background(), "http://model.example.com:8080/v1/models"); !errors.Is(err, ErrModelServer) {
		t.Errorf("by name: %v", err)
	}
	if err := g.Check(context.Background(), "http://127.0.0.1:8080/"); !errors.Is(err, ErrModelServer) {
		t.Errorf("by the address its name resolves to: %v", err)
	}
	if err := g.Check(context.Background(), "http://127.0.0.1:8081/"); err != nil {
		t.Errorf("another port: %v", err)
	}
}

// The proxy the browser goes through refuses the model server too, at the
// address it dials, with the local network allowed and the server the
// only loopback address the guard would otherwise let through.
func TestProxyKeepsPagesOffTheModelServer(t *testing.T) {
	model, hits := canary(t)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(model.URL, "http://"))
	for _, g := range []*Guard{{AllowLocal: true}, {}} {
		g.Protect(model.URL + "/v1")
		p := startProxy(t, g)
		for _, target := range []string{model.URL + "/v1/models", "http://localhost:" + port + "/v1/models", "http://127.0.0.3:" + port + "/props"} {
			if res := through(t, p, target); res.StatusCode != http.StatusForbidden || res.Header.Get(RefusedHeader) == "" {
				t.Errorf("GET %s: %d", target, res.StatusCode)
			}
		}
		if code, _ := connect(t, p, "127.0.0.1:"+port); code != http.StatusForbidden {
			t.Errorf("CONNECT: %d", code)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the model server was reached %d times", n)
	}
}
