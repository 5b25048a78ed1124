package llm

import (
	"strings"
	"sync"

	"github.com/scout-research/scout/backend/chat"
)

// LM Studio and Ollama reuse their prompt cache but do not say how much
// (only llama.cpp's llama-server does), and a figure of 0% would tell a
// user the cache does not work. So when a server says nothing, the client
// works it out the way the server's cache does: a server keeps the last
// prompt and the reply it wrote, and skips the longest common start of the
// next prompt. The figure is marked as estimated.

// lastPrompt is the conversation the server's cache holds: the previous
// prompt and its reply, laid out as messages.
type lastPrompt struct {
	mu   sync.Mutex
	text string
}

// layout lays the messages out with their roles, as a chat template does,
// so that a changed role breaks the shared start as it would on a server.
func layout(msgs []chat.Message) string {
	var sb strings.Builder
	for _, m := range msgs {
		sb.WriteString(m.Role)
		sb.WriteByte('\n')
		sb.WriteString(m.Content)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// estimate fills in the reused tokens when the server did not report them,
// and remembers this prompt and reply for the next call. A server that
// reports them (llama.cpp) is taken at its word.
func (p *lastPrompt) estimate(msgs []chat.Message, reply *chat.Reply, reported bool) {
	prompt := layout(msgs)
	p.mu.Lock()
	defer p.mu.Unlock()
	if !reported && reply.Usage.PromptTokens > 0 && len(prompt) > 0 {
		shared := commonPrefix(p.text, prompt)
		reply.Usage.CachedTokens = reply.Usage.PromptTokens * shared / len(prompt)
		reply.Usage.CacheEstimated = true
	}
	p.text = prompt + layout([]chat.Message{{Role: chat.Assistant, Content: generatedText(*reply)}})
}

// generatedText is what the model wrote for a reply, and the server's cache
// holds: its thinking first, though only the answer goes back into the
// conversation, so the next prompt shares none of the assistant's words.
func generatedText(reply chat.Reply) string {
	if reply.Thinking == "" {
		return reply.Content
	}
	return "<think>" + reply.Thinking + "</think>" + reply.Content
}

// unread is the part of the messages' layout the server's cache does not
// hold: what it has to read before it writes.
func (p *lastPrompt) unread(msgs []chat.Message) string {
	prompt := layout(msgs)
	p.mu.Lock()
	defer p.mu.Unlock()
	return prompt[commonPrefix(p.text, prompt):]
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}
