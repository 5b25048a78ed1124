package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// `scout run --follow-up DIR "question"` asks a question on a finished
// run: the follow-up starts from the run's finding, which answers both of
// its items, so it finishes without a search or a page; its folder names
// the parent, and its report links the parent's report and marks the
// finding as the earlier run's, with its source.
func TestRunFollowUp(t *testing.T) {
	requireBrowser(t)
	isolate(t)
	isolateData(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	script := factualScript()
	script["checklist"] = append(script["checklist"], `{"items":["height of Mount Kilimanjaro in feet","the country it is in"]}`)
	script["action"] = append(script["action"], action("FINISH", "19,341 ft, in Tanzania.", "1 [1], 2 [1]."))
	script["coverage"] = append(script["coverage"], `{"items":[{"item":1,"findings":[1],"covered":true,"missing":""},{"item":2,"findings":[1],"covered":true,"missing":""}]}`)
	script["writer"] = append(script["writer"], `{"result":"Mount Kilimanjaro is 19,341 ft high, in Tanzania [1]."}`)
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192, Script: llmtest.Queue(script)})
	defer model.Close()
	root := t.TempDir()
	first, follow := filepath.Join(root, "first"), filepath.Join(root, "follow")
	flags := []string{"--llm-url", model.BaseURL(), "--search-url", web.URL + "/search/html/", "--allow-local", "--headless"}
	if code, _, stderr := invoke(append(append([]string{"run"}, flags...), "--out", first, objective)...); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := invoke(append(append([]string{"run"}, flags...), "--follow-up", first, "--out", follow, "How tall is Mount Kilimanjaro in feet, and which country is it in?")...)
	if code != 0 || !strings.Contains(stdout, filepath.Join(follow, "report.md")) {
		t.Fatalf("follow-up: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	report := read(t, follow, "report.md")
	for _, want := range []string{"**Follow-up of:** the run first ([its report](<../first/report.md>))",
		"1. From the earlier run (its finding 1, turn 3), from <" + web.URL + "/wiki/Mount_Kilimanjaro>:", "finished by the agent on turn 1"} {
		if !strings.Contains(report, want) {
			t.Errorf("the follow-up's report lacks %q:\n%s", want, report)
		}
	}
	if !strings.Contains(read(t, follow, "run.json"), `"parent": "../first"`) {
		t.Errorf("run.json does not name the parent:\n%s", read(t, follow, "run.json"))
	}
	for _, ev := range readJournal(t, follow) {
		if ev["type"] == "searched" || ev["type"] == "page_opened" {
			t.Errorf("the follow-up read again what its parent found: %v", ev)
		}
	}
	if !strings.Contains(stderr, "following up ../first") || !strings.Contains(stderr, "from the earlier run (its [1])") {
		t.Errorf("the terminal does not tell the follow-up:\n%s", stderr)
	}
}

// A follow-up of a folder that holds no run says so, and starts nothing.
func TestRunFollowUpOfNoRun(t *testing.T) {
	isolate(t)
	isolateData(t)
	empty := t.TempDir()
	out := filepath.Join(t.TempDir(), "follow")
	code, _, stderr := invoke("run", "--llm-url", "http://127.0.0.1:9/v1", "--headless", "--follow-up", empty, "--out", out, "And then?")
	if code != 1 || !strings.Contains(stderr, "cannot follow up "+empty) || !strings.Contains(stderr, "Give the folder of an earlier run") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a folder was made for a follow-up of no run")
	}
}
