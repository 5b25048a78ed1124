package runner

import (
	"cmp"
	"context"
	"errors"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/search"
	"github.com/scout-research/scout/backend/settings"
)

// Setup is what runs start from: the settings (the API key among them),
// what the model server said about itself, the network guard and the
// browser. Prepare makes one; Run, Resume and FollowUp start runs from it,
// one after another or several at once, each in a browser session of its
// own. The CLI makes one for a command, the app one for each start.
type Setup struct {
	// Settings are the runs' settings, the API key among them.
	Settings settings.Settings
	// Server is what the model server said: its kind, the model runs use,
	// the context it has loaded.
	Server llm.ServerInfo
	// Measure has each run probe the model's speed before it starts
	// unless the speed book holds a recent measurement (speed.FreshFor):
	// the app and the CLI set it; the benchmark and most tests leave it
	// off, so the server's calls are the runs' alone. Either way a
	// measurement in the book is used for the waits a run tells.
	Measure bool

	guard     *netguard.Guard
	searchURL string
	browser   *browser.Browser
	own       bool   // the browser is the setup's own: Close closes it
	release   func() // else this lets Browsers' browser go
	stopped   bool   // Prepare was stopped: runs end at once, interrupted
}

// Prepare asks the model server what it serves and gets the browser runs
// drive: from browsers, which the caller keeps across setups (the app's
// one browser, a batch's), or, when browsers is nil, one of the setup's
// own, which Close stops. A failure wraps ErrSetup and says what to do.
//
// Stopped while preparing (Ctrl+C in the first second), it returns a
// setup whose runs end at once as interrupted ones do, with their folder
// and report, rather than the error of the step cut short: the signal
// sent to the process group also ends the browser's driver, whose check
// then fails with "please install the driver".
func Prepare(ctx context.Context, set settings.Settings, browsers *Browsers) (*Setup, error) {
	s := &Setup{Settings: set, guard: guardFor(set)}
	s.searchURL = searchURL(set)
	info, err := connect(set.ServerURL, set.APIKey, s.guard).Probe(ctx, set.Model)
	if err == nil {
		s.Server = info
		err = s.getBrowser(ctx, browsers)
	}
	switch {
	case err != nil && (ctx.Err() != nil || errors.Is(err, errStopSignal)):
		s.Close()
		return &Setup{Settings: set, Server: llm.ServerInfo{Model: set.Model}, guard: s.guard, searchURL: s.searchURL, stopped: true}, nil
	case err != nil:
		s.Close()
		return nil, setupFailed(err)
	}
	return s, nil
}

// guardFor is the network guard of runs with these settings. The model
// server is Scout's alone: its requests reach it wherever it is, nothing
// else of its network, and no page reaches it, even with the local
// network allowed. The search endpoint is allowed for Scout's own
// requests only (the DuckDuckGo results page it loads into the browser,
// SearXNG's answers), wherever it is.
func guardFor(set settings.Settings) *netguard.Guard {
	guard := &netguard.Guard{AllowLocal: set.AllowLocalNetwork}
	guard.ModelServer(set.ServerURL)
	if set.Search.Provider != settings.ProviderSearXNG {
		guard.AllowOwn(search.LiteURL(set.Search.DuckDuckGoURL)) // the fallback page
	}
	guard.AllowOwn(searchURL(set))
	return guard
}

// searchURL is the search endpoint the settings choose.
func searchURL(set settings.Settings) string {
	if set.Search.Provider == settings.ProviderSearXNG {
		return set.Search.SearXNGURL
	}
	return set.Search.DuckDuckGoURL
}

// getBrowser takes the browser from browsers, or starts one of the
// setup's own.
func (s *Setup) getBrowser(ctx context.Context, browsers *Browsers) error {
	if browsers != nil {
		br, release, err := browsers.Get(s.Settings)
		s.browser, s.release = br, release
		return err
	}
	exe, err := browser.Find(s.Settings.BrowserPath)
	if err != nil {
		return err
	}
	br, err := launchUnlessStopped(ctx, browser.Options{Executable: exe, Headless: !s.Settings.ShowBrowser, Guard: s.guard})
	if err != nil {
		return err
	}
	s.browser, s.own = br, true
	return nil
}

// Close stops the browser the setup started for itself, or lets the one
// it took from Browsers go (which stays for its keeper). Close it once its
// runs have ended.
func (s *Setup) Close() {
	if s.own && s.browser != nil {
		_ = s.browser.Close()
	}
	if s.release != nil {
		s.release()
	}
	s.browser, s.own, s.release = nil, false, nil
}

// ContextLength is the context runs assume: the user's setting, else what
// the server reports, else fallbackContext.
func (s *Setup) ContextLength() int { return ContextLength(s.Settings, s.Server) }

// ContextLength is the context a run assumes: the user's setting, else
// what the server reports, else fallbackContext.
func ContextLength(set settings.Settings, info llm.ServerInfo) int {
	return cmp.Or(set.ContextLength, info.ContextLength, fallbackContext)
}

// client is a model client for one run, under the setup's guard: each run
// has its own, as a run of a batch keeps a slot of its own.
func (s *Setup) client() *llm.Client {
	c := connect(s.Settings.ServerURL, s.Settings.APIKey, s.guard)
	c.SetServer(s.Server.Server)
	return c
}

// Slots is how many conversations the model server answers at once with
// a cache each (llama-server's slots), 0 when it does not say.
func (s *Setup) Slots(ctx context.Context) int {
	if s.stopped || s.Server.Server != llm.ServerLlamaCpp {
		return 0
	}
	return s.client().Slots(ctx)
}

// MeasureDue measures the model's speed as a run of a setup with Measure
// does, unless the speed book holds a recent measurement, and returns the
// notes a run would start with. A batch calls it once before its runs,
// which then find the measurement in the book instead of each making
// their own at once. w, when not nil, hears how it goes.
func (s *Setup) MeasureDue(ctx context.Context, w SetupWatcher) []port.Notice {
	if s.stopped {
		return nil
	}
	return measured(ctx, s.client(), s.Settings.ServerURL, s.Server, true, w, time.Now())
}
