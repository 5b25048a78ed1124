// Package desktop is the research service behind the desktop app: it
// starts and stops runs in the background, streams their events to the
// window in batches, and serves reports and exports. app.go binds it to
// the frontend; nothing here imports Wails.
package desktop

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
	"github.com/scout-research/scout/backend/settings"
)

// Event names sent to the frontend.
const (
	EventRunEvents = "run:events" // a batch of the run's events; data is a Progress
	EventRunDone   = "run:done"   // the run ended; data is a RunView
	EventRunCall   = "run:call"   // the model call in progress; data is a CallUpdate
)

// Emitter sends a named event to the window (Wails' EventsEmit in the app,
// a recorder in tests).
type Emitter func(name string, data any)

// Service runs research for the app: one run at a time, or a queue of
// them several at once (queue.go). cur is the run the window follows.
type Service struct {
	store *settings.Store
	keys  *settings.KeyStore
	emit  Emitter

	mu  sync.Mutex
	cur *active

	browsers runner.Browsers // one browser for the app session

	startMu sync.Mutex

	// callN numbers the updates of calls in progress across runs (see
	// CallUpdate).
	callN int64
	// followN numbers the window's switches of run (see RunView.FollowN).
	followN int64

	q queue // the objectives queued, under way and done (queue.go)
}

// active is the run in progress (or the last one).
type active struct {
	view   RunView // its Progress holds the rows only: see shown
	fold   *runs.View
	rower  runs.Rower // the rows' maker, which remembers the last search
	found  int        // findings sent to the window so far
	cancel context.CancelFunc
	done   chan struct{}
}

// RunView is what the window shows of a run.
type RunView struct {
	Dir           string `json:"dir"`
	Running       bool   `json:"running"`
	MaxTurns      int    `json:"max_turns"`
	ContextLength int    `json:"context_length"`
	Model         string `json:"model"`
	// Started is when this stretch of the run began (a resume starts a new
	// one); PriorSeconds is the time the run worked before it, so elapsed
	// time leaves out the time a stopped run waited.
	Started      time.Time `json:"started"`
	PriorSeconds float64   `json:"prior_seconds"`
	Progress     Progress  `json:"progress"`
	// Call is the model call in progress, or what the setup is doing
	// before the run's first event (measuring the model); nil between
	// calls and after the run. CallN numbers it as CallUpdate.N; CallSay
	// is its step and time left as the window's messages.
	Call    *agent.CallProgress `json:"call"`
	CallSay *CallSaid           `json:"call_say,omitempty"`
	CallN   int64               `json:"call_n"`
	// FollowN numbers the window's switches to another run (EventRunFollow
	// and Follow) across runs: two queued runs starting at once send theirs
	// from two goroutines, so the window may receive them out of order; it
	// keeps the one with the highest FollowN, the run Go follows. 0 in any
	// other view.
	FollowN int64 `json:"follow_n"`
}

// Progress is a run's journal as the window shows it: its rows and
// findings, and how the run stands after them. A RunView holds the whole
// run's; each "run:events" batch holds only what the batch adds, with the
// glance after it.
type Progress struct {
	// Dir is the run's folder in a batch (the window may switch runs
	// while a batch is on its way); "" in a RunView.
	Dir      string          `json:"dir,omitempty"`
	Rows     []runs.Row      `json:"rows"`
	Findings []agent.Finding `json:"findings"`
	Glance   runs.Glance     `json:"glance"`
}

// shown is the run as the window shows it, for a caller holding s.mu.
func (a *active) shown() RunView {
	v := a.view
	rows := append([]runs.Row{}, a.view.Progress.Rows...) // [] rather than null for a run without rows yet
	v.Progress = Progress{Rows: rows, Findings: a.fold.Findings(0), Glance: a.fold.Glance()}
	return v
}

// add folds a batch of events into the run, for a caller holding s.mu,
// and returns what it adds to the window.
func (a *active) add(batch []agent.Event) Progress {
	rows := a.rower.Rows(batch)
	for _, ev := range batch {
		a.fold.Add(ev)
	}
	a.view.Progress.Rows = append(a.view.Progress.Rows, rows...)
	found := a.fold.Findings(a.found)
	a.found += len(found)
	return Progress{Rows: rows, Findings: found, Glance: a.fold.Glance()}
}

// New returns a service reading settings from store and emitting to emit.
// The API key is kept in the system keyring, or in a file beside the
// settings file (see settings.KeyStore).
func New(store *settings.Store, emit Emitter) *Service {
	keys := &settings.KeyStore{File: filepath.Join(filepath.Dir(store.Path), keyFile)}
	return &Service{store: store, keys: keys, emit: emit, browsers: runner.Browsers{One: true}}
}

// ErrBusy is returned when a run is already going.
var ErrBusy = errors.New("a run is already going: stop it before starting another")

