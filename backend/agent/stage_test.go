package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
)

// serverSaid is a model server's error whose words are a message of the
// window's, as the llm client's are.
type serverSaid struct{}

func (serverSaid) Error() string {
	return "The model server stopped answering. It may have crashed or unloaded the model: check LM Studio, then resume the run."
}
func (serverSaid) Said() *phrase.Said { return phrase.Of("llm.stalled") }

// saidWriter is a model whose writing step fails with err.
type saidWriter struct {
	*scripted
	err error
}

func (m saidWriter) Complete(ctx context.Context, req chat.Request, notify port.Notify) (chat.Reply, error) {
	if req.Kind == KindWriter {
		return chat.Reply{}, m.err
	}
	return m.scripted.Complete(ctx, req, notify)
}

// The step a model call serves is the window's message, in English word
// for word as the terminal and the journal name it (a run's turns stay
// under a thousand, which English writes without a comma).
func TestStagesAreTheWindowsMessages(t *testing.T) {
	window := phrasetest.Window(t)
	for _, kind := range []string{KindAction, KindChecklist, KindCoverage, KindWriter} {
		if got, known := phrasetest.English(window, stageSaid(kind, 12)); !known || got != stageOf(kind, 12) {
			t.Errorf("%s: the window says %q (known: %v), Go %q", kind, got, known, stageOf(kind, 12))
		}
	}
}

// A model server's error that ends a run, or leaves its result unwritten,
// is kept beside its English as the window's message, through the file
// the run is reopened from; an error in no message's words, or wrapped in
// more words, is shown as written.
func TestAModelErrorEndingARunIsTheWindowsMessage(t *testing.T) {
	window := phrasetest.Window(t)
	found := []string{search1, openKili, act(ActDiscover, finding1, "")}
	cases := []struct {
		name      string
		setup     func(*Config, *scripted)
		said      bool
		unwritten bool
	}{
		{"turn", func(_ *Config, m *scripted) { m.err = map[int]error{4: serverSaid{}} }, true, false},
		{"wrapped in words", func(_ *Config, m *scripted) { m.err = map[int]error{4: fmt.Errorf("retrying: %w", serverSaid{})} }, false, false},
		{"plain", func(_ *Config, m *scripted) { m.err = map[int]error{4: errors.New("connection refused")} }, false, false},
		{"writer", func(c *Config, m *scripted) { c.MaxTurns, c.Model = 3, saidWriter{m, serverSaid{}} }, true, true},
		{"writer, plain", func(c *Config, m *scripted) { c.MaxTurns, c.Model = 3, saidWriter{m, errors.New("EOF")} }, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, m, _, _ := newRun(t, map[string][]string{KindChecklist: {kiliChecklist()},
				KindAction: append(found, act(ActReadMore, "", "")), KindCoverage: {coverageAll()}})
			c.setup(&cfg, m)
			res, _ := Run(context.Background(), cfg)
			if res.Ending == nil {
				t.Fatalf("no ending, error %q", res.Error)
			}
			text, say := res.Ending.Text, res.Ending.Say
			if c.unwritten {
				text, say = res.Ending.Unwritten, res.Ending.SayUnwritten
			}
			if text == "" || (say != nil) != c.said {
				t.Fatalf("%q said as %+v, want a message: %v", text, say, c.said)
			}
			if say == nil {
				return
			}
			if got, known := phrasetest.English(window, say); !known || got != text {
				t.Errorf("the window says (known: %v)\n%s\nGo:\n%s", known, got, text)
			}
			b, err := json.Marshal(res.Ending)
			if err != nil {
				t.Fatal(err)
			}
			var reopened Ending
			if err := json.Unmarshal(b, &reopened); err != nil {
				t.Fatal(err)
			}
			// The window gets the message as JSON: reopened, the same.
			again, _ := json.Marshal(reopened)
			var was, is any
			if json.Unmarshal(b, &was) != nil || json.Unmarshal(again, &is) != nil || !reflect.DeepEqual(is, was) {
				t.Errorf("reopened, the ending is\n%s\nwas\n%s", again, b)
			}
		})
	}
}

// A model call's error is wrapped in its step's words for the terminal,
// and keeps its kind.
func TestAStagesErrorKeepsItsKind(t *testing.T) {
	err := &stageError{KindWriter, 7, fmt.Errorf("%w: HTTP 500", chat.ErrContextOverflow)}
	if !errors.Is(err, chat.ErrContextOverflow) || err.Error() != "Writing the report: prompt exceeds the context length: HTTP 500" {
		t.Errorf("%q (overflow: %v)", err, errors.Is(err, chat.ErrContextOverflow))
	}
	if err.Said() != nil {
		t.Errorf("said as %+v, want as written", err.Said())
	}
}
