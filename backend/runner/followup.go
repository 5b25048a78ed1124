package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/runs"
)

// FollowUp runs opts.Objective, a follow-up question, as a follow-up of
// the run in parent: it starts with that run's findings that answer the
// new checklist, and knows what it searched and read (agent.Earlier). The
// new run has a folder of its own (opts.OutDir, else a new one), whose
// journal, run.json and report name parent.
func FollowUp(ctx context.Context, parent string, opts Options) (*Outcome, error) {
	earlier, err := ReadEarlier(parent)
	if err != nil {
		return nil, setupFailed(err)
	}
	if opts.OutDir == "" {
		now := opts.Now
		if now == nil {
			now = time.Now
		}
		opts.OutDir = runs.DefaultDir(opts.Objective, now())
	}
	earlier.Run = relativeTo(opts.OutDir, parent)
	opts.Past, opts.earlier = nil, earlier
	return run(ctx, opts)
}

// ReadEarlier reads what a follow-up of the run in dir takes over: its
// journal's snapshot, with the text of the parts it was shown. Its Run is
// the folder as given.
func ReadEarlier(dir string) (*agent.Earlier, error) {
	events, err := runs.ReadJournal(dir)
	if err == nil {
		var past runs.Past
		if past, err = runs.Replay(events).Past(); err == nil {
			runs.ReadPages(dir, &past.Snapshot)
			return &agent.Earlier{Run: dir, Snapshot: past.Snapshot}, nil
		}
	}
	return nil, fmt.Errorf("cannot follow up %s: %w. Give the folder of an earlier run, the one its report.md is in", dir, err)
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
