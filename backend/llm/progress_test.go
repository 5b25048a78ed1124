package llm

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
	"github.com/scout-research/scout/backend/speed"
)

// heard is a wait as a test received it.
type heard struct {
	at time.Time
	chat.Wait
}

// listen returns a notify that keeps the waits of progress notices in got,
// in order. Notices come from the caller's goroutine, so it needs no lock.
func listen(got *[]heard) port.Notify {
	return func(n port.Notice) {
		if n.Kind == port.NoticeProgress && n.Wait != nil {
			*got = append(*got, heard{time.Now(), *n.Wait})
		}
	}
}

// words is about n of the fake's tokens of prose.
func words(n int) string { return strings.Repeat("word ", (n*4)/5) }

// While a slow call runs, its waits arrive during it, not after: the
// first as it is sent, naming the new tokens to read and an estimate from
// the measured speeds within a factor of the wait the fake declares, then
// about once a second, the share done growing, through the reading and
// into the writing. Each phase lasts over a second at the fake's speeds,
// so a wait falls in each without the fake's pace slipping. The next call of the same conversation has only its new part to
// read, and the client knows it before sending.
func TestWaitIsToldDuringTheCall(t *testing.T) {
	const read, write = 500.0, 40.0
	reply := `{"thought_process":"` + strings.Repeat("more ", 60) + `","action":"SEARCH","parameter":"x"}` // about 90 tokens: 2.2 s
	srv := llmtest.New(llmtest.Options{ReadRate: read, WriteRate: write, Script: func(string, []llmtest.Message) llmtest.Reply {
		return llmtest.Reply{Content: reply}
	}})
	defer srv.Close()
	c := New(srv.BaseURL())
	c.UseMeasurement(speed.Measurement{ReadRate: read, WriteRate: write, PrefixReuse: speed.Yes})
	msgs := []chat.Message{{Role: chat.System, Content: "rules"}, {Role: chat.User, Content: words(1000)}}
	var got []heard
	start := time.Now()
	out, err := c.Complete(context.Background(), "m", chat.Request{Kind: "action", MaxTokens: 120, Messages: msgs}, listen(&got))
	if err != nil {
		t.Fatal(err)
	}
	took, ended := time.Since(start), time.Now()
	if len(got) < 3 {
		t.Fatalf("%d waits in a %v call: %+v", len(got), took, got)
	}
	first := got[0]
	t.Logf("call took %v; first wait at %v: %q, expected %v; %d waits", took.Round(time.Millisecond), first.at.Sub(start).Round(time.Millisecond), first.Text, first.Expected.Round(time.Millisecond), len(got))
	if first.at.Sub(start) > 500*time.Millisecond || first.Phase != chat.Reading || !within(float64(first.NewTokens), 1000, 1.25) {
		t.Errorf("the first wait: %+v", first)
	}
	if !strings.HasPrefix(first.Text, "reading 1,0") && !strings.HasPrefix(first.Text, "reading 9") || !strings.Contains(first.Text, "new tokens, ") {
		t.Errorf("the first wait says %q", first.Text)
	}
	// The real wait is the one the fake declares: its own pace slips on a
	// busy machine, which the estimate cannot and need not foresee.
	call := srv.Calls()[0]
	declared := time.Duration((float64(call.PromptTokens-call.CachedTokens)/read + float64(call.CompletionTokens)/write) * float64(time.Second))
	if !within(first.Expected.Seconds(), declared.Seconds(), 2) {
		t.Errorf("estimated %v for a call the fake declares takes %v (it took %v)", first.Expected, declared, took)
	}
	var during, writing int
	for i, w := range got {
		if w.at.Before(ended.Add(-300 * time.Millisecond)) {
			during++
		}
		if w.Phase == chat.Writing {
			writing++
			if w.Written <= 0 || w.Text != "writing: "+speed.Count(w.Written)+" tokens" {
				t.Errorf("a writing wait: %+v", w.Wait)
			}
		}
		if i > 0 && (w.Done < got[i-1].Done || w.Done > 1) {
			t.Errorf("the share done went from %v to %v", got[i-1].Done, w.Done)
		}
	}
	if during < 3 || writing == 0 || got[len(got)-1].Done < 0.5 {
		t.Errorf("%d waits during the call, %d while writing; the last %+v", during, writing, got[len(got)-1].Wait)
	}

	// The conversation grows by a short message: only it is new.
	grown := append(msgs, chat.Message{Role: chat.Assistant, Content: out.Content}, chat.Message{Role: chat.User, Content: words(40)})
	got = nil
	if _, err := c.Complete(context.Background(), "m", chat.Request{Kind: "action", MaxTokens: 120, Messages: grown}, listen(&got)); err != nil {
		t.Fatal(err)
	}
	if n := got[0].NewTokens; n < 30 || n > 80 {
		t.Errorf("the grown conversation's new tokens: %d, want about 45", n)
	}
}

