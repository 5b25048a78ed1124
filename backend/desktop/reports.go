package desktop

import (
	"errors"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/plain"
	"github.com/scout-research/scout/backend/report"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
)

// ReportView is a run's report, as Markdown and as the app renders it.
type ReportView struct {
	Dir      string `json:"dir"`
	Title    string `json:"title"`
	Markdown string `json:"markdown"`
	// HTML is safe to insert: goldmark dropped raw HTML and dangerous links.
	HTML string `json:"html"`
}

// Export formats.
const (
	FormatMarkdown = "md"
	FormatHTML     = "html"
	FormatPDF      = "pdf"
)

// Report reads the report of the run in dir. The HTML is rendered from
// what the report was written from (report.DataFile); a report from
// before Scout kept that is shown from its Markdown, without links.
func (s *Service) Report(dir string) (ReportView, error) {
	data, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		return ReportView{}, fmt.Errorf("this run has no report yet (%v)", err)
	}
	view := ReportView{Dir: dir, Title: title(string(data)), Markdown: string(data)}
	res, fig, err := report.Load(dir)
	switch {
	case err == nil:
		view.Title = plain.Line(res.Objective)
		view.HTML, err = report.Fragment(res, fig)
	case errors.Is(err, fs.ErrNotExist):
		view.HTML, err = report.MarkdownFragment(view.Markdown)
	}
	if err != nil {
		return ReportView{}, err
	}
	return view, nil
}

func title(mdText string) string {
	first, _, _ := strings.Cut(mdText, "\n")
	return strings.TrimSpace(strings.TrimPrefix(first, "# "))
}

// Export writes the report of the run in dir to path as format ("md" or
// "html") and returns the path written. This is the code path behind the
// save dialog, callable without one.
func (s *Service) Export(dir, format, path string) (string, error) {
	r, err := s.Report(dir)
	if err != nil {
		return "", err
	}
	made := madeWith(dir, r.Title)
	var out string
	switch format {
	case FormatMarkdown:
		out = strings.TrimRight(r.Markdown, "\n") + "\n\n---\n\n*" + made + "*\n"
	case FormatHTML, FormatPDF:
		body := r.HTML + `<footer class="made-with"><p><em>` + html.EscapeString(made) + `</em></p></footer>`
		if out, err = report.Standalone(r.Title, body); err != nil {
			return "", err
		}
	default:
		return "", fmt.Errorf("unknown export format %q: choose md, html or pdf", format)
	}
	if !strings.HasSuffix(strings.ToLower(path), "."+format) {
		path += "." + format
	}
	if format == FormatPDF {
		return path, s.printPDF(out, path)
	}
	return path, runs.WriteAtomic(path, []byte(out))
}

// madeWith is the line an exported report ends with, in the language of
// the run's objective: the app and version that wrote it, and the day its
// report was written.
func madeWith(dir, objective string) string {
	var day time.Time
	if info, err := os.Stat(filepath.Join(dir, "report.md")); err == nil {
		day = info.ModTime()
	}
	return report.MadeWith(objective, runner.Version, day)
}

// printPDF prints the standalone HTML with the browser from settings.
func (s *Service) printPDF(html, path string) error {
	exe, err := browser.Find(s.store.Load().Settings.BrowserPath)
	if err != nil {
		return err
	}
	return browser.PrintPDF(exe, html, path)
}

// WriteReportNow writes the report of the run in progress from what it has
// found so far, without stopping it, and returns it. The report written at
// the end replaces it.
func (s *Service) WriteReportNow() (ReportView, error) {
	s.mu.Lock()
	a := s.goingLocked()
	if a == nil {
		s.mu.Unlock()
		return ReportView{}, fmt.Errorf("no run is going")
	}
	if a.fold.Finished() {
		// The final report is being written: never overwrite it.
		s.mu.Unlock()
		return ReportView{}, fmt.Errorf("the run is ending and its report is being written: open it in a moment")
	}
	res, view := a.fold.Result(), a.view
	s.mu.Unlock()
	if res.Answer == "" && len(res.Findings) > 0 {
		res.Answer = report.Draft(res)
	}
	fig := report.Figures{Model: view.Model, ContextLength: view.ContextLength, Wall: time.Since(view.Started) + time.Duration(view.PriorSeconds*float64(time.Second))}
	set := s.store.Load().Settings
	files := runs.Files{Dir: view.Dir, Conceal: []string{set.ServerURL, set.Search.DuckDuckGoURL, set.Search.SearXNGURL}}
	if err := runs.WriteReport(files, res, fig, nil); err != nil {
		return ReportView{}, err
	}
	return s.Report(view.Dir)
}

// exportNameWords is how many of the objective's words name a saved
// report at most: enough to tell reports apart in a folder, short enough
// to read. exportNameMinWords is the fewest a cut at a clause's end keeps.
const (
	exportNameWords    = 8
	exportNameMinWords = 3
)

// danglingWords are words a name cut short does not end on: "...-in-africa",
// not "...-in-africa-and".
var danglingWords = map[string]bool{
	"a": true, "an": true, "and": true, "or": true, "but": true, "the": true, "of": true, "in": true, "on": true,
	"at": true, "to": true, "for": true, "with": true, "by": true, "from": true, "is": true, "are": true, "how": true,
	"what": true, "which": true, "its": true, "their": true,
}

// ExportName is the file name the save dialog offers for a report of the
// run on objective: its first words, lower case, joined by hyphens, so
// reports saved to one folder do not all offer "report.md". A long
// objective is cut at the end of its first clause when that comes soon
// enough, and never on a word that leaves the phrase hanging
// ("what-is-the-tallest-mountain-in-africa.md"); "report" when the
// objective has no letters or digits.
func ExportName(objective, format string) string {
	words, ends := nameWords(objective)
	if len(words) > exportNameWords {
		cut := exportNameWords
		for i := exportNameWords - 1; i >= exportNameMinWords-1; i-- {
			if ends[i] {
				cut = i + 1
				break
			}
		}
		words = words[:cut]
		for len(words) > 1 && danglingWords[words[len(words)-1]] {
			words = words[:len(words)-1]
		}
	}
	name := strings.Join(words, "-")
	if name == "" {
		name = "report"
	}
	return name + "." + format
}

// nameWords splits objective into lower-case words of letters and digits;
// ends[i] says a clause ends after word i (a comma, colon, full stop...).
func nameWords(objective string) (words []string, ends []bool) {
	var word strings.Builder
	flush := func() {
		if word.Len() > 0 {
			words = append(words, word.String())
			ends = append(ends, false)
			word.Reset()
		}
	}
	for _, r := range strings.ToLower(objective) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			word.WriteRune(r)
		case strings.ContainsRune(",;:.?!()", r):
			flush()
			if len(ends) > 0 {
				ends[len(ends)-1] = true
			}
		default:
			flush()
		}
	}
	flush()
	return words, ends
}
