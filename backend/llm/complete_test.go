package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

func TestCompleteStreamsReplyAndUsage(t *testing.T) {
	var kinds []string
	srv := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, Script: func(kind string, msgs []llmtest.Message) llmtest.Reply {
		kinds = append(kinds, kind)
		return llmtest.Reply{Content: `{"action":"SEARCH","parameter":"tallest mountain in Africa – ñ"}`}
	}})
	defer srv.Close()
	c := New(srv.BaseURL())
	req := chat.Request{Kind: "action", MaxTokens: 400, Temperature: 0.2, Schema: &chat.Schema{Name: "action", Schema: map[string]any{"type": "object"}},
		Messages: []chat.Message{{Role: chat.System, Content: strings.Repeat("You are Scout. ", 40)}, {Role: chat.User, Content: "Objective: x"}}}
	r1, err := c.Complete(context.Background(), "qwen2.5-7b-instruct", req, nil)
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
	r2, err := c.Complete(context.Background(), "qwen2.5-7b-instruct", req, nil)
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

// LM Studio and Ollama do not say how much of a prompt came from their
// cache: the client estimates it from the prompt and reply before, close to
// what the server's cache reused, and marks it as estimated. llama.cpp's
// own figure is taken as it is. The fake's cache works the way the estimate
// does, so this checks the estimate over a real exchange and its layout
// against a chat template; TestReuseEstimate checks its arithmetic.
func TestReuseIsEstimatedWhenNotReported(t *testing.T) {
	system := chat.Message{Role: chat.System, Content: strings.Repeat("You are Scout, a research agent. ", 30)}
	turn := func(i int) chat.Message {
		return chat.Message{Role: chat.User, Content: fmt.Sprintf("Turn %d: %s", i, strings.Repeat("a result line. ", 20))}
	}
	for _, tc := range []struct {
		flavour   llmtest.Flavour
		estimated bool
	}{{llmtest.LMStudio04, true}, {llmtest.Ollama, true}, {llmtest.LlamaCpp, false}} {
		t.Run(tc.flavour.String(), func(t *testing.T) {
			srv := llmtest.New(llmtest.Options{Flavour: tc.flavour, Script: func(string, []llmtest.Message) llmtest.Reply {
				return llmtest.Reply{Content: `{"action":"SEARCH","parameter":"q"}`}
			}})
			defer srv.Close()
			c := New(srv.BaseURL())
			msgs := []chat.Message{system, turn(1)}
			var got []chat.Usage
			for i := 2; i <= 4; i++ {
				r, err := c.Complete(context.Background(), "m", chat.Request{Messages: msgs}, nil)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, r.Usage)
				msgs = append(msgs, chat.Message{Role: chat.Assistant, Content: r.Content}, turn(i))
			}
			// A fresh prompt sharing only the system prompt, as the writer's.
			r, err := c.Complete(context.Background(), "m", chat.Request{Messages: []chat.Message{system, {Role: chat.User, Content: "WRITING STEP"}}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, r.Usage)
			for i, call := range srv.Calls() {
				u := got[i]
				if u.CacheEstimated != tc.estimated {
					t.Fatalf("call %d: estimated %v, want %v", i, u.CacheEstimated, tc.estimated)
				}
				// The client lays messages out without the server's chat
				// template, so its share is close, not exact: within 4% of
				// the prompt.
				if diff := u.CachedTokens - call.CachedTokens; diff < -call.PromptTokens/25 || diff > call.PromptTokens/25 {
					t.Errorf("call %d: %d tokens reused, the server's cache reused %d of %d", i, u.CachedTokens, call.CachedTokens, call.PromptTokens)
				}
			}
			if got[0].CachedTokens != 0 || got[2].CachedTokens*10 < got[2].PromptTokens*8 {
				t.Errorf("reuse %+v: none on the first call, most on the third", got)
			}
		})
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
			_, err := New(srv.BaseURL()).Complete(context.Background(), "m", chat.Request{Messages: []chat.Message{{Role: chat.User, Content: tc.msg}}}, nil)
			assertError(t, err, tc.kind, tc.says)
		})
	}
}

// A silent server is given up on once the watchdog's allowance passes,
// on the bubble's clock (see onPipe).
func TestCompleteWatchdog(t *testing.T) { synctest.Test(t, completeWatchdog) }

