package page

import (
	"net/url"
	"sort"
	"unicode/utf8"
)

// maxLinkText bounds a link's text in the list shown to the model; longer
// anchors are whole sentences that the part's text already shows.
const maxLinkText = 80

// cleanLinks keeps the links worth showing, in page order: http(s) only,
// without fragment-only links to the page itself, each URL once (fragments
// ignored), with whitespace collapsed in the text.
func cleanLinks(pageURL string, links []Link) []Link {
	self := withoutFragment(pageURL)
	seen := map[string]bool{}
	var out []Link
	for _, l := range links {
		u, err := url.Parse(l.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(l.URL) > maxLinkURL {
			continue
		}
		u.Fragment, u.RawFragment = "", ""
		key := u.String()
		if key == self || seen[key] {
			continue
		}
		seen[key] = true
		text := oneLine(l.Text)
		if text == "" {
			text = key
		}
		if utf8.RuneCountInString(text) > maxLinkText {
			text = string([]rune(text)[:maxLinkText-1]) + "…"
		}
		out = append(out, Link{Text: text, URL: key, Block: l.Block})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Block < out[j].Block })
	return out
}

func withoutFragment(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String()
}
