package guitest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

const objective = "What is the tallest mountain in Africa, and how tall is it in meters and in feet?"

func action(act, param, thought string) llmtest.Reply {
	return llmtest.Reply{Content: fmt.Sprintf(`{"thought_process":%q,"action":%q,"parameter":%q}`, thought, act, param)}
}

// runScript is the mountain run; finishDelay holds the last action back so
// the test sees the run in progress; answer is the writer's result.
func runScript(finishDelay time.Duration, answer string) map[string][]llmtest.Reply {
	finish := action("FINISH", "Mount Kilimanjaro.", "Items 1, 2 and 3 are covered by [1].")
	finish.Delay = finishDelay
	writer, _ := json.Marshal(map[string]string{"result": answer})
	return map[string][]llmtest.Reply{
		"checklist": {{Content: `{"items":["the tallest mountain in Africa","its height in meters","its height in feet"]}`}},
		"action": {
			action("SEARCH", "tallest mountain in Africa", "I will search first."),
			action("NAVIGATE", "R1", "The encyclopedia article should have the height."),
			action("DISCOVER", "[1,2,3] Mount Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level at Uhuru Peak.", "Part 1 answers every item."),
			finish,
		},
		"coverage": {{Content: `{"items":[{"item":1,"findings":[1],"covered":true,"missing":""},{"item":2,"findings":[1],"covered":true,"missing":""},{"item":3,"findings":[1],"covered":true,"missing":""}]}`}},
		"writer":   {{Content: string(writer)}},
	}
}

