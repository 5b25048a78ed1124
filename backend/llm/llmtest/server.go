// Package llmtest provides a fake OpenAI-compatible model server for tests.
// It poses as LM Studio 0.4, LM Studio 0.3, llama.cpp's llama-server,
// Ollama or a server with only the OpenAI API for the endpoints Scout reads (model list and context length), with
// each server's own way of answering an unknown path, and can misbehave on
// purpose (an HTML page, a hang) so error handling is tested against real
// HTTP rather than mocks.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// Flavour is the kind of server the fake poses as.
type Flavour int

// The flavours, by what their endpoints look like.
const (
	LMStudio04 Flavour = iota // /api/v1/models with loaded_instances
	LMStudio03                // /api/v0/models with loaded_context_length
	LlamaCpp                  // /props with default_generation_settings.n_ctx
	Ollama                    // /api/ps (loaded, with context_length) and /api/tags
	Plain                     // nothing but the OpenAI API (vLLM and others)
)

// String names the flavour for test names.
func (f Flavour) String() string {
	return [...]string{"LM Studio 0.4", "LM Studio 0.3", "llama.cpp", "Ollama", "plain OpenAI API"}[f]
}

// Fault makes the server misbehave on every request.
type Fault int

// The faults.
const (
	NoFault  Fault = iota
	HTMLPage       // answer every path with a web page (a wrong port, a proxy)
	Hang           // accept and never answer until the client gives up
)

// Options configure a Server. The zero value is LM Studio 0.4 with one
// model loaded at 8192 tokens.
type Options struct {
	Flavour Flavour
	// Models are listed by /v1/models; nil means DefaultModels, and an
	// empty non-nil slice means none.
	Models []string
	// ContextLength is the loaded context; 0 means 8192.
	ContextLength int
	// MaxContextLength is the model's maximum; 0 means 32768.
	MaxContextLength int
	// Loaded is the model LM Studio reports as loaded; "" means the first
	// of Models.
	Loaded string
	// NotLoaded makes LM Studio report its models as downloaded but not
	// loaded (just-in-time loading).
	NotLoaded bool
	// Embedding, when set, is an embedding model listed (and loaded) before
	// the chat models, as LM Studio lists its bundled one.
	Embedding string
	// OmitLoadedContext makes LM Studio 0.3 leave out loaded_context_length,
	// as some builds do.
	OmitLoadedContext bool
	Fault             Fault
	// Script answers chat completions; nil answers an error JSON. Scout's
	// model probe (see ProbePrefix) is answered without it.
	Script Script
	// ReadRate and WriteRate, in tokens per second, make the fake as slow
	// as a model on a CPU, without real minutes: the prompt tokens its
	// cache does not hold are read at ReadRate before the first token (a
	// cached prefix costs nothing), and the reply streams a token at a time
	// at WriteRate. Zero answers at once, as fast as the test can go.
	ReadRate, WriteRate float64
	// NoPrefixCache makes the fake reuse nothing of one prompt in the next,
	// as a server with its prompt cache off does: every prompt is read
	// (and reported) in full.
	NoPrefixCache bool
	// IgnoreSchema makes the fake's own replies to the model probe ignore
	// the JSON schema asked for and answer in prose, as a server that does
	// not constrain replies does.
	IgnoreSchema bool
	// Thinking is where the fake sends a reasoning model's thinking (see
	// Reply.Thinking); Thought, when set, is what it thinks before every
	// reply that brings no thinking of its own, the probe's included.
	Thinking ThinkingField
	Thought  string
	// Slots is how many requests the fake answers at once, each at the
	// set speeds and with its own prompt cache, as llama-server with
	// --parallel N (see slots.go); the rest wait their turn. 0 means 1,
	// llama-server's default.
	Slots int
	// Clock, when set, is the time the fake keeps instead of sleeping
	// at ReadRate and WriteRate and for a Reply's Delay (see Clock): a
	// test that times it measures what these declare.
	Clock *Clock
	// APIKey, when set, is the key the fake requires, as llama-server
	// with --api-key does: a request without "Authorization: Bearer
	// <APIKey>" gets HTTP 401 with an OpenAI-style error object (see
	// refuse), except on the endpoints llama-server leaves public.
	APIKey string
}

// DefaultModels are listed when Options.Models is nil.
var DefaultModels = []string{"qwen2.5-7b-instruct", "llama-3.1-8b-instruct"}

// Server is a running fake model server. Close it when done.
type Server struct {
	*httptest.Server
	*Handler
}

// New starts a fake server on a loopback port.
func New(opts Options) *Server {
	h := NewHandler(opts)
	return &Server{Server: httptest.NewServer(h), Handler: h}
}

// Handler is the fake server's http.Handler, for serving it on an address
// of your choice (see cmd/fakellm).
type Handler struct {
	opts Options

	slots *slots

	mu       sync.Mutex
	requests []string
	calls    []ChatCall
}

// NewHandler returns the handler New serves, with defaults filled in.
func NewHandler(opts Options) *Handler {
	if opts.Models == nil {
		opts.Models = DefaultModels
	}
	if opts.ContextLength == 0 {
		opts.ContextLength = 8192
	}
	if opts.MaxContextLength == 0 {
		opts.MaxContextLength = 32768
	}
	if opts.Loaded == "" && len(opts.Models) > 0 {
		opts.Loaded = opts.Models[0]
	}
	return &Handler{opts: opts, slots: newSlots(opts.Slots)}
}

// BaseURL is the OpenAI base URL clients should use (ending in /v1).
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Requests returns "METHOD /path" for every request received, in order.
func (s *Handler) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.requests...)
}

