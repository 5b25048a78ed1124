package runs

import (
	"encoding/json"
	"net/url"
	"strings"
	"unicode"
)

// A model server URL may carry the user's API key (http://user:key@host/v1,
// ...?api_key=...), and so may a search endpoint's. Run folders are copied,
// shared and attached to bug reports, so such credentials are never written
// there: not in run.json's settings, nor in a journal line or a report that
// quotes the URL (an error message, say).

// hidden stands in for a credential's value.
const hidden = "REDACTED"

// RedactURL returns rawURL without credentials: no user name or password,
// and a parameter of its query or fragment (where OAuth puts an access
// token) whose name says it holds a credential has its value replaced.
// Anything else, and a string that is not a URL, is kept.
func RedactURL(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return rawURL
	}
	u.User = nil
	u.RawQuery = redactParams(u.RawQuery)
	fragment := u.EscapedFragment()
	u.Fragment, u.RawFragment = "", ""
	if fragment == "" {
		return u.String()
	}
	return u.String() + "#" + redactParams(fragment)
}

// redactParams replaces the value of each secret parameter of a query
// ("a=1&b=2").
func redactParams(query string) string {
	if query == "" {
		return query
	}
	params := strings.Split(query, "&")
	for i, p := range params {
		if name, _, ok := strings.Cut(p, "="); ok && secretParam(name) {
			params[i] = name + "=" + hidden
		}
	}
	return strings.Join(params, "&")
}

// secretParam reports whether a query parameter's name says it holds a
// credential: it has a word of secretParts in it anywhere (api_key,
// apiKey, access_token, client_secret, X-Amz-Signature,
// X-Amz-Credential, sessionid), or one of secretWords is a word of it
// (pwd, user_pwd, sig, pass; not passage or signal).
func secretParam(name string) bool {
	if n, err := url.QueryUnescape(name); err == nil {
		name = n
	}
	lower := strings.ToLower(name)
	for _, s := range secretParts {
		if strings.Contains(lower, s) {
			return true
		}
	}
	for _, w := range nameWords(name) {
		if secretWords[w] {
			return true
		}
	}
	return false
}

var (
	// secretParts: a name with one of these in it names a credential.
	secretParts = []string{"key", "token", "secret", "password", "passwd", "auth", "signature", "credential", "session", "sessid"}
	// secretWords: short names of credentials, which other words hold
	// by chance (passage, signal), so only a whole word counts.
	secretWords = map[string]bool{"pwd": true, "pass": true, "passphrase": true, "pw": true, "sig": true, "jwt": true, "sid": true, "otp": true, "hmac": true}
)

// nameWords splits a parameter name into lower-case words, at anything
// but letters and digits and where a lower-case letter meets a capital
// (userPwd, user_pwd, user-pwd).
func nameWords(name string) []string {
	var words []string
	var cur []rune
	prevLower := false
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		cur = append(cur, r)
		prevLower = unicode.IsLower(r)
	}
	flush()
	return words
}

// concealer removes the credentials of the user's configured URLs, and
// secrets given as they are (the API key), from any text written to the
// run folder, wherever they are quoted in it.
type concealer struct {
	pairs []string // secret, stand-in, ...
	r     *strings.Replacer
}

// newConcealer knows the credentials in urls; with none, it changes nothing.
func newConcealer(urls ...string) concealer {
	var c concealer
	for _, raw := range urls {
		u, err := url.Parse(strings.TrimSpace(raw))
		if err != nil || u.Host == "" {
			continue
		}
		if u.User != nil {
			c.add(u.User.String()+"@", "")
			if typed := userinfo(raw); typed != u.User.String()+"@" {
				c.add(typed, "") // as the user typed it, unescaped
			}
		}
		for _, p := range strings.Split(u.RawQuery+"&"+u.EscapedFragment(), "&") {
			if name, value, ok := strings.Cut(p, "="); ok && value != "" && secretParam(name) {
				c.add(p, name+"="+hidden)
			}
		}
	}
	return c.built()
}

// with returns c knowing secret too ("" adds nothing).
func (c concealer) with(secret string) concealer {
	c.pairs = append([]string(nil), c.pairs...)
	c.add(secret, hidden)
	return c.built()
}

// add replaces secret with stand, as it is and as it appears inside a
// JSON string of the journal.
func (c *concealer) add(secret, stand string) {
	if secret == "" || secret == "@" {
		return
	}
	c.pairs = append(c.pairs, secret, stand)
	if quoted, _ := json.Marshal(secret); string(quoted[1:len(quoted)-1]) != secret {
		c.pairs = append(c.pairs, string(quoted[1:len(quoted)-1]), stand)
	}
}

func (c concealer) built() concealer {
	c.r = nil
	if len(c.pairs) > 0 {
		c.r = strings.NewReplacer(c.pairs...)
	}
	return c
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
