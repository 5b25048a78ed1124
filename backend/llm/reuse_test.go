package llm

import (
	"testing"

	"github.com/scout-research/scout/backend/chat"
)

// The estimate counts the share of the prompt that starts like the
// previous prompt and its reply, by hand-worked figures; a changed role or
// system prompt breaks the shared start, and a reported figure is kept.
func TestReuseEstimate(t *testing.T) {
	sys := chat.Message{Role: chat.System, Content: "rules"}   // "system\nrules\n": 13 chars
	user := chat.Message{Role: chat.User, Content: "question"} // "user\nquestion\n": 14 chars
	var p lastPrompt
	first := chat.Reply{Content: "answer", Usage: chat.Usage{PromptTokens: 27}}
	p.estimate([]chat.Message{sys, user}, &first, false)
	if first.Usage.CachedTokens != 0 || !first.Usage.CacheEstimated {
		t.Fatalf("first call: %+v", first.Usage)
	}
	// The next prompt is the first (27 chars), its reply as the assistant's
	// message ("assistant\nanswer\n": 17 chars), then 14 new chars: 44 of
	// 58 chars shared, so 44 of 58 tokens.
	next := chat.Reply{Usage: chat.Usage{PromptTokens: 58}}
	p.estimate([]chat.Message{sys, user, {Role: chat.Assistant, Content: "answer"}, user}, &next, false)
	if next.Usage.CachedTokens != 44 {
		t.Fatalf("a grown conversation: %d tokens reused, want 44", next.Usage.CachedTokens)
	}
	// A reasoning model's thinking is in the server's cache before its
	// answer, which alone goes back into the conversation: the next
	// prompt shares the first (27 chars) and "assistant\n" (10) of it.
	thought := chat.Reply{Content: "answer", Thinking: "hmm", Usage: chat.Usage{PromptTokens: 27}}
	p.estimate([]chat.Message{sys, user}, &thought, false)
	next = chat.Reply{Usage: chat.Usage{PromptTokens: 58}}
	p.estimate([]chat.Message{sys, user, {Role: chat.Assistant, Content: "answer"}, user}, &next, false)
	if next.Usage.CachedTokens != 37 {
		t.Fatalf("after thinking: %d tokens reused, want 37", next.Usage.CachedTokens)
	}
	// Another system prompt shares only its role ("system\n", 7 of the
	// 33 chars); the same text in another role shares nothing.
	for _, tc := range []struct {
		msgs []chat.Message
		want int
	}{
		{[]chat.Message{{Role: chat.System, Content: "other rules"}, user}, 100 * 7 / 33},
		{[]chat.Message{{Role: chat.User, Content: "rules"}, user}, 0},
	} {
		p.text = "system\nrules\nuser\nquestion\n"
		r := chat.Reply{Usage: chat.Usage{PromptTokens: 100}}
		p.estimate(tc.msgs, &r, false)
		if r.Usage.CachedTokens != tc.want {
			t.Errorf("%v: %d tokens reused, want %d", tc.msgs, r.Usage.CachedTokens, tc.want)
		}
	}
	// A server that reports its cache use is taken at its word.
	reported := chat.Reply{Usage: chat.Usage{PromptTokens: 58, CachedTokens: 7}}
	p.estimate([]chat.Message{sys, user}, &reported, true)
	if reported.Usage.CachedTokens != 7 || reported.Usage.CacheEstimated {
		t.Fatalf("a reported figure: %+v", reported.Usage)
	}
}
