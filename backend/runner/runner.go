// Package runner wires settings into configured agent runs: Prepare
// checks the model server and gets the browser once (a Setup), and each
// run from it picks the search provider, opens the run folder, runs the
// agent and writes the report. The CLI, the app, the benchmark and tests
// all run research through it.
package runner

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/report"
	"github.com/scout-research/scout/backend/runs"
	"github.com/scout-research/scout/backend/search"
	"github.com/scout-research/scout/backend/settings"
)

// Version is Scout's version, kept equal to wails.json's
// info.productVersion: the command line prints it, the app shows it and an
// exported report names it.
const Version = "0.1.0"

// fallbackContext is assumed when neither the user nor the server gives a
// context length: what LM Studio loads small models with by default.
const fallbackContext = 8192

// Options describe one run of a Setup.
type Options struct {
	Objective string
	// OutDir is the run folder; "" means a new one under the data folder.
	OutDir string
	// Sinks also receive every event (a terminal printer, the GUI); those
	// that are SetupWatchers hear what the run does before its first event.
	Sinks []agent.Sink
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// RebuildEveryTurn is the benchmark's no-cache-reuse baseline.
	RebuildEveryTurn bool
	// ReadRate is the model's prompt-reading speed in tokens per second,
	// which page parts are sized by. When it is 0 the run takes the speed
	// the model probe measured, if it knows one (see measured); the
	// benchmark sets it to the speed its projection assumes.
	ReadRate float64
	// KeepSlot sends the run's model calls to llama-server's slot Slot
	// (llm.Client.KeepSlot), so they keep its prompt cache: a batch sets
	// it for runs side by side (see Batch).
	KeepSlot bool
	Slot     int
}

// SetupWatcher is a sink that also hears what a run does before its first
// event that takes a while: measuring the model (see Setup.Measure).
type SetupWatcher interface {
	// SetupStatus hears what is being done, as a sentence and as the
	// window's message.
	SetupStatus(text string, said *phrase.Said)
	// SetupProbe hears how the measurement goes, about once a second: its
	// call under way and how far it has got.
	SetupProbe(step llm.ProbeStep)
}

// Outcome is what a run left behind.
type Outcome struct {
	Dir    string
	Result *agent.Result
	// Report is the report.md written, "" when writing it failed.
	Report string
}

// ErrSetup is the kind of failure before the run started (server, browser,
// folder), for errors.Is. Such an error reads as its cause, which already
// says what to do, so callers show it as it is.
var ErrSetup = errors.New("the run could not start")

// setupError is a failure before the run started.
type setupError struct{ cause error }

func (e setupError) Error() string   { return e.cause.Error() }
func (e setupError) Unwrap() []error { return []error{ErrSetup, e.cause} }

func setupFailed(err error) error { return setupError{err} }

// Run performs one research run. Errors before the agent starts wrap
// ErrSetup and carry the user-facing explanation; once the agent runs, the
// outcome is always returned with the report written.
func (s *Setup) Run(ctx context.Context, opts Options) (*Outcome, error) {
	return s.run(ctx, opts, nil, nil)
}

// Resume continues the interrupted run in opts.OutDir, as read from its
// journal by ReadPast (or by the caller, who shows it at once): findings,
// checklist, searches, visits and the turn count are taken over, the
// conversation starts afresh, and the journal and report are continued.
func (s *Setup) Resume(ctx context.Context, past runs.Past, opts Options) (*Outcome, error) {
	opts.Objective = past.Snapshot.Objective
	return s.run(ctx, opts, &past, nil)
}

// ReadPast reads what a resume of the run in dir takes over. A journal
// that cannot be read whole (or holds no run) is an ErrSetup that says so.
func ReadPast(dir string) (runs.Past, error) {
	events, err := runs.ReadJournal(dir)
	if err != nil {
		return runs.Past{}, setupFailed(err)
	}
	past, err := runs.Replay(events).Past()
	if err != nil {
		return runs.Past{}, setupFailed(err)
	}
	return past, nil
}

// nowFunc is the clock now, else time.Now.
func nowFunc(now func() time.Time) func() time.Time {
	if now == nil {
		return time.Now
	}
	return now
}

