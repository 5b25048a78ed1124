package agent

import (
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/tokens"
)

// conversation is the growing list of messages sent each turn. Messages
// are only appended, so every request starts with the bytes of the last
// one and the server's prompt cache skips them.
type conversation struct {
	msgs []chat.Message
	est  *tokens.Estimator
	// opening is how many messages the conversation started with (the
	// checklist exchange and the start, or a rebuilt prompt): what comes
	// after them is the run's own.
	opening int
}

// opened marks the messages so far as the conversation's opening.
func (c *conversation) opened() { c.opening = len(c.msgs) }

// underway reports whether anything came after the opening.
func (c *conversation) underway() bool { return len(c.msgs) > c.opening }

// add appends a message. A user message right after another (as after a
// rebuild, whose prompt ends with one) joins it instead: some chat
// templates refuse two in a row.
func (c *conversation) add(role, content string) {
	c.msgs = withMessage(c.msgs, role, content)
}

// withMessage returns msgs with one more message, joined to the last one
// when both are the user's.
func withMessage(msgs []chat.Message, role, content string) []chat.Message {
	if n := len(msgs); n > 0 && role == chat.User && msgs[n-1].Role == chat.User {
		out := append([]chat.Message(nil), msgs...)
		out[n-1].Content += "\n\n" + content
		return out
	}
	return append(msgs, chat.Message{Role: role, Content: content})
}

// chars counts the characters of every message.
func (c *conversation) chars() int {
	n := 0
	for _, m := range c.msgs {
		n += len([]rune(m.Content))
	}
	return n
}

// tokens estimates the prompt size.
func (c *conversation) tokens() int {
	return c.est.CountChars(c.chars()) + perMessageTokens*len(c.msgs)
}

// perMessageTokens is what a chat template adds around each message.
const perMessageTokens = 4

// fits reports whether the prompt, a reply of maxOut tokens and the safety
// margin fit in a context of ctxLen tokens, and whether the prompt is past
// the rebuild threshold.
func (c *conversation) fits(ctxLen, maxOut int) (fits, rebuild bool) {
	t := c.tokens()
	return t+maxOut+safetyMargin <= ctxLen, float64(t) >= rebuildAt*float64(ctxLen)
}

// fitsWith reports whether the prompt with one more message holding extra,
// a reply of maxOut tokens and the safety margin fit in ctxLen tokens.
func (c *conversation) fitsWith(extra string, ctxLen, maxOut int) bool {
	t := c.tokens() + c.est.Count(extra) + perMessageTokens
	return t+maxOut+safetyMargin <= ctxLen
}

// calibrate moves the estimator towards the server's count of this prompt.
func (c *conversation) calibrate(promptTokens int) {
	if promptTokens > 0 {
		c.est.Calibrate(c.chars(), promptTokens-perMessageTokens*len(c.msgs))
	}
}
