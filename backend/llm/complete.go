package llm

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
)

// Stall watchdog. A CPU reads a prompt before the first token appears, and
// reading takes time in proportion to its length, so the first wait scales
// with the prompt; after that tokens flow every few seconds or the server
// has stalled. There is no whole-request timeout as such: a long answer on
// a slow machine is not an error (the reply caps below only stop a reply
// that runs far beyond what was asked for).
const (
	// firstTokenBase covers loading and scheduling before reading starts.
	firstTokenBase = 90 * time.Second
	// slowestPromptRate is the prompt reading speed (tokens per second) of
	// the slowest machine supported; the ancestor measured ~7 on an i5.
	slowestPromptRate = 2.0
	// tokenStall is the longest gap between streamed tokens.
	tokenStall = 90 * time.Second
	// charsPerTokenForWatchdog is a rough prompt-size measure, generous on
	// purpose (fewer characters per token means a longer allowance).
	charsPerTokenForWatchdog = 3.0
	// modelLoadAllowance is extra time before the first token of the first
	// request to a server that has not loaded the model yet: LM Studio (just
	// in time) and Ollama load it then, from disk, which can take minutes.
	modelLoadAllowance = 5 * time.Minute
)

// Reply caps beyond max_tokens. A server that ignores the token limit, or
// a proxy that repeats a stream, would otherwise keep one call (and the
// run) going forever while Scout's memory grows with the reply.
const (
	// maxReplyBytes bounds what one streamed reply may send. Scout asks for
	// at most 900 tokens, which servers stream as under 400 KB (a chunk of
	// 150-400 bytes of JSON per token, thinking included): ten times that.
	maxReplyBytes = 4 << 20
	// slowestWriteRate is the writing speed (tokens per second) of the
	// slowest machine supported; the ancestor measured 3.5 for a 7B model
	// on an i5. A reply may take the prompt's allowance (see
	// firstTokenWait) plus its max_tokens at this rate.
	slowestWriteRate = 1.0
	// uncappedReplyTokens stands for max_tokens in the time cap of a call
	// that sets none: more than any reply Scout asks for.
	uncappedReplyTokens = 4096
)

