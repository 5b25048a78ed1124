package netguard

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// Scout's own requests (the SearXNG provider's, a results page Scout loads
// for the browser) meet the guard as the browser's do: each redirect is
// checked before it is followed, and each connection is made to the
// addresses checked, not to a name that could point elsewhere by then. The
// origins of AllowOwn are allowed wherever they are; a redirect from them
// to another address on this computer or the local network is refused.

// ModelServer names the model server the user configured: Scout's own
// requests reach its origin wherever it is (a computer on the home
// network is the user's choice to make, and nothing else of that network
// comes with it), and no page the browser opens reaches it (Protect),
// even with the local network allowed.
func (g *Guard) ModelServer(rawURL string) {
	g.AllowOwn(rawURL)
	g.Protect(rawURL)
}

// ModelClient returns a client for Scout's requests to the model server,
// under the guard's rules (each redirect checked, each address dialled
// as checked) and without a time limit: a reply on a slow machine takes
// minutes, and package llm has its own watchdogs. Only the environment's
// proxy (HTTP_PROXY, HTTPS_PROXY, NO_PROXY) is used, as before: the
// desktop's proxy setting is for browsing, and a model server on the home
// network is not reached through it.
func (g *Guard) ModelClient() *http.Client {
	return g.ownClient(0, http.ProxyFromEnvironment)
}

// maxOwnRedirects is as many redirects as browsers follow.
const maxOwnRedirects = 10

// OwnClient returns a client for Scout's own requests, giving up after
// timeout (0: never). Requests go through the user's own proxy when one is
// set, as the browser's do.
func (g *Guard) OwnClient(timeout time.Duration) *http.Client {
	return g.ownClient(timeout, usersProxy())
}

func (g *Guard) ownClient(timeout time.Duration, upstream func(*http.Request) (*url.URL, error)) *http.Client {
	var proxies sync.Map // host:port of the user's proxies, dialled as they are
	dialer := &net.Dialer{Timeout: proxyDialTimeout}
	transport := &http.Transport{
		Proxy: func(r *http.Request) (*url.URL, error) {
			up, err := upstream(r)
			if err != nil || up == nil {
				return up, err
			}
			// The proxy resolves the name: check what can be checked here.
			if err := g.CheckOwn(r.Context(), r.URL.String()); err != nil {
				return nil, err
			}
			proxies.Store(hostPort(up), true)
			return up, nil
		},
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if _, ok := proxies.Load(addr); ok {
				return dialer.DialContext(ctx, network, addr)
			}
			return g.dialOwn(ctx, dialer, network, addr)
		},
		ForceAttemptHTTP2:   true,
		TLSHandshakeTimeout: 10 * time.Second,
		IdleConnTimeout:     90 * time.Second,
	}
	return &http.Client{
		Transport: transport,
		Timeout:   timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxOwnRedirects {
				return fmt.Errorf("stopped after %d redirects", maxOwnRedirects)
			}
			return g.CheckOwn(req.Context(), req.URL.String())
		},
	}
}

// dialOwn connects to hostport for Scout's own request if the guard allows
// it, dialling the addresses it checked.
func (g *Guard) dialOwn(ctx context.Context, d *net.Dialer, network, hostport string) (net.Conn, error) {
	addrs, err := g.addrs(ctx, &url.URL{Scheme: "http", Host: hostport}, true, scoutAsks)
	if err != nil {
		return nil, err
	}
	if addrs == nil {
		return d.DialContext(ctx, network, hostport)
	}
	_, port, _ := net.SplitHostPort(hostport)
	for _, a := range ipv4First(addrs) {
		var conn net.Conn
		if conn, err = d.DialContext(ctx, network, net.JoinHostPort(a.Unmap().String(), port)); err == nil {
			return conn, nil
		}
	}
	return nil, err
}
