package guitest

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// TestLookAndWording checks the small things issue 27's walkthrough
// tripped on after a finished run: the top bar's buttons stay put from
// screen to screen, Ctrl+A selects the journal rather than the whole
// window, model time reads as the report writes it, a source link the
// system cannot open says so, the About section
// names the version, and in the dark theme a placeholder is clearly
// dimmer than typed text.
func TestLookAndWording(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(runScript(0,
		"The tallest mountain in Africa is Mount Kilimanjaro [1]. It rises 5,895 metres (19,341 ft) above sea level [1]."))})
	defer model.Close()
	// A system whose browser will not open: the opener fails, as xdg-open
	// does with no default browser set.
	bins := t.TempDir()
	opened := filepath.Join(bins, "opened")
	mustWrite(t, filepath.Join(bins, "xdg-open"), "#!/bin/sh\necho \"$1\" >> "+opened+"\nexit 4\n")
	if err := os.Chmod(filepath.Join(bins, "xdg-open"), 0o755); err != nil {
		t.Fatal(err)
	}
	app := Start(t, bin, root, researchConfig(t, model.BaseURL(), web.URL, false), "PATH="+bins+string(os.PathListSeparator)+os.Getenv("PATH"))
	page := openPage(t, app.URL)
	fill(t, page, "#objective", objective)
	click(t, page, "start")
	expectText(t, page, "run-status", "finished")

	// The top bar: the same boxes on every screen.
	var first string
	for _, screen := range []string{"nav-home", "nav-report", "nav-history", "nav-settings", "nav-home"} {
		click(t, page, screen)
		boxes, err := page.Evaluate(`() => [...document.querySelectorAll('nav button')].map(b => {
			const r = b.getBoundingClientRect(); return r.left.toFixed(1) + '+' + r.width.toFixed(1); }).join(' ')`)
		if err != nil {
			t.Fatal(err)
		}
		if first == "" {
			first = boxes.(string)
		} else if boxes != first {
			t.Errorf("the top bar's buttons moved on %s: %s, were %s", screen, boxes, first)
		}
	}

	// The journal names the result NAVIGATE R1 opened, and the results
	// row opens to show what the model chose from.
	expectText(t, page, "journal", "R1 · Mount Kilimanjaro")
	results := page.GetByTestId("journal-results").First()
	if err := results.Locator("summary").Click(); err != nil {
		t.Fatal(err)
	}
	if err := playwright.NewPlaywrightAssertions().Locator(results.Locator("li").First()).ToBeVisible(); err != nil {
		t.Errorf("the results row does not open: %v", err)
	}
	expectText(t, page, "journal-results", "Mount Kilimanjaro")

	// Ctrl+A on the research screen selects the journal's text only.
	if err := page.GetByTestId("journal").Click(); err != nil {
		t.Fatal(err)
	}
	pressKey(t, page, "Control+a")
	sel, err := page.Evaluate(`() => window.getSelection().toString()`)
	if err != nil {
		t.Fatal(err)
	}
	if s := sel.(string); !strings.Contains(s, "Opened Mount Kilimanjaro") || strings.Contains(s, "New research") || strings.Contains(s, "History") {
		t.Errorf("Ctrl+A selected %.300q; want the journal alone", s)
	}

	// Model time as the report writes it.
	screenTime := modelTimeOnScreen(t, page)
	click(t, page, "open-report")
	expectText(t, page, "report", "Model time: "+screenTime+";")

	// A source that does not open says so, rather than nothing.
	source := page.Locator(`[data-testid=report] a[href^="http"]`).First()
	href, _ := source.GetAttribute("href")
	if err := source.Click(); err != nil {
		t.Fatal(err)
	}
	expectText(t, page, "report-notice", "Your browser did not open the link")
	if got, _ := os.ReadFile(opened); strings.TrimSpace(string(got)) != href {
		t.Errorf("the opener was given %q; the link is %q", got, href)
	}

	// About: the version wails.json gives the packages.
	click(t, page, "nav-settings")
	expectText(t, page, "about-version", "Scout "+productVersion(t, root))
	// The run measured the model: Settings shows it without a test.
	expectText(t, page, "model-speed", "qwen2.5-7b-instruct")

	// The dark theme's placeholder.
	if err := page.EmulateMedia(playwright.PageEmulateMediaOptions{ColorScheme: playwright.ColorSchemeDark}); err != nil {
		t.Fatal(err)
	}
	// The changed screens in the dark, full size and smallest (saved when
	// screenshots are asked for).
	screenshot(t, page, "settings-dark.png")
	assertFits(t, page, "settings-dark-900x600.png")
	click(t, page, "nav-report")
	screenshot(t, page, "report-dark.png")
	assertFits(t, page, "report-dark-900x600.png")
	click(t, page, "nav-home")
	screenshot(t, page, "research-dark.png")
	assertFits(t, page, "research-dark-900x600.png")
	click(t, page, "new-research")
	colours, err := page.Evaluate(`() => {
		const el = document.querySelector('#objective');
		return [getComputedStyle(el).color, getComputedStyle(el, '::placeholder').color, getComputedStyle(el).backgroundColor].join(';');
	}`)
	if err != nil {
		t.Fatal(err)
	}
	c := strings.Split(colours.(string), ";")
	text, hint, bg := luminance(t, c[0]), luminance(t, c[1]), luminance(t, c[2])
	// Typed text stands out from an example (WCAG ratio 2 or more), and the
	// example is still readable (3 or more, as for large text).
	if r := contrast(text, hint); r < 2 {
		t.Errorf("dark theme: typed text %s and placeholder %s differ by a contrast of %.2f; want 2 or more", c[0], c[1], r)
	}
	if r := contrast(hint, bg); r < 3 {
		t.Errorf("dark theme: the placeholder %s on %s has a contrast of %.2f; want 3 or more", c[1], c[2], r)
	}
	screenshot(t, page, "start-dark.png")
}

