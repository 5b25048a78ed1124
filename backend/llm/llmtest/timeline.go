package llmtest

import (
	"context"
	"io"
	"time"
)

// timeline is one request's time at the fake: real time, which it sleeps
// through, or with Options.Clock the clock's, which it moves along
// without sleeping, dating each streamed event (see Clock).
type timeline struct {
	clock     *Clock
	start, at time.Time
}

func (s *Handler) timeline() *timeline {
	if s.opts.Clock == nil {
		now := time.Now()
		return &timeline{start: now, at: now}
	}
	now := s.opts.Clock.Now()
	return &timeline{clock: s.opts.Clock, start: now, at: now}
}

// wait lets d pass, or less when the client goes; it reports whether the
// client is still there.
func (t *timeline) wait(ctx context.Context, d time.Duration) bool {
	if t.clock == nil {
		return sleep(ctx, d)
	}
	t.at = t.at.Add(max(d, 0))
	return ctx.Err() == nil
}

// elapsed is the request's time so far.
func (t *timeline) elapsed() time.Duration {
	if t.clock == nil {
		return time.Since(t.start)
	}
	return t.at.Sub(t.start)
}

// date writes the stamp of the event about to be sent, on a clock.
func (t *timeline) date(w io.Writer) {
	if t.clock != nil {
		_, _ = io.WriteString(w, stamp(t.at))
	}
}

// sleep waits d, or less when the client goes; it reports whether the
// client is still there.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
