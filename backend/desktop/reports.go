package desktop

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/plain"
	"github.com/scout-research/scout/backend/report"
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
	var out string
	switch format {
	case FormatMarkdown:
		out = r.Markdown
	case FormatHTML, FormatPDF:
		if out, err = report.Standalone(r.Title, r.HTML); err != nil {
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
	fig := report.Figures{Model: view.Model, ContextLength: view.ContextLength, Wall: time.Since(view.Started) + time.Duration(view.PriorSeconds*float64(time.Second))}
	set := s.store.Load().Settings
	files := runs.Files{Dir: view.Dir, Conceal: []string{set.ServerURL, set.Search.DuckDuckGoURL, set.Search.SearXNGURL}}
	if err := runs.WriteReport(files, res, fig, nil); err != nil {
		return ReportView{}, err
	}
	return s.Report(view.Dir)
}

// exportNameWords is how many of the objective's words name a saved
// report: enough to tell reports apart in a folder, short enough to read.
const exportNameWords = 8

// ExportName is the file name the save dialog offers for a report of the
// run on objective: its first words, lower case, joined by hyphens
// ("what-is-the-tallest-mountain-in-africa-and.md"), so reports saved to
// one folder do not all offer "report.md"; "report" when the objective
// has no letters or digits.
func ExportName(objective, format string) string {
	words := strings.FieldsFunc(strings.ToLower(objective), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	if len(words) > exportNameWords {
		words = words[:exportNameWords]
	}
	name := strings.Join(words, "-")
	if name == "" {
		name = "report"
	}
	return name + "." + format
}
