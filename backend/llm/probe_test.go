package llm

import (
	"cmp"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/llm/llmtest"
)

func TestProbeDetectsContextPerFlavour(t *testing.T) {
	tests := []struct {
		opts       llmtest.Options
		want       string // model requested; "" = first
		server     string
		length     int
		source     string
		noteSays   string // part of a note, "" = no notes
		wantModel  string
		wantModels []string
	}{
		{opts: llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192},
			server: ServerLMStudio, length: 8192, source: "LM Studio /api/v1/models"},
		{opts: llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192}, want: "llama-3.1-8b-instruct",
			server: ServerLMStudio, length: 0, noteSays: "has not loaded \"llama-3.1-8b-instruct\""},
		{opts: llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 6144, Loaded: "llama-3.1-8b-instruct"},
			server: ServerLMStudio, length: 6144, source: "LM Studio /api/v1/models", wantModel: "llama-3.1-8b-instruct"},
		{opts: llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192, Embedding: "text-embedding-nomic-embed-text-v1.5"},
			server: ServerLMStudio, length: 8192, source: "LM Studio /api/v1/models",
			wantModels: []string{"text-embedding-nomic-embed-text-v1.5", "qwen2.5-7b-instruct", "llama-3.1-8b-instruct"}, wantModel: "qwen2.5-7b-instruct"},
		{opts: llmtest.Options{Flavour: llmtest.LMStudio03, ContextLength: 4096, Embedding: "text-embedding-nomic-embed-text-v1.5"},
			server: ServerLMStudio, length: 4096, source: "LM Studio /api/v0/models",
			wantModels: []string{"text-embedding-nomic-embed-text-v1.5", "qwen2.5-7b-instruct", "llama-3.1-8b-instruct"}, wantModel: "qwen2.5-7b-instruct"},
		{opts: llmtest.Options{Flavour: llmtest.LMStudio03, ContextLength: 4096}, want: "llama-3.1-8b-instruct",
			server: ServerLMStudio, length: 0, noteSays: "has not loaded \"llama-3.1-8b-instruct\""},
		{opts: llmtest.Options{Flavour: llmtest.LMStudio04, NotLoaded: true},
			server: ServerLMStudio, length: 0, noteSays: "no model loaded yet"},
		// Nothing loaded (just-in-time loading): the first chat model, not
		// the embedding model listed before it.
		{opts: llmtest.Options{Flavour: llmtest.LMStudio04, NotLoaded: true, Embedding: "text-embedding-nomic-embed-text-v1.5"},
			server: ServerLMStudio, length: 0, noteSays: "no model loaded yet",
			wantModels: []string{"text-embedding-nomic-embed-text-v1.5", "qwen2.5-7b-instruct", "llama-3.1-8b-instruct"}, wantModel: "qwen2.5-7b-instruct"},
		{opts: llmtest.Options{Flavour: llmtest.LMStudio03, NotLoaded: true, Embedding: "text-embedding-nomic-embed-text-v1.5"},
			server: ServerLMStudio, length: 0, noteSays: "no model loaded yet",
			wantModels: []string{"text-embedding-nomic-embed-text-v1.5", "qwen2.5-7b-instruct", "llama-3.1-8b-instruct"}, wantModel: "qwen2.5-7b-instruct"},
		{opts: llmtest.Options{Flavour: llmtest.LMStudio03, ContextLength: 4096},
			server: ServerLMStudio, length: 4096, source: "LM Studio /api/v0/models"},
		{opts: llmtest.Options{Flavour: llmtest.LMStudio03, OmitLoadedContext: true, MaxContextLength: 32768},
			server: ServerLMStudio, length: 32768, source: "LM Studio /api/v0/models (model maximum)", noteSays: "maximum context"},
		{opts: llmtest.Options{Flavour: llmtest.LMStudio03, NotLoaded: true},
			server: ServerLMStudio, length: 0, noteSays: "no model loaded yet"},
		{opts: llmtest.Options{Flavour: llmtest.LlamaCpp, ContextLength: 16384, Models: []string{"model.gguf"}},
			server: ServerLlamaCpp, length: 16384, source: "llama.cpp /props", wantModels: []string{"model.gguf"}},
		{opts: llmtest.Options{Flavour: llmtest.Ollama, ContextLength: 16384},
			server: ServerOllama, length: 16384, source: "Ollama /api/ps"},
		// Not loaded: Ollama's default, which it would silently truncate to,
		// and the first chat model, not the embedding model listed first.
		{opts: llmtest.Options{Flavour: llmtest.Ollama, NotLoaded: true, Embedding: "nomic-embed-text:latest"},
			server: ServerOllama, length: 4096, source: "Ollama's default, for a model it has not loaded yet", noteSays: "OLLAMA_CONTEXT_LENGTH",
			wantModels: []string{"nomic-embed-text:latest", "qwen2.5-7b-instruct", "llama-3.1-8b-instruct"}, wantModel: "qwen2.5-7b-instruct"},
		// Loaded: the loaded chat model, though an embedding model is loaded too.
		{opts: llmtest.Options{Flavour: llmtest.Ollama, Loaded: "llama-3.1-8b-instruct", Embedding: "nomic-embed-text:latest"},
			server: ServerOllama, length: 8192, source: "Ollama /api/ps",
			wantModels: []string{"nomic-embed-text:latest", "qwen2.5-7b-instruct", "llama-3.1-8b-instruct"}, wantModel: "llama-3.1-8b-instruct"},
		{opts: llmtest.Options{Flavour: llmtest.Plain},
			server: "", length: 0, noteSays: "does not report its context length"},
	}
	for _, tc := range tests {
		name := tc.opts.Flavour.String()
		if tc.want != "" {
			name += "/" + tc.want
		}
		t.Run(name, func(t *testing.T) {
			srv := llmtest.New(tc.opts)
			defer srv.Close()
			info, err := New(srv.BaseURL()).Probe(context.Background(), tc.want)
			if err != nil {
				t.Fatalf("Probe: %v", err)
			}
			wantModels := tc.wantModels
			if wantModels == nil {
				wantModels = llmtest.DefaultModels
			}
			wantModel := cmp.Or(tc.wantModel, tc.want, wantModels[0])
			if !reflect.DeepEqual(info.Models, wantModels) || info.Model != wantModel {
				t.Errorf("models %v model %q, want %v %q", info.Models, info.Model, wantModels, wantModel)
			}
			if info.Server != tc.server || info.ContextLength != tc.length || info.ContextSource != tc.source {
				t.Errorf("got server %q length %d source %q, want %q %d %q",
					info.Server, info.ContextLength, info.ContextSource, tc.server, tc.length, tc.source)
			}
			notes := strings.Join(info.Notes, "\n")
			if tc.noteSays == "" && notes != "" {
				t.Errorf("unexpected notes: %s", notes)
			}
			if !strings.Contains(notes, tc.noteSays) {
				t.Errorf("notes %q do not say %q", notes, tc.noteSays)
			}
		})
	}
}

