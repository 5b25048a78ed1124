package agent

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestLongThoughtsAreStoppedAndKeptShort: over a whole run, a model that
// writes three sentences of thought is stopped after the first, one cut
// off by the token limit in its thought is taken as it is, and the
// conversation keeps each reply closed where it was cut, so the model reads
// its own replies short and whole.
func TestLongThoughtsAreStoppedAndKeptShort(t *testing.T) {
	search := `{"action":"SEARCH","parameter":"tallest mountain in Africa","thought_process":"I need the tallest mountain in Africa first. Then I will open the best result. Then I will read its height in metres and feet and record it."}`
	navigate := `{"action":"NAVIGATE","parameter":"R1","thought_process":"The first result is the encyclopedia article on the mountain and it will`
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {search, navigate,
			`{"action":"DISCOVER","parameter":` + strconvQuote(finding1) + `,"thought_process":"Part 1 gives all three items."}`,
			`{"action":"FINISH","parameter":"Mount Kilimanjaro.","thought_process":"Item 1 is [1]. Item 2 is [1]. Item 3 is [1]."}`},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Mount Kilimanjaro [1]."}`},
	})
	res, err := Run(context.Background(), cfg)
	if err != nil || res.Status != StatusFinished {
		t.Fatalf("status %s, error %v", res.Status, err)
	}
	if n := len(rec.of(EvRefused)); n != 0 {
		t.Errorf("%d replies sent back, want none", n)
	}
	actions := m.calls(KindAction)
	want := []string{
		`{"action":"SEARCH","parameter":"tallest mountain in Africa","thought_process":"I need the tallest mountain in Africa first."}`,
		navigate + `"}`,
	}
	for i, w := range want {
		msgs := actions[i+1].Messages
		var replies []string
		for _, msg := range msgs {
			if msg.Role == "assistant" && strings.HasPrefix(msg.Content, `{"action"`) {
				replies = append(replies, msg.Content)
			}
		}
		if len(replies) <= i || replies[i] != w {
			t.Errorf("call %d: the conversation keeps the model's reply %d as\n%v\nwant %s", i+2, i+1, replies, w)
		}
	}
	if got := rec.of(EvAction)[1]; got.Action != ActNavigate || got.Param != "R1" {
		t.Errorf("second action %s %q, want NAVIGATE R1", got.Action, got.Param)
	}
}

func strconvQuote(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}
