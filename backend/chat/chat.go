// Package chat holds the plain types of a conversation with a model, shared
// by the agent (which owns the Model interface) and the llm adapter (which
// implements it). It imports nothing outside the standard library.
package chat

import (
	"errors"
	"time"
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
}

// Reply is a model's answer.
type Reply struct {
	Content string
	// Truncated is set when the reply hit MaxTokens.
	Truncated bool
	Usage     Usage
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
