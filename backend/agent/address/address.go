// Package address reads an address as a model writes it: in a Markdown
// link, and compared with an address offered however it was copied.
package address

import (
	"net/url"
	"regexp"
	"strings"
)

// Key is an address as a model's copy of it is compared with the address
// offered: without its scheme or "www.", a slash at the end or tracking
// parameters; "" when raw is no address.
func Key(raw string) string {
	if strings.ContainsAny(raw, " \t") {
		return ""
	}
	if !strings.Contains(raw, "://") {
		raw = "http://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || !strings.Contains(u.Host, ".") {
		return ""
	}
	q := u.Query()
	for k := range q {
		if l := strings.ToLower(k); strings.HasPrefix(l, "utm_") || trackingParams[l] {
			q.Del(k)
		}
	}
	host := strings.TrimPrefix(strings.ToLower(u.Host), "www.")
	return host + strings.TrimRight(u.EscapedPath(), "/") + "?" + q.Encode()
}

// trackingParams are query parameters that name where a link was shared,
// not which page it is.
var trackingParams = map[string]bool{"fbclid": true, "gclid": true, "msclkid": true, "ref_src": true, "srsltid": true}

// Linked is the address of a Markdown link, "[text](address)", that is
// the whole of s.
func Linked(s string) (string, bool) {
	if m := markdownLink.FindStringSubmatch(s); m != nil {
		return m[1], true
	}
	return "", false
}

var markdownLink = regexp.MustCompile(`^\[[^\]]*\]\((\S+?)\)$`)
