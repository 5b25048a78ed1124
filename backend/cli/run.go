package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/plain"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
	"github.com/scout-research/scout/backend/settings"
)

// exitIncomplete: the run ended without the agent finishing (turn limit,
// interrupted, model gone, model stuck, search down); the report is still
// written.
const exitIncomplete = 3

// runFlags are the flags of `scout run`; unset ones keep the settings.
type runFlags struct {
	out, llmURL, llmKey, model, searchURL, browser string
	followUp                                       string
	context, maxTurns                              int
	headless, allowLocal, noReadAhead              bool
}

func (f *runFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.out, "out", "", "run folder, new or empty (default: a new folder under $XDG_DATA_HOME/scout/runs)")
	fs.StringVar(&f.llmURL, "llm-url", "", "OpenAI-compatible base URL")
	fs.StringVar(&f.llmKey, "llm-key", "", "API key for the model server (default: $"+envKey+", else the saved key)")
	fs.StringVar(&f.model, "model", "", "model id")
	fs.IntVar(&f.context, "context", -1, "context length in tokens")
	fs.StringVar(&f.searchURL, "search-url", "", "DuckDuckGo-HTML-compatible endpoint")
	fs.BoolVar(&f.headless, "headless", false, "no visible browser window")
	fs.StringVar(&f.browser, "browser", "", "Chromium, Chrome or Edge executable")
	fs.IntVar(&f.maxTurns, "max-turns", 0, "turn limit")
	fs.BoolVar(&f.allowLocal, "allow-local", false, "allow loopback and private-network addresses")
	fs.BoolVar(&f.noReadAhead, "no-read-ahead", false, "do not read the results of a search ahead")
	fs.StringVar(&f.followUp, "follow-up", "", "a run folder: ask the objective as a follow-up of that run, starting from its findings")
}

// apply lays the flags over the settings.
func (f *runFlags) apply(s settings.Settings) settings.Settings {
	if f.llmURL != "" {
		s.ServerURL = f.llmURL
	}
	if f.model != "" {
		s.Model = f.model
	}
	if f.context >= 0 {
		s.ContextLength = f.context
	}
	if f.searchURL != "" {
		s.Search.Provider, s.Search.DuckDuckGoURL = settings.ProviderDuckDuckGo, f.searchURL
	}
	if f.headless {
		s.ShowBrowser = false
	}
	if f.browser != "" {
		s.BrowserPath = f.browser
	}
	if f.maxTurns != 0 {
		s.MaxTurns = f.maxTurns
	}
	if f.allowLocal {
		s.AllowLocalNetwork = true
	}
	if f.noReadAhead {
		s.ReadAhead = false
	}
	return s
}

// parseInterleaved parses flags that may come before or after the
// objective, as in `scout run "objective" --headless`.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// parseRunArgs parses the flags of run and resume, which may come before
// or after the positional arguments; ok is false with the exit status set
// for --help or bad usage.
func parseRunArgs(name, synopsis string, args []string, stderr io.Writer) (f runFlags, pos []string, code int, ok bool) {
	fs := newFlagSet(name, synopsis, stderr)
	f.register(fs)
	pos, err := parseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return f, nil, exitOK, false
	case err != nil:
		return f, nil, exitUsage, false
	}
	return f, pos, 0, true
}

func run(args []string, stdout, stderr io.Writer) int {
	f, pos, code, ok := parseRunArgs("run", `scout run [flags] "objective"`, args, stderr)
	if !ok {
		return code
	}
	objective := strings.TrimSpace(strings.Join(pos, " "))
	if objective == "" {
		fmt.Fprint(stderr, "scout run: give the objective, for example:\n  scout run \"What is the tallest mountain in Africa, and how tall is it?\"\n")
		return exitUsage
	}
	check := func() (err error) {
		if f.out != "" {
			err = runs.CheckNew(f.out)
		}
		return err
	}
	begin := func(ctx context.Context, s *runner.Setup, o runner.Options) (*runner.Outcome, error) {
		return s.Run(ctx, o)
	}
	if f.followUp != "" {
		var earlier *agent.Earlier
		check = func() (err error) {
			if earlier, err = runner.ReadEarlier(f.followUp); err == nil && f.out != "" {
				err = runs.CheckNew(f.out)
			}
			return err
		}
		begin = func(ctx context.Context, s *runner.Setup, o runner.Options) (*runner.Outcome, error) {
			return s.FollowUp(ctx, earlier, o)
		}
	}
	return research(f, runner.Options{Objective: objective, OutDir: f.out}, fromSetup(check, begin), "run", stdout, stderr)
}

func resume(args []string, stdout, stderr io.Writer) int {
	f, pos, code, ok := parseRunArgs("resume", "scout resume [flags] DIR", args, stderr)
	if !ok {
		return code
	}
	if len(pos) != 1 || f.out != "" || f.followUp != "" {
		fmt.Fprint(stderr, "scout resume: give the run folder to continue, for example:\n  scout resume ~/.local/share/scout/runs/2026-11-30-090000-tallest-mountain\n")
		return exitUsage
	}
	var past runs.Past
	check := func() (err error) {
		past, err = runner.ReadPast(pos[0])
		return err
	}
	begin := func(ctx context.Context, s *runner.Setup, o runner.Options) (*runner.Outcome, error) {
		return s.Resume(ctx, past, o)
	}
	return research(f, runner.Options{OutDir: pos[0]}, fromSetup(check, begin), "resume", stdout, stderr)
}

