package agent

import (
	"context"
	"errors"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/agent/reply"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/plain"
	"github.com/scout-research/scout/backend/speed"
	"github.com/scout-research/scout/backend/tokens"
)

// Config is everything a run needs.
type Config struct {
	Objective     string
	ContextLength int
	MaxTurns      int
	Model         Model
	Browser       Browser
	Search        Searcher
	// ReadAhead, when set, reads the top results of each search while the
	// list is shown: the list is ordered by what the pages hold for the
	// open checklist items, and a page read ahead opens at once.
	ReadAhead ReadAhead
	Sink      Sink
	// Now stamps events; nil means time.Now.
	Now func() time.Time
	// Resume continues an interrupted run from its snapshot instead of
	// starting anew (no checklist call; a rebuilt prompt).
	Resume *Snapshot
	// Earlier, when set, makes the run a follow-up of that run: it takes
	// over the findings that answer its own checklist, and knows what was
	// searched and read (followup.go).
	Earlier *Earlier
	// ReadRate is how fast the model reads a prompt, in tokens per second
	// (measured by the model probe); 0 when unknown. On a slow reader,
	// page parts are cut smaller (see partBudget).
	ReadRate float64
	// RebuildEveryTurn sends a fresh compact prompt each turn instead of
	// the growing conversation: the benchmark's baseline, which shows what
	// the append-only conversation saves.
	RebuildEveryTurn bool
	// Notes are told as notices as the run starts: what was learned
	// before it (the model's measured speed, and warnings about it).
	Notes []port.Notice
}

// Agent runs one objective. Make one with New.
type Agent struct {
	cfg Config
	st  state
	seq int // the last event's number
	res Result
}

// New checks cfg, fills in its defaults and returns an agent ready to run
// it (from cfg.Resume's snapshot when set).
func New(cfg Config) (*Agent, error) {
	if cfg.Objective == "" || cfg.Model == nil || cfg.Browser == nil || cfg.Search == nil {
		return nil, errors.New("agent: objective, model, browser and search are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxTurns <= 0 {
		cfg.MaxTurns = defaultMaxTurns
	}
	if cfg.Sink == nil {
		cfg.Sink = discard{}
	}
	a := &Agent{cfg: cfg, st: newState(cfg.Objective)}
	a.st.conv.est = &tokens.Estimator{}
	a.res = Result{Objective: cfg.Objective, Calls: map[string]int{}}
	if cfg.Resume != nil {
		a.restore(cfg.Resume)
	}
	return a, nil
}

// Run researches cfg.Objective until the agent finishes, the turn limit is
// reached, ctx is cancelled or the model fails. The result holds whatever
// was found; the error is non-nil only for invalid configuration.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	a, err := New(cfg)
	if err != nil {
		return nil, err
	}
	return a.Run(ctx), nil
}

// Run researches the agent's objective, as the package's Run does; an
// agent runs once.
func (a *Agent) Run(ctx context.Context) *Result {
	if a.cfg.Resume != nil {
		a.emit(Event{Type: EvRunStarted, Objective: a.cfg.Objective, Message: "resumed", Parent: a.cfg.Resume.Before.Parent})
	} else {
		a.emit(Event{Type: EvRunStarted, Objective: a.cfg.Objective, Parent: a.cfg.Earlier.run()})
	}
	for _, n := range a.cfg.Notes {
		a.emit(Event{Type: EvNotice, Kind: n.Kind, Message: n.Text, Say: n.Say})
	}
	status, gaps := a.loop(ctx)
	a.finish(ctx, status, gaps)
	return &a.res
}

type discard struct{}

func (discard) Emit(Event) {}

// statusFor is the status of a run err ended, whose words the result
// keeps.
func (a *Agent) statusFor(ctx context.Context, err error) Status {
	if ctx.Err() != nil {
		return StatusInterrupted
	}
	a.res.Ending = endingOf(err)
	a.res.Error = a.res.Ending.English()
	switch {
	case errors.Is(err, errBrowserGone):
		return StatusInterrupted
	case errors.Is(err, errStuck):
		return StatusStuck
	case errors.Is(err, errSearchDown):
		return StatusSearchUnavailable
	}
	return StatusModelUnavailable
}

// emit stamps and delivers an event.
func (a *Agent) emit(ev Event) {
	a.seq++
	ev.Seq = a.seq
	ev.Time = a.cfg.Now().UTC()
	if ev.Turn == 0 {
		ev.Turn = a.st.turn
	}
	a.res.Tally(ev)
	a.cfg.Sink.Emit(ev)
}

