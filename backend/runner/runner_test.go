package runner

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/report"
	"github.com/scout-research/scout/backend/runs"
	"github.com/scout-research/scout/backend/search"
	"github.com/scout-research/scout/backend/settings"
)

// panicky answers the checklist, then panics, as a bug would mid-run.
type panicky struct{ calls int }

func (p *panicky) Complete(context.Context, chat.Request, port.Notify) (chat.Reply, error) {
	if p.calls++; p.calls == 1 {
		return chat.Reply{Content: `{"items":["a","b","c"]}`}, nil
	}
	panic("index out of range [3] with length 3")
}

type nothing struct{}

func (nothing) Open(context.Context, string) (*port.Visit, error) { return nil, nil }
func (nothing) Search(context.Context, string, port.Notify) ([]port.SearchResult, error) {
	return nil, nil
}

// TestAPanicStillLeavesAReport: a bug in the agent must not lose the run.
func TestAPanicStillLeavesAReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	folder, err := runs.Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	res := runAgent(context.Background(), dir, agent.Config{Objective: "o", Model: &panicky{}, Browser: nothing{}, Search: nothing{}, Sink: folder})
	folder.Close()
	if res.Status != agent.StatusFailed || res.Error != "index out of range [3] with length 3" || res.Objective != "o" {
		t.Fatalf("result %+v", res)
	}
	if e := res.Ending; e == nil || e.Kind != agent.EndingBug || e.English() != res.Error {
		t.Fatalf("the panic's ending %+v", e)
	}
	// What the journal held before the panic is kept.
	if len(res.Checklist) != 3 || res.Calls["checklist"] != 1 {
		t.Fatalf("the result lost what the journal had: checklist %v, calls %v", res.Checklist, res.Calls)
	}
	md := report.Markdown(res, report.Figures{})
	if !strings.Contains(md, "by an error in Scout") {
		t.Fatalf("report:\n%s", md)
	}
}

// A failure before the run starts is an ErrSetup that reads as its cause,
// which already says what to do: callers show it as it is.
func TestSetupFailureReadsAsItsCause(t *testing.T) {
	set := settings.Defaults()
	set.ServerURL = "http://127.0.0.1:9/v1" // nothing listens on the discard port
	setup, err := Prepare(context.Background(), set, nil)
	if setup != nil || !errors.Is(err, ErrSetup) || !strings.HasPrefix(err.Error(), "Nothing is listening at http://127.0.0.1:9") {
		t.Fatalf("setup %v, error %v", setup, err)
	}
}

// A bot check is left to the user only when the window is shown: a hidden
// browser has nobody to answer it.
func TestBotCheckGoesToTheUserOnlyWithTheWindowShown(t *testing.T) {
	for _, shown := range []bool{true, false} {
		s := settings.Defaults()
		s.ShowBrowser = shown
		ddg, ok := provider(s, nil, nil).(*search.DuckDuckGo)
		if !ok {
			t.Fatalf("provider is %T, want DuckDuckGo", provider(s, nil, nil))
		}
		if asks := ddg.Person != nil; asks != shown {
			t.Errorf("window shown %v: asks the user %v", shown, asks)
		}
	}
}

// A run stopped while it is being set up (Ctrl+C, a hangup or SIGTERM in
// its first second: the signal sent to the process group also ends the
// browser's driver, whose start then fails) ends as an interrupted run
// does, with its folder and report, not with the error of the step that
// was cut short: here the model server's check, or the browser's start.
func TestStoppedDuringSetupEndsAsInterrupted(t *testing.T) {
	// Each case sets the scene and is told how to stop the run.
	for name, scene := range map[string]func(t *testing.T, set *settings.Settings, stop func()){
		"checking the model server": func(_ *testing.T, _ *settings.Settings, stop func()) {
			stop() // Ctrl+C before anything answered
		},
		"starting the browser": func(t *testing.T, set *settings.Settings, stop func()) {
			model := llmtest.New(llmtest.Options{ContextLength: 4096})
			t.Cleanup(model.Close)
			set.ServerURL, set.BrowserPath = model.BaseURL(), program(t)
			launchBrowser = func(browser.Options) (*browser.Browser, error) {
				stop() // Ctrl+C as the browser starts: its driver ends with it
				return nil, errors.New("please install the driver")
			}
			t.Cleanup(func() { launchBrowser = browser.Launch })
		},
	} {
		t.Run(name, func(t *testing.T) {
			set := settings.Defaults()
			set.ServerURL = "http://127.0.0.1:9/v1" // nothing listens on the discard port
			set.BrowserPath = filepath.Join(t.TempDir(), "no-chromium")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			scene(t, &set, cancel)
			out, err := prepared(t, ctx, set).Run(ctx, Options{Objective: "o", OutDir: filepath.Join(t.TempDir(), "run")})
			if err != nil || out == nil || out.Result.Status != agent.StatusInterrupted {
				t.Fatalf("outcome %+v, error %v", out, err)
			}
			md, err := os.ReadFile(filepath.Join(out.Dir, "report.md"))
			if err != nil || !strings.Contains(string(md), "interrupted") {
				t.Fatalf("report.md: %v\n%s", err, md)
			}
		})
	}
}

// prepared is the setup Prepare makes of set, closed when the test ends.
func prepared(t *testing.T, ctx context.Context, set settings.Settings) *Setup {
	t.Helper()
	setup, err := Prepare(ctx, set, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(setup.Close)
	return setup
}

// program is an executable file that stands for a browser's program.
func program(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "chromium")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// blocker makes the run folder's report.md a folder once the run starts,
// so writing the report fails.
type blocker struct{ dir string }

func (b blocker) Emit(ev agent.Event) {
	if ev.Type == agent.EvRunStarted {
		_ = os.MkdirAll(filepath.Join(b.dir, "report.md", "x"), 0o755)
	}
}

// An outcome names its report only when it was written: scout run printed
// "Report: .../report.md" after failing to write it.
func TestOutcomeNamesTheReportOnlyWhenWritten(t *testing.T) {
	for _, fail := range []bool{false, true} {
		dir := filepath.Join(t.TempDir(), "run")
		set := settings.Defaults()
		opts := Options{Objective: "o", OutDir: dir}
		if fail {
			opts.Sinks = []agent.Sink{blocker{dir}}
		}
		set.BrowserPath = filepath.Join(t.TempDir(), "no-chromium")
		ctx, cancel := context.WithCancel(context.Background())
		cancel() // the run stops at once: no model or browser needed
		out, err := prepared(t, ctx, set).Run(ctx, opts)
		if out == nil {
			t.Fatalf("no outcome: %v", err)
		}
		if want := filepath.Join(dir, "report.md"); fail != (err != nil) || (out.Report == want) == fail {
			t.Errorf("writing fails %v: report %q, error %v", fail, out.Report, err)
		}
	}
}
