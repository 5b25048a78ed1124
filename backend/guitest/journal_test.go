package guitest

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// TestJournalEndStaysInView runs, in the smallest window, a run the model
// server fails on turn 4: the journal's last row (the failure) is in view
// when the error notice has squeezed the journal, and the "Latest" button
// shown after scrolling up covers no row.
func TestJournalEndStaysInView(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	script := runScript(0, "unused")
	script["action"] = append(script["action"][:3], llmtest.Reply{Status: 400, Content: `{"error":"The model crashed while answering."}`})
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(script)})
	defer model.Close()
	app := Start(t, bin, root, researchConfig(t, model.BaseURL(), web.URL, false))
	page := openPage(t, app.URL)
	if err := page.SetViewportSize(900, 600); err != nil {
		t.Fatal(err)
	}
	fill(t, page, "#objective", objective)
	click(t, page, "start")
	expectText(t, page, "finding-card", "5,895 metres")
	if err := playwright.NewPlaywrightAssertions().Locator(page.GetByTestId("resume")).ToBeVisible(playwright.LocatorAssertionsToBeVisibleOptions{Timeout: playwright.Float(expectTimeoutMS)}); err != nil {
		t.Fatalf("the run did not end resumable: %v", err)
	}
	settle(t, page)
	if top, bottom, last := journalEdges(t, page); last > bottom+1 || last < top {
		t.Errorf("at 900x600 the journal's last row ends at %.0f px, outside the journal (%.0f to %.0f px)", last, top, bottom)
	}
	assertFits(t, page, "research-failed-900x600.png")

	// Full size, scrolled up: the Latest button sits below the rows.
	if err := page.SetViewportSize(1180, 640); err != nil {
		t.Fatal(err)
	}
	settle(t, page)
	if _, err := page.Evaluate(`() => { const j = document.querySelector('[data-testid=journal]'); j.scrollTop = j.scrollHeight - j.clientHeight - 120; j.dispatchEvent(new Event('scroll')); }`); err != nil {
		t.Fatal(err)
	}
	jump := page.GetByTestId("journal-latest")
	if err := playwright.NewPlaywrightAssertions().Locator(jump).ToBeVisible(); err != nil {
		t.Fatalf("no Latest button after scrolling up: %v", err)
	}
	screenshot(t, page, "research-latest.png")
	box, err := jump.BoundingBox()
	if err != nil {
		t.Fatal(err)
	}
	if _, bottom, _ := journalEdges(t, page); box.Y < bottom-1 {
		t.Errorf("the Latest button (from %.0f px) covers the journal's rows (shown down to %.0f px)", box.Y, bottom)
	}
	if err := jump.Click(); err != nil {
		t.Fatal(err)
	}
	settle(t, page)
	if _, bottom, last := journalEdges(t, page); last > bottom+1 {
		t.Errorf("after Latest the last row ends at %.0f px, below the journal's %.0f px", last, bottom)
	}
}

// journalEdges returns the journal's visible top and bottom and where its
// last row ends, in window pixels.
func journalEdges(t *testing.T, page playwright.Page) (top, bottom, last float64) {
	t.Helper()
	got, err := page.Evaluate(`() => {
		const j = document.querySelector('[data-testid=journal]').getBoundingClientRect();
		const rows = document.querySelectorAll('[data-testid=journal-row]');
		return [j.top, j.bottom, rows[rows.length - 1].getBoundingClientRect().bottom].join(' ');
	}`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fmt.Sscan(got.(string), &top, &bottom, &last); err != nil {
		t.Fatalf("journal edges %q: %v", got, err)
	}
	return top, bottom, last
}

// settle lets the layout and the journal's scrolling follow a change.
func settle(t *testing.T, page playwright.Page) {
	t.Helper()
	time.Sleep(300 * time.Millisecond)
	if _, err := page.Evaluate(`() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))`); err != nil {
		t.Fatal(err)
	}
}