// A llama.cpp server is asked for its own prompt progress, and the wait
// follows it, before any speed is measured. The test runs on the bubble's
// clock (see onPipe), so the once-a-second waits fall where the fake's
// reading says, however busy the machine is: at 400 tokens a second it
// reads about 1,200 tokens in 64-token batches for 3 s.
func TestWaitFollowsLlamaCppProgress(t *testing.T) { synctest.Test(t, waitFollowsLlamaCppProgress) }

func waitFollowsLlamaCppProgress(t *testing.T) {
	srv := llmtest.NewPiped(llmtest.Options{Flavour: llmtest.LlamaCpp, ReadRate: 400, Script: func(string, []llmtest.Message) llmtest.Reply {
		return llmtest.Reply{Content: `{"ok":true}`}
	}})
	defer srv.Close()
	c := onPipe(srv)
	c.SetServer(ServerLlamaCpp)
	var got []heard
	if _, err := c.Complete(context.Background(), "m", chat.Request{Kind: "action", Messages: []chat.Message{{Role: chat.User, Content: words(1200)}}}, listen(&got)); err != nil {
		t.Fatal(err)
	}
	if calls := srv.Calls(); len(calls) != 1 || !calls[0].ReturnProgress {
		t.Fatalf("the request did not ask for prompt progress: %+v", calls)
	}
	if got[0].Done >= 0 || got[0].Text != "reading "+speed.Count(got[0].NewTokens)+" new tokens" {
		t.Errorf("with no speed measured yet, the first wait: %+v", got[0].Wait)
	}
	var reported int
	for _, w := range got {
		if w.Reported && w.Phase == chat.Reading {
			reported++
			if w.Done <= 0 || w.Left <= 0 || !strings.Contains(w.Text, ", about ") && !strings.Contains(w.Text, ", a few seconds") {
				t.Errorf("a wait from the server's progress: %+v", w.Wait)
			}
		}
	}
	if reported == 0 {
		t.Errorf("no wait followed the server's progress: %+v", got)
	}
	// Other servers are not asked: one that checks its fields could refuse.
	plain := llmtest.NewPiped(llmtest.Options{Script: func(string, []llmtest.Message) llmtest.Reply { return llmtest.Reply{Content: "{}"} }})
	defer plain.Close()
	if _, err := onPipe(plain).Complete(context.Background(), "m", hi, nil); err != nil {
		t.Fatal(err)
	}
	if plain.Calls()[0].ReturnProgress {
		t.Error("LM Studio was asked for llama.cpp's prompt progress")
	}
}

// Every call refines the speeds: a slower machine than measured makes the
// next estimate longer.
func TestCallsRefineTheSpeeds(t *testing.T) {
	srv := llmtest.New(llmtest.Options{ReadRate: 300, WriteRate: 60, Script: func(string, []llmtest.Message) llmtest.Reply {
		return llmtest.Reply{Content: `{"thought_process":"` + strings.Repeat("x", 120) + `"}`}
	}})
	defer srv.Close()
	c := New(srv.BaseURL())
	c.UseMeasurement(speed.Measurement{ReadRate: 3000, WriteRate: 600})
	if _, err := c.Complete(context.Background(), "m", chat.Request{Kind: "action", Messages: []chat.Message{{Role: chat.User, Content: words(300)}}}, nil); err != nil {
		t.Fatal(err)
	}
	r := c.Rates()
	t.Logf("after one call at 300/60 tokens/s, measured 3000/600: %.0f/%.0f", r.Read, r.Write)
	if r.Read > 1800 || r.Read < 1500 || r.Write > 360 || r.Write < 300 {
		t.Errorf("rates %+v: one call should move them half way to the server's", r)
	}
}