// start runs research with the settings: a run of its own, or a stand-in
// in tests.
type start func(ctx context.Context, set settings.Settings, opts runner.Options) (*runner.Outcome, error)

// fromSetup starts a run as scout run and resume do: check what is quick
// to check (the folders named) before the model server and the browser,
// then prepare them and begin the run.
func fromSetup(check func() error, begin func(context.Context, *runner.Setup, runner.Options) (*runner.Outcome, error)) start {
	return func(ctx context.Context, set settings.Settings, opts runner.Options) (*runner.Outcome, error) {
		if err := check(); err != nil {
			return nil, err
		}
		setup, err := runner.Prepare(ctx, set, nil)
		if err != nil {
			return nil, err
		}
		defer setup.Close()
		setup.Measure = true
		return begin(ctx, setup, opts)
	}
}

// research runs (or resumes) with the settings and flags, and maps the
// outcome to an exit status.
func research(f runFlags, opts runner.Options, do start, name string, stdout, stderr io.Writer) int {
	loaded, warning := loadSettings()
	if warning != "" {
		fmt.Fprintln(stderr, "warning:", warning)
	}
	set, _ := withKey(f.apply(loaded).Normalized(), loaded.ServerURL, f.llmKey, stderr)
	if errs := set.Validate(); len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintf(stderr, "scout %s: %s\n", name, e.Message)
		}
		return exitUsage
	}
	ctx, stop := stopOnSignals()
	defer stop()
	opts.Sinks = []agent.Sink{printer{stderr}, newSetupLines(stderr)}
	out, err := do(ctx, set, opts)
	if out == nil {
		fmt.Fprintf(stderr, "scout %s: %s\n", name, err)
		if errors.Is(err, runs.ErrHoldsRun) || errors.Is(err, runs.ErrNotRunFolder) {
			return exitUsage // the folder named with --out
		}
		return exitError
	}
	if out.Report != "" {
		fmt.Fprintf(stdout, "Report: %s\n", out.Report)
	}
	if err != nil {
		fmt.Fprintf(stderr, "scout %s: %v\n", name, err)
		return exitError
	}
	// A finished run whose result could not be written (the model went
	// away during the writing call) is incomplete too.
	if errors.Is(ctx.Err(), context.Canceled) || out.Result.Status != agent.StatusFinished || out.Result.Error != "" {
		return exitIncomplete
	}
	return exitOK
}

// printer shows the journal in the terminal as the run goes, without the
// per-call figures, which the journal file keeps.
type printer struct{ w io.Writer }

func (p printer) Emit(ev agent.Event) {
	if ev.Type == agent.EvModelCall && ev.Message == "" {
		return
	}
	fmt.Fprintln(p.w, plain.Line(runs.Line(ev))) // runs.Line cleans too: the terminal is not left to it
}

// setupLines shows in the terminal what a run does before its first
// event (runner.SetupWatcher): measuring the model, a line as each of the
// probe's calls starts.
type setupLines struct {
	w     io.Writer
	probe func(llm.ProbeStep)
}

func newSetupLines(w io.Writer) setupLines { return setupLines{w: w, probe: probeLines(w)} }

// Emit implements agent.Sink: the events are the printer's.
func (setupLines) Emit(agent.Event) {}

// SetupStatus implements runner.SetupWatcher.
func (l setupLines) SetupStatus(text string, _ *phrase.Said) { fmt.Fprintln(l.w, plain.Line(text)) }

// SetupProbe implements runner.SetupWatcher.
func (l setupLines) SetupProbe(step llm.ProbeStep) { l.probe(step) }

// stopOnSignals returns a context that ends at the first Ctrl+C (SIGINT),
// SIGTERM or hangup (SIGHUP: the terminal closed, the SSH connection
// dropped), so the run winds down and writes its report. A second Ctrl+C
// or SIGTERM kills the process as usual; later hangups do not, as nobody
// sends them on purpose (a closing terminal may send more than one). A
// terminal that went away must not end the process either: writing to a
// closed pipe on stderr would raise SIGPIPE, which is ignored, so the
// journal lines meant for the terminal are lost instead of the report.
// SIGPIPE is ignored after the others are caught, so that a process seen
// to ignore it catches them already (TestEarlySignalsStopCleanly waits
// for that before it signals).
func stopOnSignals() (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	signal.Ignore(syscall.SIGPIPE)
	go func() {
		select {
		case <-sigs:
		case <-ctx.Done():
			return
		}
		signal.Reset(syscall.SIGINT, syscall.SIGTERM) // hangups stay caught
		cancel()
	}()
	return ctx, func() {
		signal.Stop(sigs)
		cancel()
	}
}
