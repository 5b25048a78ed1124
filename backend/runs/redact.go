package runs

import (
	"encoding/json"
	"net/url"
	"strings"
)

// A model server URL may carry the user's API key (http://user:key@host/v1,
// ...?api_key=...), and so may a search endpoint's. Run folders are copied,
// shared and attached to bug reports, so such credentials are never written
// there: not in run.json's settings, nor in a journal line or a report that
// quotes the URL (an error message, say).

// hidden stands in for a credential's value.
const hidden = "REDACTED"

// RedactURL returns rawURL without credentials: no user name or password,
// and a query parameter that names a key, token, secret or password has its
// value replaced. Anything else, and a string that is not a URL, is kept.
func RedactURL(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return rawURL
	}
	u.User = nil
	if u.RawQuery != "" {
		params := strings.Split(u.RawQuery, "&")
		for i, p := range params {
			if name, _, ok := strings.Cut(p, "="); ok && secretParam(name) {
				params[i] = name + "=" + hidden
			}
		}
		u.RawQuery = strings.Join(params, "&")
	}
	return u.String()
}

// secretParam reports whether a query parameter's name says it holds a
// credential: key, api_key, apiKey, access_token, token, secret, password...
func secretParam(name string) bool {
	if n, err := url.QueryUnescape(name); err == nil {
		name = n
	}
	name = strings.ToLower(name)
	for _, s := range []string{"key", "token", "secret", "password", "passwd", "auth", "signature"} {
		if strings.Contains(name, s) {
			return true
		}
	}
	return false
}

// concealer removes the credentials of the user's configured URLs from any
// text written to the run folder, wherever the URL is quoted in it.
type concealer struct{ r *strings.Replacer }

// newConcealer knows the credentials in urls; with none, it changes nothing.
func newConcealer(urls ...string) concealer {
	var pairs []string
	add := func(secret, stand string) {
		if secret == "" || secret == "@" {
			return
		}
		pairs = append(pairs, secret, stand)
		// As it appears inside a JSON string of the journal.
		if quoted, _ := json.Marshal(secret); string(quoted[1:len(quoted)-1]) != secret {
			pairs = append(pairs, string(quoted[1:len(quoted)-1]), stand)
		}
	}
	for _, raw := range urls {
		u, err := url.Parse(strings.TrimSpace(raw))
		if err != nil || u.Host == "" {
			continue
		}
		if u.User != nil {
			add(u.User.String()+"@", "")
			if typed := userinfo(raw); typed != u.User.String()+"@" {
				add(typed, "") // as the user typed it, unescaped
			}
		}
		for _, p := range strings.Split(u.RawQuery, "&") {
			if name, value, ok := strings.Cut(p, "="); ok && value != "" && secretParam(name) {
				add(p, name+"="+hidden)
			}
		}
	}
	if len(pairs) == 0 {
		return concealer{}
	}
	return concealer{strings.NewReplacer(pairs...)}
}

// conceal returns s without the credentials.
func (c concealer) conceal(s string) string {
	if c.r == nil {
		return s
	}
	return c.r.Replace(s)
}

// userinfo is the "user:password@" of a URL as written in it.
func userinfo(raw string) string {
	_, rest, ok := strings.Cut(strings.TrimSpace(raw), "://")
	if !ok {
		return ""
	}
	if end := strings.IndexAny(rest, "/?#"); end >= 0 {
		rest = rest[:end]
	}
	return rest[:strings.LastIndex(rest, "@")+1]
}
