package runner

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
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
	if res.Status != agent.StatusFailed || !strings.Contains(res.Error, "index out of range") || res.Objective != "o" {
		t.Fatalf("result %+v", res)
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
	out, err := Run(context.Background(), Options{Objective: "o", Settings: set, OutDir: filepath.Join(t.TempDir(), "run")})
	if out != nil || !errors.Is(err, ErrSetup) || !strings.HasPrefix(err.Error(), "Nothing is listening at http://127.0.0.1:9") {
		t.Fatalf("outcome %v, error %v", out, err)
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
