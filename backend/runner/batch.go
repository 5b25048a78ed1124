package runner

import (
	"context"
	"sync"

	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/netguard"
)

// Batch is several runs with up to Parallel of them at once: a model
// server with N slots answers N conversations at nearly the speed of one,
// so a queue of questions keeps it busy instead of asking one at a time.
// Each run has its own browser session (context) and run folder; runs
// whose Options name no browser share one started for the batch, so N
// runs at once start one browser, not N.
type Batch struct {
	Jobs []Options
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

// Ended is how one job of a batch ended. Started is false for a job the
// batch never started (it was stopped first): it has no folder.
type Ended struct {
	Started bool
	Outcome *Outcome
	Err     error
}

// Run runs the jobs, up to Parallel at once in the order given, and
// returns how each ended. Stopping ctx stops every run under way (each
// writes its report and can be resumed, as a single run does) and starts
// no other.
func (b Batch) Run(ctx context.Context, do func(context.Context, Options) (*Outcome, error)) []Ended {
	lanes := max(1, b.Parallel)
	out := make([]Ended, len(b.Jobs))
	next := make(chan int)
	browsers := &sharedBrowsers{}
	defer browsers.close()
	var wg sync.WaitGroup
	for lane := range lanes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = b.runOne(ctx, i, b.Jobs[i], lane, browsers, do)
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

// Job is one run of a fed batch (see Feed): N is its number as Started
// and Ended name it.
type Job struct {
	N       int
	Options Options
}

// Feed runs the jobs sent on jobs, up to Parallel at once, until jobs is
// closed: a queue the user adds to while it runs. Jobs is read only when a
// lane is free, so a job waiting to be sent can still be taken back.
// Stopping ctx stops every run under way; Jobs is then ignored.
func (b Batch) Feed(ctx context.Context, jobs <-chan Job, do func(context.Context, Options) (*Outcome, error)) {
	browsers := &sharedBrowsers{}
	defer browsers.close()
	var wg sync.WaitGroup
	for lane := range max(1, b.Parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				b.runOne(ctx, j.N, j.Options, lane, browsers, do)
			}
		}()
	}
	wg.Wait()
}

// runOne runs job i, with opts, in lane.
func (b Batch) runOne(ctx context.Context, i int, opts Options, lane int, browsers *sharedBrowsers, do func(context.Context, Options) (*Outcome, error)) Ended {
	if ctx.Err() != nil {
		return Ended{}
	}
	if b.KeepSlots {
		opts.Slot, opts.KeepSlot = lane, true
	}
	if b.Started != nil {
		b.Started(i)
	}
	var r Ended
	if opts.Browser == nil {
		br, err := browsers.get(opts)
		if err != nil {
			r = Ended{Started: true, Err: setupFailed(err)}
		}
		opts.Browser = br
	}
	if r.Err == nil {
		out, err := do(ctx, opts)
		r = Ended{Started: true, Outcome: out, Err: err}
	}
	if b.Ended != nil {
		b.Ended(i, r)
	}
	return r
}

// launchBrowser starts a browser; tests count the calls.
var launchBrowser = browser.Launch

// sharedBrowsers are the browsers a batch started, one for each program
// and way of showing (a window, or headless) its runs' settings ask for.
type sharedBrowsers struct {
	mu  sync.Mutex
	all map[browserKind]*browser.Browser
}

type browserKind struct {
	exe      string
	headless bool
}

// get returns the browser for a run's settings, starting it the first
// time it is asked for.
func (s *sharedBrowsers) get(opts Options) (*browser.Browser, error) {
	exe, err := browser.Find(opts.Settings.BrowserPath)
	if err != nil {
		return nil, err
	}
	kind := browserKind{exe: exe, headless: !opts.Settings.ShowBrowser}
	s.mu.Lock()
	defer s.mu.Unlock()
	if br := s.all[kind]; br != nil && !br.Closed() {
		return br, nil
	}
	// Each run's session has a guard of its own (NewSessionGuarded);
	// the browser's own refuses what it does not know.
	br, err := launchBrowser(browser.Options{Executable: exe, Headless: kind.headless, Guard: &netguard.Guard{}})
	if err != nil {
		return nil, err
	}
	if s.all == nil {
		s.all = map[browserKind]*browser.Browser{}
	}
	s.all[kind] = br
	return br, nil
}

func (s *sharedBrowsers) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, br := range s.all {
		_ = br.Close()
	}
}