func completeWatchdog(t *testing.T) {
	srv := llmtest.NewPiped(llmtest.Options{Fault: llmtest.Hang})
	defer srv.Close()
	c := onPipe(srv)
	c.stall = stallLimits{firstBase: 200 * time.Millisecond, gap: 200 * time.Millisecond}
	start := time.Now()
	_, err := c.Complete(context.Background(), "m", chat.Request{Messages: []chat.Message{{Role: chat.User, Content: "hi"}}}, nil)
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

// TestCompleteReadsWhatServersSend feeds raw answers as servers write them:
// CRLF line ends, comments and keep-alives, usage only in the last chunk,
// llama.cpp's timings instead of cached_tokens, a whole JSON answer from a
// server that ignores "stream", and an error in the middle of a stream.
func TestCompleteReadsWhatServersSend(t *testing.T) {
	chunk := func(text string) string {
		return `data: {"choices":[{"delta":{"content":` + strconv.Quote(text) + `},"finish_reason":null}]}`
	}
	for _, tc := range []struct {
		name, contentType, body string
		want                    string
		wantCached, wantPrompt  int
		truncated               bool
		errSays                 string
	}{
		{"usage in the last chunk", "text/event-stream",
			chunk("{\"a\":") + "\n\n" + chunk("1}") + "\n\n" +
				`data: {"choices":[],"usage":{"prompt_tokens":90,"completion_tokens":4,"prompt_tokens_details":{"cached_tokens":80}}}` + "\n\ndata: [DONE]\n\n",
			`{"a":1}`, 80, 90, false, ""},
		{"CRLF, comments and llama.cpp timings", "text/event-stream; charset=utf-8",
			": keep-alive\r\n\r\n" + chunk("ok") + "\r\n\r\n" +
				`data: {"choices":[{"delta":{},"finish_reason":"length"}],"usage":{"prompt_tokens":50,"completion_tokens":1},"timings":{"cache_n":42,"predicted_per_second":9.5}}` + "\r\n\r\n",
			"ok", 42, 50, true, ""},
		{"no blank line before the end", "text/event-stream", chunk("end"), "end", 0, 0, false, ""},
		{"a whole answer instead of a stream", "application/json",
			`{"choices":[{"message":{"content":"whole"},"finish_reason":"stop"}],"usage":{"prompt_tokens":7,"completion_tokens":1}}`,
			"whole", 0, 7, false, ""},
		{"an error mid-stream", "text/event-stream",
			chunk("par") + "\n\n" + `data: {"error":{"message":"model crashed"}}` + "\n\n", "", 0, 0, false, "model crashed"},
		{"garbage in the stream", "text/event-stream", "data: {not json\n\n", "", 0, 0, false, "stream the API does not describe"},
		{"the answer streamed as reasoning (LM Studio, a schema and a Qwen3.5 template)", "text/event-stream",
			`data: {"choices":[{"delta":{"reasoning_content":"{\"action\":"}}]}` + "\n\n" + `data: {"choices":[{"delta":{"reasoning_content":"\"FINISH\"}"},"finish_reason":"stop"}]}` + "\n\n",
			`{"action":"FINISH"}`, 0, 0, false, ""},
		{"a whole answer as Ollama's reasoning", "application/json",
			`{"choices":[{"message":{"content":"","reasoning":"{\"a\":2}"},"finish_reason":"stop"}]}`, `{"a":2}`, 0, 0, false, ""},
		{"thinking, then the answer", "text/event-stream",
			`data: {"choices":[{"delta":{"reasoning_content":"Let me see."}}]}` + "\n\n" + chunk("{}") + "\n\n", "{}", 0, 0, false, ""},
		{"thinking cut off by the token limit", "text/event-stream",
			`data: {"choices":[{"delta":{"reasoning_content":"Okay, the user wants"}}]}` + "\n\n" + `data: {"choices":[{"delta":{},"finish_reason":"length"}]}` + "\n\n",
			"", 0, 0, true, "spent its whole reply thinking"},
		{"thinking left in the answer, cut off", "text/event-stream",
			chunk("<think>\nOkay, the user wants") + "\n\n" + `data: {"choices":[{"delta":{},"finish_reason":"length"}]}` + "\n\n",
			"", 0, 0, true, "spent its whole reply thinking"},
		{"thinking left in the answer, then the answer", "text/event-stream",
			chunk("<think>hmm</think>{}") + "\n\n", "{}", 0, 0, false, ""},
		{"a whole answer with its thinking left in", "application/json",
			`{"choices":[{"message":{"content":"<think>hmm</think>\n\n{}"},"finish_reason":"stop"}]}`, "{}", 0, 0, false, ""},
		{"LM Studio 0.4's overflow mid-stream", "text/event-stream",
			`data: {"error":"Cannot truncate prompt with n_keep (15028) >= n_ctx (7424)"}` + "\n\n", "", 0, 0, false, "longer than the model's context"},
		{"an overflow with HTTP 200", "application/json",
			`{"error":"Cannot truncate prompt with n_keep (4270) >= n_ctx (4096)"}`, "", 0, 0, false, "longer than the model's context"},
		{"an older llama.cpp's error line", "text/event-stream",
			`error: {"code":400,"message":"the request exceeds the available context size (4096 tokens)","type":"exceed_context_size_error"}` + "\n\n",
			"", 0, 0, false, "longer than the model's context"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.contentType)
				io.WriteString(w, tc.body)
			}))
			defer srv.Close()
			r, err := New(srv.URL+"/v1").Complete(context.Background(), "m", chat.Request{Messages: []chat.Message{{Role: chat.User, Content: "hi"}}}, nil)
			if tc.errSays != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errSays) {
					t.Fatalf("error %v, want one saying %q", err, tc.errSays)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Content != tc.want || r.Usage.CachedTokens != tc.wantCached || r.Usage.PromptTokens != tc.wantPrompt || r.Truncated != tc.truncated {
				t.Fatalf("reply %q cached %d prompt %d truncated %v", r.Content, r.Usage.CachedTokens, r.Usage.PromptTokens, r.Truncated)
			}
		})
	}
}

