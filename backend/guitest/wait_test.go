package guitest

import (
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// The speeds of the slow fake model server: a fast CPU's, so a page part
// takes about fifteen seconds to read and the test a minute, not an hour.
const (
	slowRead  = 100.0
	slowWrite = 25.0
)

// TestResearchShowsTheWait runs research against a slow fake model
// server: the app measures the model first and shows the probe's calls as
// they go, then each call's progress shows in the research view ("reading
// 1,519 new tokens, about 15 s" with a bar that moves as the server reads)
// and the header shows the time left for the step; once the run ends the
// progress goes.
func TestResearchShowsTheWait(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	model := llmtest.New(llmtest.Options{ReadRate: slowRead, WriteRate: slowWrite,
		Script: llmtest.QueueReplies(runScript(0, "The tallest mountain in Africa is Mount Kilimanjaro [1]. It rises 5,895 metres (19,341 ft) above sea level [1]."))})
	defer model.Close()
	app := Start(t, bin, root, researchConfig(t, model.BaseURL(), web.URL, false))
	page := openPage(t, app.URL)

	fill(t, page, "#objective", objective)
	click(t, page, "start")
	expectText(t, page, "call-progress", "Measuring the model")
	expectText(t, page, "call-progress", " of 3, ")
	expectText(t, page, "call-progress", "Making the checklist")
	expectText(t, page, "journal", "Measured the model in")

	// Turn 3 reads the page part the search led to: the longest read.
	text := page.GetByTestId("call-progress-text")
	reading := regexp.MustCompile(`^reading [0-9,]+ new tokens, about [0-9]+ s$`)
	Eventually(t, "a turn reading a page part", app, func() bool {
		stage, _ := page.GetByTestId("call-progress").InnerText()
		got, _ := text.InnerText()
		return regexp.MustCompile(`^Turn 3\b`).MatchString(stage) && reading.MatchString(got) && newTokens(got) > 800
	})
	bar := page.GetByTestId("call-progress-bar")
	first, modelBefore := barValue(t, bar), modelTimeOnScreen(t, page)
	time.Sleep(3 * time.Second)
	second, modelAfter := barValue(t, bar), modelTimeOnScreen(t, page)
	got, _ := text.InnerText()
	if !reading.MatchString(got) || second <= first || second >= 100 {
		t.Errorf("over 3 s of reading, the bar went from %d%% to %d%% (%q)", first, second, got)
	}
	// The model's time counts the call under way too.
	if modelAfter == modelBefore {
		t.Errorf("over 3 s of one call the model time stood at %s", modelBefore)
	}
	expectText(t, page, "stage-left", "Turn 3: about ")
	// The picture: part way through the read.
	Eventually(t, "the bar a third of the way", app, func() bool { return barValue(t, bar) >= 33 })
	t.Logf("mid-call: %q, bar %d%% then %d%%, %d%% in the picture", got, first, second, barValue(t, bar))
	screenshot(t, page, "waiting.png")

	Eventually(t, "the run's end", app, func() bool {
		status, _ := page.GetByTestId("run-status").AllInnerTexts()
		return len(status) == 1 && status[0] == "finished"
	})
	if n, _ := page.GetByTestId("call-progress").Count(); n != 0 {
		t.Error("the call progress stayed after the run")
	}
}

// newTokens reads the number of new tokens from a wait's text.
func newTokens(text string) int {
	m := regexp.MustCompile(`^reading ([0-9,]+) new tokens`).FindStringSubmatch(text)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(regexp.MustCompile(`,`).ReplaceAllString(m[1], ""))
	return n
}

// barValue is a progress bar's aria-valuenow, -1 when it has none.
func barValue(t *testing.T, bar playwright.Locator) int {
	t.Helper()
	v, err := bar.GetAttribute("aria-valuenow")
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return -1
	}
	return n
}
