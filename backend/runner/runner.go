// Package runner wires settings into a configured agent run: it checks the
// model server, starts the browser, picks the search provider, opens the
// run folder, runs the agent and writes the report. The CLI, the GUI and
// tests all run research through it.
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
	"github.com/scout-research/scout/backend/report"
	"github.com/scout-research/scout/backend/runs"
	"github.com/scout-research/scout/backend/search"
	"github.com/scout-research/scout/backend/settings"
)

// fallbackContext is assumed when neither the user nor the server gives a
// context length: what LM Studio loads small models with by default.
const fallbackContext = 8192

// Options describe one run.
type Options struct {
	Objective string
	Settings  settings.Settings
	// OutDir is the run folder; "" means a new one under the data folder.
	OutDir string
	// Sinks also receive every event (a terminal printer, the GUI).
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
	// Browser, when set, is a browser kept for the app session: the run
	// opens a fresh session (context) in it and leaves it running.
	Browser *browser.Browser
	// Server, when set, is what a connection test just learned, so the
	// run does not ask the server again.
	Server *llm.ServerInfo
	// Past, when set, is the run Resume continues, as read from its
	// journal by the caller (the app reads it to show the run at once);
	// Resume reads the journal itself otherwise.
	Past *runs.Past
	// Measure probes the model's speed before the run unless the speed
	// book holds a recent measurement (speed.FreshFor): the app and scout
	// run do; the benchmark and most tests leave it off, so the server's
	// calls are the run's alone. Either way a measurement in the book is
	// used for the waits the run tells.
	Measure bool
	// Status, when set, hears what the setup is doing that takes a while
	// (measuring the model), before the run's first event.
	Status func(text string)
	// Probe, when set, hears how that measurement goes, about once a
	// second: its call under way and how far it has got.
	Probe func(llm.ProbeStep)

	// earlier is the run a follow-up follows (FollowUp).
	earlier *agent.Earlier

	// KeepSlot sends the run's model calls to llama-server's slot Slot
	// (llm.Client.KeepSlot), so they keep its prompt cache: a batch sets
	// it for runs side by side (see Batch).
	KeepSlot bool
	Slot     int
}

// Outcome is what a run left behind.
type Outcome struct {
	Dir    string
	Result *agent.Result
	// Report is the report.md written, "" when writing it failed.
	Report string
}