// A reasoning model's thinking is kept apart from its answer wherever the
// server sends it, streamed a token at a time: the answer is what the
// agent puts back into the conversation, the thinking what the user reads.
func TestThinkingIsKeptApartFromTheAnswer(t *testing.T) {
	const answer = `{"action":"SEARCH","parameter":"Kilimanjaro height"}`
	for _, tc := range []struct {
		name     string
		field    llmtest.ThinkingField
		reply    llmtest.Reply
		thinking string
	}{
		{"a think block in the content", llmtest.ThinkInContent, llmtest.Reply{Content: answer, Thinking: "The user wants the height."}, "The user wants the height."},
		{"Qwen3 with thinking off: an empty block", llmtest.ThinkInContent, llmtest.Reply{Content: "<think>\n\n</think>\n\n" + answer}, ""},
		{"DeepSeek-R1: the block opened by the template", llmtest.ThinkInContent, llmtest.Reply{Content: "Okay, search first.\n</think>\n\n" + answer}, "Okay, search first."},
		{"reasoning_content", llmtest.ReasoningContent, llmtest.Reply{Content: answer, Thinking: "The user wants the height."}, "The user wants the height."},
		{"Ollama's reasoning", llmtest.Reasoning, llmtest.Reply{Content: answer, Thinking: "The user wants the height."}, "The user wants the height."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, Thinking: tc.field, WriteRate: 5000,
				Script: func(string, []llmtest.Message) llmtest.Reply { return tc.reply }})
			defer srv.Close()
			r, err := New(srv.BaseURL()).Complete(context.Background(), "m", chat.Request{Kind: "action", Messages: []chat.Message{{Role: chat.User, Content: "hi"}}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Content != answer || r.Thinking != tc.thinking {
				t.Errorf("answer %q, thinking %q; want %q, %q", r.Content, r.Thinking, answer, tc.thinking)
			}
		})
	}
}