// TestResearchRun drives a whole run from the real window: objective,
// live journal and findings, the report with working citations, export,
// inert markup, and Stop.
func TestResearchRun(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	replies := runScript(6*time.Second, "The tallest mountain in Africa is Mount Kilimanjaro [1]. It rises 5,895 metres (19,341 ft) above sea level [1].")
	second := runScript(time.Minute, "unused: the run is stopped first")
	for k := range replies {
		replies[k] = append(replies[k], second[k]...)
	}
	// The stopped run, resumed from the history, finishes at once.
	replies["action"] = append(replies["action"], action("FINISH", "Mount Kilimanjaro.", "Items 1, 2 and 3 are covered by [1]."))
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(replies)})
	defer model.Close()

	app := Start(t, bin, root, researchConfig(t, model.BaseURL(), web.URL, false))
	page := openPage(t, app.URL)

	// The objective box has the focus as the app opens: typing goes there.
	if err := playwright.NewPlaywrightAssertions().Locator(page.Locator("#objective")).ToBeFocused(); err != nil {
		t.Fatalf("the objective box has no focus at start: %v", err)
	}
	if err := page.Keyboard().Type(objective); err != nil {
		t.Fatal(err)
	}
	pressKey(t, page, "Control+Enter")
	// While the model "thinks" about FINISH: rows, the finding, the checklist.
	expectText(t, page, "journal", "Opened Mount Kilimanjaro - Worldpedia")
	expectText(t, page, "finding-card", "5,895 metres (19,341 ft)")
	expectText(t, page, "figures", "Turn 4 of 100")
	if n, _ := page.GetByTestId("checklist-item").Count(); n != 3 {
		t.Errorf("%d checklist items shown", n)
	}
	// The call the model "thinks" over shows as in progress, though the
	// end of the call before may reach the window after it.
	expectText(t, page, "call-progress", "Turn 4")
	screenshot(t, page, "research.png")

	expectText(t, page, "run-status", "finished")
	assertFits(t, page, "research-900x600.png")
	click(t, page, "open-report")
	expectText(t, page, "report", "The tallest mountain in Africa is Mount Kilimanjaro")
	if err := page.Locator(`[data-testid=report] a.cite`).First().Click(); err != nil {
		t.Fatal(err)
	}
	expectText(t, page, "citation", "Mount Kilimanjaro is a dormant volcano in northeastern Tanzania")
	screenshot(t, page, "report.png")
	pressKey(t, page, "Escape")
	if err := playwright.NewPlaywrightAssertions().Locator(page.GetByTestId("citation")).ToHaveCount(0); err != nil {
		t.Fatalf("Esc did not close the citation: %v", err)
	}
	assertFits(t, page, "report-900x600.png")
	click(t, page, "copy")
	expectText(t, page, "report-notice", "Copied the report as Markdown.")

	runDir := onlyRun(t, app.DataHome)
	for _, format := range []string{"md", "html"} {
		target := filepath.Join(t.TempDir(), "exported")
		got, err := page.Evaluate(`([d, f, p]) => window.go.main.App.ExportReport(d, f, p)`, []string{runDir, format, target})
		if err != nil {
			t.Fatalf("export %s: %v", format, err)
		}
		data, err := os.ReadFile(got.(string))
		if err != nil || !strings.Contains(string(data), "5,895 metres (19,341 ft)") {
			t.Fatalf("exported %s: %v %.100q", format, err, data)
		}
	}

	// A second run, stopped mid-run: the report is still written.
	click(t, page, "nav-home")
	click(t, page, "new-research")
	fill(t, page, "#objective", objective)
	click(t, page, "start")
	expectText(t, page, "finding-card", "5,895 metres")
	// Mid-run, the history lists it as running; Watch goes back to it.
	click(t, page, "nav-history")
	if err := playwright.NewPlaywrightAssertions().Locator(page.GetByTestId("history-entry").First()).ToContainText("running now · 4 turns · 1 finding",
		playwright.LocatorAssertionsToContainTextOptions{Timeout: playwright.Float(expectTimeoutMS)}); err != nil {
		t.Fatalf("the run going on in the history: %v", err)
	}
	if n, _ := page.GetByTestId("history-delete").Count(); n != 1 {
		t.Errorf("%d Delete buttons: the running run must not offer one", n)
	}
	if err := page.GetByTestId("history-entry").First().GetByTestId("history-open").Click(); err != nil {
		t.Fatal(err)
	}
	expectText(t, page, "finding-card", "5,895 metres")
	// Stop asks first; Esc takes the question back. Esc on another screen
	// brings the question up on the research screen, focused: Enter stops.
	click(t, page, "stop")
	if err := playwright.NewPlaywrightAssertions().Locator(page.GetByTestId("confirm-stop")).ToBeFocused(); err != nil {
		t.Fatalf("Stop did not ask first: %v", err)
	}
	pressKey(t, page, "Escape")
	if err := playwright.NewPlaywrightAssertions().Locator(page.GetByTestId("confirm-stop")).ToHaveCount(0); err != nil {
		t.Fatalf("Esc did not take the stop question back: %v", err)
	}
	click(t, page, "nav-history")
	pressKey(t, page, "Escape")
	if err := playwright.NewPlaywrightAssertions().Locator(page.GetByTestId("confirm-stop")).ToBeFocused(); err != nil {
		t.Fatalf("Esc on the history screen: %v", err)
	}
	pressKey(t, page, "Enter")
	expectText(t, page, "run-status", "stopped")
	click(t, page, "open-report")
	expectText(t, page, "report", "interrupted on turn 4: stopped before the agent finished")
	expectText(t, page, "report", "## Findings (1)"[3:])

	// History (Ctrl+3): both runs; resume the stopped one; delete the first.
	pressKey(t, page, "Control+3")
	entries := page.GetByTestId("history-entry")
	if err := playwright.NewPlaywrightAssertions().Locator(entries).ToHaveCount(2, playwright.LocatorAssertionsToHaveCountOptions{Timeout: playwright.Float(expectTimeoutMS)}); err != nil {
		t.Fatalf("history: %v", err)
	}
	if err := playwright.NewPlaywrightAssertions().Locator(entries.First()).ToContainText("stopped · 4 turns · 1 finding", playwright.LocatorAssertionsToContainTextOptions{Timeout: playwright.Float(expectTimeoutMS)}); err != nil {
		t.Fatalf("newest entry: %v", err)
	}
	screenshot(t, page, "history.png")
	assertFits(t, page, "history-900x600.png")
	if err := entries.First().GetByTestId("history-resume").Click(); err != nil {
		t.Fatal(err)
	}
	expectText(t, page, "run-status", "finished")
	expectText(t, page, "journal", "Run resumed")
	// A finished past run opens with its journal and report.
	click(t, page, "nav-history")
	if err := entries.Last().GetByTestId("history-open").Click(); err != nil {
		t.Fatal(err)
	}
	expectText(t, page, "run-status", "finished")
	expectText(t, page, "journal", "Report written")
	click(t, page, "open-report")
	expectText(t, page, "report", "finished by the agent on turn 4")
	click(t, page, "nav-history")
	if err := entries.Last().GetByTestId("history-delete").Click(); err != nil {
		t.Fatal(err)
	}
	click(t, page, "history-confirm-delete")
	if err := playwright.NewPlaywrightAssertions().Locator(entries).ToHaveCount(1, playwright.LocatorAssertionsToHaveCountOptions{Timeout: playwright.Float(expectTimeoutMS)}); err != nil {
		t.Fatalf("after delete: %v", err)
	}

	// The other screens fit the smallest window too.
	click(t, page, "nav-settings")
	assertFits(t, page, "settings-900x600.png")
	click(t, page, "nav-home")
	click(t, page, "new-research")
	assertFits(t, page, "start-900x600.png")
}

