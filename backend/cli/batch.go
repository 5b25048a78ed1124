package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/plain"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
)

// tableObjectiveWidth is how much of an objective the closing table
// shows: enough to tell the objectives of a file apart on one line.
const tableObjectiveWidth = 48

// batch runs the objectives of a file, several at once.
func batch(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("batch", "scout batch [flags] FILE", stderr)
	var f runFlags
	f.register(fs)
	fs.Lookup("out").Usage = "the folder the runs' folders are made in (default: $XDG_DATA_HOME/scout/runs)"
	parallel := fs.Int("parallel", 0, "runs at once (default: the model server's slots, else 1)")
	pos, err := parseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case err != nil:
		return exitUsage
	case len(pos) != 1 || *parallel < 0:
		fmt.Fprint(stderr, "scout batch: give a file of objectives, one a line, for example:\n  scout batch questions.txt --parallel 4\n")
		return exitUsage
	}
	objectives, err := readObjectives(pos[0])
	if err != nil {
		fmt.Fprintln(stderr, "scout batch:", err)
		return exitUsage
	}
	loaded, warning := loadSettings()
	if warning != "" {
		fmt.Fprintln(stderr, "warning:", warning)
	}
	set, _ := withKey(f.apply(loaded).Normalized(), loaded.ServerURL, f.llmKey, stderr)
	if errs := set.Validate(); len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintf(stderr, "scout batch: %s\n", e.Message)
		}
		return exitUsage
	}
	ctx, stop := stopOnSignals()
	defer stop()
	stderr = &lockedWriter{w: stderr} // the runs write to it side by side
	setup, err := runner.Prepare(ctx, set, nil)
	if err != nil {
		fmt.Fprintln(stderr, "scout batch:", err)
		return exitError
	}
	defer setup.Close()
	slots := setup.Slots(ctx)
	lanes := *parallel
	if lanes == 0 {
		lanes = max(1, slots)
	}
	fmt.Fprintln(stderr, lanesLine(len(objectives), lanes, slots))
	for _, note := range setup.MeasureDue(ctx, newSetupLines(stderr)) {
		fmt.Fprintln(stderr, plain.Line(note.Text))
	}
	b := runner.Batch{Parallel: lanes, KeepSlots: slots >= lanes}
	started := time.Now()
	for i, o := range objectives {
		b.Jobs = append(b.Jobs, runner.Job{Setup: setup, Options: runner.Options{Objective: o,
			OutDir: runs.QueuedDir(f.out, o, i+1, started), Sinks: []agent.Sink{tagged{w: stderr, tag: fmt.Sprintf("[%d] ", i+1)}}}})
	}
	ended := b.Run(ctx, runner.RunJob)
	printTable(stdout, objectives, ended)
	return batchExit(stdout, objectives, ended)
}

// readObjectives reads a file of objectives, one a line; blank lines and
// lines starting with # are skipped. "-" reads standard input.
func readObjectives(path string) ([]string, error) {
	var r io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("cannot read the objectives: %w", err)
		}
		defer f.Close()
		r = f
	}
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("cannot read the objectives in %s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s holds no objective: write one a line (lines starting with # are skipped)", path)
	}
	return out, nil
}

// lanesLine says how many runs go at once, and why that many.
func lanesLine(objectives, lanes, slots int) string {
	line := fmt.Sprintf("Researching %d objectives, %d at once", objectives, lanes)
	switch {
	case slots == 0:
		return line + " (the model server does not say how many it answers at once)."
	case lanes > slots:
		return line + fmt.Sprintf(": the model server answers %d at once, so the others wait their turn.", slots)
	}
	return line + fmt.Sprintf(" (the model server answers %d at once).", slots)
}

// printTable ends a batch: each objective's status, findings, model time
// and report.
func printTable(w io.Writer, objectives []string, ended []runner.Ended) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tObjective\tStatus\tFindings\tModel min\tReport")
	for i, o := range objectives {
		status, findings, minutes, report := row(ended[i])
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", i+1, plain.Line(shorten(o, tableObjectiveWidth)), status, findings, minutes, report)
	}
	tw.Flush()
}

// row is a batch table's columns for one run.
func row(e runner.Ended) (status, findings, minutes, report string) {
	switch {
	case !e.Started:
		return "not started", "-", "-", "-"
	case e.Outcome == nil:
		return "could not start", "-", "-", "-"
	}
	res := e.Outcome.Result
	report = e.Outcome.Report
	if report == "" {
		report = "not written: " + e.Outcome.Dir
	}
	return res.Status.Words(), fmt.Sprint(len(res.Findings)), fmt.Sprintf("%.1f", res.ModelTime.Minutes()), report
}

func shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// batchExit says what is left to do, and returns the exit status: 1 when
// a run could not start, else 3 when one did not finish (or was not
// started), else 0.
func batchExit(w io.Writer, objectives []string, ended []runner.Ended) int {
	failed, incomplete := false, false
	var notStarted []string
	for i, e := range ended {
		switch {
		case !e.Started:
			notStarted = append(notStarted, objectives[i])
		case e.Outcome == nil:
			fmt.Fprintf(w, "Run %d could not start: %v\n", i+1, e.Err)
			failed = true
		case e.Outcome.Result.Status.Resumable():
			fmt.Fprintf(w, "Run %d can go on: scout resume %s\n", i+1, e.Outcome.Dir)
			incomplete = true
		case e.Outcome.Result.Status != agent.StatusFinished || e.Outcome.Result.Error != "" || e.Err != nil:
			incomplete = true
		}
	}
	if len(notStarted) > 0 {
		fmt.Fprintf(w, "Not started (%d), to run in another batch:\n", len(notStarted))
		for _, o := range notStarted {
			fmt.Fprintln(w, "  "+plain.Line(o))
		}
	}
	switch {
	case failed:
		return exitError
	case incomplete || len(notStarted) > 0:
		return exitIncomplete
	}
	return exitOK
}

// tagged shows one run of a batch in the terminal as printer does, each
// line tagged with the run's number.
type tagged struct {
	w   io.Writer
	tag string
}

func (t tagged) Emit(ev agent.Event) {
	if ev.Type == agent.EvModelCall && ev.Message == "" {
		return
	}
	fmt.Fprintln(t.w, t.tag+plain.Line(runs.Line(ev)))
}

// lockedWriter lets the runs of a batch write lines to one terminal.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
