package netguard

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"sync"
	"time"
)

// The browser follows redirects, runs page scripts and opens WebSockets
// without asking the code that drives it, so a check before a navigation
// cannot stop a public page from sending the browser on to the user's
// router. Proxy is a small forward proxy the browser sends all its traffic
// through: it applies the guard to every connection when it is made, to
// the address it actually dials, so redirects, sub-resources, WebSockets
// and names that change their address between check and use (DNS
// rebinding) are all covered.

// RefusedHeader marks an answer the proxy made itself because the guard
// refused the address, so a caller can tell it from the site's own 403;
// FailedHeader one it made because it could not connect (a name that does
// not resolve, a refused connection), not the site's own 502.
const (
	RefusedHeader = "X-Scout-Refused"
	FailedHeader  = "X-Scout-Failed"
)

// proxyDialTimeout bounds connecting to a site, as a browser does.
const proxyDialTimeout = 30 * time.Second

// Proxy is a guarded forward proxy on a loopback port. Start it with
// StartProxy and Close it when the browser context closes.
type Proxy struct {
	guard    *Guard
	ln       net.Listener
	srv      *http.Server
	upstream func(*http.Request) (*url.URL, error) // the user's own proxy, if any
	// forward dials checked addresses; viaUpstream goes through the user's
	// proxy, after the target was checked.
	forward, viaUpstream *http.Transport

	mu      sync.Mutex
	last    map[string]string // host -> why its last connection failed
	latest  string            // why the latest failed connection failed
	tunnels map[net.Conn]bool // open CONNECT tunnels, both ends
}

// StartProxy starts a proxy applying g on a free loopback port. Requests
// go on through the user's own proxy when one is set (see upstreamProxy).
func (g *Guard) StartProxy() (*Proxy, error) {
	return g.startProxy(usersProxy())
}

// usersProxy is the user's own proxy, looked up once per process: the
// desktop's setting takes a few gsettings runs, and a proxy starts for
// every run's browser context.
var usersProxy = sync.OnceValue(upstreamProxy)

func (g *Guard) startProxy(upstream func(*http.Request) (*url.URL, error)) (*Proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("cannot start the network guard's proxy: %w", err)
	}
	p := &Proxy{guard: g, ln: ln, upstream: upstream, last: map[string]string{}}
	// The browser keeps its own connections; idle ones here would only
	// hold sockets.
	p.forward = &http.Transport{DialContext: p.dialGuarded, DisableKeepAlives: true}
	p.viaUpstream = &http.Transport{Proxy: p.upstream, DisableKeepAlives: true}
	p.srv = &http.Server{Handler: p, ReadHeaderTimeout: proxyDialTimeout}
	go func() { _ = p.srv.Serve(ln) }()
	return p, nil
}

// URL is the proxy's address, for the browser's proxy setting.
func (p *Proxy) URL() string { return "http://" + p.ln.Addr().String() }

// Close stops the proxy and every connection through it, tunnels included
// (the server does not track connections it handed over).
func (p *Proxy) Close() error {
	err := p.srv.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.tunnels {
		c.Close()
	}
	p.tunnels = nil
	return err
}

func (p *Proxy) track(conns ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tunnels == nil {
		p.tunnels = map[net.Conn]bool{}
	}
	for _, c := range conns {
		p.tunnels[c] = true
	}
}

func (p *Proxy) untrack(conns ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range conns {
		delete(p.tunnels, c)
	}
}

