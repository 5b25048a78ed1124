package runs

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/chat"
)

// The log keeps only what each call adds to the one before, and gives
// every call back whole: a growing conversation, a one-off question on
// top of it, the conversation going on, a fresh prompt.
func TestCallLogRoundTrip(t *testing.T) {
	dir := t.TempDir()
	sys, u1, a1, u2 := chat.Message{Role: "system", Content: "rules"}, chat.Message{Role: "user", Content: "objective"},
		chat.Message{Role: "assistant", Content: `{"action":"SEARCH"}`}, chat.Message{Role: "user", Content: "results"}
	check := chat.Message{Role: "user", Content: "coverage?"}
	convs := [][]chat.Message{
		{sys, u1},
		{sys, u1, a1, u2},
		{sys, u1, a1, u2, check},
		{sys, u1, a1, u2, a1, u2},
		{sys, {Role: "user", Content: "a fresh prompt"}},
	}
	wantSame := []int{0, 2, 4, 4, 1}
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	log, err := OpenCallLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	schema := &chat.Schema{Name: "action", Schema: map[string]any{"type": "object"}}
	for i, msgs := range convs {
		log.Record(at, "qwen", chat.Request{Kind: "action", Messages: msgs, Schema: schema, MaxTokens: 400, Temperature: 0.2},
			chat.Reply{Content: "reply", Usage: chat.Usage{PromptTokens: 10 * (i + 1)}}, nil)
	}
	if err := log.Close(); err != nil {
		t.Fatal(err)
	}
	calls, msgs, err := ReadCalls(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != len(convs) {
		t.Fatalf("%d calls read back, %d recorded", len(calls), len(convs))
	}
	for i, c := range calls {
		if c.Number != i+1 || c.Same != wantSame[i] || !reflect.DeepEqual(msgs[i], convs[i]) {
			t.Errorf("call %d: number %d, same %d (want %d), messages %v", i+1, c.Number, c.Same, wantSame[i], msgs[i])
		}
		req := c.Request(msgs[i])
		if req.Kind != "action" || req.MaxTokens != 400 || req.Temperature != 0.2 || req.Schema == nil || req.Schema.Name != "action" {
			t.Errorf("call %d's request %+v", i+1, req)
		}
	}
	if info, _ := os.Stat(filepath.Join(dir, CallsFile)); info.Mode().Perm() != 0o600 {
		t.Errorf("calls.jsonl is readable by others: %v", info.Mode())
	}
}

// A crash may cut the last line: a resumed run's calls start a line of
// their own, continue the numbering, and every complete call reads back.
func TestCallLogAfterATornLine(t *testing.T) {
	dir := t.TempDir()
	log, _ := OpenCallLog(dir)
	msgs := []chat.Message{{Role: "user", Content: "hello"}}
	log.Record(time.Now(), "m", chat.Request{Kind: "checklist", Messages: msgs}, chat.Reply{Content: "{}"}, nil)
	log.Close()
	f, _ := os.OpenFile(filepath.Join(dir, CallsFile), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"call":2,"kind":"act`)
	f.Close()

	log, err := OpenCallLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	log.Record(time.Now(), "m", chat.Request{Kind: "action", Messages: append(msgs, chat.Message{Role: "user", Content: "more"})}, chat.Reply{}, nil)
	log.Close()
	calls, all, err := ReadCalls(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 2 || calls[0].Number != 1 || calls[1].Number != 3 || len(all[1]) != 2 {
		t.Fatalf("calls %+v", calls)
	}
}

func TestReadCallsOfARunWithout(t *testing.T) {
	if _, _, err := ReadCalls(t.TempDir()); err == nil {
		t.Fatal("no error for a folder without calls.jsonl")
	}
}

// An error quoting the model server's URL does not carry its key into the
// call log.
func TestCallLogConcealsCredentials(t *testing.T) {
	dir := t.TempDir()
	log, _ := OpenCallLog(dir, "http://user:sk-Secret9@127.0.0.1:1234/v1")
	log.Record(time.Now(), "m", chat.Request{Kind: "action", Messages: []chat.Message{{Role: "user", Content: "hi"}}}, chat.Reply{},
		errors.New("http://user:sk-Secret9@127.0.0.1:1234/v1 answered 404"))
	log.Close()
	data, _ := os.ReadFile(filepath.Join(dir, CallsFile))
	if strings.Contains(string(data), "sk-Secret9") || !strings.Contains(string(data), "127.0.0.1:1234") {
		t.Errorf("call log: %s", data)
	}
}
