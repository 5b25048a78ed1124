package guitest

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// TestServerDownAndBack walks the path of issue 27's items 1 to 3: a
// stopped run resumed while the model server is down says so on the
// research screen; a new objective typed then survives a trip to Settings
// (by the error's own link, and by Ctrl+4 and Ctrl+1); once another server
// passes its test and is saved, the old error is gone.
func TestServerDownAndBack(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	down := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(runScript(time.Minute, "unused: the run is stopped first"))})
	defer down.Close()
	back := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ReadRate: 4000, WriteRate: 400})
	defer back.Close()

	app := Start(t, bin, root, researchConfig(t, down.BaseURL(), web.URL, false))
	page := openPage(t, app.URL)
	fill(t, page, "#objective", objective)
	click(t, page, "start")
	expectText(t, page, "finding-card", "5,895 metres")
	click(t, page, "stop")
	click(t, page, "confirm-stop")
	expectText(t, page, "run-status", "stopped")

	// 1: Resume with the server gone says why, where it was pressed.
	down.Close()
	click(t, page, "resume")
	expectText(t, page, "start-error", "Nothing is listening at")

	// 2: the objective typed for a new research stays through Settings.
	click(t, page, "new-research")
	const draft = "Which rivers flow through Vienna?"
	fill(t, page, "#objective", draft)
	if n, _ := page.GetByTestId("start-error").Count(); n != 0 {
		t.Error("the failed resume's error shows on the new research form")
	}
	click(t, page, "start")
	expectText(t, page, "start-error", "Nothing is listening at")
	if err := page.GetByTestId("start-error").GetByRole("button", playwright.LocatorGetByRoleOptions{Name: "Open Settings"}).Click(); err != nil {
		t.Fatal(err)
	}
	expectText(t, page, "save", "Save")
	click(t, page, "nav-home")
	expectValue(t, page, "#objective", draft)
	pressKey(t, page, "Control+4")
	expectText(t, page, "save", "Save")
	pressKey(t, page, "Control+1")
	expectValue(t, page, "#objective", draft)

	// 3: a server that passes its test, saved: the old error goes.
	click(t, page, "nav-settings")
	fill(t, page, "#server_url", back.BaseURL())
	click(t, page, "test-connection")
	expectText(t, page, "connection-status", "Connected to LM Studio")
	click(t, page, "save")
	expectText(t, page, "saved", "Saved")
	click(t, page, "nav-home")
	expectValue(t, page, "#objective", draft)
	if err := playwright.NewPlaywrightAssertions().Locator(page.GetByTestId("start-error")).ToHaveCount(0); err != nil {
		got, _ := page.GetByTestId("start-error").AllInnerTexts()
		t.Errorf("after a good test and Save the research screen still says %q", got)
	}
}

// expectValue waits until the form field at selector holds want.
func expectValue(t testing.TB, page playwright.Page, selector, want string) {
	t.Helper()
	if err := playwright.NewPlaywrightAssertions().Locator(page.Locator(selector)).ToHaveValue(want); err != nil {
		got, _ := page.Locator(selector).InputValue()
		t.Fatalf("%s should hold %q; it holds %q", selector, want, got)
	}
}
