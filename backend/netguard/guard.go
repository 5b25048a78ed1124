// Package netguard decides which URLs the agent may open. Page text is
// untrusted: a page can tell the model to visit the user's router, a cloud
// metadata endpoint or a file on disk. So only http(s) URLs to public
// addresses are allowed, unless the user allows the local network. Hosts
// are read the way a browser reads them (numeric forms such as
// http://2130706433/ are 127.0.0.1) and names are resolved, so a public
// name pointing inward is refused too.
//
// Two kinds of request meet these rules. The browser's (Check, and Proxy
// for every connection it makes: redirects, page scripts, WebSockets) never
// reach the model server the user configured (Protect), even with the local
// network allowed: a page must not post completions to the user's model or
// read what it serves. Scout's own requests (CheckOwn, OwnClient: the
// search provider's) may reach the search endpoint the user configured
// wherever it is (AllowOwn), and otherwise meet the same rules, each
// redirect and each address they connect to included.
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

	"github.com/scout-research/scout/backend/fault"
)

// Reasons a URL is refused, for errors.Is.
var (
	// ErrScheme: not an http or https URL (file:, data:, javascript:, ...).
	ErrScheme = errors.New("only web addresses (http, https) can be opened")
	// ErrPrivate: the host is on this computer or the local network.
	ErrPrivate = errors.New("address on this computer or the local network")
	// ErrBadURL: the URL cannot be parsed.
	ErrBadURL = errors.New("not a valid web address")
	// ErrModelServer: a page tried to reach the model server.
	ErrModelServer = errors.New("the model server is Scout's alone")
)

// Refusal explains a refused URL: its kind, and why in words for the
// journal (the Message).
type Refusal struct {
	fault.Fault
	URL string
}

// refuse is a refusal of rawURL of kind, saying why.
func refuse(kind error, rawURL, format string, args ...any) *Refusal {
	return &Refusal{Fault: *fault.New(kind, format, args...), URL: rawURL}
}

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

	mu        sync.Mutex
	allowed   map[string]bool // host:port treated as public (Allow)
	own       map[string]bool // host:port for Scout's own requests (AllowOwn)
	protected []string        // host:port pages never reach (Protect)
	dns       map[string]dnsEntry
	here      hereEntry // this computer's addresses
}

// who is asking: the rules differ for the browser and for Scout itself.
type who bool

const (
	browserAsks who = false
	scoutAsks   who = true
)

// Allow treats the origin (host:port) of rawURL as a public site, for the
// browser and Scout alike: for tests, whose stand-ins for public sites
// listen on loopback. A run allows its search endpoint with AllowOwn.
func (g *Guard) Allow(rawURL string) { g.add(&g.allowed, rawURL) }

// AllowOwn lets Scout's own requests (CheckOwn, OwnClient) reach the origin
// of rawURL wherever it is: the search endpoint the user configured, which
// may be a SearXNG on this computer. The browser's requests gain nothing.
func (g *Guard) AllowOwn(rawURL string) { g.add(&g.own, rawURL) }