// TestMarkupInAResultStaysInert renders a finished report whose result
// holds an image tag with a handler, a javascript: link and a Markdown
// image on a canary server: nothing runs, and the app asks the canary for
// nothing, not even when the page itself adds an image (its
// Content-Security-Policy).
func TestMarkupInAResultStaysInert(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	var asked atomic.Int32
	canary := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		t.Logf("the canary was asked for %s", r.URL)
	}))
	defer canary.Close()
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(runScript(0,
		`Kilimanjaro [1] <img src=x onerror="window.__xss=1"> and [a link](javascript:window.__xss=2). ![summit](`+canary.URL+`/result.png)`))})
	defer model.Close()
	app := Start(t, bin, root, researchConfig(t, model.BaseURL(), web.URL, false))
	page := openPage(t, app.URL)
	fill(t, page, "#objective", objective)
	click(t, page, "start")
	expectText(t, page, "run-status", "finished")
	click(t, page, "open-report")
	expectText(t, page, "report", "and a link")
	if n, _ := page.Locator(`[data-testid=report] img`).Count(); n != 0 {
		t.Errorf("the report holds %d images", n)
	}
	if err := page.GetByText("a link").Click(); err != nil {
		t.Fatal(err)
	}
	if v, _ := page.Evaluate(`() => window.__xss`); v != nil {
		t.Errorf("markup in the result ran: window.__xss = %v", v)
	}
	href, _ := page.GetByText("a link").GetAttribute("href")
	if strings.Contains(href, "javascript") {
		t.Errorf("dangerous link kept: %q", href)
	}
	if _, err := page.Evaluate(`(c) => { const i = new Image(); i.src = c + "/script.png"; document.body.append(i); }`, canary.URL); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // a request would have reached the canary
	if n := asked.Load(); n != 0 {
		t.Errorf("the app made %d requests to the canary", n)
	}
}

// onlyRun returns the one run folder under the data home.
func onlyRun(t *testing.T, dataHome string) string {
	t.Helper()
	dirs, _ := filepath.Glob(filepath.Join(dataHome, "scout", "runs", "*"))
	if len(dirs) != 1 {
		t.Fatalf("run folders: %v", dirs)
	}
	return dirs[0]
}

func pressKey(t *testing.T, page playwright.Page, key string) {
	t.Helper()
	if err := page.Keyboard().Press(key); err != nil {
		t.Fatalf("pressing %s: %v", key, err)
	}
}

// assertFits shrinks the window to the smallest supported size, 900x600,
// and checks the screen fits it, then restores the size.
func assertFits(t *testing.T, page playwright.Page, shot string) {
	t.Helper()
	if err := page.SetViewportSize(900, 600); err != nil {
		t.Fatal(err)
	}
	defer page.SetViewportSize(1180, 900)
	// Let the layout settle: two animation frames after the resize.
	if _, err := page.Evaluate(`() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))`); err != nil {
		t.Fatal(err)
	}
	// The page itself never scrolls (the screen scrolls inside it, under
	// the top bar), and nothing in the screen spills sideways.
	got, err := page.Evaluate(`() => {
		const d = document.documentElement, m = document.querySelector('main');
		return [d.scrollWidth, d.scrollHeight, m.scrollWidth - m.clientWidth].join(' ');
	}`)
	if err != nil {
		t.Fatal(err)
	}
	var width, height, spill int
	if _, err := fmt.Sscan(got.(string), &width, &height, &spill); err != nil {
		t.Fatalf("page size %q: %v", got, err)
	}
	if width > 900 || height > 600 || spill > 0 {
		t.Errorf("%s at 900x600: the page is %dx%d px and the screen spills %d px sideways", shot, width, height, spill)
	}
	screenshot(t, page, shot)
}

// researchConfig returns a config home whose settings point the app at the
// fake model server and the fixture web's search, with the browser window
// shown or not.
func researchConfig(t testing.TB, modelURL, webURL string, showBrowser bool) string {
	t.Helper()
	dir := t.TempDir()
	mustWrite(t, filepath.Join(dir, "scout", "settings.json"), fmt.Sprintf(
		`{"server_url":%q,"show_browser":%v,"allow_local_network":true,"search":{"provider":"duckduckgo","duckduckgo_url":%q}}`,
		modelURL, showBrowser, webURL+"/search/html/"))
	return dir
}