// Complete sends one chat completion, streamed so a stall can be told from
// slow progress, and returns the whole reply with the server's usage
// figures. It never retries. While the server stays silent it tells the
// user what it waits for through notify (nil: nobody is told), on the
// caller's goroutine; cancelling ctx ends the wait at once.
func (c *Client) Complete(ctx context.Context, model string, req chat.Request, notify port.Notify) (chat.Reply, error) {
	if err := c.checkURL(); err != nil {
		return chat.Reply{}, err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	plan := c.plan(req)
	first := c.firstTokenWait(req.Messages)
	loading := c.loading.CompareAndSwap(true, false)
	if loading {
		first += c.stall.load
	}
	w := newWatch(c.now, first, c.stall.gap, func() { cancel(ErrStalled) })
	defer w.stop()
	w.promptChars, w.loading, w.plan = promptChars(req.Messages), loading, plan
	start := w.start
	tooLong := time.AfterFunc(first+c.reply.writing(req.MaxTokens), func() { cancel(ErrReplyTooLong) })
	defer tooLong.Stop()

	// The call's start is told before the reply can begin: its first
	// notice is always the read, however fast the server answers.
	w.tell(notify, start)
	done := make(chan outcome, 1)
	go func() { done <- c.read(ctx, model, req, w) }()
	out := c.await(done, w, notify)
	out.reply.Usage.Duration = c.now().Sub(start)
	if at := w.figures.firstAt.Load(); at != 0 {
		out.reply.Usage.FirstToken = time.Unix(0, at).Sub(start)
	}
	if out.err != nil {
		return out.reply, c.failure(ctx, out.err, req, c.now().Sub(start))
	}
	guessed := out.reply.Stopped && !out.reported
	if guessed {
		// A stopped reply's prompt, told by no server but llama-server.
		c.pace.mu.Lock()
		out.reply.Usage.PromptTokens = c.pace.est.Count(layout(req.Messages))
		c.pace.mu.Unlock()
	}
	c.last.estimate(req.Messages, &out.reply, out.reported)
	if !guessed { // the estimator learns from the server's counts only
		c.learn(req, out.reply.Usage, loading)
	}
	return out.reply, nil
}

// outcome is what reading a reply gave. reported says whether the server
// said how much of the prompt came from its cache.
type outcome struct {
	reply    chat.Reply
	reported bool
	err      error
}

// failure explains why a completion failed: the watchdog and the time cap
// say so through the context's cause; anything else is explained as it is.
func (c *Client) failure(ctx context.Context, err error, req chat.Request, took time.Duration) error {
	switch cause := context.Cause(ctx); {
	case errors.Is(cause, ErrStalled):
		return said(ErrStalled, "stalled")
	case errors.Is(cause, ErrReplyTooLong):
		asked := req.MaxTokens
		if asked <= 0 {
			asked = uncappedReplyTokens
		}
		return said(ErrReplyTooLong, "replyTooLong", "took", worded{minutes(took), minutesSaid(took)}, "asked", strconv.Itoa(asked))
	}
	return c.explain(err)
}

// read sends the request and reads the streamed reply with the SDK's
// stream reader and accumulator; w hears of every written token. It runs on
// a goroutine of its own (see Complete).
func (c *Client) read(ctx context.Context, model string, req chat.Request, w *watch) (out outcome) {
	stream := c.chat.NewStreaming(ctx, params(model, req, c.serverIs(ServerLlamaCpp), c.keptSlot()))
	defer stream.Close()
	var acc openai.ChatCompletionAccumulator
	var thought strings.Builder
	var pace writePace
	defer func() { pace.rate(&out.reply) }()
	pieces := 0 // of text written: a token each, as servers stream
	for stream.Next() {
		chunk := stream.Current()
		if w.figures.noteProgress(chunk, w.now()) && progressOnly(chunk) {
			// llama.cpp's prompt progress is not part of the reply: kept
			// from the accumulator, it cannot upset it.
			continue
		}
		if !acc.AddChunk(chunk) {
			out.err = errStream(wordsOf("chunkOff"))
			return out
		}
		thinking := reasoning(chunk)
		if thinking != "" || written(chunk) {
			// Only written tokens prove progress: a server may send an
			// empty opening chunk before it reads the prompt.
			w.progress()
			pace.wrote(w.now())
		}
		thought.WriteString(thinking)
		out.reported = addFigures(chunk, &out.reply) || out.reported
		if written(chunk) {
			pieces++
			if req.Enough != nil && len(acc.Choices) > 0 && req.Enough(acc.Choices[0].Message.Content) {
				// Hanging up stops the server writing (llama.cpp, LM
				// Studio, Ollama and vLLM all end a request whose caller
				// left); its usage never comes, so it is told here.
				out.reply.Stopped = true
				out.reported = stoppedUsage(&out.reply, &w.figures, pieces)
				break
			}
		}
	}
	var answer string
	if len(acc.Choices) > 0 {
		answer = acc.Choices[0].Message.Content
	}
	if err := stream.Err(); err != nil && !out.reply.Stopped {
		out.reply.Content = answer
		out.err = streamFailure(err)
		return out
	}
	out.err = settle(&out.reply, answer, thought.String())
	return out
}

// stoppedUsage fills in the usage of a reply the caller stopped, which
// the server never sends: the prompt as llama-server's progress reported
// it (reported is then true), else left for the estimate (see reuse.go),
// and a token for each piece of text streamed.
func stoppedUsage(reply *chat.Reply, f *progressFigures, pieces int) (reported bool) {
	reply.Usage.CompletionTokens = pieces
	if total := f.promptTokens.Load(); total > 0 {
		reply.Usage.PromptTokens, reply.Usage.CachedTokens = int(total), int(f.cachedTokens.Load())
		return true
	}
	return false
}

// streamFailure names a chunk the SDK could not read as the API's.
func streamFailure(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	if errors.As(err, &syntax) || errors.As(err, &typ) {
		return errStream(err.Error())
	}
	return err
}

func errStream(detail any) *Error {
	return said(ErrNotAPI, "badStream", "detail", detail)
}

// written reports whether a chunk adds to the answer.
func written(chunk openai.ChatCompletionChunk) bool {
	for _, ch := range chunk.Choices {
		if ch.Delta.Content != "" {
			return true
		}
	}
	return false
}

// reasoningFields are where reasoning models send their thinking apart
// from the answer: llama.cpp and LM Studio as reasoning_content, Ollama as
// reasoning. The SDK knows neither, so they are read from the delta's
// extra fields. Thinking is not the reply, but it is progress.
var reasoningFields = []string{"reasoning_content", "reasoning"}

// reasoning is the thinking a chunk adds.
func reasoning(chunk openai.ChatCompletionChunk) string {
	var sb strings.Builder
	for _, ch := range chunk.Choices {
		for _, name := range reasoningFields {
			var s string
			if f, ok := ch.Delta.JSON.ExtraFields[name]; ok && json.Unmarshal([]byte(f.Raw()), &s) == nil {
				sb.WriteString(s)
			}
		}
	}
	return sb.String()
}

// timings is llama-server's own figures, among a chunk's extra fields:
// cache_n is the prompt tokens taken from its cache, which usage may not
// report, and predicted_per_second the writing speed. LM Studio and Ollama
// send neither.
type timings struct {
	CacheN             *int    `json:"cache_n"`
	PredictedPerSecond float64 `json:"predicted_per_second"`
	PromptPerSecond    float64 `json:"prompt_per_second"`
}

// addFigures records a chunk's finish state and figures into reply (the
// text is the accumulator's) and reports whether the server said how much
// of the prompt came from its cache. Usage is taken from the chunk that
// carries it rather than from the accumulator, which adds up every chunk's
// usage and cannot tell an absent cached_tokens from a zero one.
func addFigures(chunk openai.ChatCompletionChunk, reply *chat.Reply) (cached bool) {
	for _, ch := range chunk.Choices {
		if ch.FinishReason == "length" {
			reply.Truncated = true
		}
	}
	if u := chunk.Usage; u.PromptTokens > 0 || u.CompletionTokens > 0 {
		reply.Usage.PromptTokens, reply.Usage.CompletionTokens = int(u.PromptTokens), int(u.CompletionTokens)
		if u.JSON.PromptTokensDetails.Valid() {
			reply.Usage.CachedTokens, cached = int(u.PromptTokensDetails.CachedTokens), true
		}
	}
	var t timings
	if f, ok := chunk.JSON.ExtraFields["timings"]; ok && json.Unmarshal([]byte(f.Raw()), &t) == nil {
		if t.CacheN != nil {
			cached = true
			if reply.Usage.CachedTokens == 0 {
				reply.Usage.CachedTokens = *t.CacheN
			}
		}
		if t.PredictedPerSecond > 0 {
			reply.Usage.WriteRate = t.PredictedPerSecond
		}
		if t.PromptPerSecond > 0 {
			reply.Usage.ReadRate = t.PromptPerSecond
		}
	}
	return cached
}

// Measuring the writing speed where the server does not report it (LM
// Studio, Ollama): from the first written token to the last, which leaves
// out reading the prompt. Too few tokens, or a reply that arrived in one
// burst (a buffering proxy), says nothing about the speed.
const (
	minRateTokens = 8
	minRateSpan   = 200 * time.Millisecond
)

// writePace notes when a streamed reply's text arrived.
type writePace struct{ first, last time.Time }

func (p *writePace) wrote(now time.Time) {
	if p.first.IsZero() {
		p.first = now
	}
	p.last = now
}

// rate sets the reply's writing speed from the pace, unless the server
// reported it: the tokens after the first over the time they took.
func (p *writePace) rate(reply *chat.Reply) {
	span := p.last.Sub(p.first)
	n := reply.Usage.CompletionTokens
	if reply.Usage.WriteRate > 0 || n < minRateTokens || span < minRateSpan {
		return
	}
	reply.Usage.WriteRate = float64(n-1) / span.Seconds()
}

// settle sets the reply's content and thinking from the text streamed as
// the answer and the reasoning a thinking model streamed apart from it.
// Thinking a server left in the text (<think>...</think>) is taken out of
// the answer, so it is never sent back to the model. A model constrained by
// the JSON schema may stream its whole answer as reasoning (LM Studio with
// Qwen3.5 templates), so reasoning stands in for an empty answer. Thinking
// cut off by the reply's token limit before any answer is an error that
// says what to change, since it would happen again on every call.
func settle(reply *chat.Reply, text, reasoning string) error {
	thought, answer := chat.SplitThinking(text)
	reply.Content, reply.Thinking = answer, joinThinking(reasoning, thought)
	switch {
	case strings.TrimSpace(answer) != "":
		return nil
	case reply.Truncated && reply.Thinking != "":
		return errThinking()
	case strings.TrimSpace(reasoning) != "":
		reply.Content, reply.Thinking = reasoning, thought
	}
	return nil
}

// joinThinking is the thinking of a reply sent in both places (a reasoning
// field, then a <think> block), one after the other.
func joinThinking(reasoning, thought string) string {
	reasoning, thought = strings.TrimSpace(reasoning), strings.TrimSpace(thought)
	if reasoning != "" && thought != "" {
		return reasoning + "\n\n" + thought
	}
	return reasoning + thought
}

func errThinking() *Error {
	return said(ErrThinking, "onlyThought")
}

// streamError explains an error the server sent inside a stream (with
// HTTP 200): an overflow is told as one, with the context it names, so the
// agent can rebuild and keep to it.
func streamError(msg string, data []byte) *Error {
	if isOverflow(msg) {
		e := said(ErrContextOverflow, "overflow", "server", strings.TrimSuffix(msg, "."))
		e.Context = loadedContext(data, msg)
		return e
	}
	return said(ErrServer, "midReply", "server", msg)
}

// params is the request: the messages, the sampling settings, usage in the
// stream, and the JSON schema the reply must follow; with progress, it
// asks llama-server for its prompt progress while it reads, and with a
// slot (0 or more) it names the llama-server slot to answer in.
func params(model string, req chat.Request, progress bool, slot int) openai.ChatCompletionNewParams {
	msgs := make([]openai.ChatCompletionMessageParamUnion, len(req.Messages))
	for i, m := range req.Messages {
		switch m.Role {
		case chat.System:
			msgs[i] = openai.SystemMessage(m.Content)
		case chat.Assistant:
			msgs[i] = openai.AssistantMessage(m.Content)
		default:
			msgs[i] = openai.UserMessage(m.Content)
		}
	}
	p := openai.ChatCompletionNewParams{
		Model:         model,
		Messages:      msgs,
		Temperature:   openai.Float(req.Temperature),
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)},
	}
	if req.MaxTokens > 0 {
		// max_tokens, not max_completion_tokens: the name LM Studio,
		// llama.cpp and Ollama all read.
		p.MaxTokens = openai.Int(int64(req.MaxTokens))
	}
	if req.Schema != nil {
		p.ResponseFormat = openai.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{
				Name: req.Schema.Name, Strict: openai.Bool(true), Schema: req.Schema.Schema,
			}},
		}
	}
	// A hybrid thinking model (Qwen3) answers at once when its chat
	// template is told so; llama.cpp passes this to the template, other
	// servers ignore it. Thinking would cost minutes per turn on a CPU.
	extra := map[string]any{"chat_template_kwargs": map[string]bool{"enable_thinking": false}}
	if progress {
		// Only llama.cpp knows it: a server that checks its fields might
		// refuse the request.
		extra["return_progress"] = true
	}
	if slot >= 0 {
		extra["id_slot"] = slot
	}
	p.SetExtraFields(extra)
	return p
}

