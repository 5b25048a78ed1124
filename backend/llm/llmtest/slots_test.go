package llmtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// reachable is a fake a test can send requests to: a Server on a port,
// or a Piped one.
type reachable interface {
	BaseURL() string
	Client() *http.Client
}

// post sends one chat completion with these messages and returns its
// status and body (0 when it could not be sent). It may run in a
// goroutine of the test's.
func post(t *testing.T, srv reachable, key string, msgs ...Message) (int, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"model": "m", "messages": msgs})
	req, _ := http.NewRequest(http.MethodPost, srv.BaseURL()+"/chat/completions", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Error(err)
		return 0, ""
	}
	defer res.Body.Close()
	got, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(got)
}

// user is a user message of about n tokens, different for each seed.
func user(seed string, n int) Message {
	return Message{Role: "user", Content: seed + strings.Repeat(" word", n*charsPerToken/5)}
}

// A server with N slots answers N requests at once, each at the set
// speed, and queues the rest until a slot is free, as llama-server with
// --parallel N does: the time for a batch of requests is the number of
// waves it takes, not the number of requests. The requests run on the
// bubble's clock, over a Pipe: on a loaded machine the real time they
// took ran over by a wave and more.
func TestSlotsAnswerSeveralAtOnce(t *testing.T) {
	const (
		readRate = 1000.0 // tokens a second
		tokens   = 300    // per prompt: 0.3 s to read
		requests = 4
	)
	wave := time.Duration(float64(tokens) / readRate * float64(time.Second))
	tests := []struct {
		slots, waves int
	}{
		{0, 4}, // the zero value is one slot, as llama-server's default
		{1, 4},
		{2, 2},
		{4, 1},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d slots", tc.slots), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				srv := NewPiped(Options{Flavour: LlamaCpp, Slots: tc.slots, ReadRate: readRate,
					Script: func(string, []Message) Reply { return Reply{Content: "ok"} }})
				defer srv.Close()
				start := time.Now()
				var wg sync.WaitGroup
				for i := range requests {
					wg.Add(1)
					go func() {
						defer wg.Done()
						if code, body := post(t, srv, "", user(fmt.Sprintf("question %d", i), tokens)); code != http.StatusOK {
							t.Errorf("status %d: %s", code, body)
						}
					}()
				}
				wg.Wait()
				took := time.Since(start)
				want := time.Duration(tc.waves) * wave
				// Each wave reads a little more than tokens (the template), and
				// the test machine is shared: a wave's worth of slack, no more.
				if took < want || took > want+wave*3/4 {
					t.Errorf("%d requests took %v, want about %v (%d waves of %v)", requests, took, want, tc.waves, wave)
				}
			})
		})
	}
}

// Each slot keeps its own prompt cache: two conversations taking turns on
// a two-slot server each find their own prefix cached, as llama-server
// gives a request the slot holding the longest match; on one slot each
// turn evicts the other conversation.
func TestSlotsKeepTheirOwnPromptCache(t *testing.T) {
	for _, slots := range []int{1, 2} {
		t.Run(fmt.Sprintf("%d slots", slots), func(t *testing.T) {
			srv := New(Options{Flavour: LlamaCpp, Slots: slots, Script: func(string, []Message) Reply { return Reply{Content: "ok"} }})
			defer srv.Close()
			a, b := user("alpha", 200), user("bravo", 200)
			for _, msgs := range [][]Message{{a}, {b}, {a, {Role: "assistant", Content: "ok"}, user("more", 10)}, {b, {Role: "assistant", Content: "ok"}, user("more", 10)}} {
				if code, body := post(t, srv, "", msgs...); code != http.StatusOK {
					t.Fatalf("status %d: %s", code, body)
				}
			}
			calls := srv.Calls()
			for _, c := range calls[2:] {
				reused := float64(c.CachedTokens) / float64(c.PromptTokens)
				if slots == 2 && reused < 0.8 {
					t.Errorf("the follow-up reused %d of %d tokens: its conversation's slot was not kept", c.CachedTokens, c.PromptTokens)
				}
				if slots == 1 && reused > 0.1 {
					t.Errorf("one slot, yet the follow-up reused %d of %d tokens", c.CachedTokens, c.PromptTokens)
				}
			}
			if slots == 2 && calls[2].Slot == calls[3].Slot {
				t.Errorf("both conversations ran in slot %d", calls[2].Slot)
			}
		})
	}
}

