package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/internal/testenv"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/settings"
)

// A batch of three runs, two at once, starts one browser (each run a
// session of its own in it); stopping it stops both runs under way, each
// with its report written and resumable, and starts the third not at all.
func TestBatchSharesOneBrowserAndStopsCleanly(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	var launches atomic.Int32
	launchBrowser = func(o browser.Options) (*browser.Browser, error) {
		launches.Add(1)
		return browser.Launch(o)
	}
	t.Cleanup(func() { launchBrowser = browser.Launch })
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	objectives := []string{"Where do tide pools form?", "How tall is Mount Kilimanjaro?", "What is a lighthouse for?"}
	scripts := map[string]llmtest.Script{}
	for _, o := range objectives {
		scripts[o] = llmtest.QueueReplies(map[string][]llmtest.Reply{
			"checklist": {{Content: `{"items":["the answer"]}`}},
			"action": {{Content: `{"thought_process":"Search.","action":"SEARCH","parameter":"tallest mountain in Africa"}`},
				{Content: `{"thought_process":"Open.","action":"NAVIGATE","parameter":"R1"}`, Delay: time.Minute}}, // held until stopped
		})
	}
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, Slots: 2, Script: llmtest.ByText(scripts)})
	defer model.Close()
	set := settings.Defaults()
	set.ServerURL, set.AllowLocalNetwork, set.ShowBrowser = model.BaseURL(), true, false
	set.Search = settings.Search{Provider: settings.ProviderDuckDuckGo, DuckDuckGoURL: web.URL + "/search/html/"}
	b := Batch{Parallel: 2, KeepSlots: true}
	root := t.TempDir()
	setup := prepared(t, context.Background(), set)
	for i, o := range objectives {
		b.Jobs = append(b.Jobs, Job{Setup: setup, Options: Options{Objective: o, OutDir: filepath.Join(root, fmt.Sprint(i))}})
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go func() { // stop once both runs wait for their second action
		for ctx.Err() == nil && strings.Count(strings.Join(model.Requests(), "\n"), "POST /v1/chat/completions") < 6 {
			time.Sleep(20 * time.Millisecond)
		}
		time.Sleep(200 * time.Millisecond)
		stop()
	}()
	start := time.Now()
	ended := b.Run(ctx, RunJob)
	if took := time.Since(start); took > 45*time.Second {
		t.Errorf("the batch took %v to stop", took)
	}
	if n := launches.Load(); n != 1 {
		t.Errorf("%d browsers started for two runs at once, want 1", n)
	}
	for i, e := range ended[:2] {
		if !e.Started || e.Outcome == nil || e.Outcome.Report == "" {
			t.Fatalf("run %d: %+v", i, e)
		}
		if st := e.Outcome.Result.Status; st != agent.StatusInterrupted || !st.Resumable() {
			t.Errorf("run %d ended %s, want interrupted and resumable", i, st)
		}
		if _, err := os.Stat(e.Outcome.Report); err != nil {
			t.Errorf("run %d: %v", i, err)
		}
	}
	if ended[2].Started {
		t.Errorf("the third run started after the stop: %+v", ended[2])
	}
	if _, err := os.Stat(filepath.Join(root, "2")); !os.IsNotExist(err) {
		t.Errorf("the third run has a folder: %v", err)
	}
}
