package bench

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/report"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/settings"
)

// The queue measure: the oracle plays several objectives of the frozen
// web against one fake llama-server with slots, first one run after
// another, then as many at once as the server has slots (the way scout
// batch and the app's queue run them), and the two are set side by side:
// wall time, each slot's prompt-cache reuse, and whether every run wrote
// the same report both ways.

// QueueOptions configure the queue measure.
type QueueOptions struct {
	Tasks []Task
	// Objectives is how many runs: the tasks in turn, a task's second
	// run asking its objective again with againSuffix added.
	Objectives int
	// Slots is the fake server's, and how many run at once.
	Slots int
	// ReadRate and WriteRate are the fake server's speed, per slot.
	ReadRate, WriteRate float64
	OutDir              string
	TaskTimeout         time.Duration
	Progress            func(string)
	// NoReadAhead runs without reading the results of a search ahead:
	// a results list waits at most a few seconds for the pages read ahead
	// (the agent's readAheadWait), so on a loaded machine a run may see
	// its results in another order and take another path.
	NoReadAhead bool
	// ServerChooses also runs them Slots at once with no run keeping a
	// slot (llama-server's own choice by prompt similarity), to show what
	// keeping slots saves.
	ServerChooses bool
}

// againSuffix makes a task's objective a new one for its second run, so
// each run has a policy of its own (llmtest.ByText).
const againSuffix = " (asked again)"

// QueueFigures are the queue measure's figures.
type QueueFigures struct {
	Sequential, Parallel QueuePass
	// Unkept is the parallel pass with the server choosing slots, when
	// asked for (QueueOptions.ServerChooses).
	Unkept *QueuePass
	// Ratio is the parallel wall time over the sequential.
	Ratio float64
	// Differences name the runs whose reports differ between the passes.
	Differences []string
}

// QueuePass is one way of running the objectives.
type QueuePass struct {
	Wall  time.Duration
	Slots []SlotUse
	// SlotsPerRun is the most slots any one run's calls went to: 1 when
	// every run kept its slot's cache.
	SlotsPerRun int
	Reports     map[string]string // by run name, the report as compared
	Unfinished  []string
	// RunWalls are the runs' wall times, in the objectives' order; their
	// sum over the slots is what the wall time of a pass at once cannot
	// beat, nor the longest of them.
	RunWalls []time.Duration
}

// Floor is the least wall time lanes at once could take for these runs:
// their sum spread evenly over the lanes, or the longest run.
func (p QueuePass) Floor(lanes int) time.Duration {
	var sum, longest time.Duration
	for _, w := range p.RunWalls {
		sum += w
		longest = max(longest, w)
	}
	return max(sum/time.Duration(max(1, lanes)), longest)
}

// SlotUse is what one slot of the fake answered.
type SlotUse struct {
	Calls, PromptTokens, CachedTokens int
}

// Reuse is the share of the slot's prompt tokens its cache held.
func (s SlotUse) Reuse() float64 {
	if s.PromptTokens == 0 {
		return 0
	}
	return float64(s.CachedTokens) / float64(s.PromptTokens)
}

// queueRun is one objective of the queue.
type queueRun struct {
	name, objective string
	task            Task
}

func queueRuns(tasks []Task, n int) []queueRun {
	var out []queueRun
	for i := range n {
		t := tasks[i%len(tasks)]
		r := queueRun{name: fmt.Sprintf("%02d-%s", i+1, t.ID), objective: t.Objective, task: t}
		for range i / len(tasks) {
			r.objective += againSuffix
		}
		out = append(out, r)
	}
	return out
}

// MeasureQueue runs the objectives one after another, then Slots at once,
// and compares the passes.
func MeasureQueue(ctx context.Context, opts QueueOptions) (QueueFigures, error) {
	web, err := frozenWeb(opts.Tasks)
	if err != nil {
		return QueueFigures{}, err
	}
	srv := httptest.NewServer(web)
	defer srv.Close()
	runs := queueRuns(opts.Tasks, opts.Objectives)
	var f QueueFigures
	if f.Sequential, err = queuePass(ctx, opts, runs, srv.URL, 1, true); err != nil {
		return f, err
	}
	if f.Parallel, err = queuePass(ctx, opts, runs, srv.URL, opts.Slots, true); err != nil {
		return f, err
	}
	if opts.ServerChooses {
		p, err := queuePass(ctx, opts, runs, srv.URL, opts.Slots, false)
		if err != nil {
			return f, err
		}
		f.Unkept = &p
	}
	f.Ratio = f.Parallel.Wall.Seconds() / f.Sequential.Wall.Seconds()
	for _, r := range runs {
		if f.Sequential.Reports[r.name] != f.Parallel.Reports[r.name] {
			f.Differences = append(f.Differences, r.name)
		}
	}
	return f, nil
}

