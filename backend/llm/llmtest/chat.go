package llmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Reply is a scripted answer to one chat completion.
type Reply struct {
	Content string
	// Status, when set, answers with this HTTP status and Content as the
	// error message instead.
	Status int
	// Delay holds the answer back, as a slow CPU does; a client that gives
	// up ends the wait.
	Delay time.Duration
	// Thinking is what a reasoning model writes before its answer, sent
	// where Options.Thinking says; "" takes Options.Thought.
	Thinking string
}

// ThinkingField is where a server sends a reasoning model's thinking.
type ThinkingField string

// Where servers send thinking.
const (
	// ThinkInContent leaves it in the answer as a <think> block before it,
	// as llama-server with --reasoning-format none and LM Studio without
	// its "separate reasoning_content" setting do.
	ThinkInContent ThinkingField = ""
	// ReasoningContent is a field of its own, as llama-server, LM Studio
	// and DeepSeek's API send it.
	ReasoningContent ThinkingField = "reasoning_content"
	// Reasoning is Ollama's name for that field.
	Reasoning ThinkingField = "reasoning"
)

// generated is what the model wrote for r: its thinking in the tags its
// chat template opens and closes, then the answer. A server's prompt cache
// holds all of it, wherever the server sends the thinking.
func generated(r Reply) string {
	if r.Thinking == "" {
		return r.Content
	}
	return "<think>\n" + r.Thinking + "\n</think>\n\n" + r.Content
}

// Script chooses the reply to a chat request. Kind is the request's
// response_format schema name ("action", "checklist", ...; "" when none).
type Script func(kind string, messages []Message) Reply

// Message is a chat message as the fake received it.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// ChatCall records one chat completion the fake answered.
type ChatCall struct {
	Kind     string
	Messages []Message
	// Reply is the content sent (with the thinking, when the server leaves
	// it there); Thinking is what the model thought before it.
	Reply    string
	Thinking string
	// What the request asked for besides the messages.
	MaxTokens   int
	Temperature float64
	Strict      bool
	Stream      bool
	// ReturnProgress: the request asked for llama.cpp's prompt progress.
	ReturnProgress bool
	// PromptTokens and CachedTokens are what a llama.cpp server would
	// count and reuse from its prompt cache (see account).
	PromptTokens, CachedTokens, CompletionTokens int
	// Prompt is the messages as the fake's chat template laid them out;
	// its first CachedBytes bytes are the part the cache reused.
	Prompt      string
	CachedBytes int
	// Slot is the server's slot that answered, from 0 (see Options.Slots).
	Slot int
	// Left: the client hung up before the reply's end, and Reply and
	// CompletionTokens are what the fake had streamed by then. Writing at
	// a set speed (Options.WriteRate) that is to the token; at full speed
	// the fake may have streamed the rest before it noticed, as a fast
	// server would.
	Left bool
}

// fakeWriteRate is the generation speed the fake reports, tokens/s.
const fakeWriteRate = 12.5

// charsPerToken is the fake's tokenizer: close enough to real ones for
// cache-reuse ratios, and deterministic.
const charsPerToken = 4

