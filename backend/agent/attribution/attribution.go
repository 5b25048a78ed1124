package attribution

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/agent/address"
	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/rank"
)

// A small model often says where its finding comes from, in the finding:
// "According to the page, ...", "... (source: https://...)", or the page
// sentence in quotation marks. When what it names is the page open, those
// words are the model's, not a claim: they are taken off before the
// finding is judged, so the page's own words are what is recorded. A
// source that names anything else stays, and is judged with the rest.

// Page is the page open, as a finding may name it.
type Page struct {
	URL, Title string
}

// Off is text without the attribution to p, the page open
// (nil when none is), that a model wraps around a finding.
func Off(text string, p *Page) string {
	if p == nil {
		return text
	}
	for {
		m := sourceSuffix.FindStringSubmatchIndex(text)
		if m == nil {
			break
		}
		src := ""
		for g := 1; 2*g+1 < len(m); g++ {
			if m[2*g] >= 0 {
				src = text[m[2*g]:m[2*g+1]]
			}
		}
		if !namesPage(src, p) {
			break
		}
		text = strings.TrimSpace(text[:m[0]])
	}
	if m := leadIn.FindStringSubmatchIndex(text); m != nil && (m[2] < 0 || namesPage(text[m[2]:m[3]], p)) {
		text = upperFirst(strings.TrimSpace(text[m[1]:]))
	}
	return unquote(text)
}

var (
	// sourceSuffix is a source named at the end: "(source: X)", "[from
	// X]", "Source: X", an address, a Markdown link, "(R2)" or "(the
	// page)".
	sourceSuffix = regexp.MustCompile(`(?i)\s*(?:[-–—]\s*)?(?:` +
		`[(\[]\s*(?:sources?|from|via|ref|reference|url|cited from)\s*[:\-–]?\s*([^()\[\]\n]+?)\s*[)\]]` +
		`|(?:sources?|ref|reference|cited from)\s*:\s*([^\n]+?)` +
		`|[(\[<]?\s*(https?://[^\s()<>\[\]]+)\s*[)\]>]?` +
		`|\[[^\]\n]*\]\((https?://[^\s()]+)\)` +
		`|[(\[]\s*((?:R|L)\d+|(?:the |this )?page)\s*[)\]])\s*\.?\s*$`)
	// leadIn is "According to X," or "The page says that".
	leadIn = regexp.MustCompile(`(?i)^\s*(?:(?:according to|as stated (?:on|in)|per)\s+([^,:]{1,80})[,:]|(?:the|this)\s+(?:page|article|text|website|site|source)\s+(?:says|states|mentions|notes|reports|reads)(?:\s+that)?[,:]?)\s+`)
)

// namesPage reports whether a source a model gives is the page open: its
// address (as a model copies it), its number, "the page", or its title.
func namesPage(src string, p *Page) bool {
	src = strings.Trim(strings.TrimSpace(src), `"'“”.`)
	if u, ok := address.Linked(src); ok {
		src = u
	}
	low := strings.ToLower(src)
	switch {
	case src == "":
		return false
	case strings.Contains(src, "://") || strings.Contains(src, "/"):
		return address.Key(src) != "" && address.Key(src) == address.Key(p.URL)
	case pageWords[low] || pageRef.MatchString(src):
		return true
	}
	// The title's words, or enough of them: "Mount Kilimanjaro - Wiki",
	// "Wiki", "the Mount Kilimanjaro article".
	title := map[string]bool{}
	for _, w := range words.Of(p.Title) {
		title[w] = true
	}
	var said []string
	for _, w := range words.Of(src) {
		if !rank.IsStopWord(w) && !pageWords[w] {
			said = append(said, w)
		}
	}
	return len(said) > 0 && !slices.ContainsFunc(said, func(w string) bool { return !title[w] })
}

var pageRef = regexp.MustCompile(`^(?i)[RL]\d+$`)

// pageWords name the page itself.
var pageWords = map[string]bool{"page": true, "the page": true, "this page": true, "the article": true, "article": true,
	"the text": true, "the website": true, "website": true, "site": true, "the site": true, "the source": true, "source": true}

// ListAsBullets turns a numbered list in a finding ("1. ...\n2. ...")
// into bullets: its numbers count the model's lines, they are not numbers
// the page states.
func ListAsBullets(text string) string {
	ms := listNumber.FindAllStringSubmatch(text, -1)
	if len(ms) < 2 {
		return text
	}
	for i, m := range ms {
		if m[1] != strconv.Itoa(i+1) {
			return text
		}
	}
	return listNumber.ReplaceAllString(text, "- ")
}

var listNumber = regexp.MustCompile(`(?m)^(\d+)[.)][ \t]+`)

// unquote takes off the quotation marks around a whole finding.
func unquote(text string) string {
	for _, pair := range []string{`""`, "“”"} {
		open, close := string([]rune(pair)[0]), string([]rune(pair)[1])
		t := strings.TrimSuffix(text, ".")
		if len(t) > 2 && strings.HasPrefix(t, open) && strings.HasSuffix(t, close) && !strings.Contains(t[len(open):len(t)-len(close)], open) {
			return strings.TrimSpace(t[len(open) : len(t)-len(close)])
		}
	}
	return text
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
