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
	a := s.goingLocked()
	if a == nil {
		return entries, err
	}
	// The run going on has no run.json yet (or a resumed run's old one):
	// show it as running, with its figures so far.
	for i, e := range entries {
		if e.Dir == a.view.Dir {
			entries[i].Fill(a.fold.Glance())
		}
	}
	return entries, err
}

// Open returns a past run as the research view shows it, from its journal;
// a journal damaged partway shows what could be read, and why the rest
// could not.
func (s *Service) Open(dir string) (RunView, error) {
	if s.isRunning(dir) {
		return s.Current(), nil
	}
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
	a := s.goingLocked()
	return a != nil && a.view.Dir == dir
}

// Resume continues an interrupted run in dir in the background. Its
// journal is read once, here: the runner takes it over.
func (s *Service) Resume(ctx context.Context, dir string) (RunView, error) {
	// Check now what the runner would refuse in a moment (a journal damaged
	// partway included), so the window gets the reason instead of a run
	// that ends before it starts.
	events, err := runs.ReadJournal(dir)
	fold := runs.Replay(events)
	var past runs.Past
	if err == nil {
		past, err = fold.Past()
	}
	if err != nil {
		return RunView{}, fmt.Errorf("this run cannot be resumed: %w", err)
	}
	set, info, br, err := s.prepare(ctx)
	if err != nil {
		return RunView{}, err
	}
	var rower runs.Rower
	view := RunView{Dir: dir, Started: time.Now(), PriorSeconds: past.Worked.Seconds(), Progress: Progress{Rows: rower.Rows(events)}}
	return s.launch(view, fold, rower, set, info, runner.Options{Settings: set, OutDir: dir, Browser: br, Server: &info, Past: &past}, runner.Resume)
}

// Delete removes a past run. The run in progress cannot be deleted.
func (s *Service) Delete(dir string) error {
	if s.isRunning(dir) {
		return errors.New("this run is still going: stop it before deleting it")
	}
	return runs.Delete(runs.Root(), dir)
}
