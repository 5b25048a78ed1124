package llm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/chat"
)

// Stall watchdog. A CPU reads a prompt before the first token appears, and
// reading takes time in proportion to its length, so the first wait scales
// with the prompt; after that tokens flow every few seconds or the server
// has stalled. There is no whole-request timeout: a long answer on a slow
// machine is not an error.
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

// ErrStalled is the kind of error when the watchdog gave up on a reply.
var ErrStalled = errors.New("model server stalled")

// Complete sends one chat completion, streamed so a stall can be told from
// slow progress, and returns the whole reply with the server's usage
// figures. It never retries.
func (c *Client) Complete(ctx context.Context, model string, req chat.Request) (chat.Reply, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	start := time.Now()
	first := c.firstTokenWait(req.Messages)
	if c.loading.CompareAndSwap(true, false) {
		first += c.stall.load
	}
	dog := time.AfterFunc(first, func() { cancel(ErrStalled) })
	defer dog.Stop()

	var reply chat.Reply
	var reported bool
	res, err := c.post(ctx, "/chat/completions", chatRequest(model, req))
	if err == nil {
		defer res.Body.Close()
		reported, err = c.readReply(res, &reply, func() { dog.Reset(c.stall.gap) })
	}
	reply.Usage.Duration = time.Since(start)
	if err != nil {
		if errors.Is(context.Cause(ctx), ErrStalled) {
			return reply, newError(ErrStalled, "The model server stopped answering. It may have crashed or unloaded the model: check LM Studio, then resume the run.")
		}
		return reply, explain(err, c.base)
	}
	c.last.estimate(req.Messages, &reply, reported)
	return reply, nil
}

// readReply reads a streamed reply (or, from a server that ignored the
// stream flag, a whole one) into reply; progress is called whenever text
// arrives. cached says whether the server reported its prompt-cache use.
func (c *Client) readReply(res *http.Response, reply *chat.Reply, progress func()) (cached bool, err error) {
	if res.StatusCode != http.StatusOK || !isEventStream(res.Header.Get("Content-Type")) {
		var whole completion
		if err := c.readJSON(res, &whole); err != nil {
			return false, err
		}
		cached = whole.addTo(reply)
		return cached, settle(reply, whole.text(), whole.reasoning())
	}
	var sb, thought strings.Builder
	var pace writePace
	defer func() { pace.rate(reply) }()
	err = readEvents(res.Body, func(data []byte) error {
		var ch completion
		if err := json.Unmarshal(data, &ch); err != nil {
			return newError(ErrNotAPI, "The model server sent a stream the API does not describe (%v). Check that the URL points at an OpenAI-compatible server.", err)
		}
		if len(ch.Error) > 0 && string(ch.Error) != "null" {
			msg, _ := errorBody(data)
			return streamError(msg, data)
		}
		text, thinking := ch.text(), ch.reasoning()
		if text != "" || thinking != "" {
			// Only written tokens prove progress: a server may send an
			// empty opening chunk before it reads the prompt.
			progress()
			pace.wrote()
		}
		sb.WriteString(text)
		thought.WriteString(thinking)
		cached = ch.addTo(reply) || cached
		return nil
	})
	if err != nil {
		reply.Content = sb.String()
		return cached, err
	}
	return cached, settle(reply, sb.String(), thought.String())
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

func (p *writePace) wrote() {
	now := time.Now()
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

// settle sets the reply's content from the answer and the reasoning a
// thinking model streamed apart from it. A model constrained by the JSON
// schema may stream its whole answer as reasoning (LM Studio with Qwen3.5
// templates), so reasoning stands in for an empty answer; reasoning cut off
// by the reply's token limit before any answer is an error that says what
// to change, since it would happen again on every call.
func settle(reply *chat.Reply, answer, reasoning string) error {
	reply.Content = answer
	if reply.Truncated && unfinishedThought(answer) {
		// A server that leaves thinking in the answer (<think>...).
		return errThinking()
	}
	if strings.TrimSpace(answer) != "" || strings.TrimSpace(reasoning) == "" {
		return nil
	}
	if reply.Truncated {
		return errThinking()
	}
	reply.Content = reasoning
	return nil
}

// unfinishedThought reports whether an answer is a <think> block that
// never closed.
func unfinishedThought(answer string) bool {
	a := strings.TrimSpace(answer)
	return strings.HasPrefix(a, "<think>") && !strings.Contains(a, "</think>")
}

func errThinking() *Error {
	return newError(ErrThinking, "The model spent its whole reply thinking and never answered. Scout needs short, direct answers: choose a model without a thinking mode (such as Qwen2.5 7B Instruct), or turn thinking off for this one (llama.cpp follows Scout's request to; in LM Studio, edit the model's prompt template to begin with {%%- set enable_thinking = false %%}).")
}

// streamError explains an error the server sent inside a stream (with
// HTTP 200): an overflow is told as one, with the context it names, so the
// agent can rebuild and keep to it.
func streamError(msg string, data []byte) *Error {
	if isOverflow(msg) {
		e := newError(ErrContextOverflow, "The prompt is longer than the model's context (%s). Load the model with a larger context length in LM Studio, or lower it in Scout's settings so Scout keeps prompts shorter.", strings.TrimSuffix(msg, "."))
		e.Context = loadedContext(data, msg)
		return e
	}
	return newError(ErrServer, "The model server reported an error while answering: %s", msg)
}

func isEventStream(contentType string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(contentType)), "text/event-stream")
}