// stallLimits are the watchdog's allowances; tests shorten them.
type stallLimits struct {
	firstBase time.Duration
	load      time.Duration // see modelLoadAllowance
	gap       time.Duration
}

var defaultStall = stallLimits{firstBase: firstTokenBase, load: modelLoadAllowance, gap: tokenStall}

// firstTokenWait allows for reading the whole prompt at the slowest rate.
func (c *Client) firstTokenWait(msgs []chat.Message) time.Duration {
	tokens := float64(promptChars(msgs)) / charsPerTokenForWatchdog
	return c.stall.firstBase + time.Duration(tokens/slowestPromptRate*float64(time.Second))
}

func promptChars(msgs []chat.Message) int {
	chars := 0
	for _, m := range msgs {
		chars += utf8.RuneCountInString(m.Content)
	}
	return chars
}

// replyLimits cap one reply beyond its token limit; tests shorten them.
type replyLimits struct {
	bytes    int64         // see maxReplyBytes
	perToken time.Duration // writing time allowed per token asked for
}

var defaultReply = replyLimits{bytes: maxReplyBytes, perToken: time.Duration(float64(time.Second) / slowestWriteRate)}

// writing is the time a reply of maxTokens may take once its prompt is read.
func (l replyLimits) writing(maxTokens int) time.Duration {
	if maxTokens <= 0 {
		maxTokens = uncappedReplyTokens
	}
	return time.Duration(maxTokens) * l.perToken
}