// ContextLength is the context a run assumes: the user's setting, else
// what the server reports, else fallbackContext.
func ContextLength(s settings.Settings, info llm.ServerInfo) int {
	return cmp.Or(s.ContextLength, info.ContextLength, fallbackContext)
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
func Run(ctx context.Context, opts Options) (*Outcome, error) {
	opts.Past, opts.earlier = nil, nil
	return run(ctx, opts)
}

// Resume continues the interrupted run in opts.OutDir: findings, checklist,
// searches, visits and the turn count come from its journal (read once:
// opts.Past, or here), the conversation starts afresh, and the journal and
// report are continued.
func Resume(ctx context.Context, opts Options) (*Outcome, error) {
	if opts.Past == nil {
		events, err := runs.ReadJournal(opts.OutDir)
		if err != nil {
			return nil, setupFailed(err)
		}
		past, err := runs.Replay(events).Past()
		if err != nil {
			return nil, setupFailed(err)
		}
		opts.Past = &past
	}
	opts.Objective = opts.Past.Snapshot.Objective
	return run(ctx, opts)
}

// run starts a new run, or continues opts.Past.
func run(ctx context.Context, opts Options) (*Outcome, error) {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	started := now()
	var snap *agent.Snapshot
	var before runs.Past
	if opts.Past != nil {
		before = *opts.Past
		snap = &before.Snapshot
	}
	firstStart := cmp.Or(before.Started, started)
	s := opts.Settings
	if snap == nil && opts.OutDir != "" {
		if err := runs.CheckNew(opts.OutDir); err != nil {
			return nil, setupFailed(err) // before the slow part of the setup
		}
	}
	// The model server is Scout's alone: its requests reach it wherever it
	// is, nothing else of its network, and no page reaches it, even with
	// the local network allowed. The search endpoint is allowed for
	// Scout's own requests only (the DuckDuckGo results page it loads
	// into the browser, SearXNG's answers), wherever it is.
	guard := &netguard.Guard{AllowLocal: s.AllowLocalNetwork}
	guard.ModelServer(s.ServerURL)
	client := connect(s.ServerURL, s.APIKey, guard)
	if opts.KeepSlot {
		client.KeepSlot(opts.Slot)
	}
	searchURL := s.Search.DuckDuckGoURL
	if s.Search.Provider == settings.ProviderSearXNG {
		searchURL = s.Search.SearXNGURL
	} else {
		guard.AllowOwn(search.LiteURL(searchURL)) // the fallback page
	}
	guard.AllowOwn(searchURL)

	t, err := prepare(ctx, client, guard, opts, now)
	defer t.close()
	switch {
	case err != nil && ctx.Err() != nil:
		// Stopped while setting up (Ctrl+C in the first second): the run
		// ends as an interrupted one does, with its folder and report, not
		// with the error of the step cut short (the signal sent to the
		// process group also reaches the browser's driver, whose check
		// then failed with "please install the driver").
		t = stoppedTools(s)
	case err != nil:
		return nil, setupFailed(err)
	}
	info, ctxLen := t.info, ContextLength(s, t.info)

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
	folder.Conceal(s.ServerURL, searchURL)
	folder.ConcealSecret(string(s.APIKey))
	calls, err := runs.OpenCallLog(dir, s.ServerURL, searchURL)
	if err != nil {
		folder.Close()
		return nil, setupFailed(err)
	}
	calls.ConcealSecret(string(s.APIKey))
	last := &lastSeq{}
	sinks := append([]agent.Sink{folder, last}, opts.Sinks...)
	res := runAgent(ctx, dir, agent.Config{
		Objective: opts.Objective, ContextLength: ctxLen, MaxTurns: s.MaxTurns,
		Model: t.model(client, calls, now), Browser: t.browser(), Search: t.search(s, guard, opts.Objective), ReadAhead: t.readAhead(),
		Sink: fanout(sinks), Now: now, Resume: snap, Earlier: opts.earlier, RebuildEveryTurn: opts.RebuildEveryTurn, ReadRate: t.readRate, Notes: t.notes,
	})
	if book, err := SpeedBook(); err == nil {
		_ = keepRates(book, s.ServerURL, info.Model, client.Rates()) // a convenience for the next run; this one is done
	}
	used := runs.Used{ServerURL: runs.RedactURL(s.ServerURL), Model: info.Model, ContextLength: cmp.Or(res.ContextLength, ctxLen), SearchURL: runs.RedactURL(searchURL),
		Headless: !s.ShowBrowser, Browser: t.exe, MaxTurns: s.MaxTurns, AllowLocal: s.AllowLocalNetwork}
	finished := now()
	out := &Outcome{Dir: dir, Result: res}
	err = writeOutputs(folder, res, used, firstStart, finished, before.Worked+finished.Sub(started), fanout(sinks), last.seq+1)
	if err == nil {
		out.Report = filepath.Join(dir, "report.md")
	}
	err = errors.Join(err, calls.Close(), folder.Close())
	return out, err
}

// tools are what the setup made for a run: what the model server said, and
// the browser.
type tools struct {
	info     llm.ServerInfo
	notes    []string
	readRate float64
	sess     *browser.Session
	ahead    *browser.Ahead // nil when results are not read ahead
	exe      string
	closers  []func() error
	stopped  bool // setup was interrupted: nothing is to be used
}

// prepare asks the model server what it serves (and measures its speed),
// and starts the browser and the run's session.
func prepare(ctx context.Context, client *llm.Client, guard *netguard.Guard, opts Options, now func() time.Time) (*tools, error) {
	t := &tools{}
	s := opts.Settings
	if opts.Server != nil {
		t.info = *opts.Server
	} else {
		var err error
		if t.info, err = client.Probe(ctx, s.Model); err != nil {
			return t, err
		}
	}
	client.SetServer(t.info.Server)
	t.notes = measured(ctx, client, s.ServerURL, t.info, opts, now())
	// Page parts are sized by the reading speed: the caller's, else the
	// measured one (0, no limit of its own, when neither is known).
	t.readRate = cmp.Or(opts.ReadRate, client.Rates().Read)
	if !t.info.ModelLoaded {
		client.ExpectModelLoad() // the first request may load it
	}
	br := opts.Browser
	if br == nil {
		exe, err := browser.Find(s.BrowserPath)
		if err != nil {
			return t, err
		}
		if br, err = browser.Launch(browser.Options{Executable: exe, Headless: !s.ShowBrowser, Guard: guard}); err != nil {
			return t, stoppedOr(ctx, err)
		}
		t.closers = append(t.closers, br.Close)
	}
	t.exe = br.Executable()
	sess, err := br.NewSessionGuarded(guard)
	if err != nil {
		return t, stoppedOr(ctx, err)
	}
	t.sess = sess
	t.closers = append(t.closers, sess.Close)
	if s.ReadAhead {
		if t.ahead, err = browser.NewAhead(br, guard); err != nil {
			t.notes = append(t.notes, fmt.Sprintf("Results are not read ahead in this run: %v.", err))
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

// stoppedTools stand in for a setup that was interrupted: the agent asks
// them nothing before it sees the run stopped, and they answer so if asked.
func stoppedTools(s settings.Settings) *tools {
	return &tools{info: llm.ServerInfo{Model: s.Model}, stopped: true}
}

// close closes what prepare opened, the session before the browser.
func (t *tools) close() {
	for i := len(t.closers) - 1; i >= 0; i-- {
		_ = t.closers[i]()
	}
}

func (t *tools) model(client *llm.Client, log *runs.CallLog, now func() time.Time) agent.Model {
	if t.stopped {
		return notStarted{}
	}
	return model{client: client, id: t.info.Model, log: log, now: now}
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
// a run makes its own with the run's guard.
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
			res.Error = fmt.Sprint(p)
		}
	}()
	res, _ = agent.Run(ctx, cfg)
	return res
}
