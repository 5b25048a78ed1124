package netguard

import (
	"context"
	"net"
	"net/netip"
	"net/url"
	"time"
)

// The model server is kept from pages by its port together with its
// addresses, not by its name alone: a page can spell the same server many
// ways (localhost, 127.0.0.1, [::1], 127.0.0.2, the computer's own network
// address, a public name resolving to any of them). Scout's own requests
// reach it by any of those spellings. A server on the internet is the
// exception: its addresses are shared, so its name alone is kept.

// protecting reports whether any origin is protected.
func (g *Guard) protecting() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.protected) > 0
}

// protectedOrigins is a copy of the protected host:port list.
func (g *Guard) protectedOrigins() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.protected...)
}

// isProtectedName reports whether u names a protected origin as written.
func (g *Guard) isProtectedName(u *url.URL) bool {
	hp := hostPort(u)
	for _, p := range g.protectedOrigins() {
		if p == hp {
			return true
		}
	}
	return false
}

// isProtectedAddr reports whether a connection to addr on port reaches a
// protected origin: one of its addresses, or any address of this computer
// when the origin is on this computer.
func (g *Guard) isProtectedAddr(ctx context.Context, addr netip.Addr, port string) bool {
	addr = addr.Unmap()
	for _, p := range g.protectedOrigins() {
		host, pport, err := net.SplitHostPort(p)
		if err != nil || pport != port {
			continue
		}
		var targets []netip.Addr
		if a, ok := ParseHost(host); ok {
			targets = []netip.Addr{a}
		} else if found, err := g.lookup(ctx, host); err == nil {
			targets = found
		} else if isLocalName(host) {
			targets = []netip.Addr{netip.MustParseAddr("127.0.0.1")} // localhost, however it resolves
		}
		for _, t := range targets {
			t = t.Unmap()
			if !IsPrivate(t) && !g.isHere(t) {
				// A server on the internet shares its addresses with other
				// sites (a cloud's load balancers, a CDN): it is kept
				// from pages by its name alone. A page can do no more
				// there than anyone on the internet: it has no key.
				continue
			}
			if t == addr || (g.isHere(t) && g.isHere(addr)) {
				return true
			}
		}
	}
	return false
}

// isHere reports whether addr reaches this computer: loopback, the
// unspecified address (which Linux connects to loopback), or an address of
// one of its network interfaces.
func (g *Guard) isHere(addr netip.Addr) bool {
	addr = addr.Unmap()
	if addr.IsLoopback() || addr.IsUnspecified() {
		return true
	}
	for _, a := range g.hereAddrs() {
		if a == addr {
			return true
		}
	}
	return false
}

// hereEntry caches this computer's interface addresses for dnsTTL: they
// change when the network does, rarely within a minute.
type hereEntry struct {
	addrs []netip.Addr
	at    time.Time
}

func (g *Guard) hereAddrs() []netip.Addr {
	g.mu.Lock()
	e := g.here
	g.mu.Unlock()
	if !e.at.IsZero() && time.Since(e.at) < dnsTTL {
		return e.addrs
	}
	var addrs []netip.Addr
	if ifaddrs, err := net.InterfaceAddrs(); err == nil {
		for _, ia := range ifaddrs {
			if p, err := netip.ParsePrefix(ia.String()); err == nil {
				addrs = append(addrs, p.Addr().Unmap())
			}
		}
	}
	g.mu.Lock()
	g.here = hereEntry{addrs, time.Now()}
	g.mu.Unlock()
	return addrs
}