// ServeHTTP implements http.Handler.
func (s *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests = append(s.requests, r.Method+" "+r.URL.Path)
	s.mu.Unlock()
	if !s.authorized(r) {
		s.refuse(w)
		return
	}
	switch s.opts.Fault {
	case HTMLPage:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!DOCTYPE html><html><head><title>Router login</title></head><body>Welcome</body></html>")
		return
	case Hang:
		// Read the body first: only then does the server notice a client
		// that gives up and closes the connection.
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-time.After(time.Minute):
		}
		return
	}
	if r.Method == http.MethodPost && r.URL.Path == "/v1/chat/completions" {
		s.chat(w, r)
		return
	}
	if r.Method == http.MethodGet && r.URL.Path == "/v1/models" {
		s.writeJSON(w, http.StatusOK, s.openAIModels())
		return
	}
	if body, ok := s.ownEndpoint(r.URL.Path); ok && r.Method == http.MethodGet {
		s.writeJSON(w, http.StatusOK, body)
		return
	}
	s.unknownPath(w, r)
}

// listed returns the model ids in the server's order.
func (s *Handler) listed() []string {
	if s.opts.Embedding == "" || len(s.opts.Models) == 0 {
		return s.opts.Models
	}
	return append([]string{s.opts.Embedding}, s.opts.Models...)
}

func (s *Handler) isLoaded(id string) bool {
	return !s.opts.NotLoaded && (id == s.opts.Loaded || id == s.opts.Embedding)
}

func (s *Handler) modelType(id string) string {
	if id == s.opts.Embedding {
		return "embedding"
	}
	return "llm"
}

func (s *Handler) openAIModels() any {
	type model struct {
		ID      string `json:"id"`
		Object  string `json:"object"`
		OwnedBy string `json:"owned_by"`
	}
	ids := s.listed()
	data := make([]model, len(ids))
	for i, id := range ids {
		data[i] = model{ID: id, Object: "model", OwnedBy: "organization_owner"}
	}
	return map[string]any{"object": "list", "data": data}
}

// ownEndpoint answers the flavour's non-OpenAI endpoints.
func (s *Handler) ownEndpoint(path string) (any, bool) {
	switch {
	case path == "/api/v1/models" && s.opts.Flavour == LMStudio04:
		return s.lmStudio04(), true
	case path == "/api/v0/models" && (s.opts.Flavour == LMStudio04 || s.opts.Flavour == LMStudio03):
		return s.lmStudio03(), true
	case path == "/api/tags" && s.opts.Flavour == Ollama:
		return s.ollamaList(s.listed(), false), true
	case path == "/api/ps" && s.opts.Flavour == Ollama:
		var loaded []string
		for _, id := range s.listed() {
			if s.isLoaded(id) {
				loaded = append(loaded, id)
			}
		}
		return s.ollamaList(loaded, true), true
	case path == "/props" && s.opts.Flavour == LlamaCpp:
		return map[string]any{
			"default_generation_settings": map[string]any{"n_ctx": s.opts.ContextLength, "temperature": 0.8},
			"total_slots":                 len(s.slots.all),
		}, true
	}
	return nil, false
}

// ollamaList is Ollama's model list; loaded ones carry their context.
func (s *Handler) ollamaList(ids []string, loaded bool) any {
	models := make([]map[string]any, len(ids))
	for i, id := range ids {
		family := "qwen2"
		if id == s.opts.Embedding {
			family = "nomic-bert"
		}
		models[i] = map[string]any{"name": id, "model": id, "details": map[string]any{"family": family, "format": "gguf"}}
		if loaded {
			models[i]["context_length"] = s.opts.ContextLength
		}
	}
	return map[string]any{"models": models}
}

func (s *Handler) lmStudio04() any {
	ids := s.listed()
	models := make([]map[string]any, len(ids))
	for i, id := range ids {
		instances := []map[string]any{}
		if s.isLoaded(id) {
			instances = append(instances, map[string]any{
				"id":     id,
				"config": map[string]any{"context_length": s.opts.ContextLength},
			})
		}
		models[i] = map[string]any{
			"type": s.modelType(id), "key": id, "display_name": id,
			"max_context_length": s.opts.MaxContextLength,
			"loaded_instances":   instances,
		}
	}
	return map[string]any{"models": models}
}

func (s *Handler) lmStudio03() any {
	ids := s.listed()
	data := make([]map[string]any, len(ids))
	for i, id := range ids {
		m := map[string]any{
			"id": id, "object": "model", "type": s.modelType(id),
			"state": "not-loaded", "max_context_length": s.opts.MaxContextLength,
		}
		if s.isLoaded(id) {
			m["state"] = "loaded"
			if !s.opts.OmitLoadedContext {
				// 0.4 keeps serving the old API, with a different figure
				// so tests can tell which endpoint was used.
				m["loaded_context_length"] = s.opts.ContextLength
				if s.opts.Flavour == LMStudio04 {
					m["loaded_context_length"] = s.opts.ContextLength / 2
				}
			}
		}
		if id == s.opts.Embedding {
			m["type"] = "embeddings"
		}
		data[i] = m
	}
	return map[string]any{"object": "list", "data": data}
}

// unknownPath answers the way each real server does.
func (s *Handler) unknownPath(w http.ResponseWriter, r *http.Request) {
	switch s.opts.Flavour {
	case LMStudio04, LMStudio03:
		s.writeJSON(w, http.StatusOK, map[string]any{
			"error": fmt.Sprintf("Unexpected endpoint or method. (%s %s)", r.Method, r.URL.Path),
		})
	case LlamaCpp:
		s.writeJSON(w, http.StatusNotFound, map[string]any{
			"error": map[string]any{"code": 404, "message": "File Not Found", "type": "not_found_error"},
		})
	default:
		http.Error(w, "404 page not found", http.StatusNotFound)
	}
}

func (s *Handler) writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