// readEvents calls handle with the data of each server-sent event until the
// stream ends or says [DONE].
func readEvents(r io.Reader, handle func(data []byte) error) error {
	br := bufio.NewReader(r)
	var data []byte
	for {
		line, err := br.ReadBytes('\n')
		line = bytes.TrimRight(line, "\r\n")
		switch {
		case len(line) == 0 && len(data) > 0: // an event ends at a blank line
			if string(data) == "[DONE]" {
				return nil
			}
			if herr := handle(data); herr != nil {
				return herr
			}
			data = data[:0]
		case bytes.HasPrefix(line, []byte("data:")):
			if len(data) > 0 {
				data = append(data, '\n')
			}
			data = append(data, bytes.TrimPrefix(bytes.TrimPrefix(line, []byte("data:")), []byte(" "))...)
		case bytes.HasPrefix(line, []byte("error:")):
			// Older llama.cpp servers report a failure inside a stream as
			// an "error:" line instead of data.
			payload := bytes.TrimSpace(bytes.TrimPrefix(line, []byte("error:")))
			msg, ok := errorBody(append([]byte(`{"error":`), append(payload, '}')...))
			if !ok {
				msg = string(payload)
			}
			return streamError(msg, payload)
		}
		if err == io.EOF {
			if len(data) > 0 && string(data) != "[DONE]" {
				return handle(data)
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// completion is the part of a chat completion (or of one streamed chunk)
// Scout reads; timings is llama-server's: cache_n is the prompt tokens taken
// from its cache, which usage may not report, and predicted_per_second the
// generation speed. LM Studio and Ollama report neither.
type completion struct {
	Choices []struct {
		Delta struct {
			Content string `json:"content"`
			reasoningFields
		} `json:"delta"`
		Message struct {
			Content string `json:"content"`
			reasoningFields
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens        int `json:"prompt_tokens"`
		CompletionTokens    int `json:"completion_tokens"`
		PromptTokensDetails *struct {
			CachedTokens int `json:"cached_tokens"`
		} `json:"prompt_tokens_details"`
	} `json:"usage"`
	// Error is set on a failure reported inside a stream.
	Error   json.RawMessage `json:"error"`
	Timings *struct {
		CacheN             *int    `json:"cache_n"`
		PredictedPerSecond float64 `json:"predicted_per_second"`
	} `json:"timings"`
}

// text is the content this chunk (or whole completion) adds.
func (c completion) text() string {
	var s string
	for _, ch := range c.Choices {
		s += ch.Delta.Content + ch.Message.Content
	}
	return s
}

// reasoningFields: reasoning models send their thinking apart from the
// answer, llama.cpp and LM Studio as reasoning_content, Ollama as
// reasoning. It is not the reply, but it is progress.
type reasoningFields struct {
	ReasoningContent string `json:"reasoning_content"`
	Reasoning        string `json:"reasoning"`
}

func (r reasoningFields) text() string { return r.ReasoningContent + r.Reasoning }

// reasoning is the thinking this chunk (or whole completion) adds.
func (c completion) reasoning() string {
	var s string
	for _, ch := range c.Choices {
		s += ch.Delta.reasoningFields.text() + ch.Message.reasoningFields.text()
	}
	return s
}

// addTo records the figures and finish state into reply; the text is the
// caller's to collect. It reports whether the server said how much of the
// prompt came from its cache.
func (c completion) addTo(reply *chat.Reply) (cached bool) {
	for _, ch := range c.Choices {
		if ch.FinishReason == "length" {
			reply.Truncated = true
		}
	}
	if u := c.Usage; u != nil && (u.PromptTokens > 0 || u.CompletionTokens > 0) {
		reply.Usage.PromptTokens, reply.Usage.CompletionTokens = u.PromptTokens, u.CompletionTokens
		if u.PromptTokensDetails != nil {
			reply.Usage.CachedTokens, cached = u.PromptTokensDetails.CachedTokens, true
		}
	}
	if t := c.Timings; t != nil {
		if t.CacheN != nil {
			cached = true
			if reply.Usage.CachedTokens == 0 {
				reply.Usage.CachedTokens = *t.CacheN
			}
		}
		if t.PredictedPerSecond > 0 {
			reply.Usage.WriteRate = t.PredictedPerSecond
		}
	}
	return cached
}

// chatRequest is the request body: the messages, the sampling settings,
// usage in the stream, and the JSON schema the reply must follow.
func chatRequest(model string, req chat.Request) map[string]any {
	msgs := make([]map[string]string, len(req.Messages))
	for i, m := range req.Messages {
		role := m.Role
		if role != chat.System && role != chat.Assistant {
			role = chat.User
		}
		msgs[i] = map[string]string{"role": role, "content": m.Content}
	}
	body := map[string]any{
		"model":          model,
		"messages":       msgs,
		"temperature":    req.Temperature,
		"stream":         true,
		"stream_options": map[string]bool{"include_usage": true},
		// A hybrid thinking model (Qwen3) answers at once when its chat
		// template is told so; llama.cpp passes this to the template, other
		// servers ignore it. Thinking would cost minutes per turn on a CPU.
		"chat_template_kwargs": map[string]bool{"enable_thinking": false},
	}
	if req.MaxTokens > 0 {
		body["max_tokens"] = req.MaxTokens
	}
	if req.Schema != nil {
		body["response_format"] = map[string]any{"type": "json_schema", "json_schema": map[string]any{
			"name": req.Schema.Name, "strict": true, "schema": req.Schema.Schema,
		}}
	}
	return body
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
	chars := 0
	for _, m := range msgs {
		chars += utf8.RuneCountInString(m.Content)
	}
	tokens := float64(chars) / charsPerTokenForWatchdog
	return c.stall.firstBase + time.Duration(tokens/slowestPromptRate*float64(time.Second))
}
