package runner

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/runs"
)

// thinker plays a reasoning model: before each of script's replies it
// thinks at length, as Qwen3 or a DeepSeek-R1 distill does, in words a
// test can find again.
func thinker(script llmtest.Script) llmtest.Script {
	n := 0
	return func(kind string, msgs []llmtest.Message) llmtest.Reply {
		r := script(kind, msgs)
		n++
		r.Thinking = fmt.Sprintf("Okay, thinking %d (%s). ", n, kind) +
			strings.Repeat("The user wants the altitude of each station, so let me go over what the conversation shows before I answer. ", 6)
		return r
	}
}

// scriptedRun runs the stations task through the real model client
// against a fake server with opts, into a run folder of its own, and
// returns the calls the server answered and the folder.
func scriptedRun(t *testing.T, opts llmtest.Options) ([]llmtest.ChatCall, string) {
	t.Helper()
	srv := llmtest.New(opts)
	defer srv.Close()
	dir := filepath.Join(t.TempDir(), "run")
	folder, err := runs.Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	log, err := runs.OpenCallLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	g := &netguard.Guard{}
	g.Allow(benchBase)
	res, _ := agent.Run(context.Background(), agent.Config{
		Objective: "What altitude is each weather station of the massif at?", ContextLength: opts.ContextLength, MaxTurns: 15,
		Model: model{client: llm.New(srv.BaseURL()), id: "m", log: log, now: time.Now}, Browser: &fakeweb.Fake{World: benchWorld(), Base: benchBase, Guard: g},
		Search: oneResult{}, Sink: folder,
	})
	if err := log.Close(); err != nil {
		t.Fatal(err)
	}
	if err := folder.Close(); err != nil {
		t.Fatal(err)
	}
	if res.Status != agent.StatusFinished {
		t.Fatalf("the run ended %s after %d turns (%s)", res.Status, res.Turns, res.Error)
	}
	return srv.Calls(), dir
}

// A reasoning model's thinking is the user's to read, in the journal and
// calls.jsonl, and never sent back to the model: the conversation a
// thinking model is sent is byte for byte the one sent to a model that
// gives the same answers without thinking, whichever way the server sends
// the thinking, so prompts do not grow with it and stay append-only.
func TestThinkingStaysOutOfTheConversation(t *testing.T) {
	plain, _ := scriptedRun(t, llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192, Script: benchModel()})
	for _, field := range []llmtest.ThinkingField{llmtest.ThinkInContent, llmtest.ReasoningContent, llmtest.Reasoning} {
		name := string(field)
		if field == llmtest.ThinkInContent {
			name = "think block in the content"
		}
		t.Run(name, func(t *testing.T) {
			calls, dir := scriptedRun(t, llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192, Script: thinker(benchModel()), Thinking: field})
			for i := range min(len(calls), len(plain)) {
				c := calls[i]
				if a, b := promptChars(c.Messages), promptChars(plain[i].Messages); a != b || !sameMessages(c.Messages, plain[i].Messages) {
					t.Fatalf("call %d (%s) sent %d characters, %d without thinking; its last assistant message:\n%s", i+1, c.Kind, a, b, lastAssistant(c.Messages))
				}
			}
			if len(calls) != len(plain) {
				t.Fatalf("%d calls, %d without thinking", len(calls), len(plain))
			}
			thoughts, cached := thinkingIn(t, filepath.Join(dir, "journal.jsonl"), "model_call")
			logged, _ := thinkingIn(t, filepath.Join(dir, runs.CallsFile), "")
			for i, c := range calls {
				want := strings.TrimSpace(c.Thinking)
				if i >= len(thoughts) || thoughts[i] != want || i >= len(logged) || logged[i] != want {
					t.Fatalf("call %d thought %q; the journal kept %q and calls.jsonl %q", i+1, want, at(thoughts, i), at(logged, i))
				}
				// LM Studio does not say what its cache reused: the client's
				// estimate knows the cache holds the thinking the
				// conversation left out (within 4%, as for any estimate).
				if diff := cached[i] - c.CachedTokens; diff < -c.PromptTokens/25 || diff > c.PromptTokens/25 {
					t.Errorf("call %d: estimated %d tokens reused, the server's cache reused %d of %d", i+1, cached[i], c.CachedTokens, c.PromptTokens)
				}
			}
			txt, err := os.ReadFile(filepath.Join(dir, "journal.txt"))
			if err != nil || !strings.Contains(string(txt), "thought: Okay, thinking 1 (checklist). The user wants") {
				t.Errorf("journal.txt does not show the thinking (%v):\n%s", err, txt)
			}
		})
	}
}

func promptChars(msgs []llmtest.Message) int {
	n := 0
	for _, m := range msgs {
		n += len(m.Content)
	}
	return n
}

func sameMessages(a, b []llmtest.Message) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func lastAssistant(msgs []llmtest.Message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "assistant" {
			return msgs[i].Content
		}
	}
	return ""
}

func at(list []string, i int) string {
	if i < len(list) {
		return list[i]
	}
	return "(nothing)"
}

// thinkingIn reads the "thinking" and the cached tokens of each line of a
// JSON-lines file whose type is typ ("" for every line).
func thinkingIn(t *testing.T, path, typ string) (thoughts []string, cached []int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var line struct {
			Type, Thinking string
			Usage          struct {
				Cached int `json:"cached_tokens"`
			}
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if typ == "" || line.Type == typ {
			thoughts, cached = append(thoughts, line.Thinking), append(cached, line.Usage.Cached)
		}
	}
	return thoughts, cached
}
