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
	// Whether the last message and lastObs carry page text (a part, a
	// page's head, a sentence quoted from it): a rebuilt prompt shows the
	// part itself unless they do, and drops them when the page was split
	// anew or when the prompt is still too long.
	lastPage, lastObsPage bool
}

// opened marks the messages so far as the conversation's opening.
func (c *conversation) opened() { c.opening = len(c.msgs) }

// underway reports whether anything came after the opening.
func (c *conversation) underway() bool { return len(c.msgs) > c.opening }

// add appends a message that carries no page text. A user message right
// after another (as after a rebuild, whose prompt ends with one) joins it
// instead: some chat templates refuse two in a row.
func (c *conversation) add(role, content string) { c.addText(role, content, false) }

// addText appends a message, page saying whether it carries page text; a
// message joined to the last carries what either did.
func (c *conversation) addText(role, content string, page bool) {
	n := len(c.msgs)
	joined := n > 0 && role == chat.User && c.msgs[n-1].Role == chat.User
	c.msgs = withMessage(c.msgs, role, content)
	c.lastPage = page || (joined && c.lastPage)
}

// observed appends the turn's observation and keeps it for a rebuilt
// prompt.
func (c *conversation) observed(obs string, page bool) {
	c.lastObs, c.lastObsPage = obs, page
	c.addText(chat.User, obs, page)
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
		resplit := a.adaptTo(err)
		a.rebuildWithin("the server reported the prompt too long", a.rebuildLimit(), true, resplit)
		reply, err = a.call(ctx, kind, msgs(), schema)
		a.adaptTo(err)
	}
	return reply, err
}

// adaptTo adapts the run to the context an overflow error says the server
// loaded (adaptContext); resplit reports whether the open page was split
// anew.
func (a *Agent) adaptTo(err error) (resplit bool) {
	if !errors.Is(err, chat.ErrContextOverflow) {
		return false
	}
	return a.adaptContext(chat.LoadedContext(err))
}

// adaptContext keeps the rest of the run within the context the server
// says it has loaded, when that is less than assumed: LM Studio loading a
// model on the first request (just in time) may load less than the 8192
// tokens assumed when nothing was loaded to ask.
// The open page is split anew in smaller parts, so the part a rebuilt
// prompt shows fits too (resplit): the page text the conversation holds
// was cut for the larger context, and the rebuild that follows drops it.
func (a *Agent) adaptContext(loaded int) (resplit bool) {
	if loaded <= 0 || loaded >= a.cfg.ContextLength {
		return false
	}
	was := a.cfg.ContextLength
	a.cfg.ContextLength = loaded
	why := fmt.Sprintf("The server has %d tokens of context loaded, not %d: prompts and page parts are kept within it from now on.", loaded, was)
	if p := a.st.page; p != nil && len(p.page.Parts) > 0 {
		p.resplit(a.budget(), a.st.conv.est)
		why += fmt.Sprintf(" The open page is now in %d parts.", len(p.page.Parts))
		a.st.conv.journal = append(a.st.conv.journal, render("journal-resplit", map[string]int{"Turn": a.st.turn, "Parts": len(p.page.Parts)}))
		resplit = true
	}
	a.emit(Event{Type: EvCheck, Kind: CheckContext, Count: loaded, Reason: why})
	return resplit
}

// rebuild replaces the conversation with a fresh compact prompt: the
// objective, the checklist with its coverage, shortened findings, the
// compact journal, the current page part and the latest message (the last
// observation or note, which the model has not answered yet). Findings and
// journal shrink until the prompt takes at most rebuildTarget of the
// context, so a long run does not rebuild every turn.
func (a *Agent) rebuild(why string) {
	a.rebuildWithin(why, a.rebuildLimit(), true, false)
}

// rebuildLimit is the size a rebuilt prompt aims at.
func (a *Agent) rebuildLimit() int { return int(rebuildTarget * float64(a.cfg.ContextLength)) }

// rebuildWithin rebuilds the conversation into at most limit tokens, as
// far as the shortest form allows, with the page part shown last unless
// withPage is false; resplit says the open page was split anew since the
// conversation showed it.
func (a *Agent) rebuildWithin(why string, limit int, withPage, resplit bool) {
	conv, p := &a.st.conv, a.st.page
	latest, latestPage := "", false
	if n := len(conv.msgs); conv.underway() && conv.msgs[n-1].Role == chat.User {
		latest, latestPage = conv.msgs[n-1].Content, conv.lastPage
	}
	// The last observation (search results, a page part) stays in view
	// even when a refusal note came after it: the note may point to it.
	observation, observationPage := conv.lastObs, conv.lastObsPage
	if observation == latest {
		observation, observationPage = "", false
	}
	if resplit && p != nil {
		// The page text in them was cut for the larger context: the part
		// shown below replaces it.
		if latestPage {
			latest, latestPage = "", false
		}
		if observationPage {
			observation, observationPage = "", false
		}
	}
	var part map[string]any
	if withPage && p != nil && p.shown > 0 && !latestPage && !observationPage {
		part = a.part(p, p.shown)
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
		conv.addText(chat.User, render("rebuild", data), part != nil || observationPage || latestPage)
		conv.opened()
		return conv.tokens() <= limit
	}
	fits := false
	for _, size := range rebuildSizes {
		if fits = build(size, part, observation); fits {
			break
		}
	}
	if !fits && (part != nil || observationPage) {
		// Still too long: the page text goes, as the last thing to give
		// up (the findings hold what was recorded of it).
		if observationPage {
			observation, observationPage = "", false
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
