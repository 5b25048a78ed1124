package agent

import (
	"context"
	"strings"
	"testing"
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