// The words and figures of a wait, by hand-worked numbers: 1,850 new
// tokens at 7.7 a second are 4 minutes' reading, 100 tokens at 10 a second
// 10 seconds' writing.
func TestWaitAtByHand(t *testing.T) {
	now := time.Now()
	plan := callPlan{newTokens: 1850, reply: 100, rates: speed.Rates{Read: 1850.0 / 240, Write: 10}}
	minuteIn := (&watch{start: now.Add(-time.Minute), plan: plan}).waitAt(now)
	if minuteIn.Text != "reading 1,850 new tokens, about 4 min" || minuteIn.Left != 190*time.Second || minuteIn.Expected != 250*time.Second ||
		!within(minuteIn.Done, 0.24, 1.01) {
		t.Errorf("a minute into the read: %+v", minuteIn)
	}
	late := (&watch{start: now.Add(-5 * time.Minute), plan: plan}).waitAt(now)
	// Past the estimate it says so, and claims neither a time for the
	// whole call nor a share done: the step's time left is then not told.
	if late.Text != "reading 1,850 new tokens, slower than measured (expected: about 4 min)" || late.Left != 10*time.Second || late.Done >= 0 || late.Expected != 0 {
		t.Errorf("past the estimate: %+v", late)
	}
	unknown := (&watch{start: now, plan: callPlan{newTokens: 1850, reply: 100}}).waitAt(now)
	if unknown.Text != "reading 1,850 new tokens" || unknown.Done >= 0 || unknown.Expected != 0 {
		t.Errorf("with no speed known: %+v", unknown)
	}
	w := &watch{start: now.Add(-250 * time.Second), plan: plan}
	w.figures.firstAt.Store(now.Add(-5 * time.Second).UnixNano())
	w.figures.written.Store(42)
	writing := w.waitAt(now)
	if writing.Text != "writing: 42 tokens" || writing.Phase != chat.Writing || writing.Left != 5800*time.Millisecond || writing.Done < 0.97 {
		t.Errorf("writing: %+v", writing)
	}
	// Past the 100 tokens expected (160 written after 245 s of reading),
	// the reply is expected to go on to a quarter more than it has
	// written: 40 tokens, 4 s, left, the writing 80% along its 20 s.
	w.figures.written.Store(160)
	long := w.waitAt(now)
	if long.Left != 4*time.Second || long.Expected != 265*time.Second || !within(long.Done, 261.0/265, 1.001) {
		t.Errorf("a reply past its expected length: %+v", long)
	}
}

// Each of a wait's words, as TestWaitAtByHand works them out, is a message
// of the window's, which in English says what Go wrote, word for word.
func TestWaitIsTheWindowsMessage(t *testing.T) {
	m := phrasetest.Window(t)
	now := time.Now()
	plan := callPlan{newTokens: 1850, reply: 100, rates: speed.Rates{Read: 1850.0 / 240, Write: 10}}
	var waits []chat.Wait
	for _, ago := range []time.Duration{0, time.Second, time.Minute, 3 * time.Minute, 5 * time.Minute, 3 * time.Hour} {
		waits = append(waits, (&watch{start: now.Add(-ago), plan: plan}).waitAt(now))
	}
	waits = append(waits, (&watch{start: now, plan: callPlan{newTokens: 1850, reply: 100}}).waitAt(now))
	for _, written := range []int64{1, 42, 1600} {
		w := &watch{start: now.Add(-250 * time.Second), plan: plan}
		w.figures.firstAt.Store(now.Add(-5 * time.Second).UnixNano())
		w.figures.written.Store(written)
		waits = append(waits, w.waitAt(now))
	}
	for _, w := range waits {
		if w.Say == nil {
			t.Errorf("%q is no message of the window's", w.Text)
			continue
		}
		if got, known := phrasetest.English(m, w.Say); !known || got != w.Text {
			t.Errorf("the window says %q (key %s known: %v), Go %q", got, w.Say.Key, known, w.Text)
		}
	}
}

// A call's first notice is its start, the read, however fast the server
// answers: scout run prints that notice as the call's line, and the
// window's first wait for the call comes from it. (Before the start was
// told ahead of the request, a fast reply could come first on a loaded
// machine: make test's TestRunEndToEnd saw "writing: 3 tokens" once. On an
// idle machine this test rarely catches that; the order in Complete does.)
func TestFirstNoticeIsTheRead(t *testing.T) {
	srv := llmtest.New(llmtest.Options{Script: func(string, []llmtest.Message) llmtest.Reply {
		return llmtest.Reply{Content: `{"result":"` + words(40) + `"}`}
	}})
	defer srv.Close()
	c := New(srv.BaseURL())
	for i := range 30 {
		var got []heard
		// A new question each time, so each call has tokens to read.
		req := chat.Request{Messages: []chat.Message{{Role: chat.User, Content: fmt.Sprintf("question %c: %s", 'a'+i, words(50))}}}
		if _, err := c.Complete(context.Background(), "m", req, listen(&got)); err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 || got[0].Phase != chat.Reading || got[0].NewTokens == 0 {
			t.Fatalf("call %d: first wait %+v, want the read", i, got)
		}
	}
}
