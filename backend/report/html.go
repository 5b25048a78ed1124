package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// md renders Markdown with goldmark's safe defaults: raw HTML in the
// Markdown is dropped and dangerous link schemes (javascript:, data:...)
// are not linked, so markup copied from a page stays inert. Bare http(s)
// addresses, such as each finding's source, become links (Linkify).
var md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify))

//go:embed report.css
var css string

// Fragment renders the report Markdown as an HTML fragment for the app:
// citations link to their findings (li id="finding-n"), and the gap
// sections and the number check carry classes so they stand out.
func Fragment(markdown string) (string, error) {
	var buf bytes.Buffer
	if err := md.Convert([]byte(markdown), &buf); err != nil {
		return "", fmt.Errorf("rendering the report: %w", err)
	}
	return linkCitations(decorate(buf.String())), nil
}

var (
	citation      = regexp.MustCompile(`\[(\d{1,3})\]`)
	htmlTag       = regexp.MustCompile(`<[^>]*>`)
	findingsCount = regexp.MustCompile(`<h2>Findings \((\d+)\)</h2>`)
)

// resultHeading opens the section the writer's text is in: the only place
// a bracketed number is a citation. Elsewhere (a finding, a page quote) it
// is the page's own text, say a footnote mark.
const resultHeading = "<h2>Result</h2>"

// linkCitations turns each [n] in the result section's text into a link
// to finding n, when there is a finding n; text inside code or a link is
// left as written.
func linkCitations(h string) string {
	start := strings.Index(h, resultHeading)
	m := findingsCount.FindStringSubmatch(h)
	if start < 0 || m == nil {
		return h
	}
	findings, _ := strconv.Atoi(m[1])
	start += len(resultHeading)
	end := len(h)
	if i := strings.Index(h[start:], "<h2"); i >= 0 {
		end = start + i
	}
	return h[:start] + linkInText(h[start:end], findings) + h[end:]
}

// linkInText links citations in the text between the tags of section,
// outside <code>, <pre> and <a> elements.
func linkInText(section string, findings int) string {
	var sb strings.Builder
	inert, last := 0, 0
	link := func(text string) string {
		if inert > 0 {
			return text
		}
		return citation.ReplaceAllStringFunc(text, func(c string) string {
			n, _ := strconv.Atoi(c[1 : len(c)-1])
			if n < 1 || n > findings {
				return c
			}
			return fmt.Sprintf(`<a class="cite" data-finding="%d" href="#finding-%d">%s</a>`, n, n, c)
		})
	}
	for _, loc := range htmlTag.FindAllStringIndex(section, -1) {
		sb.WriteString(link(section[last:loc[0]]))
		tag := section[loc[0]:loc[1]]
		sb.WriteString(tag)
		switch name := tagName(tag); {
		case name == "code" || name == "pre" || name == "a":
			inert++
		case (name == "/code" || name == "/pre" || name == "/a") && inert > 0:
			inert--
		}
		last = loc[1]
	}
	sb.WriteString(link(section[last:]))
	return sb.String()
}

// tagName is the element name of an HTML tag, "/name" for a closing tag.
func tagName(tag string) string {
	name := strings.Trim(tag, "<>/")
	if i := strings.IndexAny(name, " \t\n"); i >= 0 {
		name = name[:i]
	}
	if strings.HasPrefix(tag, "</") {
		return "/" + name
	}
	return name
}

var (
	findingsList = regexp.MustCompile(`(?s)(<h2>Findings \(\d+\)</h2>\s*<ol>)(.*?)(</ol>)`)
	listItem     = regexp.MustCompile(`<li>`)
	gapHeading   = regexp.MustCompile(`<h2>(Not found in the pages read|Left out, not shown to meet the conditions)</h2>\s*<ul>`)
	checkNumbers = regexp.MustCompile(`<blockquote>\s*<p><strong>Check against the sources:</strong>`)
)

func decorate(h string) string {
	h = findingsList.ReplaceAllStringFunc(h, func(block string) string {
		n := 0
		return listItem.ReplaceAllStringFunc(block, func(string) string {
			n++
			return fmt.Sprintf(`<li id="finding-%d">`, n)
		})
	})
	h = gapHeading.ReplaceAllString(h, `<h2 class="gap">$1</h2><ul class="gap">`)
	return checkNumbers.ReplaceAllString(h, `<blockquote class="unsupported"><p><strong>Check against the sources:</strong>`)
}

// Standalone renders the report as a complete HTML file with its styles
// embedded, readable offline.
func Standalone(title, markdown string) (string, error) {
	body, err := Fragment(markdown)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	sb.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	sb.WriteString("<meta name=\"generator\" content=\"Scout\">\n<title>" + html.EscapeString(title) + "</title>\n")
	sb.WriteString("<style>\n" + css + "</style>\n</head>\n<body>\n<main class=\"report\">\n")
	sb.WriteString(body)
	sb.WriteString("</main>\n</body>\n</html>\n")
	return sb.String(), nil
}