// queuePass runs every objective, lanes at once (each lane keeping a slot
// when keep is set), against a fresh fake server and fresh policies, and
// reads what each slot answered.
func queuePass(ctx context.Context, opts QueueOptions, runs []queueRun, siteURL string, lanes int, keep bool) (QueuePass, error) {
	scripts := map[string]llmtest.Script{}
	for _, r := range runs {
		scripts[r.objective] = newPolicy(r.task, Oracle, false).Script()
	}
	fake := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, ContextLength: 8192, Slots: opts.Slots,
		ReadRate: opts.ReadRate, WriteRate: opts.WriteRate, Script: llmtest.ByText(scripts)})
	defer fake.Close()
	dir := filepath.Join(opts.OutDir, fmt.Sprintf("%d-at-once", lanes))
	if !keep {
		dir += "-server-chooses"
	}
	b := runner.Batch{Parallel: lanes, KeepSlots: keep}
	browsers := &runner.Browsers{} // one browser for the runs, as a batch of one setup has
	defer browsers.Close()
	for _, r := range runs {
		set := queueSettings(fake.BaseURL(), siteURL, r.task)
		set.ReadAhead = !opts.NoReadAhead
		setup, err := runner.Prepare(ctx, set, browsers)
		if err != nil {
			return QueuePass{}, err
		}
		b.Jobs = append(b.Jobs, runner.Job{Setup: setup, Options: runner.Options{Objective: r.objective,
			OutDir: filepath.Join(dir, r.name), ReadRate: DefaultReadRate}})
	}
	var mu sync.Mutex
	began := make([]time.Time, len(runs))
	walls := make([]time.Duration, len(runs))
	b.Started = func(i int) { mu.Lock(); began[i] = time.Now(); mu.Unlock() }
	b.Ended = func(i int, e runner.Ended) {
		mu.Lock()
		walls[i] = time.Since(began[i])
		mu.Unlock()
		if opts.Progress != nil && e.Outcome != nil {
			opts.Progress(fmt.Sprintf("%d at once: %s %s", lanes, runs[i].name, e.Outcome.Result.Status))
		}
	}
	tctx, cancel := context.WithTimeout(ctx, opts.TaskTimeout*time.Duration(len(runs)))
	defer cancel()
	start := time.Now()
	ended := b.Run(tctx, runner.RunJob)
	pass := QueuePass{Wall: time.Since(start), Slots: make([]SlotUse, opts.Slots), Reports: map[string]string{}, RunWalls: walls}
	for i, e := range ended {
		if e.Outcome == nil {
			return pass, fmt.Errorf("%s did not run: %v", runs[i].name, e.Err)
		}
		if e.Outcome.Result.Status != agent.StatusFinished {
			pass.Unfinished = append(pass.Unfinished, runs[i].name)
		}
		data, err := os.ReadFile(filepath.Join(e.Outcome.Dir, "report.md"))
		if err != nil {
			return pass, err
		}
		pass.Reports[runs[i].name] = comparable(string(data))
	}
	slotsOf := map[string]map[int]bool{}
	for _, c := range fake.Calls() {
		s := &pass.Slots[c.Slot]
		s.Calls++
		s.PromptTokens += c.PromptTokens
		s.CachedTokens += c.CachedTokens
		key := objectiveOf(c.Messages, scripts)
		if slotsOf[key] == nil {
			slotsOf[key] = map[int]bool{}
		}
		slotsOf[key][c.Slot] = true
	}
	for _, s := range slotsOf {
		pass.SlotsPerRun = max(pass.SlotsPerRun, len(s))
	}
	return pass, nil
}

// objectiveOf is the objective whose script a call's messages went to.
func objectiveOf(msgs []llmtest.Message, scripts map[string]llmtest.Script) string {
	best := ""
	for key := range scripts {
		for _, m := range msgs {
			if len(key) > len(best) && strings.Contains(m.Content, key) {
				best = key
			}
		}
	}
	return best
}

// queueSettings are a run's settings for task against the fake server,
// as the benchmark's own runs have them.
func queueSettings(serverURL, siteURL string, t Task) settings.Settings {
	set := settings.Defaults()
	set.ServerURL, set.Model, set.ContextLength = serverURL, "", 8192
	set.Search = settings.Search{Provider: settings.ProviderDuckDuckGo, DuckDuckGoURL: siteURL + fakeweb.SearchPath(t.ID)}
	set.ShowBrowser, set.MaxTurns, set.AllowLocalNetwork = false, t.TurnLimit, true
	if set.MaxTurns == 0 {
		set.MaxTurns = 30
	}
	return set
}

// reportFigures is the report's section of figures, which hold times.
var reportFigures = regexp.MustCompile(`(?s)\n## ` + report.HeadingPattern(report.SectionFigures) + `\n.*?(\n## |\z)`)

// comparable is a report without what differs between two runs of the
// same play: its figures of time.
func comparable(report string) string {
	return reportFigures.ReplaceAllString(report, "$1")
}
