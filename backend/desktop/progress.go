package desktop

import (
	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/speed"
)

// What the setup does before the run's first event, as the stage shown.
const (
	stagePreparing = "Preparing the run"
	stageMeasuring = "Measuring the model"
)

// CallUpdate is the data of EventRunCall. N grows with every update,
// across runs: the window may receive updates out of order (Wails' dev
// server sends each on a goroutine of its own), and keeps the one with the
// highest N.
type CallUpdate struct {
	N    int64               `json:"n"`
	Call *agent.CallProgress `json:"call"`
	Say  *CallSaid           `json:"say,omitempty"`
}

// CallSaid is a call's step and the time left for it (Stage and StageLeft)
// as messages of the window's, for it to say in its language; a nil one is
// shown as Go wrote it. (The wait's own words carry theirs: Wait.Say.)
type CallSaid struct {
	Stage *phrase.Said `json:"stage,omitempty"`
	Left  *phrase.Said `json:"left,omitempty"`
}

// callSaid is p's stage and time left as the window's messages: the
// setup's stages by name, the agent's by the call's kind and turn.
func callSaid(p *agent.CallProgress) *CallSaid {
	if p == nil {
		return nil
	}
	out := &CallSaid{}
	switch {
	case p.Stage == stagePreparing:
		out.Stage = phrase.Of("stage.preparing")
	case p.Stage == stageMeasuring:
		out.Stage = phrase.Of("stage.measuring")
	case p.Kind == agent.KindAction:
		out.Stage = phrase.Of("stage.action", "turn", p.Turn)
	case p.Kind == agent.KindChecklist || p.Kind == agent.KindCoverage || p.Kind == agent.KindWriter:
		out.Stage = phrase.Of("stage." + p.Kind)
	}
	switch {
	case p.StageLeft == "":
	case p.Wait.Left <= 0:
		out.Left = phrase.Of("stage.almostDone")
	default:
		out.Left = phrase.Of("stage.left", "about", speed.AboutSaid(p.Wait.Left))
	}
	return out
}

var _ runner.SetupWatcher = (*watcher)(nil)

// watcher shows the window the model call in progress: every progress the
// run tells goes out at once as EventRunCall (a call tells it about
// once a second) and is kept in the run's view for a window that reloads.
// A call's end, or the run's start after the setup, clears it.
type watcher struct {
	s *Service
	a *active
}

// Watch implements agent.Watcher.
func (w *watcher) Watch(p agent.CallProgress) { w.show(&p) }

// Emit implements agent.Sink: the events that end what is shown.
func (w *watcher) Emit(ev agent.Event) {
	if ev.Type == agent.EvModelCall || ev.Type == agent.EvRunStarted {
		w.show(nil)
	}
}

// SetupStatus implements runner.SetupWatcher: it shows what the setup is
// doing.
func (w *watcher) SetupStatus(text string, said *phrase.Said) {
	w.show(&agent.CallProgress{Stage: stagePreparing, Wait: chat.Wait{Text: text, Say: said, Done: -1}})
}

// SetupProbe implements runner.SetupWatcher: it shows how the model probe
// before the run goes.
func (w *watcher) SetupProbe(step llm.ProbeStep) {
	w.show(&agent.CallProgress{Stage: stageMeasuring, Wait: step.Wait})
}

func (w *watcher) show(p *agent.CallProgress) {
	w.s.mu.Lock()
	if p == nil && w.a.view.Call == nil {
		w.s.mu.Unlock()
		return
	}
	w.s.callN++
	up := CallUpdate{N: w.s.callN, Call: p, Say: callSaid(p)}
	w.a.view.Call, w.a.view.CallSay, w.a.view.CallN = p, up.Say, up.N
	shown := w.s.cur == w.a
	w.s.mu.Unlock()
	if shown {
		w.s.emit(EventRunCall, up)
	}
}