// chatRequest is the part of an OpenAI chat request the fake reads.
type chatRequest struct {
	Messages       []Message `json:"messages"`
	Stream         bool      `json:"stream"`
	MaxTokens      int       `json:"max_tokens"`
	Temperature    float64   `json:"temperature"`
	ResponseFormat struct {
		Type       string `json:"type"`
		JSONSchema struct {
			Name   string          `json:"name"`
			Strict bool            `json:"strict"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
	// ReturnProgress asks llama-server for its prompt progress while it
	// reads (see progressBatch).
	ReturnProgress bool `json:"return_progress"`
	// IDSlot names the slot to answer in (llama-server's id_slot); nil
	// or -1 lets the server choose.
	IDSlot *int `json:"id_slot"`
}

func (s *Handler) chat(w http.ResponseWriter, r *http.Request) {
	var req chatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		s.writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{"message": "bad request: " + err.Error()}})
		return
	}
	// Read the body to its end: only then does the server notice a client
	// that leaves, which must give up its slot or its place in the queue.
	_, _ = io.Copy(io.Discard, r.Body)
	kind := req.ResponseFormat.JSONSchema.Name
	prompt := render(req.Messages)
	promptTokens := tokensOf(prompt)
	if promptTokens > s.opts.ContextLength {
		s.writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{
			"code": 400, "type": "exceed_context_size_error", "n_prompt_tokens": promptTokens, "n_ctx": s.opts.ContextLength,
			"message": fmt.Sprintf("the request exceeds the available context size (%d tokens), try increasing it", s.opts.ContextLength),
		}})
		return
	}
	want := anySlot
	if req.IDSlot != nil {
		want = *req.IDSlot
	}
	if !s.slots.valid(want) {
		s.writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{
			"code": 400, "type": "invalid_request_error", "message": "Invalid slot ID"}})
		return
	}
	at, ok := s.slots.take(r.Context(), prompt, want)
	if !ok {
		return // the client left while it waited for a slot
	}
	defer s.slots.free(at)
	reply := Reply{Content: `{"error":"no script"}`}
	switch {
	case strings.HasPrefix(kind, ProbePrefix):
		reply = s.probeReply(req.ResponseFormat.JSONSchema.Schema)
	case s.opts.Script != nil:
		reply = s.opts.Script(kind, req.Messages)
	}
	tl := s.timeline()
	if !tl.wait(r.Context(), reply.Delay) {
		return
	}
	if reply.Status != 0 {
		s.writeJSON(w, reply.Status, map[string]any{"error": map[string]any{"message": reply.Content}})
		return
	}
	if reply.Thinking == "" {
		reply.Thinking = s.opts.Thought
	}
	call, n := s.account(at, kind, req.Messages, prompt, reply, func(c *ChatCall) {
		c.MaxTokens, c.Temperature, c.Strict, c.Stream = req.MaxTokens, req.Temperature, req.ResponseFormat.JSONSchema.Strict, req.Stream
		c.ReturnProgress = req.ReturnProgress
	})
	if req.Stream {
		s.stream(r.Context(), tl, w, call, n, req.ReturnProgress && s.opts.Flavour == LlamaCpp)
		return
	}
	if !tl.wait(r.Context(), s.reading(call)+s.writing(call.CompletionTokens)) {
		return
	}
	s.writeJSON(w, http.StatusOK, s.completion(call))
}

// reading is how long the fake takes to read a call's prompt: the tokens
// its cache does not hold, at ReadRate.
func (s *Handler) reading(c ChatCall) time.Duration {
	return perRate(c.PromptTokens-c.CachedTokens, s.opts.ReadRate)
}

// writing is how long the fake takes to write n tokens at WriteRate.
func (s *Handler) writing(n int) time.Duration { return perRate(n, s.opts.WriteRate) }

func perRate(n int, rate float64) time.Duration {
	if rate <= 0 || n <= 0 {
		return 0
	}
	return time.Duration(float64(n) / rate * float64(time.Second))
}

// account records the call, with what the request asked for (set), and
// works out the prompt-cache reuse: a llama.cpp slot keeps the previous
// prompt plus its generated reply, thinking included, and reuses the
// longest common prefix with the next prompt.
func (s *Handler) account(at int, kind string, msgs []Message, prompt string, r Reply, set func(*ChatCall)) (ChatCall, int) {
	wrote := generated(r)
	cached := s.slots.reuse(at, prompt, wrote, s.opts.NoPrefixCache) / charsPerToken // whole tokens only
	call := ChatCall{
		Kind: kind, Messages: msgs, Reply: r.Content, Thinking: r.Thinking, Slot: at,
		PromptTokens:     tokensOf(prompt),
		CachedTokens:     cached,
		CompletionTokens: tokensOf(wrote),
		Prompt:           prompt,
		CachedBytes:      cached * charsPerToken,
	}
	if s.opts.Thinking == ThinkInContent {
		call.Reply = wrote
	}
	set(&call)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, call)
	return call, len(s.calls) - 1
}

// left records that the client of call n hung up once the fake had
// streamed wrote of its reply: a server stops writing then, so only that
// much was written.
func (s *Handler) left(n int, wrote string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &s.calls[n]
	c.Reply, c.CompletionTokens, c.Left = wrote, tokensOf(wrote), true
}

// Calls returns every chat completion answered, in order.
func (s *Handler) Calls() []ChatCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]ChatCall(nil), s.calls...)
}

// render lays messages out as a ChatML template does, ending with the
// assistant's turn, so prefixes behave as on a real server.
func render(msgs []Message) string {
	var sb strings.Builder
	for _, m := range msgs {
		sb.WriteString("<|im_start|>" + m.Role + "\n" + m.Content + "<|im_end|>\n")
	}
	sb.WriteString("<|im_start|>assistant\n")
	return sb.String()
}

// Tokens is how many tokens the fake counts for s.
func Tokens(s string) int { return tokensOf(s) }

func tokensOf(s string) int {
	return (len(s) + charsPerToken - 1) / charsPerToken
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// figures are the usage (and llama.cpp's timings) of a reply, as each
// server reports them: only llama-server says how much of the prompt came
// from its cache; LM Studio and Ollama give bare usage.
func (s *Handler) figures(c ChatCall) map[string]any {
	u := map[string]any{
		"prompt_tokens": c.PromptTokens, "completion_tokens": c.CompletionTokens,
		"total_tokens": c.PromptTokens + c.CompletionTokens,
	}
	if s.opts.Flavour != LlamaCpp {
		return map[string]any{"usage": u}
	}
	u["prompt_tokens_details"] = map[string]any{"cached_tokens": c.CachedTokens}
	return map[string]any{"usage": u, "timings": s.timings(c)}
}

// timings are llama-server's figures of a call: at the fake's set speeds,
// or as if it took a millisecond to read and write at fakeWriteRate.
func (s *Handler) timings(c ChatCall) map[string]any {
	read, write := s.reading(c), s.writing(c.CompletionTokens)
	t := map[string]any{
		"cache_n": c.CachedTokens, "prompt_n": c.PromptTokens - c.CachedTokens,
		"predicted_n": c.CompletionTokens, "prompt_ms": max(1.0, ms(read)), "predicted_ms": max(1.0, ms(write)),
		"predicted_per_second": fakeWriteRate,
	}
	if s.opts.ReadRate > 0 {
		t["prompt_per_second"] = s.opts.ReadRate
	}
	if s.opts.WriteRate > 0 {
		t["predicted_per_second"] = s.opts.WriteRate
	}
	return t
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func (s *Handler) completion(c ChatCall) map[string]any {
	msg := map[string]any{"role": "assistant", "content": c.Reply}
	if s.opts.Thinking != ThinkInContent && c.Thinking != "" {
		msg[string(s.opts.Thinking)] = c.Thinking
	}
	body := map[string]any{
		"id": "chatcmpl-fake", "object": "chat.completion", "created": time.Now().Unix(), "model": "fake",
		"choices": []map[string]any{{"index": 0, "finish_reason": "stop", "message": msg}},
	}
	maps.Copy(body, s.figures(c))
	return body
}

// stream answers as server-sent events: the reply a token at a time (at
// WriteRate, or at once), the thinking before it in a few pieces unless
// at WriteRate, then a final chunk with usage and
// timings, then [DONE]. The headers go at once; the first piece comes once
// the prompt is read, and, when progress is asked of a llama.cpp fake,
// a prompt_progress chunk after each batch read.
func (s *Handler) stream(ctx context.Context, tl *timeline, w http.ResponseWriter, c ChatCall, n int, progress bool) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	flusher, _ := w.(http.Flusher)
	send := func(v any) {
		data, _ := json.Marshal(v)
		tl.date(w)
		fmt.Fprintf(w, "data: %s\n\n", data)
		if flusher != nil {
			flusher.Flush()
		}
	}
	chunk := func(delta map[string]any, finish any) map[string]any {
		return map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": time.Now().Unix(), "model": "fake",
			"choices": []map[string]any{{"index": 0, "delta": delta, "finish_reason": finish}}}
	}
	if flusher != nil {
		w.WriteHeader(http.StatusOK)
		flusher.Flush()
	}
	if !s.read(ctx, tl, c, progress, func(p map[string]any) {
		ch := chunk(map[string]any{"role": "assistant", "content": nil}, nil)
		ch["prompt_progress"] = p
		send(ch)
	}) {
		return
	}
	send(chunk(map[string]any{"role": "assistant", "content": ""}, nil))
	var deltas []map[string]any
	if s.opts.Thinking != ThinkInContent {
		for _, piece := range s.pieces(c.Thinking) {
			deltas = append(deltas, map[string]any{string(s.opts.Thinking): piece})
		}
	}
	for _, piece := range tokenPieces(c.Reply) {
		deltas = append(deltas, map[string]any{"content": piece})
	}
	pause := s.writing(1)
	var wrote strings.Builder
	for i, delta := range deltas {
		if i > 0 && !tl.wait(ctx, pause) {
			s.left(n, wrote.String())
			return
		}
		send(chunk(delta, nil))
		if t, ok := delta["content"].(string); ok {
			wrote.WriteString(t)
		}
	}
	send(chunk(map[string]any{}, "stop"))
	last := map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": time.Now().Unix(), "model": "fake",
		"choices": []any{}}
	maps.Copy(last, s.figures(c))
	send(last)
	tl.date(w)
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// progressBatch is how many prompt tokens the fake reads between two
// prompt_progress chunks: llama-server sends one per batch (-b, 2048 by
// default); the fake's batches are small, so a test's short prompt shows
// several.
const progressBatch = 64

// read waits while the fake reads c's new prompt tokens, calling report
// with llama-server's prompt progress after each batch when progress is
// on; it reports whether the client is still there.
func (s *Handler) read(ctx context.Context, tl *timeline, c ChatCall, progress bool, report func(map[string]any)) bool {
	if !progress {
		return tl.wait(ctx, s.reading(c))
	}
	start := tl.elapsed()
	for done := 0; done < c.PromptTokens-c.CachedTokens; {
		batch := min(progressBatch, c.PromptTokens-c.CachedTokens-done)
		if !tl.wait(ctx, perRate(batch, s.opts.ReadRate)) {
			return false
		}
		done += batch
		// processed counts the cached tokens too, as llama-server's does.
		report(map[string]any{"total": c.PromptTokens, "cache": c.CachedTokens, "processed": c.CachedTokens + done,
			"time_ms": (tl.elapsed() - start).Milliseconds()})
	}
	return true
}

// pieces cuts streamed text as the fake streams it: a token at a time when
// it writes at a set speed, else in a few pieces.
func (s *Handler) pieces(text string) []string {
	if s.opts.WriteRate > 0 {
		return tokenPieces(text)
	}
	return pieces(text, 3)
}

// tokenPieces cuts s into the fake's tokens (charsPerToken bytes, on rune
// boundaries), the way a server streams a reply.
func tokenPieces(s string) []string {
	var out []string
	for len(s) > 0 {
		n := min(charsPerToken, len(s))
		for n < len(s) && !utf8.RuneStart(s[n]) {
			n++
		}
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

// pieces cuts s into about n pieces on rune boundaries.
func pieces(s string, n int) []string {
	r := []rune(s)
	if len(r) == 0 {
		return nil
	}
	size := max(1, (len(r)+n-1)/n)
	var out []string
	for i := 0; i < len(r); i += size {
		out = append(out, string(r[i:min(i+size, len(r))]))
	}
	return out
}

// Queue is a Script answering each call kind from its own list in order;
// when a list runs out, its last reply repeats. Safe for one server.
func Queue(replies map[string][]string) Script {
	return QueueReplies(Replies(replies))
}

// Replies turns reply texts into Replies, for scripts that then set a
// status or a delay on some.
func Replies(in map[string][]string) map[string][]Reply {
	out := map[string][]Reply{}
	for k, list := range in {
		for _, c := range list {
			out[k] = append(out[k], Reply{Content: c})
		}
	}
	return out
}

// QueueReplies is Queue with full replies (statuses, delays).
func QueueReplies(replies map[string][]Reply) Script {
	var mu sync.Mutex
	return func(kind string, _ []Message) Reply {
		mu.Lock()
		defer mu.Unlock()
		q := replies[kind]
		if len(q) == 0 {
			return Reply{Status: http.StatusInternalServerError, Content: "no scripted reply for " + kind}
		}
		if len(q) > 1 {
			replies[kind] = q[1:]
		}
		return q[0]
	}
}

// ByText answers each request with the script whose key is in its
// messages (the longest such key), for several runs side by side on one
// server, each with its own script keyed by its objective. A request
// holding no key is answered with an error.
func ByText(scripts map[string]Script) Script {
	return func(kind string, msgs []Message) Reply {
		best := ""
		for key := range scripts {
			if len(key) <= len(best) {
				continue
			}
			for _, m := range msgs {
				if strings.Contains(m.Content, key) {
					best = key
					break
				}
			}
		}
		if best == "" {
			return Reply{Status: http.StatusInternalServerError, Content: "no script for this conversation"}
		}
		return scripts[best](kind, msgs)
	}
}