// LastFailure says why the last connection to the host and port of rawURL
// failed, or with rawURL "" why the latest failed connection did ("" when
// none did): the browser reports any failed tunnel with one vague error.
// Failures are kept per host and port, so that what another address on the
// same host met (another page's request, say) is not told as this one's.
func (p *Proxy) LastFailure(rawURL string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if rawURL == "" {
		return p.latest
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	return p.last[hostPort(u)]
}

// ForgetFailures starts a new account of failures, as a navigation begins.
func (p *Proxy) ForgetFailures() {
	p.mu.Lock()
	defer p.mu.Unlock()
	clear(p.last)
	p.latest = ""
}

// failed records how a connection to u's host and port went. A request the
// browser gave up (a page left while it loaded) is no failure: told as
// one, it took the place of the refusal of the next page's redirect.
func (p *Proxy) failed(u *url.URL, err error) {
	if errors.Is(err, context.Canceled) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	key := hostPort(u)
	if err == nil {
		delete(p.last, key)
		return
	}
	p.last[key], p.latest = err.Error(), err.Error()
}

// ServeHTTP tunnels CONNECT (https and wss) and forwards plain http.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodConnect {
		p.tunnel(w, r)
		return
	}
	if r.URL.Host == "" {
		http.Error(w, "this is Scout's network guard, a proxy for its browser", http.StatusBadRequest)
		return
	}
	res, err := p.roundTrip(r)
	p.failed(r.URL, err)
	if err != nil {
		p.refuseOrFail(w, err)
		return
	}
	defer res.Body.Close()
	for k, vs := range res.Header {
		if !hopByHop[k] {
			w.Header()[k] = vs
		}
	}
	w.WriteHeader(res.StatusCode)
	_, _ = io.Copy(w, res.Body)
}

// hopByHop headers belong to one connection, not to the page.
var hopByHop = map[string]bool{
	"Connection": true, "Proxy-Connection": true, "Keep-Alive": true, "Proxy-Authenticate": true,
	"Proxy-Authorization": true, "Te": true, "Trailer": true, "Transfer-Encoding": true, "Upgrade": true,
}

// roundTrip forwards a plain http request, through the user's proxy when
// one is set (the target is checked first), else to a checked address.
func (p *Proxy) roundTrip(r *http.Request) (*http.Response, error) {
	out := r.Clone(r.Context())
	out.RequestURI = ""
	for k := range hopByHop {
		out.Header.Del(k)
	}
	up, err := p.upstream(out)
	if err != nil {
		return nil, err
	}
	if up != nil {
		if err := p.checkForUpstream(r.Context(), hostPort(out.URL)); err != nil {
			return nil, err
		}
		return p.viaUpstream.RoundTrip(out)
	}
	return p.forward.RoundTrip(out)
}

// tunnel connects to the host a CONNECT names, if the guard allows it, and
// copies bytes both ways.
func (p *Proxy) tunnel(w http.ResponseWriter, r *http.Request) {
	conn, err := p.dialTunnel(r.Context(), r.Host)
	p.failed(&url.URL{Scheme: "https", Host: r.Host}, err)
	if err != nil {
		p.refuseOrFail(w, err)
		return
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		conn.Close()
		http.Error(w, "cannot tunnel", http.StatusInternalServerError)
		return
	}
	client, buf, err := hj.Hijack()
	if err != nil {
		conn.Close()
		return
	}
	p.track(client, conn)
	defer p.untrack(client, conn)
	_, _ = client.Write([]byte("HTTP/1.1 200 Connection established\r\n\r\n"))
	// Each copy closes the side it writes to when its source ends, which
	// ends the other copy in turn. buf holds what the browser sent early.
	go func() {
		_, _ = io.Copy(conn, buf)
		conn.Close()
	}()
	_, _ = io.Copy(client, conn)
	client.Close()
}

// refuseOrFail answers for a connection the proxy did not make, marked so
// the browser's driver can tell it from the site's own answer.
func (p *Proxy) refuseOrFail(w http.ResponseWriter, err error) {
	var ref *Refusal
	if errors.As(err, &ref) {
		w.Header().Set(RefusedHeader, "1")
		http.Error(w, ref.Message, http.StatusForbidden)
		return
	}
	w.Header().Set(FailedHeader, "1")
	http.Error(w, err.Error(), http.StatusBadGateway)
}

// dialTunnel connects for a CONNECT: through the user's proxy when one is
// set (after checking the name as well as it can), else straight to a
// checked address.
func (p *Proxy) dialTunnel(ctx context.Context, hostport string) (net.Conn, error) {
	up, err := p.upstream(&http.Request{URL: &url.URL{Scheme: "https", Host: hostport}})
	if err != nil {
		return nil, err
	}
	if up == nil {
		return p.dialGuarded(ctx, "tcp", hostport)
	}
	if err := p.checkForUpstream(ctx, hostport); err != nil {
		return nil, err
	}
	return dialThrough(ctx, up, hostport)
}