// run starts a new run, or continues past, or follows up earlier.
func (s *Setup) run(ctx context.Context, opts Options, past *runs.Past, earlier *agent.Earlier) (*Outcome, error) {
	now := nowFunc(opts.Now)
	started := now()
	var snap *agent.Snapshot
	var before runs.Past
	if past != nil {
		before = *past
		snap = &before.Snapshot
	}
	firstStart := cmp.Or(before.Started, started)
	set := s.Settings
	if snap == nil && opts.OutDir != "" {
		if err := runs.CheckNew(opts.OutDir); err != nil {
			return nil, setupFailed(err) // before the slow part of the setup
		}
	}
	client := s.client()
	if opts.KeepSlot {
		client.KeepSlot(opts.Slot)
	}
	t, err := s.tools(ctx, client, opts, now)
	defer t.close()
	switch {
	case err != nil && ctx.Err() != nil:
		// Stopped while setting up: the run ends as an interrupted one
		// does, with its folder and report (see Prepare).
		t = stoppedTools()
	case err != nil:
		return nil, setupFailed(err)
	}
	if t.stopped {
		ctx = stoppedContext(ctx)
	}
	info, ctxLen := s.Server, s.ContextLength()

	dir := cmp.Or(opts.OutDir, runs.DefaultDir(opts.Objective, started))
	open := runs.Create
	if snap != nil {
		open = runs.Reopen
		runs.ReadShown(dir, snap) // what a finding on the page reopened is judged by
	}
	folder, err := open(dir)
	if err != nil {
		return nil, setupFailed(err)
	}
	folder.Conceal(set.ServerURL, s.searchURL)
	folder.ConcealSecret(string(set.APIKey))
	calls, err := runs.OpenCallLog(dir, set.ServerURL, s.searchURL)
	if err != nil {
		folder.Close()
		return nil, setupFailed(err)
	}
	calls.ConcealSecret(string(set.APIKey))
	last := &lastSeq{}
	sinks := append([]agent.Sink{folder, last}, opts.Sinks...)
	res := runAgent(ctx, dir, agent.Config{
		Objective: opts.Objective, ContextLength: ctxLen, MaxTurns: set.MaxTurns,
		Model: t.model(client, info.Model, calls, now), Browser: t.browser(), Search: t.search(set, s.guard, opts.Objective), ReadAhead: t.readAhead(),
		Sink: fanout(sinks), Now: now, Resume: snap, Earlier: earlier, RebuildEveryTurn: opts.RebuildEveryTurn, ReadRate: t.readRate, Notes: t.notes,
	})
	if book, err := SpeedBook(); err == nil {
		_ = keepRates(book, set.ServerURL, info.Model, client.Rates()) // a convenience for the next run; this one is done
	}
	used := runs.Used{ServerURL: runs.RedactURL(set.ServerURL), Model: info.Model, ContextLength: cmp.Or(res.ContextLength, ctxLen), SearchURL: runs.RedactURL(s.searchURL),
		Headless: !set.ShowBrowser, Browser: t.exe, MaxTurns: set.MaxTurns, AllowLocal: set.AllowLocalNetwork}
	finished := now()
	out := &Outcome{Dir: dir, Result: res}
	err = writeOutputs(folder, res, used, firstStart, finished, before.Worked+finished.Sub(started), fanout(sinks), last.seq+1)
	if err == nil {
		out.Report = filepath.Join(dir, "report.md")
	}
	err = errors.Join(err, calls.Close(), folder.Close())
	return out, err
}

// tools are what a run of a setup has of its own: the notes it starts
// with, the speed its page parts are sized by, and its browser session.
type tools struct {
	notes    []port.Notice
	readRate float64
	sess     *browser.Session
	ahead    *browser.Ahead // nil when results are not read ahead
	exe      string
	closers  []func() error
	stopped  bool // setup was interrupted: nothing is to be used
}

