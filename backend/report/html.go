package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/plain"
)

//go:embed report.css
var css string

//go:embed report.html.tmpl
var pageTemplates string

// pages are the report as HTML: "fragment" for the app, "standalone" for
// a file. html/template escapes every text it is given; only the result
// comes in as HTML, rendered by goldmark (see result.go).
var pages = template.Must(template.New("").Parse(pageTemplates))

// fragmentData is what the fragment template shows.
type fragmentData struct {
	Objective, Status string
	// Words are the report's fixed words, in the objective's language.
	Words map[string]string
	// FollowUp names the run a follow-up follows, "" for another run.
	FollowUp string
	Result   template.HTML
	NoResult string
	Check    string
	Gaps     []gapSection
	Findings []findingView
	Figures  []string
}

type findingView struct {
	Number, Part     int
	URL, Text, Quote string
	// From and Tail are the words around the source's address ("Turn 3,
	// from " and ""), QuoteLabel the words before the page's sentence.
	From, Tail, QuoteLabel string
	// Link: the source is a web address, shown as a link to it.
	Link bool
}

// sourceMark stands for a finding's address in its line while the line is
// cut around it: a character no message has.
const sourceMark = "\x00"

// Fragment renders the report of res as an HTML fragment for the app. Its
// structure comes from res, never from reading text back: the result's
// citations link to their findings (li id="finding-n"), the numbers the
// check flagged are marked in it, and the gap sections and the check carry
// classes. Text from pages, models and servers is shown as written; the
// result is the writer's Markdown, rendered safely (result.go).
func Fragment(res *agent.Result, fig Figures) (string, error) {
	w := wordsOf(res)
	d := fragmentData{
		Objective: oneLine(res.Objective), Status: oneLine(statusLine(res, w)), FollowUp: oneLine(followUpOf(res, w)),
		Words: w.labels(), Check: checkSentence(res, w),
		Gaps: gapSections(res, w), Figures: figureLines(res, fig, w),
	}
	numbers := make([]int, len(res.Findings))
	for i, f := range res.Findings {
		numbers[i] = f.Number
		from, tail, _ := strings.Cut(w.f("finding_from", findingWhen(f, w), sourceMark), sourceMark)
		d.Findings = append(d.Findings, findingView{Number: f.Number, From: from, Tail: tail, QuoteLabel: w.f("finding_quote", f.Part),
			URL: oneLine(f.URL), Link: linkable(f.URL), Text: oneLine(f.Text), Quote: oneLine(f.Quote)})
	}
	if res.Answer != "" {
		// Clipped again: report.json may come from a run before the clip.
		h, err := renderResult(agent.ClipResult(strings.TrimSpace(plain.Text(res.Answer))), numbers, res.Unsupported, w)
		if err != nil {
			return "", err
		}
		d.Result = template.HTML(h) // goldmark's, made safe by result.go
	} else {
		d.NoResult = noResult(res, w)
	}
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, "fragment", d); err != nil {
		return "", fmt.Errorf("rendering the report: %w", err)
	}
	return buf.String(), nil
}

// MarkdownFragment renders report Markdown as an HTML fragment without
// citation links, number marks or section classes: for a report written
// before its data was kept beside it (DataFile), whose structure cannot be
// told from its text. Raw HTML shows as text and images are links, as in
// the result.
func MarkdownFragment(markdown string) (string, error) {
	var buf bytes.Buffer
	if err := plainMarkdown.Convert([]byte(markdown), &buf); err != nil {
		return "", fmt.Errorf("rendering the report: %w", err)
	}
	return buf.String(), nil
}

// Standalone wraps a report fragment as a complete HTML file, readable
// offline, with its styles embedded and a Content-Security-Policy that lets
// it load nothing at all: no image, style, font, script or frame from
// anywhere, so opening the file tells no server it was read.
func Standalone(title, fragment string) (string, error) {
	var buf bytes.Buffer
	err := pages.ExecuteTemplate(&buf, "standalone", map[string]any{
		"Title": oneLine(title), "CSS": template.CSS(css), "Body": template.HTML(fragment), "CSP": ContentSecurityPolicy,
	})
	if err != nil {
		return "", fmt.Errorf("writing the report page: %w", err)
	}
	return buf.String(), nil
}

// ContentSecurityPolicy is the exported report's policy: its own inline
// styles and nothing else. Links still work: following one is a navigation,
// which the policy does not govern.
const ContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
