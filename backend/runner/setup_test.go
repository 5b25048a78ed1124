package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/internal/testenv"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/settings"
)

// onFinding calls found at each finding of the run.
type onFinding struct{ found func() }

func (o onFinding) Emit(ev agent.Event) {
	if ev.Type == agent.EvFinding {
		o.found()
	}
}

func reply(action, parameter string) llmtest.Reply {
	return llmtest.Reply{Content: fmt.Sprintf(`{"thought_process":"t","action":%q,"parameter":%q}`, action, parameter)}
}

// One Setup serves a run and then its resume: the model server is asked
// what it serves once, one browser is started, and the run stopped at its
// finding goes on from there to the end, in its folder.
func TestOneSetupRunsAndResumes(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	var launches atomic.Int32
	launchBrowser = func(o browser.Options) (*browser.Browser, error) {
		launches.Add(1)
		return browser.Launch(o)
	}
	t.Cleanup(func() { launchBrowser = browser.Launch })
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(map[string][]llmtest.Reply{
		"checklist": {{Content: `{"items":["the tallest mountain in Africa","its height in meters"]}`}},
		"action": {reply("SEARCH", "tallest mountain in Africa"), reply("NAVIGATE", "R1"),
			reply("DISCOVER", "[1,2] Mount Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level at Uhuru Peak."),
			reply("FINISH", "Kilimanjaro")},
		"coverage": {{Content: `{"items":[{"item":1,"findings":[1],"covered":true,"missing":""},{"item":2,"findings":[1],"covered":true,"missing":""}]}`}},
		"writer":   {{Content: `{"result":"Mount Kilimanjaro [1], 5,895 metres high [1]."}`}},
	})})
	defer model.Close()
	set := settings.Defaults()
	set.ServerURL, set.AllowLocalNetwork, set.ShowBrowser = model.BaseURL(), true, false
	set.Search = settings.Search{Provider: settings.ProviderDuckDuckGo, DuckDuckGoURL: web.URL + "/search/html/"}
	setup := prepared(t, context.Background(), set)

	dir := filepath.Join(t.TempDir(), "run")
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	first, err := setup.Run(ctx, Options{Objective: "What is the tallest mountain in Africa, and how tall is it?", OutDir: dir, Sinks: []agent.Sink{onFinding{stop}}})
	if err != nil || first.Result.Status != agent.StatusInterrupted || !first.Result.Status.Resumable() {
		t.Fatalf("first run: %+v, %v", first, err)
	}
	past, err := ReadPast(dir)
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := setup.Resume(context.Background(), past, Options{OutDir: dir})
	if err != nil || resumed.Dir != dir || resumed.Result.Status != agent.StatusFinished || len(resumed.Result.Findings) != 1 {
		t.Fatalf("resumed run: %+v, %v", resumed, err)
	}
	if n := launches.Load(); n != 1 {
		t.Errorf("%d browsers started for a run and its resume, want 1", n)
	}
	asked := 0
	for _, r := range model.Requests() {
		if r == "GET /v1/models" {
			asked++
		}
	}
	if asked != 1 {
		t.Errorf("the model server was asked for its models %d times, want once (by Prepare):\n%s", asked, strings.Join(model.Requests(), "\n"))
	}
}
