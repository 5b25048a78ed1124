package llm

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/netguard"
)

const testKey = "sk-scout-test-4c1d8e2a"

// The key goes to every request as a bearer token: the OpenAI API's and
// the servers' own endpoints (llama-server wants it for /props). Without
// a key Scout sends no Authorization header at all, rather than a
// placeholder a server could take for a wrong key.
func TestTheKeyGoesWithEveryRequest(t *testing.T) {
	for _, key := range []string{"", testKey} {
		var mu sync.Mutex
		seen := map[string]string{}
		fake := llmtest.NewHandler(llmtest.Options{Flavour: llmtest.LlamaCpp, Script: func(string, []llmtest.Message) llmtest.Reply { return llmtest.Reply{Content: "{}"} }})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			seen[r.Method+" "+r.URL.Path] = r.Header.Get("Authorization")
			mu.Unlock()
			fake.ServeHTTP(w, r)
		}))
		c := New(srv.URL+"/v1", WithKey(key))
		info, err := c.Probe(context.Background(), "")
		if err == nil {
			_, err = c.Complete(context.Background(), info.Model, chat.Request{Kind: "action", Messages: []chat.Message{{Role: "user", Content: "hi"}}}, nil)
		}
		srv.Close()
		if err != nil {
			t.Fatalf("key %q: %v", key, err)
		}
		want := ""
		if key != "" {
			want = "Bearer " + key
		}
		for _, path := range []string{"GET /v1/models", "GET /props", "POST /v1/chat/completions"} {
			if got, ok := seen[path]; !ok || got != want {
				t.Errorf("key %q: %s sent Authorization %q (asked: %v), want %q", key, path, got, ok, want)
			}
		}
	}
}

// A server that wants a key says so in words that name the fix: where to
// give the key when none was given, that the key given is not the one it
// takes otherwise. Nothing advises turning authentication off, and the
// key never appears in a message, even when the server quotes it.
func TestKeyRefusalsSayWhatToDo(t *testing.T) {
	echo := func(t *testing.T) string { // a server that quotes the key it was sent
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			sent := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": "Incorrect API key provided: " + sent, "code": "invalid_api_key"}})
		}))
		t.Cleanup(s.Close)
		return s.URL + "/v1"
	}
	tests := []struct {
		name string
		url  func(t *testing.T) string
		key  string
		says []string
	}{
		{"llama-server, no key", serve(llmtest.Options{Flavour: llmtest.LlamaCpp, APIKey: testKey}, "/v1"), "",
			[]string{"wants an API key", "HTTP 401", "Settings", "--llm-key", "SCOUT_LLM_KEY"}},
		{"llama-server, wrong key", serve(llmtest.Options{Flavour: llmtest.LlamaCpp, APIKey: testKey}, "/v1"), "sk-wrong-0000",
			[]string{"refused the API key", "HTTP 401", "Invalid API Key", "--api-key", "Settings"}},
		{"OpenAI-style server, no key", serve(llmtest.Options{Flavour: llmtest.Plain, APIKey: testKey}, "/v1"), "",
			[]string{"wants an API key", "Settings"}},
		{"OpenAI-style server, wrong key", serve(llmtest.Options{Flavour: llmtest.Plain, APIKey: testKey}, "/v1"), "sk-wrong-0000",
			[]string{"refused the API key", "Incorrect API key provided"}},
		{"a server quoting the key", echo, testKey,
			[]string{"refused the API key", "Incorrect API key provided: [your API key]"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.url(t), WithKey(tc.key)).Probe(context.Background(), "")
			assertError(t, err, ErrUnauthorized, tc.says...)
			for _, never := range []string{"Turn off", "turn off", "authentication off", testKey} {
				if strings.Contains(err.Error(), never) {
					t.Errorf("the message says %q: %s", never, err)
				}
			}
		})
	}
}

// With the right key, a keyed server is used as any other: its context
// detected, a completion answered.
func TestAKeyedServerWorksWithItsKey(t *testing.T) {
	srv := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, ContextLength: 16384, APIKey: testKey,
		Script: func(string, []llmtest.Message) llmtest.Reply { return llmtest.Reply{Content: `{"ok":true}`} }})
	defer srv.Close()
	c := New(srv.BaseURL(), WithKey(testKey))
	info, err := c.Probe(context.Background(), "")
	if err != nil || info.ContextLength != 16384 {
		t.Fatalf("probe: %+v, %v", info, err)
	}
	reply, err := c.Complete(context.Background(), info.Model, chat.Request{Kind: "action", Messages: []chat.Message{{Role: "user", Content: "hi"}}}, nil)
	if err != nil || reply.Content != `{"ok":true}` {
		t.Fatalf("reply %q, %v", reply.Content, err)
	}
}

// A model server that sends Scout on elsewhere on the local network (a
// redirect the network guard refuses) is told as that, with the fix, not
// as the guard's advice to the browser.
func TestARedirectInwardIsToldAsSuch(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		t.Error("the redirect was followed")
	}))
	defer other.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer srv.Close()
	guard := &netguard.Guard{}
	guard.ModelServer(srv.URL + "/v1")
	_, err := New(srv.URL+"/v1", WithHTTPClient(guard.ModelClient())).Probe(context.Background(), "")
	assertError(t, err, ErrRedirected, "sent Scout on to "+other.URL, "use the address the server answers at")
	if strings.Contains(err.Error(), "Allow local network") {
		t.Errorf("the message gives the browser's advice: %s", err)
	}
}
