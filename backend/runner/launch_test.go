//go:build unix

package runner

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
	"testing/synctest"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/settings"
)

// ended is the error of a shell that ends as script says, as the
// driver's check reports it.
func ended(t *testing.T, script string) error {
	t.Helper()
	_, err := exec.Command("sh", "-c", script).Output()
	if err == nil {
		t.Fatalf("%q ended well", script)
	}
	return fmt.Errorf("please install the driver first: could not run driver: %w", err)
}

// A program ended by Ctrl+C, SIGTERM or a hangup was stopped with the
// run; one killed otherwise, or failing, was not.
func TestStopSignalled(t *testing.T) {
	for _, tc := range []struct {
		script string
		want   bool
	}{
		{"kill -INT $$", true},
		{"kill -TERM $$", true},
		{"kill -HUP $$", true},
		{"kill -KILL $$", false},
		{"exit 1", false},
	} {
		if got := stopSignalled(ended(t, tc.script)); got != tc.want {
			t.Errorf("%q: stopSignalled %v, want %v", tc.script, got, tc.want)
		}
	}
	if stopSignalled(errors.New("signal: terminated")) {
		t.Error("words alone are no signal")
	}
}

// A stop while the browser starts ends the start at once, however long
// the driver would keep it waiting, and the browser it makes later is
// closed; a start that fails because the driver was stopped by the
// signal is a stop at once, without waiting for Scout's own handler.
// On the bubble's clock, "at once" is before any time passes.
func TestAStopEndsTheBrowsersStart(t *testing.T) {
	killed := ended(t, "kill -INT $$")
	synctest.Test(t, func(t *testing.T) {
		release := make(chan struct{})
		launchBrowser = func(browser.Options) (*browser.Browser, error) {
			<-release // a driver that never answers, until the test ends
			return nil, errors.New("connection closed")
		}
		defer func() { launchBrowser = browser.Launch }()
		ctx, stop := context.WithCancel(t.Context())
		go func() {
			time.Sleep(time.Second)
			stop() // Ctrl+C
		}()
		start := time.Now()
		if _, err := launchUnlessStopped(ctx, browser.Options{}); !errors.Is(err, context.Canceled) || time.Since(start) != time.Second {
			t.Errorf("stopped after a second: %v after %v", err, time.Since(start))
		}
		close(release)

		launchBrowser = func(browser.Options) (*browser.Browser, error) { return nil, killed }
		start = time.Now()
		if _, err := launchUnlessStopped(context.Background(), browser.Options{}); !errors.Is(err, errStopSignal) || time.Since(start) != 0 {
			t.Errorf("a driver ended by Ctrl+C: %v after %v", err, time.Since(start))
		}
		failed := errors.New("no such file")
		launchBrowser = func(browser.Options) (*browser.Browser, error) { return nil, failed }
		start = time.Now()
		if _, err := launchUnlessStopped(context.Background(), browser.Options{}); !errors.Is(err, failed) || time.Since(start) != stopGrace {
			t.Errorf("a failed start: %v after %v, want it after the grace for a stop (%v)", err, time.Since(start), stopGrace)
		}
	})
}

// A driver ended by the stop signal before Scout's own handler has
// cancelled the run (a loaded machine runs the handler late) is a stop:
// the run ends as an interrupted one, with its report.
func TestDriverStoppedBeforeTheHandlerEndsAsInterrupted(t *testing.T) {
	killed := ended(t, "kill -TERM $$")
	model := llmtest.New(llmtest.Options{ContextLength: 4096})
	defer model.Close()
	set := settings.Defaults()
	set.ServerURL, set.BrowserPath = model.BaseURL(), program(t)
	launchBrowser = func(browser.Options) (*browser.Browser, error) { return nil, killed }
	defer func() { launchBrowser = browser.Launch }()
	ctx := context.Background() // never cancelled: the handler has not run yet
	out, err := prepared(t, ctx, set).Run(ctx, Options{Objective: "o", OutDir: filepath.Join(t.TempDir(), "run")})
	if err != nil || out == nil || out.Result.Status != agent.StatusInterrupted {
		t.Fatalf("outcome %+v, error %v", out, err)
	}
}
