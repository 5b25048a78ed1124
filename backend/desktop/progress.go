package desktop

import (
	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm"
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
}

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
func (w *watcher) SetupStatus(text string) {
	w.show(&agent.CallProgress{Stage: stagePreparing, Wait: chat.Wait{Text: text, Done: -1}})
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
	up := CallUpdate{N: w.s.callN, Call: p}
	w.a.view.Call, w.a.view.CallN = p, up.N
	shown := w.s.cur == w.a
	w.s.mu.Unlock()
	if shown {
		w.s.emit(EventRunCall, up)
	}
}