func TestProbeRequestedModelNotListed(t *testing.T) {
	srv := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp})
	defer srv.Close()
	info, err := New(srv.BaseURL()).Probe(context.Background(), "mistral-7b")
	if err != nil {
		t.Fatal(err)
	}
	if info.Model != "mistral-7b" || !strings.Contains(strings.Join(info.Notes, " "), "not among the models") {
		t.Fatalf("info %+v", info)
	}
}

func TestProbeErrors(t *testing.T) {
	closed := closedPort(t)
	tests := []struct {
		name string
		url  func(t *testing.T) string
		kind error
		says []string
	}{
		{"nothing listening", func(*testing.T) string { return closed + "/v1" },
			ErrNotListening, []string{"Nothing is listening at " + closed, "Developer tab → Start Server"}},
		{"LM Studio without /v1", serve(llmtest.Options{Flavour: llmtest.LMStudio04}, ""),
			ErrWrongPath, []string{"Unexpected endpoint", "try http://127.0.0.1:", "/v1."}},
		{"Ollama without /v1", serve(llmtest.Options{Flavour: llmtest.Ollama}, ""),
			ErrWrongPath, []string{"HTTP 404", "ends in /v1"}},
		{"llama.cpp wrong path with /v1", serve(llmtest.Options{Flavour: llmtest.LlamaCpp}, "/api/v1"),
			ErrWrongPath, []string{"File Not Found", "OpenAI-compatible one"}},
		{"web page", serve(llmtest.Options{Fault: llmtest.HTMLPage}, "/v1"),
			ErrNotAPI, []string{"web page", "http://127.0.0.1:1234/v1"}},
		{"no model", serve(llmtest.Options{Models: []string{}}, "/v1"),
			ErrNoModel, []string{"offers no model", "Load a model"}},
		{"unauthorized", func(t *testing.T) string {
			s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				http.Error(w, `{"error":"invalid api key"}`, http.StatusUnauthorized)
			}))
			t.Cleanup(s.Close)
			return s.URL + "/v1"
		}, ErrUnauthorized, []string{"HTTP 401", "API key"}},
		{"plain text instead of JSON", handler(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte("hello from some service"))
		}), ErrNotAPI, []string{"other than the model API's JSON (text/plain)"}},
		{"JSON without a model list", handler(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"status":"ok"}`))
		}), ErrWrongPath, []string{"no model list"}},
		{"HTML with a byte order mark", handler(func(w http.ResponseWriter, _ *http.Request) {
			w.Write([]byte("\ufeff<!DOCTYPE html><html><body>proxy</body></html>"))
		}), ErrNotAPI, []string{"web page"}},
		{"401 as a web page", handler(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusUnauthorized)
			w.Write([]byte("<html><body>Login required</body></html>"))
		}), ErrUnauthorized, []string{"HTTP 401"}},
		{"server error plain string body", func(t *testing.T) string {
			s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusInternalServerError)
				w.Write([]byte(`{"error":"model crashed while loading"}`))
			}))
			t.Cleanup(s.Close)
			return s.URL + "/v1"
		}, ErrServer, []string{"HTTP 500", "model crashed while loading"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.url(t)).Probe(context.Background(), "")
			assertError(t, err, tc.kind, tc.says...)
		})
	}
}

func TestProbeTimeout(t *testing.T) {
	srv := llmtest.New(llmtest.Options{Fault: llmtest.Hang})
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := New(srv.BaseURL()).Probe(ctx, "")
	assertError(t, err, ErrTimeout, "did not answer in time", "try again")
}

func TestExplainUnknownHost(t *testing.T) {
	err := explain(&net.OpError{Op: "dial", Err: &net.DNSError{Err: "no such host", Name: "lmstudio.lan"}}, "http://lmstudio.lan:1234/v1")
	assertError(t, err, ErrUnknownHost, `"lmstudio.lan"`, "check the URL")
}

// A server that goes away mid-answer is told in words, not as "unexpected
// EOF" or "connection reset by peer".
func TestExplainServerGone(t *testing.T) {
	for _, cause := range []error{io.ErrUnexpectedEOF, io.EOF, &net.OpError{Op: "read", Err: syscall.ECONNRESET}} {
		err := explain(&url.Error{Op: "Post", URL: "http://127.0.0.1:8080/v1/chat/completions", Err: cause}, "http://127.0.0.1:8080/v1")
		assertError(t, err, ErrServer, "127.0.0.1:8080 closed the connection before it finished answering", "Check that it is still running")
		if strings.Contains(err.Error(), "EOF") || strings.Contains(err.Error(), "reset") {
			t.Errorf("%v: %q shows the transport's words", cause, err)
		}
	}
}

func TestExplainLeavesCancellationAlone(t *testing.T) {
	if err := explain(context.Canceled, "http://x/v1"); !errors.Is(err, context.Canceled) {
		t.Fatalf("explain(Canceled) = %v", err)
	}
}

func assertError(t *testing.T, err error, kind error, says ...string) {
	t.Helper()
	var e *Error
	if !errors.Is(err, kind) || !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want an *Error of kind %v", err, err, kind)
	}
	for _, s := range says {
		if !strings.Contains(e.Message, s) {
			t.Errorf("message %q does not say %q", e.Message, s)
		}
	}
}

// handler starts an httptest server with h and returns its /v1 URL.
func handler(h http.HandlerFunc) func(t *testing.T) string {
	return func(t *testing.T) string {
		s := httptest.NewServer(h)
		t.Cleanup(s.Close)
		return s.URL + "/v1"
	}
}

// serve starts a fake server and returns its root URL plus suffix.
func serve(opts llmtest.Options, suffix string) func(t *testing.T) string {
	return func(t *testing.T) string {
		s := llmtest.New(opts)
		t.Cleanup(s.Close)
		return s.URL + suffix
	}
}

// closedPort returns the address of a loopback port nothing listens on.
func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// ModelLoaded says whether a run's first request may have to wait for the
// model to load.
func TestProbeSaysWhetherTheModelIsLoaded(t *testing.T) {
	for _, tc := range []struct {
		name   string
		opts   llmtest.Options
		want   string
		loaded bool
	}{
		{"LM Studio 0.4, loaded", llmtest.Options{Flavour: llmtest.LMStudio04}, "", true},
		{"LM Studio 0.4, just in time", llmtest.Options{Flavour: llmtest.LMStudio04, NotLoaded: true}, "", false},
		{"LM Studio 0.4, another model asked for", llmtest.Options{Flavour: llmtest.LMStudio04}, "llama-3.1-8b-instruct", false},
		{"LM Studio 0.3, loaded", llmtest.Options{Flavour: llmtest.LMStudio03}, "", true},
		{"LM Studio 0.3, just in time", llmtest.Options{Flavour: llmtest.LMStudio03, NotLoaded: true}, "", false},
		{"llama.cpp", llmtest.Options{Flavour: llmtest.LlamaCpp}, "", true},
		{"Ollama, loaded", llmtest.Options{Flavour: llmtest.Ollama}, "", true},
		{"Ollama, loads on the first request", llmtest.Options{Flavour: llmtest.Ollama, NotLoaded: true}, "", false},
		{"plain OpenAI API", llmtest.Options{Flavour: llmtest.Plain}, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(tc.opts)
			defer srv.Close()
			info, err := New(srv.BaseURL()).Probe(context.Background(), tc.want)
			if err != nil || info.ModelLoaded != tc.loaded {
				t.Fatalf("model loaded %v, want %v (%v)", info.ModelLoaded, tc.loaded, err)
			}
		})
	}
}
