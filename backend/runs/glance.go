package runs

import (
	"cmp"
	"math"

	"github.com/scout-research/scout/backend/agent"
)

// Glance is how a run stands, as the app shows it beside the journal: Go
// decides every word and figure of it; the window only displays them.
type Glance struct {
	// Seq is the last event folded in, so a window can tell a newer
	// glance from an older one.
	Seq       int    `json:"seq"`
	Objective string `json:"objective"`
	// Status is one of agent's Status* (agent.StatusRunning while the run
	// goes on), or "" for a journal without events.
	Status string `json:"status"`
	// Words are the status as the user reads it.
	Words     string `json:"status_words"`
	Resumable bool   `json:"resumable"`
	// Waiting: the run waits for the user (a search engine's bot check to
	// answer in the browser window).
	Waiting bool `json:"waiting"`
	// Error says why the run ended early, in the model's or server's words.
	Error     string  `json:"error"`
	Checklist []Item  `json:"checklist"`
	Figures   Figures `json:"figures"`
}

// Item is a checklist item with the findings that serve it.
type Item struct {
	Number int    `json:"number"`
	Text   string `json:"text"`
	// Findings are the numbers of the findings serving it; none: open.
	Findings []int `json:"findings"`
}

// Figures are a run's figures so far.
type Figures struct {
	Turns            int            `json:"turns"`
	Findings         int            `json:"findings"`
	ModelCalls       map[string]int `json:"model_calls"`
	PromptTokens     int            `json:"prompt_tokens"`
	CachedTokens     int            `json:"cached_tokens"`
	CompletionTokens int            `json:"completion_tokens"`
	// ReusePct is the share of prompt tokens the server reused from its
	// cache, 0-100; ReuseEstimated: partly Scout's estimate, as the server
	// did not report its cache use (LM Studio and Ollama do not).
	ReusePct       int  `json:"reuse_pct"`
	ReuseEstimated bool `json:"reuse_estimated"`
	// ContextPct is the last action prompt as a share of the context the
	// run has, 0-100 (0 when that is not known: a past run).
	ContextPct   int     `json:"context_pct"`
	ModelSeconds float64 `json:"model_seconds"`
	// WriteRate is the model's writing speed in its latest reply, in
	// tokens per second; 0 when not known.
	WriteRate float64 `json:"write_rate"`
	SentBack  int     `json:"sent_back"`
	Rebuilds  int     `json:"rebuilds"`
	// ActiveSeconds is the time worked up to the last event, over the
	// run's stretches.
	ActiveSeconds float64 `json:"active_seconds"`
}

// Glance returns how the run stands now.
func (v *View) Glance() Glance {
	status := v.status()
	return Glance{
		Seq: v.snap.LastSeq, Objective: v.snap.Objective,
		Status: status, Words: StatusWords(status), Resumable: Resumable(status),
		Waiting: v.live && v.waiting, Error: v.message,
		Checklist: v.checklist(), Figures: v.figures(),
	}
}

// checklist is the checklist with the findings serving each item, in the
// findings' order.
func (v *View) checklist() []Item {
	items := make([]Item, len(v.snap.Checklist))
	at := make(map[int]int, len(items))
	for i, it := range v.snap.Checklist {
		items[i] = Item{Number: it.Number, Text: it.Text, Findings: []int{}}
		at[it.Number] = i
	}
	for _, f := range v.snap.Findings {
		for _, n := range f.Items {
			if i, ok := at[n]; ok {
				items[i].Findings = append(items[i].Findings, f.Number)
			}
		}
	}
	return items
}

func (v *View) figures() Figures {
	r := &v.snap.Before
	calls := make(map[string]int, len(r.Calls))
	for kind, n := range r.Calls {
		calls[kind] = n
	}
	return Figures{
		Turns: v.snap.Turn, Findings: len(v.snap.Findings), ModelCalls: calls,
		PromptTokens: r.PromptTokens, CachedTokens: r.CachedTokens, CompletionTokens: r.CompletionTokens,
		ReusePct: percent(r.CachedTokens, r.PromptTokens), ReuseEstimated: r.CacheEstimated,
		ContextPct:   percent(v.lastPrompt, cmp.Or(v.loaded, v.context)),
		ModelSeconds: r.ModelTime.Seconds(), WriteRate: math.Round(v.writeRate*10) / 10,
		SentBack: r.SentBack, Rebuilds: r.Rebuilds, ActiveSeconds: v.Active().Seconds(),
	}
}

// percent is part of whole, 0-100, rounded; 0 for no whole.
func percent(part, whole int) int {
	if whole <= 0 {
		return 0
	}
	return min(100, int(math.Round(100*float64(part)/float64(whole))))
}

// StatusWords says how a run stands, in the words the app shows.
func StatusWords(status string) string {
	switch status {
	case agent.StatusFinished:
		return "finished"
	case agent.StatusTurnLimit:
		return "stopped at the turn limit"
	case agent.StatusInterrupted:
		return "stopped"
	case agent.StatusModelUnavailable:
		return "ended: model unavailable"
	case agent.StatusStuck:
		return "ended: the model was stuck"
	case agent.StatusSearchUnavailable:
		return "ended: search unavailable"
	case agent.StatusFailed:
		return "could not start"
	case agent.StatusRunning:
		return "running now"
	}
	return status
}

// Resumable says whether a run that stands at status can be resumed: one
// that stopped before the agent finished.
func Resumable(status string) bool {
	switch status {
	case agent.StatusInterrupted, agent.StatusTurnLimit, agent.StatusModelUnavailable, agent.StatusStuck, agent.StatusSearchUnavailable:
		return true
	}
	return false
}
