package bench

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/internal/testenv"
)

// The queue's measure: twelve objectives of the frozen web, four at once
// on a four-slot server, as the issue asks.
const (
	queueObjectives = 12
	queueSlots      = 4
)

func queueOptions(t testing.TB, read, write float64) QueueOptions {
	tasks, err := LoadTasks(filepath.Join("..", "..", "testdata", "bench"))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if d := os.Getenv("BENCH_KEEP"); d != "" {
		out = d
	}
	return QueueOptions{Tasks: tasks, Objectives: queueObjectives, Slots: queueSlots, ReadRate: read, WriteRate: write,
		OutDir: out, TaskTimeout: 5 * time.Minute}
}

// Runs side by side write the same reports as one after another: the
// queue changes when a run's calls are answered, not what it finds. And
// each run keeps the slot it started on, so its calls keep their cache.
// Results are not read ahead here: how many pages are read before a
// results list is shown depends on how busy the machine is (four runs'
// pages on two processors, and other jobs), and a list shown in another
// order can lead a run another way, as it once did the seed task here.
func TestQueueWritesTheSameReports(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	opts := queueOptions(t, 0, 0)
	opts.NoReadAhead = true
	// Two objectives a lane, so each lane takes queued work after its
	// first run; BenchmarkQueue plays all twelve.
	opts.Objectives = 2 * queueSlots
	f, err := MeasureQueue(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []QueuePass{f.Sequential, f.Parallel} {
		if len(p.Unfinished) > 0 {
			t.Errorf("runs that did not finish: %v", p.Unfinished)
		}
		if p.SlotsPerRun != 1 {
			t.Errorf("a run's calls went to %d slots, want 1", p.SlotsPerRun)
		}
	}
	for _, name := range f.Differences {
		t.Errorf("%s wrote another report four at once:\n--- one after another\n%s\n--- four at once\n%s", name, f.Sequential.Reports[name], f.Parallel.Reports[name])
	}
	if len(f.Sequential.Reports) != opts.Objectives {
		t.Errorf("%d reports, want %d", len(f.Sequential.Reports), opts.Objectives)
	}
}

// queueRateScale is the queue benchmark's slow speed, per slot: twenty
// times the CPU the benchmark projects (DefaultReadRate,
// DefaultWriteRate), so a run's model time is half a minute and outweighs
// the browser's work, as the model's minutes outweigh it on a real CPU.
// At fifty times, the four runs' browser work on a two-core machine is
// as long as their model calls, and the ratio measured 0.40; QUEUE_SCALE
// sets another.
const queueRateScale = 20

// BenchmarkQueue prints the queue's figures: twelve objectives one after
// another, then four at once on a four-slot server (each run keeping a
// slot), and with QUEUE_SERVER_CHOOSES=1 four at once with the server
// choosing slots; the wall times, their ratio (the target: at
// most 0.35), and each slot's prompt-cache reuse. Run it alone, once
// (about eleven minutes):
//
//	go test ./backend/bench -run '^$' -bench Queue -benchtime 1x -timeout 1h
func BenchmarkQueue(b *testing.B) {
	testenv.RequireBrowser(b)
	testenv.IsolateData(b)
	scale := float64(queueRateScale)
	if v := os.Getenv("QUEUE_SCALE"); v != "" {
		if _, err := fmt.Sscan(v, &scale); err != nil || scale <= 0 {
			b.Fatalf("QUEUE_SCALE=%q: want a positive number", v)
		}
	}
	opts := queueOptions(b, scale*DefaultReadRate, scale*DefaultWriteRate)
	if testing.Short() {
		// make test runs every benchmark once with -short, to see that it
		// still runs: as many objectives as slots, at full speed (a
		// minute, not eleven); its figures say nothing.
		opts = queueOptions(b, 0, 0)
		opts.Objectives = queueSlots
	}
	opts.ServerChooses = os.Getenv("QUEUE_SERVER_CHOOSES") == "1"
	opts.Progress = func(line string) { b.Log(line) }
	for range b.N {
		f, err := MeasureQueue(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		printQueue(os.Stdout, opts, f)
		b.ReportMetric(f.Ratio, "parallel/sequential")
	}
}

func printQueue(w io.Writer, opts QueueOptions, f QueueFigures) {
	fmt.Fprintf(w, "\nQueue: %d objectives, a %d-slot fake llama-server reading %.0f and writing %.0f tokens/s per slot\n",
		opts.Objectives, opts.Slots, opts.ReadRate, opts.WriteRate)
	row := func(name string, p QueuePass) {
		fmt.Fprintf(w, "%-34s %7.1f s  slots per run %d  unfinished %d  reuse by slot:", name, p.Wall.Seconds(), p.SlotsPerRun, len(p.Unfinished))
		for i, s := range p.Slots {
			fmt.Fprintf(w, "  %d: %d calls %.0f%%", i, s.Calls, 100*s.Reuse())
		}
		fmt.Fprintln(w)
	}
	row("one after another", f.Sequential)
	row(fmt.Sprintf("%d at once, each keeping a slot", opts.Slots), f.Parallel)
	if f.Unkept != nil {
		row(fmt.Sprintf("%d at once, the server choosing", opts.Slots), *f.Unkept)
		fmt.Fprintf(w, "Ratio, the server choosing: %.2f\n", f.Unkept.Wall.Seconds()/f.Sequential.Wall.Seconds())
	}
	fmt.Fprintf(w, "Runs one after another: %.1f s each on average; %d at once they could take no less than %.1f s (their own walls %d at once: %.1f s)\n",
		f.Sequential.Wall.Seconds()/float64(opts.Objectives), opts.Slots, f.Sequential.Floor(opts.Slots).Seconds(), opts.Slots, f.Parallel.Floor(opts.Slots).Seconds())
	fmt.Fprintf(w, "Ratio, each keeping a slot: %.2f (target at most 0.35); reports that differ: %d of %d\n", f.Ratio, len(f.Differences), opts.Objectives)
}