// tools measures the model's speed when due, and opens the run's session
// in the setup's browser.
func (s *Setup) tools(ctx context.Context, client *llm.Client, opts Options, now func() time.Time) (*tools, error) {
	if s.stopped {
		return stoppedTools(), nil
	}
	t := &tools{}
	t.notes = measured(ctx, client, s.Settings.ServerURL, s.Server, s.Measure, watchers(opts.Sinks), now())
	// Page parts are sized by the reading speed: the caller's, else the
	// measured one (0, no limit of its own, when neither is known).
	t.readRate = cmp.Or(opts.ReadRate, client.Rates().Read)
	if !s.Server.ModelLoaded {
		client.ExpectModelLoad() // the first request may load it
	}
	br := s.browser
	t.exe = br.Executable()
	sess, err := br.NewSessionGuarded(s.guard)
	if err != nil {
		return t, stoppedOr(ctx, err)
	}
	t.sess = sess
	t.closers = append(t.closers, sess.Close)
	if s.Settings.ReadAhead {
		if t.ahead, err = browser.NewAhead(br, s.guard); err != nil {
			t.notes = append(t.notes, aheadOffNote(err))
		} else {
			t.closers = append(t.closers, func() error { t.ahead.Close(); return nil })
		}
	}
	return t, nil
}

// stopGrace is how long a failed browser start waits to learn whether it
// failed because the run was being stopped: a signal to the process group
// ends the browser's driver, and Scout may notice the driver gone before
// its own handler has cancelled the run.
const stopGrace = 500 * time.Millisecond

// stoppedOr returns err once ctx has ended or stopGrace has passed.
func stoppedOr(ctx context.Context, err error) error {
	select {
	case <-ctx.Done():
	case <-time.After(stopGrace):
	}
	return err
}

// stoppedContext is the context a run of a stopped setup goes on with:
// done already, so the run ends as an interrupted one even when the setup
// learned of the stop (a driver ended by the signal) before the caller's
// handler cancelled ctx.
func stoppedContext(ctx context.Context) context.Context {
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	return ctx
}

// stoppedTools stand in for a setup that was interrupted: the agent asks
// them nothing before it sees the run stopped, and they answer so if asked.
func stoppedTools() *tools {
	return &tools{stopped: true}
}

// close closes what tools opened, the reading ahead before the session.
func (t *tools) close() {
	for i := len(t.closers) - 1; i >= 0; i-- {
		_ = t.closers[i]()
	}
}

func (t *tools) model(client *llm.Client, id string, log *runs.CallLog, now func() time.Time) agent.Model {
	if t.stopped {
		return notStarted{}
	}
	return model{client: client, id: id, log: log, now: now}
}

func (t *tools) browser() agent.Browser {
	if t.stopped {
		return notStarted{}
	}
	return t.sess
}

// readAhead is the run's reading ahead, or nil (an interface holding no
// Ahead, so the agent sees none).
func (t *tools) readAhead() agent.ReadAhead {
	if t.stopped || t.ahead == nil {
		return nil
	}
	return t.ahead
}

func (t *tools) search(s settings.Settings, guard *netguard.Guard, objective string) agent.Searcher {
	if t.stopped {
		return notStarted{}
	}
	tag, chosen := searchLanguage(s.Search, objective)
	return inLanguage(provider(s, t.sess, guard), tag, chosen)
}

// notStarted is the model, browser and search of a run stopped before they
// were ready.
type notStarted struct{}

var errNotStarted = errors.New("the run was stopped before it started")

func (notStarted) Complete(context.Context, chat.Request, port.Notify) (chat.Reply, error) {
	return chat.Reply{}, errNotStarted
}

func (notStarted) Open(context.Context, string) (*port.Visit, error) { return nil, errNotStarted }

func (notStarted) Search(context.Context, string, port.Notify) ([]port.SearchResult, error) {
	return nil, errNotStarted
}

// Connect returns a client for the model server at serverURL that sends
// key (none when it is ""), its requests under the network guard: the
// server reached wherever it is, nothing else of its network, no redirect
// inward. The app's connection test, scout check and scout replay use it;
// a setup makes its own with its guard.
func Connect(serverURL string, key settings.Key) *llm.Client {
	guard := &netguard.Guard{}
	guard.ModelServer(serverURL)
	return connect(serverURL, key, guard)
}

func connect(serverURL string, key settings.Key, guard *netguard.Guard) *llm.Client {
	return llm.New(serverURL, llm.WithKey(string(key)), llm.WithHTTPClient(guard.ModelClient()))
}

