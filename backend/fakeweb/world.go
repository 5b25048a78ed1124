// A World is a fake web in memory: pages given as blocks, which can be
// served as real HTML (for the Playwright browser) or visited directly
// (the Fake browser, fake.go); the conformance suite (conformance.go)
// holds both to what the agent relies on.

package fakeweb

import (
	"fmt"
	"html"
	"net/http"
	"strings"

	"github.com/scout-research/scout/backend/page"
)

// Page is one page of a World.
type Page struct {
	Title  string
	Blocks []page.Block
	// Hrefs gives, per block index, the link path of each list item ("" for
	// none); only list items carry links.
	Hrefs map[int][]string
	// Status is the HTTP status; 0 means 200.
	Status int
	// RedirectTo is a path to redirect to (302).
	RedirectTo string
	// ContentType overrides text/html; a non-HTML type serves a few bytes.
	ContentType string
}

// World maps paths (with query, if any) to pages.
type World map[string]Page

// Handler serves w as HTML, each page wrapped in the chrome real sites have
// (header, navigation, cookie banner, footer), which readers must drop.
func (w World) Handler() http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		p, ok := w[r.URL.RequestURI()]
		if !ok {
			http.NotFound(rw, r)
			return
		}
		if p.RedirectTo != "" {
			http.Redirect(rw, r, p.RedirectTo, http.StatusFound)
			return
		}
		if p.ContentType != "" {
			rw.Header().Set("Content-Type", p.ContentType)
			rw.WriteHeader(cmpStatus(p.Status))
			rw.Write([]byte("%PDF-1.4 fixture bytes"))
			return
		}
		rw.Header().Set("Content-Type", "text/html; charset=utf-8")
		rw.WriteHeader(cmpStatus(p.Status))
		fmt.Fprint(rw, p.HTML())
	})
}

func cmpStatus(s int) int {
	if s == 0 {
		return http.StatusOK
	}
	return s
}

// HTML renders the page with site chrome around its main content.
func (p Page) HTML() string {
	var sb strings.Builder
	sb.WriteString("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>" + html.EscapeString(p.Title) + "</title></head><body>")
	sb.WriteString(`<header><a href="/">Fixture Site</a><form><input name="q"></form></header>`)
	sb.WriteString(`<nav><ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li></ul></nav>`)
	sb.WriteString(`<div id="cookie-consent">We use cookies. <button>Accept</button></div>`)
	sb.WriteString("<main>")
	for i, b := range p.Blocks {
		sb.WriteString(renderBlock(b, p.Hrefs[i]))
	}
	sb.WriteString("</main><footer>Fixture Site footer · <a href=\"/privacy\">Privacy</a></footer></body></html>")
	return sb.String()
}

func renderBlock(b page.Block, hrefs []string) string {
	esc := html.EscapeString
	switch b.Kind {
	case page.Heading:
		return fmt.Sprintf("<h%d>%s</h%d>", b.Level, esc(b.Text), b.Level)
	case page.List:
		tag := "ul"
		if b.Ordered {
			tag = "ol"
		}
		var sb strings.Builder
		sb.WriteString("<" + tag + ">")
		for i, it := range b.Items {
			if i < len(hrefs) && hrefs[i] != "" {
				fmt.Fprintf(&sb, `<li><a href="%s">%s</a></li>`, esc(hrefs[i]), esc(it))
			} else {
				sb.WriteString("<li>" + esc(it) + "</li>")
			}
		}
		return sb.String() + "</" + tag + ">"
	case page.Table:
		var sb strings.Builder
		sb.WriteString("<table>")
		for r, row := range b.Rows {
			cell := "td"
			if r == 0 {
				cell = "th"
			}
			sb.WriteString("<tr>")
			for _, c := range row {
				sb.WriteString("<" + cell + ">" + esc(c) + "</" + cell + ">")
			}
			sb.WriteString("</tr>")
		}
		return sb.String() + "</table>"
	case page.Code:
		return fmt.Sprintf(`<pre><code class="language-%s">%s</code></pre>`, esc(b.Lang), esc(b.Text))
	case page.Quote:
		return "<blockquote>" + esc(b.Text) + "</blockquote>"
	case page.Image:
		return fmt.Sprintf(`<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="%s" width="40" height="40">`, esc(b.Text))
	}
	return "<p>" + esc(b.Text) + "</p>"
}
