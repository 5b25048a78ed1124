package runs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/report"
)

// View is a run as its journal tells it, folded one event at a time: the
// one reading of a journal that the history, the app's window, a resume
// and a report written mid-run share. Replay folds a whole journal; the
// app adds a running run's events as they come. The zero View is that of
// a run without events. A View is not safe for concurrent use.
type View struct {
	// snap holds the objective, checklist, findings and turns, the
	// figures summed as the agent sums them (snap.Before), and all else a
	// resume takes over.
	snap agent.Snapshot

	events  int
	started time.Time // the first start
	// ended and message: how the last stretch ended, and why; "" while
	// it has not (or its process was killed). ending is message as data,
	// nil for a journal from before it was kept.
	ended   agent.Status
	message string
	ending  *agent.Ending

	// The time worked: closed stretches, and the open one's start.
	worked        time.Duration
	stretch, last time.Time

	waiting    bool // the last event asks the user to act
	lastPrompt int  // prompt tokens of the last action call
	loaded     int  // the context the agent found the server to have
	writeRate  float64

	live    bool // a run going on in this process
	context int  // the context it was started with, in tokens

	// report is the result the run's last stretch ended with, as its
	// report has it; nil before it ends (or for a journal without one).
	report *agent.Result
}

// Replay folds a run's events, in journal order, into its view.
func Replay(events []agent.Event) *View {
	v := &View{}
	for _, ev := range events {
		v.Add(ev)
	}
	return v
}

// Add folds the next event of the run into the view.
func (v *View) Add(ev agent.Event) {
	v.events++
	v.snap.Add(ev)
	switch ev.Type {
	case agent.EvRunStarted:
		if v.started.IsZero() {
			v.started = ev.Time
		}
		v.ended, v.message, v.ending = "", "", nil // a resumed stretch has not ended yet
		v.report = nil
		v.closeStretch(v.last)
		v.stretch = ev.Time
	case agent.EvRunFinished:
		v.ended, v.message, v.ending = ev.Status, ev.Message, ev.Ending
		v.closeStretch(ev.Time)
	case agent.EvCheck:
		if ev.Kind == agent.CheckContext && ev.Count > 0 {
			v.loaded = ev.Count
		}
	case agent.EvModelCall:
		v.addCall(ev)
	}
	v.last = ev.Time
	v.waiting = ev.Type == agent.EvNotice && ev.Kind == agent.NoticeWaiting
}

// closeStretch ends the open stretch, if any, at end: a stretch whose
// process was killed ends at its last event, where the next one starts.
func (v *View) closeStretch(end time.Time) {
	if !v.stretch.IsZero() {
		v.worked += end.Sub(v.stretch)
		v.stretch = time.Time{}
	}
}

// addCall keeps what the window shows of the latest model calls.
func (v *View) addCall(ev agent.Event) {
	if ev.Usage == nil {
		return
	}
	// A call that failed read nothing: the context in use is still the
	// last answered prompt's, not none.
	if ev.Kind == agent.KindAction && ev.Usage.PromptTokens > 0 {
		v.lastPrompt = ev.Usage.PromptTokens
	}
	if ev.Usage.WriteRate > 0 {
		v.writeRate = ev.Usage.WriteRate
	}
}

// Live marks the view as that of a run going on in this process, started
// with a context of contextLength tokens on objective (which its journal
// says too, once the run is under way).
func (v *View) Live(objective string, contextLength int) {
	v.live, v.context = true, contextLength
	if v.snap.Objective == "" {
		v.snap.Objective = objective
	}
}

// ContextFrom takes the context length a past run was started with from
// its run.json in dir, when the journal does not say (only a context
// smaller than assumed is journalled): without it, a run opened from the
// history would show its context used as 0%. A run without a readable
// run.json (its process was killed) keeps 0.
func (v *View) ContextFrom(dir string) {
	if v.context > 0 {
		return
	}
	data, err := os.ReadFile(filepath.Join(dir, "run.json"))
	var s Summary
	if err == nil && json.Unmarshal(data, &s) == nil {
		v.context = s.Settings.ContextLength
	}
}

// Reported takes the result the run ended with, as its report has it:
// what the checklist then shows, with what keeping the report's promise
// mended. A resumed stretch's first event drops it.
func (v *View) Reported(res *agent.Result) {
	if res != nil {
		copied := *res
		v.report = &copied
	}
}

// ReportFrom takes the result of a past run's report from its run folder
// dir (report.json), when there is one.
func (v *View) ReportFrom(dir string) {
	if res, _, err := report.Load(dir); err == nil {
		v.report = res
	}
}

// End marks the run going on as ended with status, for the reason in
// message: what its outcome says, which a run that failed before (or
// while) it could write its journal says there too late or never. The
// journal's ending stays when message is the journal's own.
func (v *View) End(status agent.Status, message string) {
	if message != v.message {
		v.ending = nil
	}
	v.live, v.ended, v.message = false, status, message
}

// Finished says whether the last stretch has ended: its run_finished
// event is in, though its report may not be written yet.
func (v *View) Finished() bool { return v.ended != "" }

// Started is when the run first started.
func (v *View) Started() time.Time { return v.started }

// Active is the time the run worked over its stretches, each from its
// run_started event to its run_finished (or to its last event, for a
// stretch whose process was killed): the time a stopped run waited
// before it was resumed does not count.
func (v *View) Active() time.Duration {
	if v.stretch.IsZero() {
		return v.worked
	}
	return v.worked + v.last.Sub(v.stretch)
}

// Findings returns the findings from the from-th on (0: all), as a copy.
func (v *View) Findings(from int) []agent.Finding {
	if from >= len(v.snap.Findings) {
		return []agent.Finding{}
	}
	return slices.Clone(v.snap.Findings[from:])
}

// status is how the run stands: running while it goes on here, else how
// its last stretch ended; a journal that never said is one whose process
// was killed.
func (v *View) status() agent.Status {
	switch {
	case v.live:
		return agent.StatusRunning
	case v.ended != "":
		return v.ended
	case v.events > 0:
		return agent.StatusInterrupted
	}
	return ""
}

// Result is the run's result so far, for a report written before (or
// without) the agent's own: findings, checklist, turns and figures, but
// no written answer; what is not found yet is named, as the report's
// promise asks (agent.Settle).
func (v *View) Result() *agent.Result {
	res := v.snap.Before
	res.Calls = make(map[string]int, len(v.snap.Before.Calls))
	for kind, n := range v.snap.Before.Calls {
		res.Calls[kind] = n
	}
	res.Objective, res.Status, res.Error, res.Ending, res.Turns = v.snap.Objective, v.status(), v.message, v.ending, v.snap.Turn
	res.Checklist, res.Findings = slices.Clone(v.snap.Checklist), v.Findings(0)
	agent.Settle(&res)
	return &res
}

// Past is what a resumed run takes over from its journal.
type Past struct {
	Snapshot agent.Snapshot
	Started  time.Time     // the first start
	Worked   time.Duration // the time worked before (Active)
}

// Past returns what a resume of the run takes over, or an error wrapping
// agent.ErrNothingToResume when the journal holds no run.
func (v *View) Past() (Past, error) {
	snap, err := v.snap.Resumable()
	if err != nil {
		return Past{}, err
	}
	return Past{Snapshot: snap, Started: v.started, Worked: v.Active()}, nil
}
