package runs

import (
	"encoding/json"
	"time"

	"github.com/scout-research/scout/backend/agent"
)

// Summary is run.json: how a run went, in figures.
type Summary struct {
	Objective string `json:"objective"`
	// Parent is the folder of the run a follow-up follows, as seen from
	// this run's folder.
	Parent             string         `json:"parent,omitempty"`
	Status             agent.Status   `json:"status"`
	Turns              int            `json:"turns"`
	Findings           int            `json:"findings"`
	ModelCalls         map[string]int `json:"model_calls"`
	PromptTokens       int            `json:"prompt_tokens"`
	CachedPromptTokens int            `json:"cached_prompt_tokens"`
	CompletionTokens   int            `json:"completion_tokens"`
	ModelSeconds       float64        `json:"model_seconds"`
	WallSeconds        float64        `json:"wall_seconds"`
	RepliesSentBack    int            `json:"replies_sent_back"`
	Rebuilds           int            `json:"rebuilds"`
	StartedAt          time.Time      `json:"started_at"`
	FinishedAt         time.Time      `json:"finished_at"`
	Error              string         `json:"error,omitempty"`
	Settings           Used           `json:"settings"`
}

// Used are the settings a run ran with, after flags.
type Used struct {
	ServerURL     string `json:"server_url"`
	Model         string `json:"model"`
	ContextLength int    `json:"context_length"`
	SearchURL     string `json:"search_url"`
	Headless      bool   `json:"headless"`
	Browser       string `json:"browser"`
	MaxTurns      int    `json:"max_turns"`
	AllowLocal    bool   `json:"allow_local"`
}

// Summarize builds the summary of a finished run that started at started
// and worked for wall (less than finished-started for a resumed run).
func Summarize(res *agent.Result, used Used, started, finished time.Time, wall time.Duration) Summary {
	return Summary{
		Objective: res.Objective, Parent: res.Parent, Status: res.Status, Turns: res.Turns, Findings: len(res.Findings),
		ModelCalls: res.Calls, PromptTokens: res.PromptTokens, CachedPromptTokens: res.CachedTokens,
		CompletionTokens: res.CompletionTokens, ModelSeconds: res.ModelTime.Seconds(),
		WallSeconds: wall.Seconds(), RepliesSentBack: res.SentBack, Rebuilds: res.Rebuilds,
		StartedAt: started.UTC(), FinishedAt: finished.UTC(), Error: res.Error, Settings: used,
	}
}

// JSON encodes the summary for run.json.
func (s Summary) JSON() []byte {
	data, _ := json.MarshalIndent(s, "", "  ")
	return append(data, '\n')
}
