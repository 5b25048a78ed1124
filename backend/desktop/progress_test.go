package desktop

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
)

// A run against a slow model server: the model is measured first (the
// window says so), then each call's progress reaches the window as it
// goes, with the step, what the server reads and how far it has got; a
// call's end clears it, and so does the run's. The measurement starts the
// journal.
func TestProgressReachesTheWindow(t *testing.T) {
	svc, rec, _ := setupWith(t, llmtest.Options{ReadRate: 1000, WriteRate: 100, Script: llmtest.QueueReplies(script(0))})
	if _, err := svc.Start(context.Background(), "What is the tallest mountain in Africa, and how tall is it in meters and in feet?"); err != nil {
		t.Fatal(err)
	}
	var done RunView
	select {
	case done = <-rec.done:
	case <-time.After(90 * time.Second):
		t.Fatal("the run did not end")
	}
	if done.Progress.Glance.Status != agent.StatusFinished || done.Call != nil || svc.Current().Call != nil {
		t.Fatalf("the run ended %s with progress %+v", done.Progress.Glance.Status, done.Call)
	}
	rec.mu.Lock()
	shown := rec.events[EventRunCall]
	rec.mu.Unlock()
	m := phrasetest.Window(t)
	var preparing, measuring, reading, partway, cleared int
	stages := map[string]bool{}
	last := int64(0)
	for _, d := range shown {
		up := d.(CallUpdate)
		if up.N <= last {
			t.Errorf("update %d after %d", up.N, last)
		}
		last = up.N
		p := up.Call
		saidAsTheWindow(t, m, up)
		switch {
		case p == nil:
			cleared++
		case p.Stage == stagePreparing:
			preparing++
			if !strings.Contains(p.Wait.Text, "Measuring how fast qwen2.5-7b-instruct reads and writes") {
				t.Errorf("while preparing: %q", p.Wait.Text)
			}
		case p.Stage == stageMeasuring:
			measuring++
			if !strings.HasPrefix(p.Wait.Text, "Call ") || !strings.Contains(p.Wait.Text, " of 3, ") || p.Wait.Done < 0 {
				t.Errorf("while measuring: %+v", p.Wait)
			}
		default:
			stages[p.Stage] = true
			if strings.HasPrefix(p.Wait.Text, "reading ") && strings.Contains(p.Wait.Text, " new tokens, ") && p.Wait.NewTokens > 0 {
				reading++
			}
			if p.Wait.Done > 0 && p.Wait.Done < 1 && p.StageLeft != "" {
				partway++
			}
		}
	}
	t.Logf("%d progress updates: %d preparing, %d measuring, %d reading, %d part-way, %d cleared; stages %v", len(shown), preparing, measuring, reading, partway, cleared, stages)
	if preparing != 1 || measuring < 3 || reading < 7 || partway == 0 || cleared < 7 || shown[len(shown)-1].(CallUpdate).Call != nil || done.CallN != last {
		t.Errorf("progress shown: %d preparing, %d reading, %d part-way, %d cleared, last %+v", preparing, reading, partway, cleared, shown[len(shown)-1])
	}
	for _, stage := range []string{"Making the checklist", "Turn 1", "Turn 4", "Checking coverage", "Writing the report"} {
		if !stages[stage] {
			t.Errorf("no progress for %q", stage)
		}
	}
	notes := 0
	for _, r := range svc.Current().Progress.Rows {
		if r.Title == "Note" && strings.HasPrefix(r.Detail, "Measured the model in ") {
			notes++
		}
	}
	if notes != 1 {
		t.Errorf("%d notes of the measurement in the journal", notes)
	}
}

// saidAsTheWindow fails t unless up's step, time left and wait carry the
// window's messages which in English say what Go wrote, word for word.
func saidAsTheWindow(t *testing.T, m map[string]string, up CallUpdate) {
	t.Helper()
	p := up.Call
	if p == nil {
		if up.Say != nil {
			t.Errorf("no call, but words %+v", up.Say)
		}
		return
	}
	for _, c := range []struct {
		what, english string
		said          *phrase.Said
	}{
		{"step", p.Stage, up.Say.Stage},
		{"time left", p.StageLeft, up.Say.Left},
		{"wait", p.Wait.Text, p.Wait.Say},
	} {
		if c.said == nil {
			if c.english != "" {
				t.Errorf("the %s %q is no message of the window's", c.what, c.english)
			}
			continue
		}
		if got, known := phrasetest.English(m, c.said); !known || got != c.english {
			t.Errorf("the %s: the window says %q (key %s known: %v), Go %q", c.what, got, c.said.Key, known, c.english)
		}
	}
}