// Start checks the model server, then runs objective in the background.
// A server that cannot be used is reported at once, with the fix.
func (s *Service) Start(ctx context.Context, objective string) (RunView, error) {
	objective = strings.TrimSpace(objective)
	if objective == "" {
		return RunView{}, errors.New("type what Scout should find out first")
	}
	setup, err := s.prepare(ctx)
	if err != nil {
		return RunView{}, err
	}
	started := time.Now()
	view := RunView{Dir: runs.DefaultDir(objective, started), Started: started}
	return s.launch(view, &runs.View{}, runs.Rower{}, setup, runner.Options{Objective: objective, OutDir: view.Dir}, setup.Run)
}

// prepare checks what a run needs before it starts: no other run going, a
// model server that answers, and the app-session browser.
func (s *Service) prepare(ctx context.Context) (*runner.Setup, error) {
	// One start at a time: a second one must not swap the shared browser
	// under the first.
	s.startMu.Lock()
	defer s.startMu.Unlock()
	if s.running() {
		return nil, ErrBusy
	}
	return s.setup(ctx)
}

// setup is the runner's setup for the settings and the kept API key, in
// the app-session browser; its runs measure the model when that is due.
func (s *Service) setup(ctx context.Context) (*runner.Setup, error) {
	set := s.store.Load().Settings
	key, err := s.key("")
	if err != nil {
		return nil, err
	}
	set.APIKey = key
	setup, err := runner.Prepare(ctx, set, &s.browsers)
	if err != nil {
		return nil, err
	}
	setup.Measure = true
	return setup, nil
}

func (s *Service) running() bool { return s.going() != nil }

// going returns the run in progress, or nil.
func (s *Service) going() *active {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.goingLocked()
}

// goingLocked is going for a caller holding s.mu.
func (s *Service) goingLocked() *active {
	if s.cur != nil && s.cur.view.Running {
		return s.cur
	}
	return nil
}

// launch makes view, whose journal fold and rower hold so far, the
// current run and starts do in the background.
func (s *Service) launch(view RunView, fold *runs.View, rower runs.Rower, setup *runner.Setup, opts runner.Options,
	do func(context.Context, runner.Options) (*runner.Outcome, error)) (RunView, error) {
	view.Running = true
	view.MaxTurns, view.ContextLength, view.Model = setup.Settings.MaxTurns, setup.ContextLength(), setup.Server.Model
	fold.Live(opts.Objective, view.ContextLength)
	runCtx, cancel := context.WithCancel(context.Background())
	a := &active{view: view, fold: fold, rower: rower, found: len(fold.Findings(0)), cancel: cancel, done: make(chan struct{})}
	s.mu.Lock()
	if s.goingLocked() != nil { // another start won the race
		s.mu.Unlock()
		cancel()
		setup.Close()
		return RunView{}, ErrBusy
	}
	s.cur = a
	shown := a.shown()
	s.mu.Unlock()
	go func() {
		s.run(runCtx, a, opts, do)
		setup.Close() // lets the app-session browser go (runner.Browsers)
	}()
	return shown, nil
}

// run executes in the background, reports the end to the window when it
// follows a, and returns how the run ended.
func (s *Service) run(ctx context.Context, a *active, opts runner.Options, do func(context.Context, runner.Options) (*runner.Outcome, error)) agent.Status {
	defer close(a.done)
	b := newBatcher(func(batch []agent.Event) {
		s.mu.Lock()
		added := a.add(batch)
		added.Dir = a.view.Dir
		shown := s.cur == a
		s.mu.Unlock()
		if shown {
			s.emit(EventRunEvents, added)
		}
	})
	w := &watcher{s: s, a: a}
	opts.Sinks = []agent.Sink{b, w}
	out, err := do(ctx, opts)
	b.Close()
	w.show(nil)
	s.mu.Lock()
	a.view.Running = false
	status, message := ending(out, err)
	a.fold.End(status, message)
	if out != nil {
		a.fold.Reported(out.Result) // its checklist as its report says it
	}
	view := a.shown()
	shown := s.cur == a
	s.wakeQueueLocked() // a run ended: the queue may start another
	s.mu.Unlock()
	if shown {
		s.emit(EventRunDone, view)
	}
	return status
}

// ending is how a run ended, and why, from what the runner returned.
func ending(out *runner.Outcome, err error) (status agent.Status, message string) {
	switch {
	case err != nil && errors.Is(err, context.Canceled) && out == nil:
		return agent.StatusInterrupted, "Stopped before the research began; nothing was written."
	case err != nil:
		return agent.StatusFailed, err.Error()
	case out != nil && out.Result != nil:
		return out.Result.Status, out.Result.Error
	}
	return agent.StatusFailed, "The run ended without saying how: please report it."
}

// Stop asks the current run to end; its report is still written. It
// returns when the run has ended.
func (s *Service) Stop() error {
	a := s.going()
	if a == nil {
		return fmt.Errorf("no run is going")
	}
	a.cancel()
	<-a.done
	return nil
}

// Current returns the run in progress or the last one, with its journal
// so far (for a window that reloads).
func (s *Service) Current() RunView {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil {
		return RunView{}
	}
	return s.cur.shown()
}

// Shutdown stops a run in progress, for when the app closes: the report
// is written and no browser is left behind.
func (s *Service) Shutdown() {
	_ = s.Stop() // no run going is fine here
	s.stopQueue()
	s.browsers.Close()
}
