package desktop

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
)

// History lists past runs, newest first.
func (s *Service) History() ([]runs.Entry, error) {
	entries, err := runs.List(runs.Root())
	s.mu.Lock()
	defer s.mu.Unlock()
	// The runs going on have no run.json yet (or a resumed run's old one):
	// show them as running, with their figures so far.
	for i, e := range entries {
		if a := s.runningAtLocked(e.Dir); a != nil {
			entries[i].Fill(a.fold.Glance())
		}
	}
	return entries, err
}

// runningAtLocked is the run going on in dir (the one followed, or one of
// the queue's), or nil, for a caller holding s.mu.
func (s *Service) runningAtLocked(dir string) *active {
	if a := s.goingLocked(); a != nil && a.view.Dir == dir {
		return a
	}
	for _, q := range s.q.items {
		if q.a != nil && q.a.view.Running && q.a.view.Dir == dir {
			return q.a
		}
	}
	return nil
}

// Open returns a past run as the research view shows it, from its journal;
// a journal damaged partway shows what could be read, and why the rest
// could not.
func (s *Service) Open(dir string) (RunView, error) {
	s.mu.Lock()
	if a := s.runningAtLocked(dir); a != nil {
		defer s.mu.Unlock()
		return a.shown(), nil
	}
	s.mu.Unlock()
	events, err := runs.ReadJournal(dir)
	if len(events) == 0 && err != nil {
		return RunView{}, err
	}
	fold := runs.Replay(events)
	fold.ContextFrom(dir)
	fold.ReportFrom(dir) // its checklist as its report says it
	view := pastView(dir, events, fold)
	if err != nil {
		view.Progress.Glance.Error = err.Error()
	}
	return view, nil
}

// pastView is the research view of a run that is not going, from its
// events and their fold.
func pastView(dir string, events []agent.Event, fold *runs.View) RunView {
	return RunView{Dir: dir, Started: fold.Started(),
		Progress: Progress{Rows: runs.Rows(events), Findings: fold.Findings(0), Glance: fold.Glance()}}
}

func (s *Service) isRunning(dir string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.runningAtLocked(dir) != nil
}

// Resume continues an interrupted run in dir in the background. Its
// journal is read once, here: the runner takes it over.
func (s *Service) Resume(ctx context.Context, dir string) (RunView, error) {
	// Check now what the runner would refuse in a moment (a journal damaged
	// partway included), so the window gets the reason instead of a run
	// that ends before it starts.
	if s.isRunning(dir) {
		return RunView{}, errors.New("this run is still going: it cannot be resumed until it ends")
	}
	events, err := runs.ReadJournal(dir)
	fold := runs.Replay(events)
	var past runs.Past
	if err == nil {
		past, err = fold.Past()
	}
	if err != nil {
		return RunView{}, fmt.Errorf("this run cannot be resumed: %w", err)
	}
	setup, err := s.prepare(ctx)
	if err != nil {
		return RunView{}, err
	}
	var rower runs.Rower
	view := RunView{Dir: dir, Started: time.Now(), PriorSeconds: past.Worked.Seconds(), Progress: Progress{Rows: rower.Rows(events)}}
	return s.launch(view, fold, rower, setup, runner.Options{OutDir: dir}, func(ctx context.Context, o runner.Options) (*runner.Outcome, error) {
		return setup.Resume(ctx, past, o)
	})
}

// Delete removes a past run. The run in progress cannot be deleted.
func (s *Service) Delete(dir string) error {
	if s.isRunning(dir) {
		return errors.New("this run is still going: stop it before deleting it")
	}
	return runs.Delete(runs.Root(), dir)
}