// llama-server's /props says how many slots it has, which Scout reads to
// know how many runs the server can take at once.
func TestPropsReportTotalSlots(t *testing.T) {
	for _, slots := range []int{0, 1, 4} {
		srv := New(Options{Flavour: LlamaCpp, Slots: slots})
		res, err := http.Get(srv.URL + "/props")
		if err != nil {
			t.Fatal(err)
		}
		var props struct {
			TotalSlots int `json:"total_slots"`
		}
		err = json.NewDecoder(res.Body).Decode(&props)
		res.Body.Close()
		srv.Close()
		if err != nil || props.TotalSlots != max(1, slots) {
			t.Errorf("Slots %d: /props total_slots %d (%v)", slots, props.TotalSlots, err)
		}
	}
}

// A request that leaves while it waits for a slot gives up its place: the
// requests behind it do not wait for it. The test runs in a bubble over a
// Pipe, so it waits for each step to happen instead of for a time: on a
// loaded machine the first request could take longer than the 100 ms it
// was given to hold the slot.
func TestSlotsForgetARequestThatLeaves(t *testing.T) { synctest.Test(t, slotsForgetARequestThatLeaves) }

func slotsForgetARequestThatLeaves(t *testing.T) {
	release := make(chan struct{})
	srv := NewPiped(Options{Slots: 1, Script: func(_ string, msgs []Message) Reply {
		if strings.HasPrefix(msgs[0].Content, "hold") {
			<-release
		}
		return Reply{Content: "ok"}
	}})
	defer srv.Close()
	held := make(chan struct{})
	go func() { post(t, srv, "", user("hold", 10)); close(held) }()
	synctest.Wait() // the first request holds the slot
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	body, _ := json.Marshal(map[string]any{"messages": []Message{user("leaves", 10)}})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.BaseURL()+"/chat/completions", bytes.NewReader(body))
	if res, err := srv.Client().Do(req); err == nil {
		res.Body.Close()
		t.Fatal("the second request was answered while the only slot was busy")
	}
	// The server notices the client's going a moment later.
	synctest.Wait()
	srv.slots.mu.Lock()
	queued := len(srv.slots.waiting)
	srv.slots.mu.Unlock()
	if queued != 0 {
		t.Fatal("the request that left is still queued")
	}
	close(release)
	done := make(chan int, 1)
	go func() { code, _ := post(t, srv, "", user("third", 10)); done <- code }()
	select {
	case code := <-done:
		if code != http.StatusOK {
			t.Errorf("status %d", code)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the third request waits for one that left")
	}
	<-held // answered before the server closes, which would cut it off
	for _, c := range srv.Calls() {
		if strings.HasPrefix(c.Messages[0].Content, "leaves") {
			t.Error("the request that left was answered")
		}
	}
}