// writeOutputs writes the report and the summary, and says so in the
// journal.
func writeOutputs(folder *runs.Folder, res *agent.Result, used runs.Used, started, finished time.Time, wall time.Duration, sink agent.Sink, seq int) error {
	fig := report.Figures{Model: used.Model, ContextLength: used.ContextLength, Wall: wall}
	sum := runs.Summarize(res, used, started, finished, wall)
	if err := runs.WriteReport(folder, res, fig, &sum); err != nil {
		return err
	}
	sink.Emit(agent.Event{Seq: seq, Type: agent.EvReportWritten, Turn: res.Turns, Time: finished.UTC(), File: "report.md"})
	return nil
}

// provider picks the search provider from settings; DuckDuckGo pages load
// in the visible browser so the user sees the search, and can answer a bot
// check there when the window is shown.
func provider(s settings.Settings, sess *browser.Session, guard *netguard.Guard) agent.Searcher {
	if s.Search.Provider == settings.ProviderSearXNG {
		return &search.SearXNG{BaseURL: s.Search.SearXNGURL, Client: guard.OwnClient(search.SearXNGTimeout)}
	}
	ddg := &search.DuckDuckGo{HTMLURL: s.Search.DuckDuckGoURL, Fetcher: sess}
	if s.ShowBrowser {
		ddg.Person = sess
	}
	return ddg
}

// model adapts the llm client to the agent's Model interface, and keeps
// every request and reply in the run folder for scout replay. Without a
// log it keeps none; without a clock it reads time.Now.
type model struct {
	client *llm.Client
	id     string
	log    *runs.CallLog
	now    func() time.Time
}

func (m model) Complete(ctx context.Context, req chat.Request, notify port.Notify) (chat.Reply, error) {
	now := m.now
	if now == nil {
		now = time.Now
	}
	at := now()
	reply, err := m.client.Complete(ctx, m.id, req, notify)
	if m.log != nil {
		m.log.Record(at, m.id, req, reply, err)
	}
	return reply, err
}

// fanout delivers each event to several sinks in order, and how a call
// goes to those that watch.
type fanout []agent.Sink

func (f fanout) Emit(ev agent.Event) {
	for _, s := range f {
		s.Emit(ev)
	}
}

// Watch implements agent.Watcher.
func (f fanout) Watch(p agent.CallProgress) {
	for _, s := range f {
		if w, ok := s.(agent.Watcher); ok {
			w.Watch(p)
		}
	}
}

// watchers are the sinks that hear what a run does before its first
// event, as one; nil when none does.
func watchers(sinks []agent.Sink) SetupWatcher {
	var w setupWatchers
	for _, s := range sinks {
		if sw, ok := s.(SetupWatcher); ok {
			w = append(w, sw)
		}
	}
	if len(w) == 0 {
		return nil
	}
	return w
}

// setupWatchers tell several watchers in order.
type setupWatchers []SetupWatcher

func (ws setupWatchers) SetupStatus(text string, said *phrase.Said) {
	for _, w := range ws {
		w.SetupStatus(text, said)
	}
}

func (ws setupWatchers) SetupProbe(step llm.ProbeStep) {
	for _, w := range ws {
		w.SetupProbe(step)
	}
}

// lastSeq remembers the last event number, so events after the agent's
// continue its numbering.
type lastSeq struct{ seq int }

func (l *lastSeq) Emit(ev agent.Event) { l.seq = ev.Seq }

// runAgent runs the agent; should it panic (a bug), the result is rebuilt
// from the journal so the report still holds everything found.
func runAgent(ctx context.Context, dir string, cfg agent.Config) (res *agent.Result) {
	defer func() {
		if p := recover(); p != nil {
			events, _ := runs.ReadJournal(dir)
			res = runs.Replay(events).Result()
			res.Objective = cfg.Objective
			res.Status = agent.StatusFailed
			res.Ending = &agent.Ending{Kind: agent.EndingBug, Text: fmt.Sprint(p)}
			res.Error = res.Ending.English()
		}
	}()
	res, _ = agent.Run(ctx, cfg)
	return res
}
