package browser

import (
	"errors"
	"regexp"
	"strings"

	"github.com/scout-research/scout/backend/agent/port"
)

// netErrors maps Chromium's network error codes to kinds and messages.
var netErrors = []struct {
	code string
	kind error
	msg  string
}{
	{"ERR_TOO_MANY_REDIRECTS", port.ErrRedirectLoop, "the page redirects in a loop"},
	{"ERR_NAME_NOT_RESOLVED", port.ErrDNS, "the site's name cannot be found (DNS)"},
	{"ERR_NAME_RESOLUTION_FAILED", port.ErrDNS, "the site's name cannot be found (DNS)"},
	{"ERR_CONNECTION_REFUSED", port.ErrConnRefused, "the site refused the connection"},
	{"ERR_CERT_", port.ErrTLS, "the site's security certificate is not valid"},
	{"ERR_SSL_", port.ErrTLS, "a secure connection to the site failed"},
	{"ERR_BAD_SSL_CLIENT_AUTH_CERT", port.ErrTLS, "the site wants a client certificate"},
	{"ERR_TIMED_OUT", port.ErrTimeout, "the site did not answer in time"},
	{"ERR_CONNECTION_TIMED_OUT", port.ErrTimeout, "the site did not answer in time"},
	{"ERR_BLOCKED_BY_CLIENT", port.ErrRefused, "the browser itself blocked the address (an extension or a policy of its own)"},
	{"ERR_INTERNET_DISCONNECTED", port.ErrNetwork, "this computer is offline"},
	{"ERR_CONNECTION_RESET", port.ErrNetwork, "the connection was reset"},
	{"ERR_CONNECTION_CLOSED", port.ErrNetwork, "the connection was closed"},
	{"ERR_EMPTY_RESPONSE", port.ErrNetwork, "the site sent nothing"},
	{"ERR_ADDRESS_UNREACHABLE", port.ErrNetwork, "the site cannot be reached"},
	{"ERR_UNSAFE_PORT", port.ErrRefused, "the browser refuses that port"},
	{"ERR_UNSAFE_REDIRECT", port.ErrRefused, "the page redirected to an address that is no web page (a file on this computer, data: or a browser page), which Scout does not open"},
}

var (
	// netCode is Chromium's name for a network error.
	netCode = regexp.MustCompile(`net::(ERR_[A-Z0-9_]+)`)
	// driverWords are what Playwright puts before an error of the page's:
	// the call ("Frame.Goto http://...: ", "page.goto: ") and its name.
	driverWords = regexp.MustCompile(`^(?:[A-Za-z]+\.[A-Za-z]+(?: \S+)?: )?(?:playwright: )?`)
)

// classify turns a Playwright navigation error into a *VisitError.
func classify(url string, err error) *port.VisitError {
	msg := err.Error()
	for _, n := range netErrors {
		if strings.Contains(msg, n.code) {
			return port.Failure(n.kind, url, "%s", n.msg)
		}
	}
	switch {
	case strings.Contains(msg, "Timeout") && strings.Contains(msg, "exceeded"):
		return port.Failure(port.ErrTimeout, url, "the page took too long to load")
	case strings.Contains(msg, "Download is starting") ||
		strings.Contains(msg, "interrupted by another navigation to \"chrome-error://"):
		return port.Failure(port.ErrNotReadable, url, "the address is a file download, not a web page")
	case strings.Contains(msg, "ERR_ABORTED"):
		// A download, but also an answer with no content (HTTP 204) or a
		// load the page itself cancelled: explain tells them apart by the
		// response, when there was one.
		return port.Failure(port.ErrNetwork, url, "the page stopped loading before it showed anything")
	case strings.Contains(msg, "Page crashed") || strings.Contains(msg, "Target crashed"):
		// The tab's renderer died (out of memory, a browser bug); the next
		// visit opens a new tab.
		return port.Failure(port.ErrNetwork, url, "the page crashed the browser tab")
	case strings.Contains(msg, "closed"):
		return port.Failure(port.ErrBrowserClosed, url, "the browser window was closed")
	}
	if m := netCode.FindStringSubmatch(msg); m != nil {
		return port.Failure(port.ErrNetwork, url, "the page could not be opened (%s)", m[1])
	}
	first, _, _ := strings.Cut(msg, "\n")
	return port.Failure(port.ErrNetwork, url, "the page could not be opened: %s", driverWords.ReplaceAllString(strings.TrimSpace(first), ""))
}

// tunnelFailed recognises Chromium's one error for any connection the
// guard's proxy could not make.
func tunnelFailed(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "ERR_TUNNEL_CONNECTION_FAILED") || strings.Contains(msg, "ERR_PROXY_CONNECTION_FAILED")
}

// proxyFailure explains a connection the guard's proxy refused or could
// not make, in its words.
func proxyFailure(rawURL, why string) error {
	if strings.HasPrefix(why, "refused ") {
		return port.Refused(rawURL, errors.New(why))
	}
	if strings.Contains(why, "(DNS)") {
		return port.Failure(port.ErrDNS, rawURL, "the site's name cannot be found (DNS)")
	}
	if strings.Contains(why, "connection refused") {
		return port.Failure(port.ErrConnRefused, rawURL, "the site refused the connection")
	}
	return port.Failure(port.ErrNetwork, rawURL, "the page could not be opened: %s", why)
}
