package cli

import (
	"net/url"
	"strings"
)

// sameServer tells whether two model-server addresses reach the same
// server: the same scheme, host and port (a missing port is the scheme's
// own), whatever their paths. A saved API key goes only where it was saved
// for.
func sameServer(a, b string) bool {
	oa, okA := origin(a)
	ob, okB := origin(b)
	return okA && okB && oa == ob
}

// origin is an address's scheme://host:port in lower case, or false for
// an address that is not an absolute http(s) URL.
func origin(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return "", false
	}
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	switch {
	case port != "":
	case scheme == "http":
		port = "80"
	case scheme == "https":
		port = "443"
	default:
		return "", false
	}
	return scheme + "://" + strings.ToLower(u.Hostname()) + ":" + port, true
}
