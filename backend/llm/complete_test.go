package llm

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

func TestCompleteStreamsReplyAndUsage(t *testing.T) {
	var kinds []string
	srv := llmtest.New(llmtest.Options{Script: func(kind string, msgs []llmtest.Message) llmtest.Reply {
		kinds = append(kinds, kind)
		return llmtest.Reply{Content: `{"action":"SEARCH","parameter":"tallest mountain in Africa – ñ"}`}
	}})
	defer srv.Close()
	c := New(srv.BaseURL())
	req := chat.Request{Kind: "action", MaxTokens: 400, Temperature: 0.2, Schema: &chat.Schema{Name: "action", Schema: map[string]any{"type": "object"}},
		Messages: []chat.Message{{Role: chat.System, Content: strings.Repeat("You are Scout. ", 40)}, {Role: chat.User, Content: "Objective: x"}}}
	r1, err := c.Complete(context.Background(), "qwen2.5-7b-instruct", req)
	if err != nil {
		t.Fatal(err)
	}
	if r1.Content != `{"action":"SEARCH","parameter":"tallest mountain in Africa – ñ"}` || r1.Truncated {
		t.Fatalf("reply %+v", r1)
	}
	if r1.Usage.PromptTokens == 0 || r1.Usage.CachedTokens != 0 || r1.Usage.CompletionTokens == 0 || r1.Usage.Duration <= 0 || r1.Usage.WriteRate != 12.5 {
		t.Fatalf("first call usage %+v", r1.Usage)
	}
	// The next turn extends the conversation: most of it comes from cache.
	req.Messages = append(req.Messages, chat.Message{Role: chat.Assistant, Content: r1.Content}, chat.Message{Role: chat.User, Content: "Result: 10 results."})
	r2, err := c.Complete(context.Background(), "qwen2.5-7b-instruct", req)
	if err != nil {
		t.Fatal(err)
	}
	if r2.Usage.CachedTokens < r1.Usage.PromptTokens || r2.Usage.CachedTokens >= r2.Usage.PromptTokens {
		t.Fatalf("second call reused %d of %d tokens (first prompt was %d)", r2.Usage.CachedTokens, r2.Usage.PromptTokens, r1.Usage.PromptTokens)
	}
	if len(kinds) != 2 || kinds[0] != "action" {
		t.Fatalf("schema names seen by the server: %v", kinds)
	}
	sent := srv.Calls()[0]
	if !sent.Strict || !sent.Stream || sent.MaxTokens != 400 || sent.Temperature != 0.2 {
		t.Fatalf("request sent %+v, want a strict schema, streaming, max_tokens 400, temperature 0.2", sent)
	}
}

func TestCompleteErrors(t *testing.T) {
	long := strings.Repeat("word ", 3000) // ~15,000 chars, over a 2,048-token context
	tests := []struct {
		name string
		opts llmtest.Options
		msg  string
		kind error
		says string
	}{
		{"context overflow", llmtest.Options{ContextLength: 2048, Script: func(string, []llmtest.Message) llmtest.Reply { return llmtest.Reply{Content: "{}"} }},
			long, ErrContextOverflow, "larger context length"},
		{"server error", llmtest.Options{Script: func(string, []llmtest.Message) llmtest.Reply {
			return llmtest.Reply{Status: 500, Content: "Model unloaded"}
		}}, "hi", ErrServer, "Model unloaded"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(tc.opts)
			defer srv.Close()
			_, err := New(srv.BaseURL()).Complete(context.Background(), "m", chat.Request{Messages: []chat.Message{{Role: chat.User, Content: tc.msg}}})
			assertError(t, err, tc.kind, tc.says)
		})
	}
}

func TestCompleteWatchdog(t *testing.T) {
	srv := llmtest.New(llmtest.Options{Fault: llmtest.Hang})
	defer srv.Close()
	c := New(srv.BaseURL())
	c.stall = stallLimits{firstBase: 200 * time.Millisecond, gap: 200 * time.Millisecond}
	start := time.Now()
	_, err := c.Complete(context.Background(), "m", chat.Request{Messages: []chat.Message{{Role: chat.User, Content: "hi"}}})
	assertError(t, err, ErrStalled, "stopped answering")
	if time.Since(start) > 3*time.Second {
		t.Fatalf("watchdog took %v", time.Since(start))
	}
}

func TestFirstTokenWaitScalesWithPrompt(t *testing.T) {
	c := New("http://x/v1")
	short := c.firstTokenWait([]chat.Message{{Content: "hi"}})
	long := c.firstTokenWait([]chat.Message{{Content: strings.Repeat("x", 30000)}}) // ~10k tokens
	if short < firstTokenBase || long < short+80*time.Minute {
		t.Fatalf("short %v long %v", short, long)
	}
}
