package browser

import (
	"errors"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent/port"
)

// Chromium's and Playwright's error texts become failures a user and the
// model can act on.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		kind error
		says string
	}{
		{"page.goto: net::ERR_NAME_NOT_RESOLVED at https://nosuch.example/", port.ErrDNS, "cannot be found"},
		{"page.goto: Timeout 30000ms exceeded.", port.ErrTimeout, "too long"},
		{"page.goto: Download is starting", port.ErrNotReadable, "file download"},
		{"page.goto: net::ERR_ABORTED at https://example.com/204", port.ErrNetwork, "stopped loading"},
		{"page.goto: Page crashed", port.ErrNetwork, "crashed the browser tab"},
		{"page.goto: net::ERR_HTTP2_PROTOCOL_ERROR at https://crashcourse.example/", port.ErrNetwork, "could not be opened"},
		{"page.goto: Target page, context or browser has been closed", port.ErrBrowserClosed, "closed"},
		{"page.goto: net::ERR_BLOCKED_BY_CLIENT", port.ErrRefused, "the browser itself blocked"},
		// A redirect to file:, data: or chrome: is refused, and said so.
		{"Frame.Goto http://x.test/file: playwright: net::ERR_UNSAFE_REDIRECT at http://x.test/file", port.ErrRefused, "redirected to an address that is no web page"},
		// An error with no words of its own is named by its code, without
		// Playwright's wording around it.
		{"Frame.Goto http://x.test/: playwright: net::ERR_QUIC_PROTOCOL_ERROR at http://x.test/", port.ErrNetwork, "could not be opened (ERR_QUIC_PROTOCOL_ERROR)"},
	} {
		ve := classify("https://example.com/", errors.New(tc.msg))
		if !errors.Is(ve, tc.kind) || !strings.Contains(ve.Message, tc.says) {
			t.Errorf("%q: %v %q", tc.msg, ve.Kind, ve.Message)
		}
		for _, raw := range []string{"playwright", "Frame.Goto", "page.goto", " at http"} {
			if strings.Contains(ve.Message, raw) {
				t.Errorf("%q: the message keeps the driver's words %q: %q", tc.msg, raw, ve.Message)
			}
		}
	}
}

// The guard proxy's reasons for a failed tunnel become the same failures a
// direct connection would give.
func TestProxyFailure(t *testing.T) {
	if !tunnelFailed(errors.New("page.goto: net::ERR_TUNNEL_CONNECTION_FAILED at https://x/")) {
		t.Fatal("a failed tunnel not recognised")
	}
	for _, tc := range []struct {
		why  string
		kind error
	}{
		{"refused http://10.0.0.1:80: 10.0.0.1 is on this computer or the local network", port.ErrRefused},
		{"the site's name nosuch.example cannot be found (DNS)", port.ErrDNS},
		{"dial tcp 93.184.215.14:443: connect: connection refused", port.ErrConnRefused},
		{"dial tcp 93.184.215.14:443: i/o timeout", port.ErrNetwork},
	} {
		if err := proxyFailure("https://x/", tc.why); !errors.Is(err, tc.kind) {
			t.Errorf("%q: %v", tc.why, err)
		}
	}
}