// dialGuarded connects to hostport only if the guard allows it, dialling
// the addresses it checked rather than the name, so the name cannot point
// elsewhere by the time of the connection. Each checked address is tried
// in turn, as a browser does.
func (p *Proxy) dialGuarded(ctx context.Context, network, hostport string) (net.Conn, error) {
	addrs, err := p.checkHost(ctx, hostport)
	if err != nil {
		return nil, err
	}
	d := net.Dialer{Timeout: proxyDialTimeout}
	for _, addr := range addrs {
		var conn net.Conn
		if conn, err = d.DialContext(ctx, network, addr); err == nil {
			return conn, nil
		}
	}
	return nil, err
}

// checkHost applies the guard to hostport and returns the addresses to
// dial: the name itself when the guard does not look at addresses, else
// the public addresses it checked, IPv4 first, as most home networks route
// it.
func (p *Proxy) checkHost(ctx context.Context, hostport string) ([]string, error) {
	_, port, err := net.SplitHostPort(hostport)
	if err != nil {
		return nil, err
	}
	addrs, err := p.guard.addrs(ctx, &url.URL{Scheme: "http", Host: hostport}, true, browserAsks)
	switch {
	case err != nil:
		return nil, err
	case addrs == nil:
		return []string{hostport}, nil
	}
	addrs = ipv4First(addrs)
	out := make([]string, len(addrs))
	for i, a := range addrs {
		out[i] = net.JoinHostPort(a.Unmap().String(), port)
	}
	return out, nil
}

// checkForUpstream checks hostport for a connection the user's proxy makes:
// the proxy resolves the name, and on many networks only it can, so a name
// this computer cannot resolve is let through; one it resolves inward is
// refused.
func (p *Proxy) checkForUpstream(ctx context.Context, hostport string) error {
	return p.guard.Check(ctx, "http://"+hostport) // Check lets an unresolved name through
}

// ipv4First orders addresses to dial IPv4 first, as most home networks
// route it.
func ipv4First(addrs []netip.Addr) []netip.Addr {
	slices.SortStableFunc(addrs, func(a, b netip.Addr) int { return cmpBool(!a.Unmap().Is4(), !b.Unmap().Is4()) })
	return addrs
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// dialThrough opens a tunnel to hostport through the HTTP proxy up.
func dialThrough(ctx context.Context, up *url.URL, hostport string) (net.Conn, error) {
	if up.Scheme != "http" && up.Scheme != "" {
		return nil, fmt.Errorf("your proxy %s is a %s proxy; Scout can go through an http:// proxy only (set HTTPS_PROXY to one)", up.Redacted(), up.Scheme)
	}
	addr := up.Host
	if up.Port() == "" {
		addr = net.JoinHostPort(up.Hostname(), "80")
	}
	d := net.Dialer{Timeout: proxyDialTimeout}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("your proxy %s cannot be reached: %w", up.Host, err)
	}
	req := &http.Request{Method: http.MethodConnect, URL: &url.URL{Opaque: hostport}, Host: hostport, Header: http.Header{}}
	if u := up.User; u != nil {
		pw, _ := u.Password()
		req.SetBasicAuth(u.Username(), pw)
		req.Header.Set("Proxy-Authorization", req.Header.Get("Authorization"))
		req.Header.Del("Authorization")
	}
	if err := req.Write(conn); err != nil {
		conn.Close()
		return nil, err
	}
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, req)
	if err != nil {
		conn.Close()
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		conn.Close()
		return nil, fmt.Errorf("your proxy %s refused the connection to %s (%s)", up.Host, hostport, res.Status)
	}
	return bufferedConn{conn, br}, nil
}

// bufferedConn reads what the reader has buffered before the connection.
type bufferedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c bufferedConn) Read(b []byte) (int, error) { return c.r.Read(b) }
