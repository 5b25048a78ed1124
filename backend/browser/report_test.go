package browser

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/report"
)

// An exported report opened in Chromium makes no request at all, though
// its result and its findings are full of images, tags and stylesheets
// aimed at a canary on loopback; and its Content-Security-Policy stops
// even a load the page itself would start. The browser here has no guard
// in its way: only the report keeps the canary quiet.
func TestExportedReportLoadsNothing(t *testing.T) {
	var hits atomic.Int32
	canary := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		t.Logf("the canary was asked for %s", r.URL)
	}))
	defer canary.Close()
	c := canary.URL
	res := &agent.Result{
		Objective: `Tide pools <img src="` + c + `/objective.png">`, Status: agent.StatusFinished, Turns: 4, Calls: map[string]int{},
		Answer: "Pools form at low tide [1]. ![map](" + c + "/answer.png)\n\n<img src=\"" + c + "/raw.png\">\n\n" +
			"<link rel=\"stylesheet\" href=\"" + c + "/style.css\">\n\n[ref]: " + c + "/ref.png\n\n![ref][ref] <" + c + "/autolink.png>",
		Findings: []agent.Finding{{Number: 1, Turn: 2, URL: c + "/page", Part: 1,
			Text:  "Pools form at low tide ![f](" + c + "/finding.png) <img src=" + c + "/finding-raw.png>",
			Quote: `<video poster="` + c + `/poster.png"></video><iframe src="` + c + `/frame"></iframe>`}},
	}
	body, err := report.Fragment(res, report.Figures{})
	if err != nil {
		t.Fatal(err)
	}
	page, err := report.Standalone(res.Objective, body)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}

	bc, err := realBrowser(t).b.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer bc.Close()
	p, err := bc.NewPage()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Goto("file://"+path, playwright.PageGotoOptions{WaitUntil: playwright.WaitUntilStateLoad}); err != nil {
		t.Fatal(err)
	}
	// A load the page starts itself, as injected markup would: the policy
	// stops it.
	if _, err := p.Evaluate(`(c) => {
		const img = new Image(); img.src = c + "/script.png"; document.body.append(img);
		const css = document.createElement("link"); css.rel = "stylesheet"; css.href = c + "/script.css"; document.head.append(css);
		fetch(c + "/fetch").catch(() => {});
	}`, c); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // any request would reach the canary by now
	if n := hits.Load(); n != 0 {
		t.Errorf("opening the exported report made %d requests to the canary", n)
	}
	if text, _ := p.InnerText("main"); !strings.Contains(text, "<img src="+c+"/finding-raw.png>") {
		t.Errorf("the finding's tag is not shown as written:\n%s", text)
	}
	if dir := os.Getenv("SCOUT_SCREENSHOTS"); dir != "" {
		if _, err := p.Screenshot(playwright.PageScreenshotOptions{Path: playwright.String(filepath.Join(dir, "hostile-report.png")), FullPage: playwright.Bool(true)}); err != nil {
			t.Error(err)
		}
	}
}
