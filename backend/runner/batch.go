package runner

import (
	"context"
	"sync"
)

// Batch is several runs with up to Parallel of them at once: a model
// server with N slots answers N conversations at nearly the speed of one,
// so a queue of questions keeps it busy instead of asking one at a time.
// Each run has its own browser session (context) and run folder in the
// browser of its setup: runs of one Setup, or of setups that share
// Browsers, start one browser, not N.
type Batch struct {
	Jobs []Job
	// Parallel is how many run at once; 0 means 1.
	Parallel int
	// KeepSlots sends the calls of the runs of each of the Parallel
	// lanes to a llama-server slot of their own (lane i to slot i, see
	// llm.Client.KeepSlot), so each run keeps its slot's prompt cache
	// between its calls. Set it only when the server has at least
	// Parallel slots.
	KeepSlots bool
	// Started, when set, hears that job i starts (from any goroutine).
	Started func(i int)
	// Ended, when set, hears how job i ended (from any goroutine).
	Ended func(i int, r Ended)
}

// Job is one run of a batch: its options, run from its setup. N is its
// number as Started and Ended name it in a fed batch (see Feed); Run
// numbers its Jobs by their place.
type Job struct {
	N       int
	Setup   *Setup
	Options Options
}

// Ended is how one job of a batch ended. Started is false for a job the
// batch never started (it was stopped first): it has no folder.
type Ended struct {
	Started bool
	Outcome *Outcome
	Err     error
}

// RunJob runs j.Options from j.Setup: what a batch does with a job unless
// told otherwise.
func RunJob(ctx context.Context, j Job) (*Outcome, error) { return j.Setup.Run(ctx, j.Options) }

// Run runs the jobs with do (RunJob, or a caller's way of running one), up
// to Parallel at once in the order given, and returns how each ended.
// Stopping ctx stops every run under way (each writes its report and can
// be resumed, as a single run does) and starts no other.
func (b Batch) Run(ctx context.Context, do func(context.Context, Job) (*Outcome, error)) []Ended {
	out := make([]Ended, len(b.Jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for lane := range max(1, b.Parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := b.Jobs[i]
				j.N = i
				out[i] = b.runOne(ctx, j, lane, do)
			}
		}()
	}
	for i := range b.Jobs {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- i:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	return out
}

// Feed runs the jobs sent on jobs with do, up to Parallel at once, until
// jobs is closed: a queue the user adds to while it runs. Jobs is read
// only when a lane is free, so a job waiting to be sent can still be taken
// back. Stopping ctx stops every run under way; Jobs is then ignored.
func (b Batch) Feed(ctx context.Context, jobs <-chan Job, do func(context.Context, Job) (*Outcome, error)) {
	var wg sync.WaitGroup
	for lane := range max(1, b.Parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				b.runOne(ctx, j, lane, do)
			}
		}()
	}
	wg.Wait()
}

// runOne runs job j in lane.
func (b Batch) runOne(ctx context.Context, j Job, lane int, do func(context.Context, Job) (*Outcome, error)) Ended {
	if ctx.Err() != nil {
		return Ended{}
	}
	if b.KeepSlots {
		j.Options.Slot, j.Options.KeepSlot = lane, true
	}
	if b.Started != nil {
		b.Started(j.N)
	}
	out, err := do(ctx, j)
	r := Ended{Started: true, Outcome: out, Err: err}
	if b.Ended != nil {
		b.Ended(j.N, r)
	}
	return r
}