// A server started with an API key refuses requests without it, or with
// another, with HTTP 401 and the error object OpenAI's API sends; llama-
// server leaves its model list and health public, as the real one does.
func TestAPIKeyRequired(t *testing.T) {
	const key = "sk-test-9f8e7d6c"
	tests := []struct {
		flavour Flavour
		method  string
		path    string
		public  bool
	}{
		{LMStudio04, http.MethodPost, "/v1/chat/completions", false},
		{LMStudio04, http.MethodGet, "/v1/models", false},
		{LMStudio04, http.MethodGet, "/api/v1/models", false},
		{Plain, http.MethodGet, "/v1/models", false},
		{LlamaCpp, http.MethodPost, "/v1/chat/completions", false},
		{LlamaCpp, http.MethodGet, "/props", false},
		{LlamaCpp, http.MethodGet, "/v1/models", true},
		{LlamaCpp, http.MethodGet, "/health", true},
		{Ollama, http.MethodGet, "/api/ps", false},
	}
	for _, tc := range tests {
		t.Run(tc.flavour.String()+" "+tc.path, func(t *testing.T) {
			srv := New(Options{Flavour: tc.flavour, APIKey: key, Script: func(string, []Message) Reply { return Reply{Content: "ok"} }})
			defer srv.Close()
			for _, sent := range []string{"", "wrong", key} {
				var body io.Reader
				if tc.method == http.MethodPost {
					body = strings.NewReader(`{"messages":[{"role":"user","content":"hi"}]}`)
				}
				req, _ := http.NewRequest(tc.method, srv.URL+tc.path, body)
				if sent != "" {
					req.Header.Set("Authorization", "Bearer "+sent)
				}
				res, err := srv.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				got, _ := io.ReadAll(res.Body)
				res.Body.Close()
				refused := res.StatusCode == http.StatusUnauthorized
				if want := sent != key && !tc.public; refused != want {
					t.Errorf("key %q: status %d, want refused %v", sent, res.StatusCode, want)
					continue
				}
				if !refused {
					continue
				}
				var e struct {
					Error struct {
						Message string `json:"message"`
						Type    string `json:"type"`
					} `json:"error"`
				}
				if json.Unmarshal(got, &e) != nil || e.Error.Message == "" || e.Error.Type == "" {
					t.Errorf("key %q: the 401 is not an OpenAI-style error object: %s", sent, got)
				}
				if sent != "" && strings.Contains(string(got), sent) {
					t.Errorf("the 401 quotes the key sent: %s", got)
				}
			}
		})
	}
}

// postToSlot sends one chat completion naming its slot (id_slot) and
// returns the status.
func postToSlot(t *testing.T, srv *Server, slot int, msgs ...Message) int {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"model": "m", "messages": msgs, "id_slot": slot})
	res, err := http.Post(srv.BaseURL()+"/chat/completions", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// A request naming its slot (id_slot) is answered in that slot, even when
// another slot's cache holds its prompt, and waits for it while it is
// busy, as llama-server does; a slot the server does not have is refused.
func TestRequestsNamingASlotGoThere(t *testing.T) {
	srv := New(Options{Flavour: LlamaCpp, Slots: 3, ReadRate: 1000, Script: func(string, []Message) Reply { return Reply{Content: "ok"} }})
	defer srv.Close()
	a := user("a", 200)
	post(t, srv, "", a) // slot 0 now holds a
	if got := postToSlot(t, srv, 2, a); got != http.StatusOK {
		t.Fatalf("id_slot 2: status %d", got)
	}
	// Two requests for slot 1 at once: the second waits for the first.
	var wg sync.WaitGroup
	start := time.Now()
	for _, seed := range []string{"b", "c"} {
		wg.Add(1)
		go func() { defer wg.Done(); postToSlot(t, srv, 1, user(seed, 200)) }()
	}
	wg.Wait()
	if took := time.Since(start); took < 400*time.Millisecond {
		t.Errorf("two requests for one slot took %v together, want one after the other (0.2 s each)", took)
	}
	calls := srv.Calls()
	var slots []int
	for _, c := range calls {
		slots = append(slots, c.Slot)
	}
	if fmt.Sprint(slots) != "[0 2 1 1]" {
		t.Errorf("slots answering: %v, want [0 2 1 1]", slots)
	}
	if calls[1].CachedTokens != 0 {
		t.Errorf("slot 2 reused %d tokens of a prompt only slot 0 holds", calls[1].CachedTokens)
	}
	for _, bad := range []int{3, -2} {
		if got := postToSlot(t, srv, bad, a); got != http.StatusBadRequest {
			t.Errorf("id_slot %d of 3 slots: status %d, want 400", bad, got)
		}
	}
}
