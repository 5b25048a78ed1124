// Package netguard decides which URLs the agent may open. Page text is
// untrusted: a page can tell the model to visit the user's router, a cloud
// metadata endpoint or a file on disk. So only http(s) URLs to public
// addresses are allowed, unless the user allows the local network; the
// search endpoint and the model server the user configured are always
// allowed. Hosts are read the way a browser reads them (numeric forms such
// as http://2130706433/ are 127.0.0.1) and names are resolved, so a public
// name pointing inward is refused too.
//
// Check runs before the agent opens a page. The browser's own traffic (the
// redirects it follows, what page scripts fetch, WebSockets) goes through
// Proxy, which applies the same rules to each connection as it is made, to
// the address it dials.
package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Reasons a URL is refused, for errors.Is.
var (
	// ErrScheme: not an http or https URL (file:, data:, javascript:, ...).
	ErrScheme = errors.New("only web addresses (http, https) can be opened")
	// ErrPrivate: the host is on this computer or the local network.
	ErrPrivate = errors.New("address on this computer or the local network")
	// ErrBadURL: the URL cannot be parsed.
	ErrBadURL = errors.New("not a valid web address")
)

// Refusal explains a refused URL.
type Refusal struct {
	Kind error
	URL  string
	// Detail says why, in words for the journal.
	Detail string
}

// Error implements error.
func (r *Refusal) Error() string { return r.Detail }

// Unwrap returns the kind.
func (r *Refusal) Unwrap() error { return r.Kind }

// Resolver looks up a host's addresses; *net.Resolver satisfies it.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Guard checks URLs. The zero value refuses every private address and
// resolves names with net.DefaultResolver. It is safe for concurrent use.
type Guard struct {
	// AllowLocal turns the private-address check off.
	AllowLocal bool
	// Resolver resolves names; nil means net.DefaultResolver.
	Resolver Resolver

	mu      sync.Mutex
	allowed map[string]bool // host:port always allowed
	dns     map[string]dnsEntry
}

// Allow always allows the origin (scheme://host:port) of rawURL, for the
// configured search endpoint and model server.
func (g *Guard) Allow(rawURL string) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.allowed == nil {
		g.allowed = map[string]bool{}
	}
	g.allowed[hostPort(u)] = true
}

// Check returns nil when rawURL may be opened, else a *Refusal. It may
// resolve the host name, so it takes a context.
func (g *Guard) Check(ctx context.Context, rawURL string) error {
	return g.check(ctx, rawURL, true)
}

// CheckLiteral is Check without name resolution: it refuses what the URL
// itself shows to be off limits. It is cheap enough to filter every link of
// a page; Check still runs when one is opened.
func (g *Guard) CheckLiteral(rawURL string) error {
	return g.check(context.Background(), rawURL, false)
}

func (g *Guard) check(ctx context.Context, rawURL string, resolve bool) error {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil {
		return &Refusal{Kind: ErrBadURL, URL: rawURL, Detail: fmt.Sprintf("%q is not a valid web address", rawURL)}
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return &Refusal{Kind: ErrScheme, URL: rawURL, Detail: fmt.Sprintf("%s: addresses (%s) are never opened; only http and https", u.Scheme, shorten(rawURL))}
	}
	if u.Hostname() == "" {
		return &Refusal{Kind: ErrBadURL, URL: rawURL, Detail: fmt.Sprintf("%q names no host", rawURL)}
	}
	_, err = g.addrs(ctx, u, resolve)
	if errors.Is(err, errUnresolved) {
		return nil // the browser reports it
	}
	return err
}

// errUnresolved: a name that does not resolve. Check lets it through (the
// browser says the site cannot be found); the proxy cannot connect to it.
var errUnresolved = errors.New("the name does not resolve")

// addrs applies the guard to u's host and returns the addresses a
// connection to it may use: nil when the guard does not look at addresses
// (the local network allowed, an origin the user configured), else the
// host's own address or, when resolve is set, the addresses its name
// resolves to, all public. Errors are a *Refusal or wrap errUnresolved.
func (g *Guard) addrs(ctx context.Context, u *url.URL, resolve bool) ([]netip.Addr, error) {
	if g.AllowLocal || g.isAllowed(u) {
		return nil, nil
	}
	rawURL, host := u.String(), u.Hostname()
	if addr, ok := ParseHost(host); ok {
		if IsPrivate(addr) {
			return nil, g.privateRefusal(rawURL, fmt.Sprintf("%s is on this computer or the local network", addr))
		}
		return []netip.Addr{addr}, nil
	}
	if isLocalName(host) {
		return nil, g.privateRefusal(rawURL, fmt.Sprintf("%s names this computer or the local network", host))
	}
	if !resolve {
		return nil, nil
	}
	addrs, err := g.lookup(ctx, host)
	if err != nil || len(addrs) == 0 {
		return nil, fmt.Errorf("%w: the site's name %s cannot be found (DNS)", errUnresolved, host)
	}
	for _, a := range addrs {
		if IsPrivate(a) {
			return nil, g.privateRefusal(rawURL, fmt.Sprintf("%s resolves to %s, an address on this computer or the local network", host, a.Unmap()))
		}
	}
	return addrs, nil
}

func (g *Guard) privateRefusal(rawURL, why string) error {
	return &Refusal{Kind: ErrPrivate, URL: rawURL,
		Detail: fmt.Sprintf("refused %s: %s (allowed only when \"Allow local network\" is on in Settings)", shorten(rawURL), why)}
}

func (g *Guard) isAllowed(u *url.URL) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.allowed[hostPort(u)]
}

// lookup resolves host, reusing an answer for dnsTTL: the pre-navigation
// check and the proxy ask for the same names, and a page opens many
// connections to a few hosts.
func (g *Guard) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	key := strings.ToLower(strings.TrimSuffix(host, "."))
	g.mu.Lock()
	e, ok := g.dns[key]
	g.mu.Unlock()
	if ok && time.Since(e.at) < dnsTTL {
		return e.addrs, nil
	}
	addrs, err := g.resolver().LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	if g.dns == nil {
		g.dns = map[string]dnsEntry{}
	}
	g.dns[key] = dnsEntry{addrs, time.Now()}
	g.mu.Unlock()
	return addrs, nil
}

// dnsTTL: how long a resolved name is reused; short, as sites move.
const dnsTTL = time.Minute

type dnsEntry struct {
	addrs []netip.Addr
	at    time.Time
}

func (g *Guard) resolver() Resolver {
	if g.Resolver == nil {
		return net.DefaultResolver
	}
	return g.Resolver
}

func hostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	host := u.Hostname()
	if a, ok := ParseHost(host); ok {
		host = a.String()
	}
	return strings.ToLower(net.JoinHostPort(host, port))
}

func isLocalName(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	return h == "localhost" || strings.HasSuffix(h, ".localhost") || strings.HasSuffix(h, ".local") ||
		strings.HasSuffix(h, ".internal") || h == "localhost.localdomain"
}

func shorten(s string) string {
	const limit = 80
	if len(s) > limit {
		return s[:limit] + "…"
	}
	return s
}
