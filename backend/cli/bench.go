package cli

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

	"github.com/scout-research/scout/backend/bench"
)

// defaultTaskTimeout is a time limit per task that a scripted run never
// nears.
const defaultTaskTimeout = 10 * time.Minute

func benchCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", "scout bench [flags]", stderr)
	tasksDir := fs.String("tasks", filepath.Join("testdata", "bench"), "folder of benchmark tasks")
	only := fs.String("only", "", "comma-separated task ids to run (default: all)")
	out := fs.String("out", "", "results folder (default: bench-results/<timestamp>)")
	live := fs.Bool("live", false, "use the model server from settings instead of the scripted policy")
	noMistakes := fs.Bool("no-mistakes", false, "offline: the oracle makes none of its scripted small-model mistakes, to show what they cost")
	styleList := fs.String("styles", "all", "offline: the policy styles that play every task, comma-separated ("+bench.StyleNames()+")")
	noCache := fs.Bool("no-cache-reuse", false, "also run every task rebuilding the prompt each turn, to measure the cache's benefit")
	baseline := fs.String("baseline", "", "an earlier summary.json to compare against")
	readRate := fs.Float64("read-rate", bench.DefaultReadRate, "prompt tokens per second read, for projected model time")
	writeRate := fs.Float64("write-rate", bench.DefaultWriteRate, "tokens per second written, for projected model time")
	timeout := fs.Duration("task-timeout", defaultTaskTimeout, "time limit per task")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return exitOK
	} else if err != nil || fs.NArg() > 0 || *readRate <= 0 || *writeRate <= 0 || *timeout <= 0 {
		if err == nil {
			fmt.Fprintln(stderr, "scout bench: unexpected arguments; see scout help")
		}
		return exitUsage
	}
	tasks, err := bench.LoadTasks(*tasksDir)
	if errors.Is(err, bench.ErrNoTasks) {
		fmt.Fprintf(stderr, "scout bench: %v: run it from the Scout source folder, or pass --tasks DIR\n", err)
		return exitUsage
	} else if err != nil {
		fmt.Fprintln(stderr, "scout bench:", err)
		return exitError
	}
	if tasks, err = pick(tasks, *only); err != nil {
		fmt.Fprintln(stderr, "scout bench:", err)
		return exitUsage
	}
	styles, err := bench.ParseStyles(*styleList)
	if err != nil {
		fmt.Fprintln(stderr, "scout bench:", err)
		return exitUsage
	}
	var base *bench.Summary
	if *baseline != "" {
		if base, err = bench.ReadSummary(*baseline); err != nil {
			fmt.Fprintln(stderr, "scout bench:", err)
			return exitUsage
		}
	}
	dir := *out
	if dir == "" {
		dir = filepath.Join("bench-results", time.Now().Format("2006-01-02-150405"))
	}
	if _, err := os.Stat(dir); err == nil {
		fmt.Fprintf(stderr, "scout bench: %s already exists: choose another --out folder\n", dir)
		return exitUsage
	}
	set, warning := loadSettings()
	if warning != "" && *live {
		fmt.Fprintln(stderr, "warning:", warning)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	mode := "offline"
	switch {
	case *live:
		mode = "live"
	case *noMistakes:
		mode = "offline, no scripted mistakes"
	}
	results, err := bench.Run(ctx, bench.Options{Tasks: tasks, OutDir: dir, Live: *live, Settings: set, NoCacheReuse: *noCache, NoMistakes: *noMistakes, Styles: styles,
		TaskTimeout: *timeout, ReadRate: *readRate, WriteRate: *writeRate,
		Progress: func(line string) { fmt.Fprintln(stderr, line) }})
	summary := bench.Summary{Mode: mode, ReadRate: *readRate, WriteRate: *writeRate, Results: results}
	md, werr := summary.Write(dir, base)
	fmt.Fprint(stdout, md)
	fmt.Fprintf(stdout, "\nResults: %s\n", filepath.Join(dir, "summary.md"))
	if err != nil || werr != nil {
		fmt.Fprintln(stderr, "scout bench:", errors.Join(err, werr))
		return exitError
	}
	return exitOK
}

func pick(tasks []bench.Task, only string) ([]bench.Task, error) {
	if only == "" {
		return tasks, nil
	}
	want := map[string]bool{}
	for _, id := range strings.Split(only, ",") {
		want[strings.TrimSpace(id)] = true
	}
	var out []bench.Task
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