// notify is the notice sink passed with every Searcher call, and with
// every Model call through callNotify: each notice becomes an EvNotice event of its kind, stamped and
// journalled like any other as it happens. query names the search it came
// from ("" for a model call).
func (a *Agent) notify(query string) port.Notify {
	return func(n port.Notice) {
		a.emit(Event{Type: EvNotice, Kind: n.Kind, Query: query, Message: n.Text, Say: n.Say})
	}
}

// call sends one request and accounts for it. The reply it returns is
// the answer alone: a reasoning model's thinking goes to the journal, for
// the user, and never into the conversation the model is sent again (see
// withoutThinking).
func (a *Agent) call(ctx context.Context, kind string, msgs []chat.Message, schema map[string]any) (chat.Reply, error) {
	req := chat.Request{Kind: kind, Messages: msgs, MaxTokens: maxTokens[kind], Temperature: temperature,
		Schema: &chat.Schema{Name: kind, Schema: schema}}
	if kind == KindAction {
		req.Enough = reply.ThoughtWatch() // see reply/cut.go
	}
	// A model server that keeps the run waiting says so as it waits, and
	// the call tells how it goes.
	reply, err := a.cfg.Model.Complete(ctx, req, a.callNotify(kind))
	reply = withoutThinking(reply)
	usage := reply.Usage
	// The thinking goes to the journal and the window as the model wrote
	// it, cleaned as every other model text is.
	ev := Event{Type: EvModelCall, Kind: kind, Usage: &usage, Thinking: plain.Text(reply.Thinking)}
	if err != nil {
		ev.Message = err.Error()
	}
	a.emit(ev)
	if err != nil {
		// The step the call served, in the user's words ("Turn 4: ..."),
		// not the call's kind.
		return reply, &stageError{kind, a.st.turn, err}
	}
	return reply, nil
}

// withoutThinking takes out of a reply's content any thinking the Model
// left there (a <think> block), into its Thinking. The conversation only
// grows by appending, and each message keeps its bytes once sent, so this
// is done before an answer is first appended, never later. Thinking is
// left out as Qwen3's and DeepSeek-R1's own chat templates leave it out:
// the model does not need it again, and kept, it would grow every prompt
// after it by the length of every thought.
func withoutThinking(reply chat.Reply) chat.Reply {
	thought, answer := chat.SplitThinking(reply.Content)
	reply.Content = answer
	switch {
	case thought == "":
	case reply.Thinking == "":
		reply.Thinking = thought
	default:
		reply.Thinking += "\n\n" + thought
	}
	return reply
}

// callNotify is the notice sink of one model call of kind: its progress
// notices go to watchCall, any other notice to the journal as notify's do.
func (a *Agent) callNotify(kind string) port.Notify {
	news, watch := a.notify(""), a.watchCall(kind)
	return func(n port.Notice) {
		switch {
		case n.Kind != port.NoticeProgress:
			news(n)
		case n.Wait != nil:
			watch(*n.Wait)
		}
	}
}

// watchCall returns what hears how one call goes: its first wait is the
// call's start in the journal, and every wait goes to a Watcher sink.
func (a *Agent) watchCall(kind string) func(chat.Wait) {
	started := false
	watcher, _ := a.cfg.Sink.(Watcher)
	return func(w chat.Wait) {
		if !started {
			started = true
			a.emit(Event{Type: EvModelWait, Kind: kind, Wait: &w, Message: w.Text})
		}
		if watcher != nil {
			watcher.Watch(CallProgress{Turn: a.st.turn, Kind: kind, Stage: stageOf(kind, a.st.turn), StageLeft: stageLeft(w), Wait: w})
		}
	}
}

// stageLeft says the time left for a call's step, when it can be told.
func stageLeft(w chat.Wait) string {
	switch {
	case w.Expected <= 0:
		return ""
	case w.Left <= 0:
		return "almost done"
	}
	return speed.About(w.Left) + " left"
}

// partBudget is the size of a page part, in tokens: a share of the
// context, and on a slow reader no more than it reads in partReadTime.
// On a CPU a part read in full costs minutes; most pages opened are left
// after their first part, and an answer in a second half costs only one
// more short turn to reach.
func partBudget(contextLength int, readRate float64) int {
	b := page.PartBudget(contextLength)
	if readRate > 0 {
		b = min(b, max(int(readRate*partReadTime.Seconds()), minPartTokens))
	}
	return b
}

// budget is the tokens per page part for the context the run has now.
func (a *Agent) budget() int { return partBudget(a.cfg.ContextLength, a.cfg.ReadRate) }
