package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// md renders Markdown with goldmark's safe defaults: raw HTML in the
// Markdown is dropped and dangerous link schemes (javascript:, data:...)
// are not linked, so markup copied from a page stays inert. Addresses in
// page text stay text; each finding's source is a link of its own (source).
var md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

//go:embed report.css
var css string

// Fragment renders the report Markdown as an HTML fragment for the app:
// citations link to their findings (li id="finding-n"), numbers the check
// flagged are marked where the result gives them, and the gap sections and
// the number check carry classes so they stand out.
func Fragment(markdown string) (string, error) {
	var buf bytes.Buffer
	if err := md.Convert([]byte(markdown), &buf); err != nil {
		return "", fmt.Errorf("rendering the report: %w", err)
	}
	return markResult(decorate(buf.String()), flaggedIn(markdown)), nil
}

var (
	// citation is a writer's citation, [3] or a group such as [1, 2] or
	// [2-4], as the agent reads them.
	citation      = regexp.MustCompile(`\[(\d{1,3}(?:\s*[-–,]\s*\d{1,3})*)\]`)
	citedNumber   = regexp.MustCompile(`\d{1,3}`)
	htmlTag       = regexp.MustCompile(`<[^>]*>`)
	findingsCount = regexp.MustCompile(`<h2>` + findingsLabel + ` \((\d+)\)</h2>`)
	// checkLine is the number check as writeResult puts it.
	checkLine = regexp.MustCompile(`(?m)^> \*\*` + regexp.QuoteMeta(checkLabel) + `\*\* (.+) appears? in no finding\.$`)
)

// flaggedIn returns the numbers the report's check lists: writeResult
// joins them with ", " (a number's own commas have no space after them).
func flaggedIn(markdown string) []string {
	m := checkLine.FindStringSubmatch(markdown)
	if m == nil {
		return nil
	}
	return strings.Split(m[1], ", ")
}

// checkOpen and gapOpen open the number check and a gap section (see
// decorate).
const (
	checkOpen = `<blockquote class="unsupported">`
	gapOpen   = `<h2 class="gap">`
)

// resultHeading opens the section the writer's text is in: the only place
// a bracketed number is a citation. Elsewhere (a finding, a page quote) it
// is the page's own text, say a footnote mark.
const resultHeading = "<h2>Result</h2>"

// markResult links each [n] in the result section's text to finding n,
// when there is a finding n, and marks the flagged numbers; text inside
// code or a link is left as written.
func markResult(h string, flagged []string) string {
	start := strings.Index(h, resultHeading)
	m := findingsCount.FindStringSubmatch(h)
	if start < 0 || m == nil {
		return h
	}
	findings, _ := strconv.Atoi(m[1])
	start += len(resultHeading)
	// The writer's text ends where the report's own parts begin; a heading
	// the writer wrote itself belongs to its text.
	end := len(h)
	for _, next := range []string{checkOpen, gapOpen, "<h2>" + findingsLabel + " ("} {
		if i := strings.Index(h[start:], next); i >= 0 {
			end = min(end, start+i)
		}
	}
	r := resultText{findings: findings, flagged: flagged}
	return h[:start] + r.rewrite(h[start:end]) + h[end:]
}

// resultText rewrites the text of the result section.
type resultText struct {
	findings int
	flagged  []string
}

// rewrite changes the text between the tags of section, outside <code>,
// <pre> and <a> elements.
func (r resultText) rewrite(section string) string {
	var sb strings.Builder
	inert, last := 0, 0
	text := func(t string) string {
		if inert > 0 {
			return t
		}
		return r.text(t)
	}
	for _, loc := range htmlTag.FindAllStringIndex(section, -1) {
		sb.WriteString(text(section[last:loc[0]]))
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
	sb.WriteString(text(section[last:]))
	return sb.String()
}

// text links the citations of t and marks the flagged numbers between them.
func (r resultText) text(t string) string {
	var sb strings.Builder
	last := 0
	for _, m := range citation.FindAllStringIndex(t, -1) {
		sb.WriteString(r.mark(t[last:m[0]]))
		sb.WriteString(r.cite(t[m[0]:m[1]]))
		last = m[1]
	}
	sb.WriteString(r.mark(t[last:]))
	return sb.String()
}

// cite links a citation: [1] whole, a group number by number; a number
// naming no finding stays text.
func (r resultText) cite(c string) string {
	link := func(n int, text string) string {
		if n < 1 || n > r.findings {
			return text
		}
		return fmt.Sprintf(`<a class="cite" data-finding="%d" href="#finding-%d">%s</a>`, n, n, text)
	}
	if n, err := strconv.Atoi(c[1 : len(c)-1]); err == nil {
		return link(n, c)
	}
	return citedNumber.ReplaceAllStringFunc(c, func(d string) string {
		n, _ := strconv.Atoi(d)
		return link(n, d)
	})
}

// flagMark opens the mark around a number in no finding.
const flagMark = `<mark class="unsupported" title="In no finding: check it against the sources">`

func (r resultText) mark(t string) string {
	for _, n := range r.flagged {
		var sb strings.Builder
		for {
			i := strings.Index(t, n)
			if i < 0 {
				break
			}
			j := i + len(n)
			if wholeNumber(t, i, j) {
				sb.WriteString(t[:i] + flagMark + n + "</mark>")
			} else {
				sb.WriteString(t[:j])
			}
			t = t[j:]
		}
		sb.WriteString(t)
		t = sb.String()
	}
	return t
}

// wholeNumber reports whether t[i:j] is a whole number, not part of a
// longer one (2,228 holds 228; 3.66 holds 66) or of a name (Qwen3, H3).
func wholeNumber(t string, i, j int) bool {
	digit := func(k int) bool { return k >= 0 && k < len(t) && t[k] >= '0' && t[k] <= '9' }
	sep := func(k int) bool { return k >= 0 && k < len(t) && (t[k] == '.' || t[k] == ',') }
	prev, _ := utf8.DecodeLastRuneInString(t[:i])
	before := digit(i-1) || unicode.IsLetter(prev) || (sep(i-1) && digit(i-2))
	after := digit(j) || (sep(j) && digit(j+1))
	return !before && !after
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
	findingsList = regexp.MustCompile(`(?s)(<h2>` + findingsLabel + ` \(\d+\)</h2>\s*<ol>)(.*?)(</ol>)`)
	listItem     = regexp.MustCompile(`<li>`)
	gapHeading   = regexp.MustCompile(`<h2>(Not found in the pages read|Left out, not shown to meet the conditions)</h2>\s*<ul>`)
	checkNumbers = regexp.MustCompile(`<blockquote>\s*<p><strong>` + regexp.QuoteMeta(checkLabel) + `</strong>`)
)

func decorate(h string) string {
	h = findingsList.ReplaceAllStringFunc(h, func(block string) string {
		n := 0
		return listItem.ReplaceAllStringFunc(block, func(string) string {
			n++
			return fmt.Sprintf(`<li id="finding-%d">`, n)
		})
	})
	h = gapHeading.ReplaceAllString(h, gapOpen+`$1</h2><ul class="gap">`)
	return checkNumbers.ReplaceAllString(h, checkOpen+"<p><strong>"+checkLabel+"</strong>")
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
