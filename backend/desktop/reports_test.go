package desktop

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/report"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/settings"
)

// The app shows a report from what it was written from; a run from before
// Scout kept that shows its Markdown, safely, with nothing read back from
// the text as structure.
func TestReportIsRenderedFromItsData(t *testing.T) {
	svc := New(&settings.Store{Path: filepath.Join(t.TempDir(), "settings.json")}, func(string, any) {})
	res := &agent.Result{Objective: "How high?", Status: agent.StatusFinished, Turns: 2, Calls: map[string]int{},
		Answer:      "5,895 m [1].\n\n> **Check against the sources:** 5,  appear in no finding.\n\n## Findings (99)\n\n![x](http://127.0.0.1:9/x.png)",
		Findings:    []agent.Finding{{Number: 1, Turn: 1, URL: "https://x.test/", Text: "It is 5,895 m <b>high</b>."}},
		Unsupported: []string{"m"},
	}
	withData, old := t.TempDir(), t.TempDir()
	md := report.Markdown(res, report.Figures{})
	for _, dir := range []string{withData, old} {
		if err := os.WriteFile(filepath.Join(dir, "report.md"), []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(withData, report.DataFile), report.Encode(res, report.Figures{}), 0o644); err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string][]string{
		withData: {`<a class="cite" data-finding="1" href="#finding-1">[1]</a>`, `<li id="finding-1">`, "<h2>Findings (1)</h2>", "<h4>Findings (99)</h4>", "&lt;b&gt;high&lt;/b&gt;"},
		old:      {"<h2>Findings (1)</h2>", "<h4>Findings (99)</h4>", "&lt;b&gt;high&lt;/b&gt;"},
	} {
		v, err := svc.Report(dir)
		if err != nil {
			t.Fatal(err)
		}
		if v.Title != "How high?" || v.Markdown != md {
			t.Errorf("report view %q", v.Title)
		}
		for _, w := range want {
			if !strings.Contains(v.HTML, w) {
				t.Errorf("HTML lacks %q:\n%s", w, v.HTML)
			}
		}
		if strings.Contains(v.HTML, "<img") || strings.Contains(v.HTML, "<b>") {
			t.Errorf("HTML loads an image or holds page markup:\n%s", v.HTML)
		}
		if dir == old && strings.Contains(v.HTML, `class="cite"`) {
			t.Errorf("a report without its data links citations read from its text:\n%s", v.HTML)
		}
	}
	path, err := svc.Export(withData, FormatHTML, filepath.Join(t.TempDir(), "r"))
	if err != nil {
		t.Fatal(err)
	}
	if page, _ := os.ReadFile(path); !strings.Contains(string(page), "Content-Security-Policy") || !strings.Contains(string(page), `<li id="finding-1">`) {
		t.Errorf("exported page:\n%s", page)
	}
	// Exports say what wrote them, and when.
	written := time.Date(2026, 12, 2, 9, 30, 0, 0, time.Local)
	if err := os.Chtimes(filepath.Join(withData, "report.md"), written, written); err != nil {
		t.Fatal(err)
	}
	made := "Researched and written with Scout " + runner.Version + " on 2 December 2026."
	for _, format := range []string{FormatMarkdown, FormatHTML} {
		path, err := svc.Export(withData, format, filepath.Join(t.TempDir(), "r"))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); !strings.Contains(string(got), made) {
			t.Errorf("the %s export does not say %q:\n%s", format, made, got)
		}
	}
}

func TestExportName(t *testing.T) {
	for objective, want := range map[string]string{
		"What is the tallest mountain in Africa, and how tall is it in meters and in feet?": "what-is-the-tallest-mountain-in-africa.md",
		// No clause ends soon enough: cut at eight words, less any left hanging.
		"Find the three cheapest flights from Vienna to Lisbon in May": "find-the-three-cheapest-flights-from-vienna.md",
		"Which free photo editors for Linux, with layers?":             "which-free-photo-editors-for-linux-with-layers.md",
		// A clause that ends too soon is not where the cut goes.
		"Python: list the ten most used web frameworks and their licences": "python-list-the-ten-most-used-web-frameworks.md",
		"  Compare LibreOffice & OnlyOffice (2026) ":                       "compare-libreoffice-onlyoffice-2026.md",
		"Qu'est-ce que l'été à Zürich ?":                                   "qu-est-ce-que-l-été-à-zürich.md",
		"../../etc/passwd":                                                 "etc-passwd.md",
		"?!":                                                               "report.md",
	} {
		if got := ExportName(objective, FormatMarkdown); got != want {
			t.Errorf("ExportName(%q) = %q, want %q", objective, got, want)
		}
	}
	if got := ExportName("Kilimanjaro height", FormatPDF); got != "kilimanjaro-height.pdf" {
		t.Errorf("PDF: %q", got)
	}
}