// The request body is the OpenAI chat format: roles, the schema as a strict
// json_schema response format, and usage asked for in the stream, as the
// server receives it.
func TestChatRequestBody(t *testing.T) {
	var sent []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body any
		_ = json.NewDecoder(r.Body).Decode(&body)
		sent, _ = json.Marshal(body) // keys in order
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, `data: {"choices":[{"delta":{"content":"{}"}}]}`+"\n\ndata: [DONE]\n\n")
	}))
	defer srv.Close()
	_, err := New(srv.URL+"/v1").Complete(context.Background(), "m", chat.Request{MaxTokens: 300, Temperature: 0, Schema: &chat.Schema{Name: "action", Schema: map[string]any{"type": "object"}},
		Messages: []chat.Message{{Role: chat.System, Content: "s"}, {Role: chat.Assistant, Content: "a"}, {Role: "tool", Content: "t"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"chat_template_kwargs":{"enable_thinking":false},"max_tokens":300,"messages":[{"content":"s","role":"system"},{"content":"a","role":"assistant"},{"content":"t","role":"user"}],"model":"m",` +
		`"response_format":{"json_schema":{"name":"action","schema":{"type":"object"},"strict":true},"type":"json_schema"},"stream":true,"stream_options":{"include_usage":true},"temperature":0}`
	if string(sent) != want {
		t.Fatalf("body\n%s\nwant\n%s", sent, want)
	}
}

// An overflow says how much context the server has loaded, in each
// server's words, so the agent can keep to it.
func TestOverflowTellsTheLoadedContext(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want int
	}{
		{"the request exceeds the available context size (4096 tokens), try increasing it", 4096},
		{"Trying to keep the first 6013 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough.", 4096},
		{"context length exceeded", 0},
		{"Cannot truncate prompt with n_keep (15028) >= n_ctx (7424)", 7424},
	} {
		err := explainStatus(400, tc.msg, nil, "http://127.0.0.1:1234/v1", false)
		if !errors.Is(err, ErrContextOverflow) || chat.LoadedContext(err) != tc.want {
			t.Errorf("%q: kind %v, loaded context %d, want %d", tc.msg, err.Kind, chat.LoadedContext(err), tc.want)
		}
	}
	// Through a real request to the fake llama.cpp-style error.
	srv := llmtest.New(llmtest.Options{ContextLength: 2048, Script: func(string, []llmtest.Message) llmtest.Reply { return llmtest.Reply{Content: "{}"} }})
	defer srv.Close()
	_, err := New(srv.BaseURL()).Complete(context.Background(), "m", chat.Request{Messages: []chat.Message{{Role: chat.User, Content: strings.Repeat("word ", 3000)}}}, nil)
	if chat.LoadedContext(err) != 2048 {
		t.Fatalf("loaded context from %v: %d", err, chat.LoadedContext(err))
	}
}

// An overflow reported inside a stream is an overflow, with the context
// the server names, in whichever form it comes.
func TestStreamedOverflowKeepsTheLoadedContext(t *testing.T) {
	for _, tc := range []struct{ name, body string }{
		{"data with n_ctx", `data: {"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":5000,"n_ctx":3072}}` + "\n\n"},
		{"error line", `error: {"code":400,"message":"request (5000 tokens) exceeds the available context size (3072 tokens)"}` + "\n\n"},
		{"LM Studio n_keep wording", `data: {"error":"Trying to keep the first 5000 tokens when context the overflows. The number of tokens to keep from the initial prompt is greater than the context length (n_keep: 5000>= n_ctx: 3072)"}` + "\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/event-stream")
				io.WriteString(w, tc.body)
			}))
			defer srv.Close()
			_, err := New(srv.URL+"/v1").Complete(context.Background(), "m", chat.Request{Messages: []chat.Message{{Role: chat.User, Content: "hi"}}}, nil)
			if !errors.Is(err, ErrContextOverflow) || chat.LoadedContext(err) != 3072 {
				t.Fatalf("error %v: overflow %v, loaded context %d", err, errors.Is(err, ErrContextOverflow), chat.LoadedContext(err))
			}
		})
	}
}

// A reasoning model thinks before it answers: its streamed thoughts keep
// the watchdog from calling it stalled, and stay out of the reply. The
// server thinks at once, then answers only once the first-token
// allowance has passed twice over, timed from its own start, which comes
// after the client's: without thinking counted as progress the watchdog
// has fired by then, however slow the machine. Passing takes only the
// first thought to arrive within the allowance, and the answer within
// the gap allowed after it, which is far longer.
// The test runs on the bubble's clock (see onPipe), where the machine's
// load cannot delay the first thought.
func TestThinkingIsProgress(t *testing.T) { synctest.Test(t, thinkingIsProgress) }

func thinkingIsProgress(t *testing.T) {
	msgs := []chat.Message{{Role: chat.User, Content: "hi"}}
	var allow time.Duration // set before the request, read by the server
	srv := llmtest.ServePipe(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, `data: {"choices":[{"delta":{"reasoning_content":"hmm "}}]}`+"\n\n")
		w.(http.Flusher).Flush()
		time.Sleep(time.Until(start.Add(2 * allow)))
		io.WriteString(w, `data: {"choices":[{"delta":{"reasoning_content":"so "}}]}`+"\n\n")
		io.WriteString(w, `data: {"choices":[{"delta":{"content":"{}"}}]}`+"\n\ndata: [DONE]\n\n")
	}))
	defer srv.Close()
	c := New(srv.URL()+"/v1", WithHTTPClient(srv.Client()))
	// The allowance leaves the first thought most of a second to arrive.
	c.stall = stallLimits{firstBase: 500 * time.Millisecond, gap: time.Minute}
	allow = c.firstTokenWait(msgs)
	r, err := c.Complete(context.Background(), "m", chat.Request{Messages: msgs}, nil)
	if err != nil || r.Content != "{}" || r.Thinking != "hmm so" {
		t.Fatalf("reply %q, thinking %q, error %v", r.Content, r.Thinking, err)
	}
}

// A server that does not report its writing speed (LM Studio, Ollama) has
// it measured from the stream, from the first written token to the last;
// a reply too short or in one burst gets none. The fake runs on its own
// clock, so the speed measured is the one it declares, to the token,
// however busy the machine is. A reported speed stands.
func TestWriteRateIsMeasuredWhenNotReported(t *testing.T) {
	const pace = 50.0
	for _, c := range []struct {
		name   string
		tokens int
		pace   float64 // the fake's tokens a second; 0 sends the reply in one burst
		want   float64
	}{
		{"paced stream", 16, pace, pace},
		{"too few tokens", minRateTokens - 1, pace, 0},
		{"one burst", 16, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			clock := llmtest.NewClock()
			srv := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, WriteRate: c.pace, Clock: clock, Script: func(string, []llmtest.Message) llmtest.Reply {
				return llmtest.Reply{Content: strings.Repeat("abcd", c.tokens)} // a token each
			}})
			defer srv.Close()
			r, err := onClock(srv.BaseURL(), clock).Complete(context.Background(), "m", chat.Request{Messages: []chat.Message{{Role: chat.User, Content: "hi"}}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Usage.WriteRate; math.Abs(got-c.want) > 1e-9 || r.Usage.CompletionTokens != c.tokens {
				t.Fatalf("write rate %.2f tokens/s over %d tokens, want %.2f over %d", got, r.Usage.CompletionTokens, c.want, c.tokens)
			}
		})
	}
	t.Run("reported by llama.cpp", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			for range 16 {
				io.WriteString(w, `data: {"choices":[{"delta":{"content":"x"}}]}`+"\n\n")
				w.(http.Flusher).Flush()
				time.Sleep(20 * time.Millisecond) // a pace the client could time
			}
			io.WriteString(w, `data: {"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":16},"timings":{"predicted_per_second":7.25}}`+"\n\ndata: [DONE]\n\n")
		}))
		defer srv.Close()
		r, err := New(srv.URL+"/v1").Complete(context.Background(), "m", chat.Request{Messages: []chat.Message{{Role: chat.User, Content: "hi"}}}, nil)
		if err != nil || r.Usage.WriteRate != 7.25 {
			t.Fatalf("write rate %.2f tokens/s, error %v; llama.cpp reported 7.25", r.Usage.WriteRate, err)
		}
	})
}

func TestMissingModelIsNotAWrongURL(t *testing.T) {
	err := explainStatus(404, `model "qwen3:8b" not found, try pulling it first`, nil, "http://127.0.0.1:11434/v1", false)
	if !errors.Is(err, ErrNoModel) || !strings.Contains(err.Error(), "ollama pull") {
		t.Fatalf("%v", err)
	}
}

// A server loading the model answers its first request late: with
// ExpectModelLoad that first request waits for it, and only that one (the
// next late answer is a stall again). Every answer here is late by far
// more than the allowance it must miss, and far less than the one it must
// meet, and it runs on the bubble's clock (see onPipe): a busy machine's
// pauses decide nothing.
func TestFirstRequestMayWaitForTheModelToLoad(t *testing.T) {
	synctest.Test(t, firstRequestMayWaitForTheModelToLoad)
}

func firstRequestMayWaitForTheModelToLoad(t *testing.T) {
	const loading = 1500 * time.Millisecond
	srv := llmtest.ServePipe(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(loading)
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, `data: {"choices":[{"delta":{"content":"{}"}}]}`+"\n\ndata: [DONE]\n\n")
	}))
	defer srv.Close()
	req := chat.Request{Messages: []chat.Message{{Role: chat.User, Content: "hi"}}}
	c := New(srv.URL()+"/v1", WithHTTPClient(srv.Client()))
	c.stall = stallLimits{firstBase: 200 * time.Millisecond, load: 2 * loading, gap: 200 * time.Millisecond}
	if allow := c.firstTokenWait(req.Messages); allow > loading/2 {
		t.Fatalf("the test's first-token allowance %v leaves no room below the %v answer", allow, loading)
	}
	if _, err := c.Complete(context.Background(), "m", req, nil); !errors.Is(err, ErrStalled) {
		t.Fatalf("without ExpectModelLoad the slow first answer is a stall: %v", err)
	}
	c.ExpectModelLoad()
	if _, err := c.Complete(context.Background(), "m", req, nil); err != nil {
		t.Fatalf("with ExpectModelLoad: %v", err)
	}
	if c.loading.Load() {
		t.Fatal("the allowance outlived the first request")
	}
	if _, err := c.Complete(context.Background(), "m", req, nil); !errors.Is(err, ErrStalled) {
		t.Fatalf("after the load, a slow answer is a stall again: %v", err)
	}
}

// TestCompleteStopsOnceTheCallerHasEnough: a request whose Enough says the
// reply so far will do is hung up on there. The server stops writing, the
// reply holds what came, and its usage is what was written: counted from
// the stream, with the prompt as llama-server's progress told it or
// estimated as for any server that does not say. The test runs on the
// bubble's clock (see onPipe), so the fake's 2.5 ms between tokens are
// its own: on a loaded machine they passed before the client could read
// them, and the fake had written more than the client stopped at.
func TestCompleteStopsOnceTheCallerHasEnough(t *testing.T) {
	full := `{"action":"SEARCH","parameter":"q","thought_process":"` + strings.Repeat("more words ", 10) + "STOP" + strings.Repeat(" and many more words", 20) + `"}`
	for _, tc := range []struct {
		flavour  llmtest.Flavour
		server   string
		reported bool
	}{{llmtest.LlamaCpp, ServerLlamaCpp, true}, {llmtest.LMStudio04, "", false}} {
		t.Run(tc.flavour.String(), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				srv := llmtest.NewPiped(llmtest.Options{Flavour: tc.flavour, WriteRate: 400, Script: func(string, []llmtest.Message) llmtest.Reply {
					return llmtest.Reply{Content: full}
				}})
				defer srv.Close()
				c := onPipe(srv)
				c.SetServer(tc.server)
				req := chat.Request{Kind: "action", MaxTokens: 400, Messages: []chat.Message{{Role: chat.System, Content: strings.Repeat("You are Scout. ", 40)}, {Role: chat.User, Content: "Objective: x"}},
					Enough: func(sofar string) bool { return strings.Contains(sofar, "STOP") }}
				r, err := c.Complete(context.Background(), "m", req, nil)
				if err != nil {
					t.Fatal(err)
				}
				stop := strings.Index(full, "STOP")
				if !r.Stopped || !strings.HasPrefix(full, r.Content) || len(r.Content) < stop+4 || len(r.Content) > stop+8 {
					t.Fatalf("stopped %v with %d of %d bytes, want the reply up to STOP (byte %d)", r.Stopped, len(r.Content), len(full), stop)
				}
				pieces := (len(r.Content) + 3) / 4 // the fake's tokens are 4 bytes
				if r.Usage.CompletionTokens != pieces || r.Usage.PromptTokens == 0 {
					t.Errorf("usage %+v, want %d tokens written and the prompt's", r.Usage, pieces)
				}
				call := srv.Calls()[0]
				if tc.reported && (r.Usage.PromptTokens != call.PromptTokens || r.Usage.CacheEstimated) {
					t.Errorf("prompt %d tokens (estimated %v), the server's progress said %d", r.Usage.PromptTokens, r.Usage.CacheEstimated, call.PromptTokens)
				}
				if !tc.reported && !r.Usage.CacheEstimated {
					t.Errorf("a stopped reply's cache use must be marked as estimated: %+v", r.Usage)
				}
				// The server saw the client leave and stopped writing: once
				// every goroutine of the bubble waits, it has seen it.
				synctest.Wait()
				if call = srv.Calls()[0]; !call.Left || call.CompletionTokens != pieces {
					t.Errorf("the fake left %v after writing %d tokens; the client read %d of %d", call.Left, call.CompletionTokens, pieces, (len(full)+3)/4)
				}
			})
		})
	}
}
