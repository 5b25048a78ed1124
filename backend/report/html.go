package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// md renders Markdown with goldmark's safe defaults: raw HTML in the
// Markdown is dropped and dangerous link schemes (javascript:, data:...)
// are not linked, so markup copied from a page stays inert.
var md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

//go:embed report.css
var css string

var citation = regexp.MustCompile(`\[(\d{1,3})\]`)

// linkCitations turns [n] into links to finding n, outside code spans.
func linkCitations(markdown string) string {
	return citation.ReplaceAllString(markdown, `[\[$1\]](#finding-$1)`)
}

// Fragment renders the report Markdown as an HTML fragment for the app:
// citations link to their findings (li id="finding-n"), and the gap
// sections and the number check carry classes so they stand out.
func Fragment(markdown string) (string, error) {
	var buf bytes.Buffer
	if err := md.Convert([]byte(linkCitations(markdown)), &buf); err != nil {
		return "", fmt.Errorf("rendering the report: %w", err)
	}
	return decorate(buf.String()), nil
}

var (
	findingsList = regexp.MustCompile(`(?s)(<h2>Findings \(\d+\)</h2>\s*<ol>)(.*?)(</ol>)`)
	listItem     = regexp.MustCompile(`<li>`)
	gapHeading   = regexp.MustCompile(`<h2>(Not found in the pages read|Left out, not shown to meet the conditions)</h2>\s*<ul>`)
	checkNumbers = regexp.MustCompile(`<blockquote>\s*<p><strong>Check against the sources:</strong>`)
	citeLink     = regexp.MustCompile(`<a href="#finding-(\d+)">`)
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
	h = checkNumbers.ReplaceAllString(h, `<blockquote class="unsupported"><p><strong>Check against the sources:</strong>`)
	return citeLink.ReplaceAllString(h, `<a class="cite" data-finding="$1" href="#finding-$1">`)
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
