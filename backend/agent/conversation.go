package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/agent/reply"
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
	// What a rebuilt prompt keeps of the run: one compact line per turn,
	// the last turn's observation, and the last search's results (the
	// pages still to try, which a model would otherwise search for again).
	journal     []string
	lastObs     string
	lastResults string
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

// chars weighs every message in characters of prose (tokens.Weight), which
// the estimator counts tokens from: a page in Chinese weighs as the tokens
// it costs, not as its few characters.
func (c *conversation) chars() int {
	n := 0
	for _, m := range c.msgs {
		n += tokens.Weight(m.Content)
	}
	return n
}

// tokens estimates the prompt size.
func (c *conversation) tokens() int {
	return c.est.CountChars(c.chars()) + perMessageTokens*len(c.msgs)
}

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

// Keeping the conversation within the context: the action call, a rebuilt
// compact prompt when the conversation nears the limit or the server says
// it overflowed, and a smaller context when the server has less loaded.

// actionCall sends the conversation, rebuilding it first when it nears the
// context limit, and once more after the server reports an overflow.
func (a *Agent) actionCall(ctx context.Context) (chat.Reply, error) {
	if fits, rebuild := a.st.conv.fits(a.cfg.ContextLength, maxTokens[KindAction]); !fits || rebuild {
		a.rebuild("the conversation neared the context limit")
	} else if a.cfg.RebuildEveryTurn && a.st.conv.underway() {
		a.rebuild("baseline: a fresh prompt every turn")
	}
	answer, err := a.send(ctx, KindAction, "", reply.Schema)
	if err == nil {
		a.st.conv.calibrate(answer.Usage.PromptTokens)
	}
	return answer, err
}

// send sends the conversation, with extra as a last user message when set,
// and once more in a rebuilt compact prompt when the server reports an
// overflow (the call has then shrunk the context to what it reported).
func (a *Agent) send(ctx context.Context, kind, extra string, schema map[string]any) (chat.Reply, error) {
	msgs := func() []chat.Message {
		if extra == "" {
			return a.st.conv.msgs
		}
		return withMessage(append([]chat.Message(nil), a.st.conv.msgs...), chat.User, extra)
	}
	reply, err := a.call(ctx, kind, msgs(), schema)
	if errors.Is(err, chat.ErrContextOverflow) {
		a.rebuild("the server reported the prompt too long")
		reply, err = a.call(ctx, kind, msgs(), schema)
	}
	return reply, err
}

// adaptContext keeps the rest of the run within the context the server
// says it has loaded, when that is less than assumed: LM Studio loading a
// model on the first request (just in time) may load less than the 8192
// tokens assumed when nothing was loaded to ask.
// The open page is split anew in smaller parts, so the part a rebuilt
// prompt shows fits too.
func (a *Agent) adaptContext(loaded int) {
	if loaded <= 0 || loaded >= a.cfg.ContextLength {
		return
	}
	was := a.cfg.ContextLength
	a.cfg.ContextLength, a.budget = loaded, partBudget(loaded, a.cfg.ReadRate)
	why := fmt.Sprintf("The server has %d tokens of context loaded, not %d: prompts and page parts are kept within it from now on.", loaded, was)
	if p := a.st.page; p != nil && len(p.page.Parts) > 0 {
		p.resplit(a.budget, a.est)
		why += fmt.Sprintf(" The open page is now in %d parts.", len(p.page.Parts))
		a.st.conv.journal = append(a.st.conv.journal, render("journal-resplit", map[string]int{"Turn": a.st.turn, "Parts": len(p.page.Parts)}))
	}
	a.emit(Event{Type: EvCheck, Kind: "context", Count: loaded, Reason: why})
}

// rebuild replaces the conversation with a fresh compact prompt: the
// objective, the checklist with its coverage, shortened findings, the
// compact journal, the current page part and the latest message (the last
// observation or note, which the model has not answered yet). Findings and
// journal shrink until the prompt takes at most rebuildTarget of the
// context, so a long run does not rebuild every turn.
func (a *Agent) rebuild(why string) {
	a.rebuildWithin(why, int(rebuildTarget*float64(a.cfg.ContextLength)), true)
}

// rebuildWithin rebuilds the conversation into at most limit tokens, as
// far as the shortest form allows, with the page part shown last unless
// withPage is false.
func (a *Agent) rebuildWithin(why string, limit int, withPage bool) {
	conv, p := &a.st.conv, a.st.page
	latest := ""
	if n := len(conv.msgs); conv.underway() && conv.msgs[n-1].Role == chat.User {
		latest = conv.msgs[n-1].Content
	}
	// The last observation (search results, a page part) stays in view
	// even when a refusal note came after it: the note may point to it.
	observation := conv.lastObs
	if observation == latest {
		observation = ""
	}
	if p != nil && p.splitAnew {
		// The page text in them was cut for the larger context: the part
		// shown below replaces it.
		p.splitAnew = false
		if strings.Contains(latest, "<page>") {
			latest = ""
		}
		if strings.Contains(observation, "<page>") {
			observation = ""
		}
	}
	var part map[string]any
	if withPage && p != nil && p.shown > 0 && !strings.Contains(latest+observation, "<page>") {
		part = a.partData(p, p.shown)
	}
	rec := &a.st.record
	results := conv.lastResults
	if strings.Contains(observation, results) || strings.Contains(latest, results) {
		results = ""
	}
	build := func(size rebuildSize, part map[string]any, observation string) bool {
		data := map[string]any{
			"Objective":   rec.objective,
			"Status":      rec.status(true),
			"Findings":    shortFindings(rec.findings, size.findingChars),
			"Journal":     lastLines(conv.journal, size.journalLines),
			"Results":     results,
			"Part":        part,
			"Observation": observation,
			"Latest":      latest,
		}
		conv.msgs = nil
		conv.add(chat.System, render("system", languageName(rec.objective)))
		conv.add(chat.User, render("rebuild", data))
		conv.opened()
		return conv.tokens() <= limit
	}
	fits := false
	for _, size := range rebuildSizes {
		if fits = build(size, part, observation); fits {
			break
		}
	}
	if !fits && (part != nil || strings.Contains(observation, "<page>")) {
		// Still too long: the page text goes, as the last thing to give
		// up (the findings hold what was recorded of it).
		if strings.Contains(observation, "<page>") {
			observation = ""
		}
		results = ""
		build(rebuildSizes[len(rebuildSizes)-1], nil, observation)
	}
	a.emit(Event{Type: EvRebuilt, Reason: why})
}

func shortFindings(fs []Finding, chars int) []Finding {
	out := make([]Finding, len(fs))
	for i, f := range fs {
		f.Text = clip(f.Text, chars)
		out[i] = f
	}
	return out
}

func lastLines(lines []string, n int) []string {
	if len(lines) > n {
		return lines[len(lines)-n:]
	}
	return lines
}
