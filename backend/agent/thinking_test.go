package agent

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// A Model that leaves a reasoning model's thinking in its replies (a
// <think> block, or the rest of one whose opening tag the chat template
// wrote) has it taken out before the answer joins the conversation: the
// model never reads its thoughts again, every request only appends to the
// one before, and the journal keeps the thinking for the user.
func TestThinkingLeftInRepliesStaysOutOfTheConversation(t *testing.T) {
	think := func(n string, reply string) string {
		return "<think>\nThought " + n + ": the objective asks for a height, so I weigh what the page says.\n</think>\n\n" + reply
	}
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {think("A", kiliChecklist())},
		KindAction: {
			think("B", act(ActSearch, "tallest mountain in Africa", "Search first.")),
			"Thought C: the first result is the article.\n</think>\n\n" + act(ActNavigate, "R1", "Open it."),
			think("D", act(ActDiscover, finding1, "Part 1 has the answer.")),
			think("E", act(ActFinish, "Mount Kilimanjaro, 5,895 m (19,341 ft).", "Item 1 [1], item 2 [1], item 3 [1].")),
		},
		KindWriter: {think("F", `{"result":"Mount Kilimanjaro [1] rises 5,895 metres (19,341 ft) [1]."}`)},
	})
	res, err := Run(context.Background(), cfg)
	if err != nil || res.Status != StatusFinished {
		t.Fatalf("status %s, error %v (%s)", res.Status, err, res.Error)
	}
	for i, r := range m.reqs {
		for _, msg := range r.Messages {
			if strings.Contains(msg.Content, "think>") || strings.Contains(msg.Content, "Thought ") {
				t.Fatalf("request %d (%s) sends the thinking back in a %s message:\n%s", i+1, r.Kind, msg.Role, msg.Content)
			}
		}
	}
	assertAppendOnly(t, m.reqs[:len(m.reqs)-1]) // the writer's is a fresh prompt
	var thoughts []string
	for _, ev := range rec.of(EvModelCall) {
		thoughts = append(thoughts, strings.SplitN(ev.Thinking, ":", 2)[0])
	}
	if got := strings.Join(thoughts, ","); got != "Thought A,Thought B,Thought C,Thought D,Thought E,Thought F" {
		t.Errorf("the journal kept the thinking of the calls as %q", got)
	}
	if !strings.Contains(res.Answer, "5,895 metres") {
		t.Errorf("answer %q", res.Answer)
	}
}

// Whatever the model writes, in its thought or its thinking, reaches the
// journal cleaned of terminal escapes and invisible controls, by the same
// cleaning pages go through, in time linear in its length: a thought of
// 100,000 unterminated C1 string openers once held one turn 18 seconds.
func TestModelTextIsCleaned(t *testing.T) {
	hostile := "\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07\x1b[2J\u202eevil" + strings.Repeat("\u009d", 200_000) + strings.Repeat("\x1bP", 100_000)
	cfg, _, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {
			"<think>" + hostile + "</think>" + jsonAct(t, ActSearch, "tallest mountain in Africa", "Search first. "+hostile),
			act(ActFinish, "Mount Kilimanjaro.", "Done."),
		},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Mount Kilimanjaro [1]."}`},
	})
	cfg.MaxTurns = 2
	start := time.Now()
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the run took %s", took)
	}
	seen := 0
	for _, ev := range rec.events {
		for field, text := range map[string]string{"thought": ev.Thought, "thinking": ev.Thinking} {
			if i := strings.IndexFunc(text, unsafeRune); i >= 0 {
				t.Errorf("%s event's %s holds %U at %d", ev.Type, field, []rune(text[i:])[0], i)
			}
			if strings.Contains(text, "evil") {
				seen++
			}
		}
	}
	if seen < 2 {
		t.Errorf("the thought and the thinking reached %d event fields, want both", seen)
	}
}

// unsafeRune is a rune Text removes: a control a terminal acts on, or a
// bidi control.
func unsafeRune(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r < 0xa0) || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069')
}

// jsonAct is act for any text: act's %q writes \x1b, which JSON lacks.
func jsonAct(t *testing.T, action, param, thought string) string {
	b, err := json.Marshal(map[string]string{"thought_process": thought, "action": action, "parameter": param})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
