package llm

import (
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/tokens"
)

// Notices while waiting. A hung server is only given up on once the
// watchdog's allowance has passed, which for a long prompt on a slow
// machine is many minutes; meanwhile the user is told what Scout waits for
// and that they may stop.
const (
	// waitNotice is how long the server may stay silent before the user is
	// told: longer than a short prompt takes to read on a CPU, short enough
	// that a hung server does not leave an idle run unexplained for long.
	waitNotice = 2 * time.Minute
	// waitNoticeEvery repeats the notice while the silence lasts, so the
	// journal shows the wait growing without a row every few seconds.
	waitNoticeEvery = 5 * time.Minute
	// readSlack: before its first token, a call whose prompt should take
	// longer than waitNotice to read at the measured speed is not called
	// silent until this many times that reading time has passed; the
	// progress row shows the read meanwhile, and says when it runs slow.
	readSlack = 1.5
)

// noticeTimes are when the waiting notices come; tests shorten them.
type noticeTimes struct{ after, every time.Duration }

var defaultNotice = noticeTimes{after: waitNotice, every: waitNoticeEvery}

// watch is one reply's watchdog. It cancels the request when the server
// is silent longer than allowed (first the prompt's allowance, then the
// gap between tokens), and remembers when it last heard from the server
// and when it would give up, for the notices. Its times are read from the
// caller's goroutine while the reply is read on another.
type watch struct {
	dog      *time.Timer
	gap      time.Duration
	heard    atomic.Int64 // unix nanoseconds of the start, then of the latest token
	deadline atomic.Int64 // unix nanoseconds when the watchdog gives up
	wrote    atomic.Bool  // the server has written a token
	// What is waited for, for the notices.
	promptChars int
	loading     bool
	// What the call is expected to cost and how far it has got, for the
	// waits (see progress.go).
	start    time.Time
	now      func() time.Time // the client's clock, which start and the figures are on
	plan     callPlan
	figures  progressFigures
	lastDone float64 // the share done last told; the caller's goroutine only
}

// newWatch starts a watchdog that calls stop after first without a token;
// the call is timed by clock.
func newWatch(clock func() time.Time, first, gap time.Duration, stop func()) *watch {
	now := time.Now()
	w := &watch{gap: gap, start: clock(), now: clock}
	w.heard.Store(now.UnixNano())
	w.deadline.Store(now.Add(first).UnixNano())
	w.dog = time.AfterFunc(first, stop)
	return w
}

// progress notes a written token: the server is alive.
func (w *watch) progress() {
	w.figures.wrote(w.now())
	now := time.Now()
	w.dog.Reset(w.gap)
	w.heard.Store(now.UnixNano())
	w.deadline.Store(now.Add(w.gap).UnixNano())
	w.wrote.Store(true)
}

func (w *watch) stop() { w.dog.Stop() }

// silenceAllowed is how long the server may be silent before the user is
// told: after, or before the first token, the time the prompt should take
// to read at the measured speed, with slack.
func (w *watch) silenceAllowed(after time.Duration) time.Duration {
	if w.wrote.Load() {
		return after
	}
	reading := w.plan.rates.Reading(w.plan.newTokens)
	return max(after, time.Duration(readSlack*float64(reading)))
}

// quiet is how long the server has been silent.
func (w *watch) quiet() time.Duration { return time.Since(time.Unix(0, w.heard.Load())) }

// note says what Scout has waited for, how long, and what the user can
// do, in English and as the window's message.
func (w *watch) note(quiet time.Duration) (string, *phrase.Said) {
	left := time.Until(time.Unix(0, w.deadline.Load()))
	return waitNote(w.wrote.Load(), w.loading, quiet, left, (&tokens.Estimator{}).CountChars(w.promptChars))
}

// waitStop is what the user can do about a wait.
const waitStop = "Stop (Ctrl+C in a terminal) ends the run now, with a report of what was found so far."

// waitNote is a note for a server silent for quiet, given up on in left:
// in the middle of a reply (wrote), or before it, reading a prompt of
// about tokens (and loading the model first).
func waitNote(wrote, loading bool, quiet, left time.Duration, tokens int) (string, *phrase.Said) {
	if wrote {
		return fmt.Sprintf("Waiting for the model server: nothing new from it for %s in the middle of a reply; Scout gives up on it in %s. %s", minutes(quiet), minutes(left), waitStop),
			phrase.Of("wait.note.quiet", "quiet", minutesSaid(quiet), "left", minutesSaid(left))
	}
	doing, doingKey := "reading the prompt", "wait.note.reading"
	if loading {
		doing, doingKey = "loading the model and reading the prompt", "wait.note.loading"
	}
	return fmt.Sprintf("Waiting for the model server: no reply for %s. It may still be %s (about %d tokens), which takes minutes on a slow computer; Scout gives up on it in %s. %s", minutes(quiet), doing, tokens, minutes(left), waitStop),
		phrase.Of("wait.note.silent", "quiet", minutesSaid(quiet), "doing", phrase.Of(doingKey), "tokens", strconv.Itoa(tokens), "left", minutesSaid(left))
}

// await waits for the reply. It tells how the call goes through notify
// (a NoticeProgress) every waitEvery (Complete tells its start), and, while the
// server stays silent, what Scout waits for. Both come from the caller's
// goroutine, as the agent's events must; the reading goroutine ends soon
// after the call's context is cancelled, so Stop ends the wait promptly.
func (c *Client) await(done <-chan outcome, w *watch, notify port.Notify) outcome {
	t := time.NewTimer(c.notice.after)
	defer t.Stop()
	tick := time.NewTicker(waitEvery)
	defer tick.Stop()
	for {
		select {
		case out := <-done:
			return out
		case <-tick.C:
			w.tell(notify, w.now())
		case <-t.C:
			quiet, allowed := w.quiet(), w.silenceAllowed(c.notice.after)
			if quiet < allowed { // the server spoke since, or is still reading
				t.Reset(allowed - quiet)
				continue
			}
			text, said := w.note(quiet)
			notify.Say(port.Notice{Text: text, Say: said})
			t.Reset(c.notice.every)
		}
	}
}

// minutes writes a wait in whole minutes, as the user reads it.
// minutesSaid is minutes as the window's message.
func minutesSaid(d time.Duration) *phrase.Said {
	if d < time.Minute {
		return phrase.Of("wait.underAMinute")
	}
	return phrase.Of("wait.minutes", "n", int(d.Round(time.Minute)/time.Minute))
}

func minutes(d time.Duration) string {
	if d < time.Minute {
		return "under a minute"
	}
	n := int(d.Round(time.Minute) / time.Minute)
	if n == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", n)
}
