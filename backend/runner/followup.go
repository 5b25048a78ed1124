package runner

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/runs"
)

// FollowUp runs opts.Objective, a follow-up question, as a follow-up of
// the run earlier was read from (ReadEarlier): it starts with that run's
// findings that answer the new checklist, and knows what it searched and
// read. The new run has a folder of its own (opts.OutDir, else a new one),
// whose journal, run.json and report name the earlier run.
func (s *Setup) FollowUp(ctx context.Context, earlier *agent.Earlier, opts Options) (*Outcome, error) {
	if opts.OutDir == "" {
		opts.OutDir = runs.DefaultDir(opts.Objective, nowFunc(opts.Now)())
	}
	e := *earlier
	e.Run = relativeTo(opts.OutDir, earlier.Run)
	return s.run(ctx, opts, nil, &e)
}

// ReadEarlier reads what a follow-up of the run in dir takes over: its
// journal's snapshot, with the text of the parts it was shown. Its Run is
// the folder as given. A folder that holds no run is an ErrSetup that
// says so.
func ReadEarlier(dir string) (*agent.Earlier, error) {
	events, err := runs.ReadJournal(dir)
	if err == nil {
		var past runs.Past
		if past, err = runs.Replay(events).Past(); err == nil {
			runs.ReadPages(dir, &past.Snapshot)
			return &agent.Earlier{Run: dir, Snapshot: past.Snapshot}, nil
		}
	}
	return nil, setupFailed(fmt.Errorf("cannot follow up %s: %w. Give the folder of an earlier run, the one its report.md is in", dir, err))
}

// relativeTo is the folder parent as seen from dir: relative when both are
// under one root (run folders side by side), else absolute.
func relativeTo(dir, parent string) string {
	absDir, err1 := filepath.Abs(dir)
	absParent, err2 := filepath.Abs(parent)
	if err1 != nil || err2 != nil {
		return parent
	}
	if rel, err := filepath.Rel(absDir, absParent); err == nil {
		return rel
	}
	return absParent
}
