package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/runs"
)

// What a page or a model says reaches the terminal without escape
// sequences (an OSC 52 clipboard write, a title change, a cleared line)
// or bidi controls, and one event stays one line.
func TestPrinterShowsNoTerminalControls(t *testing.T) {
	var out bytes.Buffer
	p := printer{&out}
	p.Emit(agent.Event{Type: agent.EvAction, Turn: 2, Action: "SEARCH", Param: "tide\x1b]52;c;ZXZpbA==\x07 pools\x1b[2K\u202e",
		Thought: "line\rover\nT9 forged\x1b]0;title\x1b\\"})
	p.Emit(agent.Event{Type: agent.EvRunFinished, Turn: 2, Status: agent.StatusFinished, Message: "\u009b31mserver\u2066 says no"})
	got := out.String()
	if strings.ContainsAny(got, "\x1b\x07\r\u009b\u202e\u2066") {
		t.Errorf("terminal output holds a control: %q", got)
	}
	if n := strings.Count(got, "\n"); n != 2 {
		t.Errorf("%d lines for 2 events: %q", n, got)
	}
}

// hostileText is what a model server might send to take over a terminal:
// an OSC title change, a screen clear, an OSC 52 clipboard write, an 8-bit
// CSI and a bidi override.
const hostileText = "\x1b]0;owned\x07\x1b[2J\x1b]52;c;ZXZpbA==\x1b\\\u009b31m\u202eevil"

// terminalControls are what must never reach the terminal from outside.
const terminalControls = "\x1b\x07\u009b\u009d\u202e"

// Nothing a model server says reaches the terminal with its controls:
// model names in scout check, replies and failures in scout replay, and
// the server's error message when scout run cannot start.
func TestServerTextReachesTheTerminalClean(t *testing.T) {
	isolate(t)
	isolateData(t)
	srv := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, Models: []string{"qwen" + hostileText, "other" + hostileText},
		Script: func(kind string, msgs []llmtest.Message) llmtest.Reply {
			return llmtest.Reply{Content: `{"thought_process":"` + strings.ReplaceAll(hostileText, "\x1b", `\u001b`) + `","action":"FINISH","parameter":"x"}`}
		}})
	defer srv.Close()
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		msg, _ := json.Marshal(map[string]any{"error": map[string]string{"message": "the server broke " + hostileText}})
		w.Write(msg)
	}))
	defer broken.Close()

	// A run folder whose one call got a hostile reply.
	dir := filepath.Join(t.TempDir(), "run")
	if f, err := runs.Create(dir); err != nil {
		t.Fatal(err)
	} else {
		f.Close()
	}
	calls, err := runs.OpenCallLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	calls.Record(time.Now(), "m"+hostileText, chat.Request{Kind: "action", Messages: []chat.Message{{Role: chat.User, Content: "go " + hostileText}}},
		chat.Reply{Content: "reply " + hostileText}, errors.New("failed "+hostileText))
	calls.Close()

	for _, args := range [][]string{
		{"check", "--llm-url", srv.BaseURL()},
		{"run", "--llm-url", broken.URL + "/v1", "--headless", "--out", filepath.Join(t.TempDir(), "r"), objective},
		{"replay", dir},
		{"replay", "--llm-url", srv.BaseURL(), "--show-request", dir, "1"},
		{"replay", "--llm-url", broken.URL + "/v1", dir, "1"},
	} {
		_, stdout, stderr := invoke(args...)
		for name, out := range map[string]string{"stdout": stdout, "stderr": stderr} {
			if i := strings.IndexAny(out, terminalControls); i >= 0 {
				t.Errorf("scout %s: %s holds a terminal control at %d: %q", args[0], name, i, out)
			}
		}
		if !strings.Contains(stdout+stderr, "evil") {
			t.Errorf("scout %s: the server's words are gone altogether:\n%s%s", args[0], stdout, stderr)
		}
	}
}
