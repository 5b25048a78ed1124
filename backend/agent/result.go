package agent

import (
	"cmp"
	"maps"
	"time"
)

// Result is what a run produced, whatever way it ended.
type Result struct {
	Objective string `json:"objective"`
	// Parent is the folder of the run a follow-up follows, as seen from
	// the follow-up's own folder; "" for another run.
	Parent    string    `json:"parent,omitempty"`
	Status    Status    `json:"status"`
	Turns     int       `json:"turns"`
	Checklist []Item    `json:"checklist"`
	Findings  []Finding `json:"findings"`
	// Answer is the writer's result with [n] citations; empty when the run
	// ended before it could be written.
	Answer string `json:"answer"`
	// NotFound are checklist items the findings do not (fully) answer.
	NotFound []Missing `json:"not_found"`
	// LeftOut are items whose findings do not show a required condition.
	LeftOut []LeftOut `json:"left_out"`
	// ContextLength is the context the run kept to at its end: less than
	// configured when the server said it had less loaded.
	ContextLength int `json:"context_length"`
	// Unsupported are numbers in Answer that appear in no finding.
	Unsupported []string `json:"unsupported_numbers"`
	// Error says why a run ended early, in the model's or server's words.
	Error string `json:"error,omitempty"`
	// Ending is Error as data, which the report words in the objective's
	// language; nil in a result from before it was kept, or from a run
	// that ended as it should.
	Ending *Ending `json:"ending,omitempty"`

	Calls        map[string]int `json:"model_calls"`
	PromptTokens int            `json:"prompt_tokens"`
	CachedTokens int            `json:"cached_prompt_tokens"`
	// CacheEstimated: the server did not report its cache use for some
	// calls, so CachedTokens is partly Scout's estimate.
	CacheEstimated   bool          `json:"cache_estimated,omitempty"`
	CompletionTokens int           `json:"completion_tokens"`
	ModelTime        time.Duration `json:"model_time_ns"`
	// SentBack counts replies sent back to the model (refused actions and
	// unusable replies), as the journal shows them.
	SentBack int `json:"sent_back"`
	Rebuilds int `json:"rebuilds"`
}

// Tally adds an event's figures to the result: the same sums whether the
// run is going (the agent's emit) or is read back from its journal
// (package runs).
func (r *Result) Tally(ev Event) {
	switch ev.Type {
	case EvRunStarted:
		r.Parent = cmp.Or(ev.Parent, r.Parent)
	case EvModelCall:
		if r.Calls == nil {
			r.Calls = map[string]int{}
		}
		r.Calls[ev.Kind]++
		if u := ev.Usage; u != nil {
			r.PromptTokens += u.PromptTokens
			r.CachedTokens += u.CachedTokens
			r.CacheEstimated = r.CacheEstimated || u.CacheEstimated
			r.CompletionTokens += u.CompletionTokens
			r.ModelTime += u.Duration
		}
	case EvRefused, EvTurnSkipped:
		r.SentBack++
	case EvRebuilt:
		r.Rebuilds++
	}
}

// carryFigures starts the result's figures from those of the stretches
// before, for a resumed run.
func (r *Result) carryFigures(before Result) {
	r.Calls = maps.Clone(before.Calls)
	r.PromptTokens, r.CachedTokens, r.CacheEstimated = before.PromptTokens, before.CachedTokens, before.CacheEstimated
	r.CompletionTokens, r.ModelTime = before.CompletionTokens, before.ModelTime
	r.SentBack, r.Rebuilds = before.SentBack, before.Rebuilds
}

// Missing is a checklist item the findings do not (fully) answer, and
// why, in words the report shows.
type Missing struct {
	Item Item   `json:"item"`
	Why  string `json:"why"`
	// Things are the things of the item nothing the result cites answers
	// it for (Mount Kenya of "the heights of Kilimanjaro and Mount
	// Kenya"); none: the item as Why says.
	Things []string `json:"things,omitempty"`
	// Partial: the result answers the rest of the item from findings
	// recorded for it; Why (and Things) say what it lacks.
	Partial bool `json:"partial,omitempty"`
	// Reasons are what Why says, as data the report words in the
	// objective's language; none in a report from before them.
	Reasons []Reason `json:"reasons,omitempty"`
}

// LeftOut are the things of a list item (Things) the result leaves out
// because no finding shows they meet Condition; Denied are those of them
// a finding shows do not ("FreeOffice is proprietary"). A report written
// before Scout named them has an item without Things: the whole item.
type LeftOut struct {
	Item      Item     `json:"item"`
	Condition string   `json:"condition"`
	Things    []string `json:"things,omitempty"`
	Denied    []string `json:"denied,omitempty"`
}
