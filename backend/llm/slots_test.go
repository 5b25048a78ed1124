package llm

import (
	"context"
	"testing"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// The server's slot count is llama-server's /props total_slots; servers
// that do not say give 0, and the caller picks its own default.
func TestSlotsAsTheServerSays(t *testing.T) {
	tests := []struct {
		opts llmtest.Options
		want int
	}{
		{llmtest.Options{Flavour: llmtest.LlamaCpp, Slots: 4}, 4},
		{llmtest.Options{Flavour: llmtest.LlamaCpp}, 1},
		{llmtest.Options{Flavour: llmtest.LMStudio04}, 0},
		{llmtest.Options{Flavour: llmtest.Ollama}, 0},
		{llmtest.Options{Flavour: llmtest.Plain}, 0},
		{llmtest.Options{Flavour: llmtest.LlamaCpp, Fault: llmtest.HTMLPage}, 0},
	}
	for _, tc := range tests {
		srv := llmtest.New(tc.opts)
		got := New(srv.BaseURL()).Slots(context.Background())
		srv.Close()
		if got != tc.want {
			t.Errorf("%v with %d slots (fault %d): Slots() = %d, want %d", tc.opts.Flavour, tc.opts.Slots, tc.opts.Fault, got, tc.want)
		}
	}
}

// A client told to keep a slot sends every completion to it, on
// llama-server; to other servers it names none, as they may refuse a
// field they do not know.
func TestKeepSlotNamesTheSlotToLlamaCppOnly(t *testing.T) {
	for _, flavour := range []llmtest.Flavour{llmtest.LlamaCpp, llmtest.LMStudio04} {
		srv := llmtest.New(llmtest.Options{Flavour: flavour, Slots: 3, Script: func(string, []llmtest.Message) llmtest.Reply { return llmtest.Reply{Content: "{}"} }})
		c := New(srv.BaseURL())
		info, err := c.Probe(context.Background(), "")
		if err != nil {
			t.Fatal(err)
		}
		c.SetServer(info.Server)
		c.KeepSlot(2)
		for range 3 {
			if _, err := c.Complete(context.Background(), info.Model, chat.Request{Kind: "action", Messages: []chat.Message{{Role: "user", Content: "hi"}}}, nil); err != nil {
				t.Fatal(err)
			}
		}
		want := 2
		if flavour != llmtest.LlamaCpp {
			want = 0 // the server's choice: the least recently used, then the same prompt's
		}
		for i, call := range srv.Calls() {
			if call.Slot != want {
				t.Errorf("%v: call %d answered in slot %d, want %d", flavour, i, call.Slot, want)
			}
		}
		srv.Close()
	}
}