// modelTime is the model time as the research screen shows it: "Model 0 s",
// "Model 5 min 10 s".
var modelTime = regexp.MustCompile(`^Model ([0-9].*)$`)

// modelTimeOnScreen reads the model time the research screen shows.
func modelTimeOnScreen(t *testing.T, page playwright.Page) string {
	t.Helper()
	got, err := page.GetByTestId("model-time").InnerText()
	if err != nil {
		t.Fatal(err)
	}
	m := modelTime.FindStringSubmatch(strings.TrimSpace(got))
	if m == nil {
		t.Fatalf("model time shown as %q", got)
	}
	return m[1]
}

// productVersion is wails.json's info.productVersion.
func productVersion(t *testing.T, root string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "wails.json"))
	if err != nil {
		t.Fatal(err)
	}
	var w struct {
		Info struct {
			ProductVersion string `json:"productVersion"`
		} `json:"info"`
	}
	if err := json.Unmarshal(data, &w); err != nil || w.Info.ProductVersion == "" {
		t.Fatalf("wails.json: %v", err)
	}
	return w.Info.ProductVersion
}

// luminance is the WCAG relative luminance of a CSS rgb() or rgba() colour.
func luminance(t *testing.T, css string) float64 {
	t.Helper()
	var r, g, b float64
	rest := css[strings.Index(css, "(")+1:]
	if _, err := fmt.Sscanf(strings.ReplaceAll(rest, ",", " "), "%g %g %g", &r, &g, &b); err != nil {
		t.Fatalf("colour %q: %v", css, err)
	}
	lin := func(v float64) float64 {
		v /= 255
		if v <= 0.03928 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is the WCAG contrast ratio of two luminances.
func contrast(a, b float64) float64 {
	return (math.Max(a, b) + 0.05) / (math.Min(a, b) + 0.05)
}