func (g *Guard) add(set *map[string]bool, rawURL string) {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil || u.Host == "" {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if *set == nil {
		*set = map[string]bool{}
	}
	(*set)[hostPort(u)] = true
}

// Protect keeps the browser off the origin of rawURL, even with the local
// network allowed: the model server the user configured. Its port is
// refused on every address its name resolves to, and, when it is on this
// computer, on every address of this computer (127.0.0.2, the network
// card's address, 0.0.0.0), which reach the same server.
func (g *Guard) Protect(rawURL string) {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil || u.Host == "" {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.protected = append(g.protected, hostPort(u))
}

// Check returns nil when the browser may open rawURL, else a *Refusal. It
// may resolve the host name, so it takes a context.
func (g *Guard) Check(ctx context.Context, rawURL string) error {
	return g.check(ctx, rawURL, true, browserAsks)
}

// CheckOwn is Check for a request Scout makes itself: the origins of
// AllowOwn are allowed, and the model server is not protected.
func (g *Guard) CheckOwn(ctx context.Context, rawURL string) error {
	return g.check(ctx, rawURL, true, scoutAsks)
}

// CheckLiteral is Check without name resolution: it refuses what the URL
// itself shows to be off limits. It is cheap enough to filter every link of
// a page; Check still runs when one is opened.
func (g *Guard) CheckLiteral(rawURL string) error {
	return g.check(context.Background(), rawURL, false, browserAsks)
}

func (g *Guard) check(ctx context.Context, rawURL string, resolve bool, asker who) error {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil {
		return refuse(ErrBadURL, rawURL, "%q is not a valid web address", rawURL)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return refuse(ErrScheme, rawURL, "%s: addresses (%s) are never opened; only http and https", u.Scheme, shorten(rawURL))
	}
	if u.Hostname() == "" {
		return refuse(ErrBadURL, rawURL, "%q names no host", rawURL)
	}
	_, err = g.addrs(ctx, u, resolve, asker)
	if errors.Is(err, errUnresolved) {
		return nil // the browser reports it
	}
	return err
}

// errUnresolved: a name that does not resolve. Check lets it through (the
// browser says the site cannot be found); the proxy cannot connect to it.
var errUnresolved = errors.New("the name does not resolve")

// addrs applies the guard to u's host for asker and returns the addresses
// a connection to it may use: nil when the guard does not look at
// addresses (the local network allowed, an origin allowed, and no model
// server to keep pages from), else the host's own address or, when
// resolve is set, the addresses its name resolves to, all allowed. Errors
// are a *Refusal or wrap errUnresolved.
func (g *Guard) addrs(ctx context.Context, u *url.URL, resolve bool, asker who) ([]netip.Addr, error) {
	rawURL, host, port := u.String(), u.Hostname(), portOf(u)
	guarding := asker == browserAsks && g.protecting()
	if guarding && g.isProtectedName(u) {
		return nil, g.serverRefusal(rawURL)
	}
	open := g.AllowLocal || g.isIn(&g.allowed, u) || (asker == scoutAsks && g.isIn(&g.own, u))
	if open && !guarding {
		return nil, nil
	}
	allowed := func(a netip.Addr, why string) error {
		if guarding && g.isProtectedAddr(ctx, a, port) {
			return g.serverRefusal(rawURL)
		}
		if asker == scoutAsks && g.isProtectedAddr(ctx, a, port) {
			return nil // the model server, by another of its names
		}
		if !open && IsPrivate(a) {
			return g.privateRefusal(rawURL, why)
		}
		return nil
	}
	if addr, ok := ParseHost(host); ok {
		if err := allowed(addr, fmt.Sprintf("%s is on this computer or the local network", addr)); err != nil {
			return nil, err
		}
		return []netip.Addr{addr}, nil
	}
	if !open && isLocalName(host) {
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
		if err := allowed(a, fmt.Sprintf("%s resolves to %s, an address on this computer or the local network", host, a.Unmap())); err != nil {
			return nil, err
		}
	}
	return addrs, nil
}

func (g *Guard) serverRefusal(rawURL string) error {
	return refuse(ErrModelServer, rawURL, "refused %s: that is the model server Scout uses, which no page may reach", shorten(rawURL))
}

func (g *Guard) privateRefusal(rawURL, why string) error {
	return refuse(ErrPrivate, rawURL, "refused %s: %s (allowed only when \"Allow local network\" is on in Settings)", shorten(rawURL), why)
}

func (g *Guard) isIn(set *map[string]bool, u *url.URL) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return (*set)[hostPort(u)]
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

// portOf is u's port, or its scheme's.
func portOf(u *url.URL) string {
	if port := u.Port(); port != "" {
		return port
	}
	return map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443"}[u.Scheme]
}

func hostPort(u *url.URL) string {
	port := portOf(u)
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
