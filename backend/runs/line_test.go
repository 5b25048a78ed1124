package runs

import (
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/chat"
)

func TestLines(t *testing.T) {
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		ev   agent.Event
		want string
	}{
		{agent.Event{Type: agent.EvRefused, Turn: 3, Time: at, Action: "NAVIGATE", Reason: "not in the results"}, "refused NAVIGATE: not in the results"},
		{agent.Event{Type: agent.EvRefused, Turn: 3, Time: at, Reason: "Your reply could not be used"}, "refused the reply: Your reply could not be used"},
		{agent.Event{Type: agent.EvNotice, Kind: agent.NoticeWaiting, Turn: 1, Time: at, Query: "q", Message: "Answer its question\n in the browser window."}, "waiting for you: Answer its question in the browser window."},
		{agent.Event{Type: agent.EvNotice, Turn: 1, Time: at, Query: "q", Message: "No answer: trying again."}, "note: No answer: trying again."},
		{agent.Event{Type: agent.EvModelWait, Kind: "action", Turn: 4, Time: at, Message: "reading 1,850 new tokens, about 4 min"}, "T4   model action call: reading 1,850 new tokens, about 4 min"},
		{agent.Event{Type: agent.EvModelWait, Kind: "action", Turn: 4, Time: at, Message: "reading 76 new tokens, a few seconds",
			Wait: &chat.Wait{Phase: chat.Reading, NewTokens: 76, Expected: 19 * time.Second}},
			"T4   model action call: reading 76 new tokens, a few seconds; about 20 s with the reply"},
		{agent.Event{Type: agent.EvPageOpened, Turn: 2, Time: at, URL: "http://k", Title: "Heights", Parts: 2, Message: agent.WholePage},
			`opened http://k "Heights" (2 parts): ` + agent.WholePage},
		// A follow-up names the run it follows, and the findings it took over.
		{agent.Event{Type: agent.EvRunStarted, Time: at, Objective: "And Mount Kenya?", Parent: "../a-first"}, "run started, following up ../a-first: And Mount Kenya?"},
		{agent.Event{Type: agent.EvFinding, Time: at, Finding: &agent.Finding{Number: 1, Items: []int{2}, Text: "5,895 m", Earlier: &agent.EarlierFinding{Run: "../a-first", Number: 3}}},
			"finding [1] for items [2], from the earlier run (its [3]): 5,895 m"},
		// A reasoning model's thinking: on the call's line, one line, the
		// start of it.
		{agent.Event{Type: agent.EvModelCall, Kind: "action", Turn: 4, Time: at, Usage: &chat.Usage{PromptTokens: 900, CachedTokens: 800, CompletionTokens: 300, Duration: time.Second},
			Thinking: "Okay, the page\n\ngives " + strings.Repeat("a height ", 40)},
			"model action call: 900 prompt tokens (800 cached), 300 written, 1s; thought: Okay, the page gives " + strings.Repeat("a height ", 30) + "a height…"},
		// A call the user's Stop cut short says so in words.
		{agent.Event{Type: agent.EvModelCall, Kind: "action", Turn: 4, Time: at, Usage: &chat.Usage{}, Message: "context canceled"},
			"model action call: 0 prompt tokens (0 cached), 0 written, 0s FAILED: stopped before the model answered, as the run was stopped"},
		{agent.Event{Type: agent.EvRunFinished, Turn: 4, Time: at, Status: agent.StatusInterrupted, Message: "Turn 4: context canceled"},
			"run finished: interrupted (stopped before the model answered, as the run was stopped)"},
		// A page title or a model's words with terminal escapes, bidi
		// controls or line breaks stay one inert line.
		{agent.Event{Type: agent.EvAction, Turn: 2, Time: at, Action: "DISCOVER", Param: "[1] \x1b]8;;http://evil.test/\x1b\\link\x1b]8;;\x1b\\ text",
			Thought: "\x1b]52;c;ZXZpbA==\x07Tide\x1b[2K \u202epools\n09:00:00 T9 forged"}, "DISCOVER [1] link text  (Tide pools 09:00:00 T9 forged)"},
	} {
		if got := Line(tc.ev); !strings.HasSuffix(got, tc.want) {
			t.Errorf("Line = %q, want it to end %q", got, tc.want)
		}
	}
}
