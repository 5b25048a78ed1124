package netguard

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strings"

	"github.com/scout-research/scout/backend/gsettings"
)

// Before its traffic went through the guard's proxy, the browser followed
// the desktop's proxy setting by itself. The guard's proxy follows it in
// its place: the environment's HTTP(S)_PROXY first, else the proxy set in
// GNOME's network settings, which most Linux desktops keep. An automatic
// configuration script (PAC) is not followed.

// upstreamProxy returns how to find the user's own proxy for a request.
func upstreamProxy() func(*http.Request) (*url.URL, error) {
	for _, name := range []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"} {
		if os.Getenv(name) != "" {
			return http.ProxyFromEnvironment
		}
	}
	if p := gnomeProxy(gsettings.Get); p != nil {
		return p
	}
	return http.ProxyFromEnvironment
}

// gnomeProxy is GNOME's manual proxy setting as a proxy function, or nil
// when none is set.
func gnomeProxy(get func(schema, key string) string) func(*http.Request) (*url.URL, error) {
	const schema = "org.gnome.system.proxy"
	if get(schema, "mode") != "manual" {
		return nil
	}
	proxies := map[string]*url.URL{}
	for _, scheme := range []string{"http", "https"} {
		host, port := get(schema+"."+scheme, "host"), get(schema+"."+scheme, "port")
		if host != "" && port != "" && port != "0" {
			proxies[scheme] = &url.URL{Scheme: "http", Host: net.JoinHostPort(host, port)}
		}
	}
	if len(proxies) == 0 {
		return nil
	}
	ignore := gsettings.List(get(schema, "ignore-hosts"))
	return func(r *http.Request) (*url.URL, error) {
		if ignored(r.URL.Hostname(), ignore) {
			return nil, nil
		}
		if p, ok := proxies[r.URL.Scheme]; ok {
			return p, nil
		}
		return proxies["http"], nil
	}
}

// ignored reports whether host matches an entry of GNOME's ignore-hosts:
// a name, "*.example.com" or ".example.com" for its subdomains, or an
// address range.
func ignored(host string, ignore []string) bool {
	host = strings.ToLower(host)
	addr, isAddr := ParseHost(host)
	for _, e := range ignore {
		e = strings.ToLower(e)
		switch {
		case host == e:
			return true
		case strings.HasPrefix(e, "*.") && strings.HasSuffix(host, e[1:]):
			return true
		case strings.HasPrefix(e, ".") && strings.HasSuffix(host, e):
			return true
		case isAddr:
			if p, err := netip.ParsePrefix(e); err == nil && p.Contains(addr) {
				return true
			}
		}
	}
	return false
}
