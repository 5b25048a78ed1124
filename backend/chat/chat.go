// Package chat holds the plain types of a conversation with a model, shared
// by the agent (which owns the Model interface) and the llm adapter (which
// implements it). It imports nothing outside the standard library but
// phrase, the window's words.
package chat

import (
	"errors"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/phrase"
)

// Roles of messages.
const (
	System    = "system"
	User      = "user"
	Assistant = "assistant"
)

// Message is one message of a conversation.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Schema constrains a reply to JSON of a given shape (sent as
// response_format json_schema, strict).
type Schema struct {
	Name   string
	Schema map[string]any
}

// Request is one model call.
type Request struct {
	// Kind names the call for accounting and scripted fakes: "action",
	// "checklist", "coverage", "writer".
	Kind     string
	Messages []Message
	Schema   *Schema
	// MaxTokens caps the reply; Temperature is usually low.
	MaxTokens   int
	Temperature float64
	// Enough, when set, is asked about the reply's text as it streams in;
	// once it says the text is all the caller needs, the client stops
	// reading, the server stops writing (it sees the caller leave), and
	// the reply so far is returned with Stopped set.
	Enough func(sofar string) bool
}

// Usage is what a call cost, as the server reported it.
type Usage struct {
	PromptTokens int `json:"prompt_tokens"`
	// CachedTokens were reused from the server's prompt cache.
	CachedTokens int `json:"cached_tokens"`
	// CacheEstimated: the server did not report its cache use, and
	// CachedTokens is the client's estimate of it (see llm).
	CacheEstimated   bool          `json:"cache_estimated,omitempty"`
	CompletionTokens int           `json:"completion_tokens"`
	Duration         time.Duration `json:"duration_ns"`
	// WriteRate is the generation speed in tokens per second, as the server
	// reports it (llama.cpp) or as measured from the stream (others); zero
	// when the reply was too short or came in one burst to tell.
	WriteRate float64 `json:"write_rate,omitempty"`
	// FirstToken is how long the first written token took: reading the
	// prompt, for a model already loaded. ReadRate is the prompt reading
	// speed in tokens per second as the server reports it (llama.cpp);
	// zero when it does not.
	FirstToken time.Duration `json:"first_token_ns,omitempty"`
	ReadRate   float64       `json:"read_rate,omitempty"`
}

// Reply is a model's answer.
type Reply struct {
	// Content is the answer, without the thinking a reasoning model wrote
	// before it.
	Content string
	// Thinking is that thinking, wherever the server sent it (a <think>
	// block in the text, or a reasoning field): for the user to read,
	// never for the conversation sent back to the model (see
	// SplitThinking).
	Thinking string
	// Truncated is set when the reply hit MaxTokens; Stopped when the
	// caller stopped it (Request.Enough).
	Truncated bool
	Stopped   bool
	Usage     Usage
}

// Tags around the thinking of reasoning models (Qwen3, DeepSeek-R1 and
// their distills) when a server leaves it in the reply's text.
const (
	thinkOpen  = "<think>"
	thinkClose = "</think>"
)

// SplitThinking separates the thinking a reasoning model wrote into a
// reply's text from the answer after it: a <think>…</think> block, or the
// text up to a </think> whose opening tag the chat template wrote into the
// prompt (DeepSeek-R1's does). A <think> never closed is thinking only.
// Text without these tags is all answer, unchanged. Like the chat
// templates of these models, which drop the thinking from the
// conversation they are sent, the caller keeps only the answer in it.
func SplitThinking(text string) (thinking, answer string) {
	end := strings.LastIndex(text, thinkClose)
	switch {
	case end >= 0:
		thinking, answer = text[:end], strings.TrimLeft(text[end+len(thinkClose):], " \t\r\n")
	case strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), thinkOpen):
		thinking = text
	default:
		return "", text
	}
	return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(thinking), thinkOpen)), answer
}

// ErrContextOverflow is the kind of error a Model returns when the prompt
// did not fit the loaded context; the agent rebuilds a shorter prompt.
var ErrContextOverflow = errors.New("prompt exceeds the context length")

// LoadedContext is the context length (tokens) an overflow error says the
// server has loaded, or 0 when it does not say. Errors tell it by having a
// LoadedContext() int method.
func LoadedContext(err error) int {
	var lc interface{ LoadedContext() int }
	if errors.As(err, &lc) {
		return lc.LoadedContext()
	}
	return 0
}

// Phases of a model call, for Wait.
const (
	Reading = "reading" // the server reads the prompt
	Writing = "writing" // the reply streams
)

// Wait is a model call in progress: what the server is doing, how far it
// has got and how long it should take. The model client estimates it from
// the server's measured speeds (or its own prompt progress, where
// llama.cpp reports it) and tells it through the call's notify about once
// a second, the first as the request is sent (see port.NoticeProgress).
type Wait struct {
	// Phase is Reading until the first token, then Writing.
	Phase string `json:"phase"`
	// NewTokens are the prompt tokens the server has to read: those its
	// prompt cache does not hold. Written are the tokens written so far.
	NewTokens int `json:"new_tokens"`
	Written   int `json:"written"`
	// Elapsed is how long the call has run; Left the estimated time still
	// to go, Expected the estimate of the whole call. Both are zero when
	// the speeds are unknown.
	Elapsed  time.Duration `json:"elapsed_ns"`
	Left     time.Duration `json:"left_ns"`
	Expected time.Duration `json:"expected_ns"`
	// Done is the share of the call done, 0 to 1, for a progress bar;
	// negative when it cannot be told.
	Done float64 `json:"done"`
	// Text says it in words: "reading 1,850 new tokens, about 4 min",
	// "writing: 42 tokens".
	Text string `json:"text"`
	// Say is Text as a message of the window's, for it to say in its
	// language; nil where there is none.
	Say *phrase.Said `json:"say,omitempty"`
	// Reported: the server said how far it has read (llama.cpp's prompt
	// progress) rather than Scout working it out from the speed.
	Reported bool `json:"reported,omitempty"`
}
