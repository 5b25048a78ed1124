package desktop

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
)

// FollowUp asks question as a follow-up of the past run in parent, in the
// background: a new run, in a folder of its own, that starts from the
// parent's findings (runner.FollowUp). Its events arrive as a started
// run's do.
func (s *Service) FollowUp(ctx context.Context, parent, question string) (RunView, error) {
	question = strings.TrimSpace(question)
	if question == "" {
		return RunView{}, errors.New("type the follow-up question first")
	}
	if s.isRunning(parent) {
		return RunView{}, errors.New("this run is still going: ask a follow-up once it has ended")
	}
	// Read what the follow-up takes over first, so the window gets the
	// reason instead of a run that ends before it starts.
	earlier, err := runner.ReadEarlier(parent)
	if err != nil {
		return RunView{}, fmt.Errorf("no follow-up can be asked on this run: %w", err)
	}
	setup, err := s.prepare(ctx)
	if err != nil {
		return RunView{}, err
	}
	started := time.Now()
	view := RunView{Dir: runs.DefaultDir(question, started), Started: started}
	opts := runner.Options{Objective: question, OutDir: view.Dir}
	return s.launch(view, &runs.View{}, runs.Rower{}, setup, opts, func(ctx context.Context, o runner.Options) (*runner.Outcome, error) {
		return setup.FollowUp(ctx, earlier, o)
	})
}
