package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/scout-research/scout/backend/settings"
)

// The benchmark's command line, run by cmd/bench (make bench) from the
// source folder: it is a development tool, not part of the app.

// Command is how the benchmark is run, for its usage and messages.
const Command = "go run ./backend/bench/cmd/bench"

// defaultTaskTimeout is a time limit per task that a scripted run never
// nears.
const defaultTaskTimeout = 10 * time.Minute

// Exit statuses, as the app's command line gives them.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// Main runs the benchmark with the command-line arguments args and returns
// the process exit status: the summary goes to stdout, progress and errors
// to stderr.
func Main(args []string, stdout, stderr io.Writer) int {
	f, code, ok := parseFlags(args, stderr)
	if !ok {
		return code
	}
	opts, base, code, err := f.options()
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return code
	}
	set, warning := loadSettings()
	if warning != "" && f.live {
		fmt.Fprintln(stderr, "warning:", warning)
	}
	opts.Settings = set
	opts.Progress = func(line string) { fmt.Fprintln(stderr, line) }
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	results, err := Run(ctx, opts)
	summary := Summary{Mode: f.mode(), ReadRate: f.readRate, WriteRate: f.writeRate, Results: results}
	md, werr := summary.Write(opts.OutDir, base)
	fmt.Fprint(stdout, md)
	fmt.Fprintf(stdout, "\nResults: %s\n", filepath.Join(opts.OutDir, "summary.md"))
	if err != nil || werr != nil {
		fmt.Fprintln(stderr, "bench:", errors.Join(err, werr))
		return exitError
	}
	return exitOK
}

// flags are the command line's flags.
type flags struct {
	tasks, only, out, styles, baseline     string
	live, noMistakes, noCache, noReadAhead bool
	readRate, writeRate                    float64
	timeout                                time.Duration
}

// parseFlags reads args; when ok is false the command ends with code
// (help asked for, or bad usage, already said on stderr).
func parseFlags(args []string, stderr io.Writer) (f flags, code int, ok bool) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: %s [flags]\n\nRuns the frozen-web benchmark (see the README).\n\nFlags:\n", Command)
		fs.PrintDefaults()
	}
	fs.StringVar(&f.tasks, "tasks", filepath.Join("testdata", "bench"), "folder of benchmark tasks")
	fs.StringVar(&f.only, "only", "", "comma-separated task ids to run (default: all)")
	fs.StringVar(&f.out, "out", "", "results folder (default: bench-results/<timestamp>)")
	fs.BoolVar(&f.live, "live", false, "use the model server from settings instead of the scripted policy")
	fs.BoolVar(&f.noMistakes, "no-mistakes", false, "offline: the oracle makes none of its scripted small-model mistakes, to show what they cost")
	fs.StringVar(&f.styles, "styles", "all", "offline: the policy styles that play every task, comma-separated ("+StyleNames()+")")
	fs.BoolVar(&f.noCache, "no-cache-reuse", false, "also run every task rebuilding the prompt each turn, to measure the cache's benefit")
	fs.BoolVar(&f.noReadAhead, "no-read-ahead", false, "run without reading the results of a search ahead, to measure what reading ahead saves")
	fs.StringVar(&f.baseline, "baseline", "", "an earlier summary.json to compare against")
	fs.Float64Var(&f.readRate, "read-rate", DefaultReadRate, "prompt tokens per second read, for projected model time")
	fs.Float64Var(&f.writeRate, "write-rate", DefaultWriteRate, "tokens per second written, for projected model time")
	fs.DurationVar(&f.timeout, "task-timeout", defaultTaskTimeout, "time limit per task")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return f, exitOK, false
	} else if err != nil || fs.NArg() > 0 || f.readRate <= 0 || f.writeRate <= 0 || f.timeout <= 0 {
		if err == nil {
			fmt.Fprintf(stderr, "bench: unexpected arguments; see %s --help\n", Command)
		}
		return f, exitUsage, false
	}
	return f, exitOK, true
}

// options turns the flags into a run's options and the baseline to
// compare with; an error comes with the exit code it means.
func (f flags) options() (Options, *Summary, int, error) {
	tasks, err := LoadTasks(f.tasks)
	if errors.Is(err, ErrNoTasks) {
		return Options{}, nil, exitUsage, fmt.Errorf("%w: run it from the Scout source folder, or pass --tasks DIR", err)
	} else if err != nil {
		return Options{}, nil, exitError, err
	}
	if tasks, err = pick(tasks, f.only); err != nil {
		return Options{}, nil, exitUsage, err
	}
	styles, err := ParseStyles(f.styles)
	if err != nil {
		return Options{}, nil, exitUsage, err
	}
	var base *Summary
	if f.baseline != "" {
		if base, err = ReadSummary(f.baseline); err != nil {
			return Options{}, nil, exitUsage, err
		}
	}
	dir := f.out
	if dir == "" {
		dir = filepath.Join("bench-results", time.Now().Format("2006-01-02-150405"))
	}
	if _, err := os.Stat(dir); err == nil {
		return Options{}, nil, exitUsage, fmt.Errorf("%s already exists: choose another --out folder", dir)
	}
	return Options{Tasks: tasks, OutDir: dir, Live: f.live, NoCacheReuse: f.noCache, NoMistakes: f.noMistakes, NoReadAhead: f.noReadAhead, Styles: styles,
		TaskTimeout: f.timeout, ReadRate: f.readRate, WriteRate: f.writeRate}, base, exitOK, nil
}

// mode names the run in the summary.
func (f flags) mode() string {
	switch {
	case f.live:
		return "live"
	case f.noMistakes:
		return "offline, no scripted mistakes"
	}
	return "offline"
}

// loadSettings reads the app's settings (for live mode's model server)
// without changing anything on disk.
func loadSettings() (settings.Settings, string) {
	store := settings.NewStore()
	store.ReadOnly = true
	loaded := store.Load()
	return loaded.Settings, loaded.Warning
}

func pick(tasks []Task, only string) ([]Task, error) {
	if only == "" {
		return tasks, nil
	}
	want := map[string]bool{}
	for _, id := range strings.Split(only, ",") {
		want[strings.TrimSpace(id)] = true
	}
	var out []Task
	for _, t := range tasks {
		if want[t.ID] {
			out = append(out, t)
			delete(want, t.ID)
		}
	}
	for id := range want {
		return nil, fmt.Errorf("no task %q", id)
	}
	return out, nil
}
