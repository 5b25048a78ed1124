package guitest

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// TestFollowUpInTheWindow asks a follow-up on a finished report from the
// real window: "Ask a follow-up" on the report screen starts a new run that
// begins with the report's finding (which answers both of its items, so it
// finishes without a search), its report names the run it follows, and
// History shows the thread.
func TestFollowUpInTheWindow(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	replies := runScript(0, "The tallest mountain in Africa is Mount Kilimanjaro [1]. It rises 5,895 metres (19,341 ft) above sea level [1].")
	replies["checklist"] = append(replies["checklist"], llmtest.Reply{Content: `{"items":["height of Mount Kilimanjaro in feet","the country it is in"]}`})
	finish := action("FINISH", "19,341 ft, in Tanzania.", "1 [1], 2 [1].")
	finish.Delay = 2 * time.Second // the window shows the follow-up going on
	replies["action"] = append(replies["action"], finish)
	replies["coverage"] = append(replies["coverage"], llmtest.Reply{Content: `{"items":[{"item":1,"findings":[1],"covered":true,"missing":""},{"item":2,"findings":[1],"covered":true,"missing":""}]}`})
	replies["writer"] = append(replies["writer"], llmtest.Reply{Content: `{"result":"Mount Kilimanjaro is 19,341 ft high, in Tanzania [1]."}`})
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(replies)})
	defer model.Close()

	app := Start(t, bin, root, researchConfig(t, model.BaseURL(), web.URL, false))
	page := openPage(t, app.URL)
	fill(t, page, "#objective", objective)
	click(t, page, "start")
	expectText(t, page, "run-status", "finished")
	click(t, page, "open-report")
	expectText(t, page, "report", "The tallest mountain in Africa is Mount Kilimanjaro")

	click(t, page, "follow-up")
	if err := playwright.NewPlaywrightAssertions().Locator(page.GetByTestId("follow-up-question")).ToBeFocused(); err != nil {
		t.Fatalf("the question box has no focus: %v", err)
	}
	if err := page.Keyboard().Type("How tall is Mount Kilimanjaro in feet, and which country is it in?"); err != nil {
		t.Fatal(err)
	}
	screenshot(t, page, "follow-up-ask.png")
	click(t, page, "follow-up-ask")
	expectText(t, page, "journal", "Follow-up started")
	expectText(t, page, "journal", "Finding [1], from the earlier run")
	expectText(t, page, "finding-card", "5,895 metres (19,341 ft)")
	expectText(t, page, "run-status", "finished")
	click(t, page, "open-report")
	expectText(t, page, "report", "Mount Kilimanjaro is 19,341 ft high, in Tanzania")
	expectText(t, page, "report", "Follow-up of:")
	expectText(t, page, "report", "From the earlier run (its finding 1, turn 3)")
	if err := page.Locator(`[data-testid=report] a.cite`).First().Click(); err != nil {
		t.Fatal(err)
	}
	expectText(t, page, "citation", "[1] from the earlier run")
	screenshot(t, page, "follow-up-report.png")
	pressKey(t, page, "Escape")

	click(t, page, "nav-history")
	entries := page.GetByTestId("history-entry")
	if err := playwright.NewPlaywrightAssertions().Locator(entries).ToHaveCount(2, playwright.LocatorAssertionsToHaveCountOptions{Timeout: playwright.Float(expectTimeoutMS)}); err != nil {
		t.Fatalf("history: %v", err)
	}
	if err := playwright.NewPlaywrightAssertions().Locator(entries.First().GetByTestId("history-thread")).ToContainText("Follow-up of “"+objective+"”",
		playwright.LocatorAssertionsToContainTextOptions{Timeout: playwright.Float(expectTimeoutMS)}); err != nil {
		t.Fatalf("the follow-up's entry does not show the thread: %v", err)
	}
	if n, _ := entries.Last().GetByTestId("history-thread").Count(); n != 0 {
		t.Errorf("the first run's entry shows a thread")
	}
	screenshot(t, page, "follow-up-history.png")
	assertFits(t, page, "follow-up-history-900x600.png")
}
