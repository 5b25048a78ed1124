package guitest

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// queueObjectives are two questions the mountain script answers, worded
// apart so the fake server tells their conversations apart.
var queueObjectives = []string{
	objective,
	"How tall is Mount Kilimanjaro, the highest peak of Africa, in metres and feet?",
}

// TestQueueRunsTwoAtOnce types two objectives on two lines against a model
// server with two slots: both run at once (Runs at once defaults to the
// server's slots), History shows them running side by side, then both
// done, each with a run of its own.
func TestQueueRunsTwoAtOnce(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	scripts := map[string]llmtest.Script{}
	for _, o := range queueObjectives {
		// FINISH waits, so both are seen running at once.
		scripts[o] = llmtest.QueueReplies(runScript(8*time.Second, "Mount Kilimanjaro is 5,895 metres (19,341 ft) high [1]."))
	}
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, Slots: 2, Script: llmtest.ByText(scripts)})
	defer model.Close()

	app := Start(t, bin, root, researchConfig(t, model.BaseURL(), web.URL, false))
	page := openPage(t, app.URL)
	fill(t, page, "#objective", queueObjectives[0]+"\n\n"+queueObjectives[1]+"\n")
	expectText(t, page, "start", "Queue 2 objectives")
	click(t, page, "start")
	// The research screen follows a run of the queue.
	expectText(t, page, "figures", "of 100")

	click(t, page, "nav-history")
	entries := page.GetByTestId("queue-entry")
	expect := playwright.NewPlaywrightAssertions()
	wait := playwright.LocatorAssertionsToHaveCountOptions{Timeout: playwright.Float(expectTimeoutMS)}
	if err := expect.Locator(entries).ToHaveCount(2, wait); err != nil {
		t.Fatalf("the queue in History: %v", err)
	}
	running := page.Locator(`[data-testid=queue-entry][data-state=running]`)
	if err := expect.Locator(running).ToHaveCount(2, wait); err != nil {
		got, _ := entries.AllInnerTexts()
		t.Fatalf("two running at once: %v; History shows %q", err, got)
	}
	if n, _ := page.GetByTestId("queue-stop").Count(); n != 2 {
		t.Errorf("%d Stop buttons for two running objectives", n)
	}
	// Both runs going show among the runs as running, neither offers
	// Resume or Delete.
	live := page.Locator(`[data-testid=history-entry]`).Filter(playwright.LocatorFilterOptions{HasText: "running now"})
	if err := expect.Locator(live).ToHaveCount(2, wait); err != nil {
		got, _ := page.GetByTestId("history-entry").AllInnerTexts()
		t.Fatalf("two running runs in History: %v; it shows %q", err, got)
	}
	if n, _ := page.GetByTestId("history-resume").Count(); n != 0 {
		t.Errorf("%d Resume buttons while both run", n)
	}
	screenshot(t, page, "history-queue.png")

	done := page.Locator(`[data-testid=queue-entry][data-state=finished]`)
	if err := expect.Locator(done).ToHaveCount(2, playwright.LocatorAssertionsToHaveCountOptions{Timeout: playwright.Float(2 * expectTimeoutMS)}); err != nil {
		got, _ := entries.AllInnerTexts()
		t.Fatalf("both finished: %v; History shows %q", err, got)
	}
	if got, _ := page.GetByTestId("queue-state").AllInnerTexts(); len(got) != 2 || got[0] != "done: finished" || got[1] != "done: finished" {
		t.Errorf("the states in words: %q", got)
	}
	// Each ran in a folder of its own, listed among the runs.
	finished := page.Locator(`[data-testid=history-entry]`).Filter(playwright.LocatorFilterOptions{HasText: "finished"})
	if err := expect.Locator(finished).ToHaveCount(2, wait); err != nil {
		got, _ := page.GetByTestId("history-entry").AllInnerTexts()
		t.Fatalf("two finished runs in History: %v; it shows %q", err, got)
	}
	screenshot(t, page, "history-queue-done.png")
}
