package agent

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestParseAction(t *testing.T) {
	tests := []struct {
		name  string
		reply string
		want  Action
		err   string
	}{
		{"plain", `{"thought_process":"Search first.","action":"SEARCH","parameter":"tallest mountain in Africa"}`,
			Action{"Search first.", ActSearch, "tallest mountain in Africa"}, ""},
		{"think block and prose", "<think>Let me {consider} this.</think>\nHere is my action:\n```json\n{\"thought_process\": \"ok\", \"action\": \"navigate\", \"parameter\": \" https://x.test/a \"}\n```\nDone.",
			Action{"ok", ActNavigate, "https://x.test/a"}, ""},
		{"spelling", `{"Thought_Process":"t","Action":"read more","Parameter":""}`, Action{"t", ActReadMore, ""}, ""},
		{"braces in strings", `{"thought_process":"a } inside","action":"DISCOVER","parameter":"[1] x {y} \"z\""}`,
			Action{"a } inside", ActDiscover, `[1] x {y} "z"`}, ""},
		// Escapes written as JSON escapes become controls when decoded:
		// they are cleaned after decoding, before any journal sees them.
		{"terminal escapes and bidi controls", `{"thought_process":"ok\u001b]52;c;ZXZpbA==\u0007","action":"DISCOVER","parameter":"[1] \u001b[31mred\u001b[0m \u202egnp.exe\u200b"}`,
			Action{"ok", ActDiscover, "[1] red gnp.exe"}, ""},
		{"number parameter", `{"thought_process":"","action":"READ_MORE","parameter":3}`, Action{"", ActReadMore, "3"}, ""},
		{"unknown action", `{"thought_process":"","action":"CLICK","parameter":"x"}`, Action{}, `no known "action"`},
		{"no json", `I will search for it.`, Action{}, "no JSON object"},
		{"truncated", `{"thought_process":"The page says`, Action{}, "cut off"},
		{"broken json", `{"thought_process": "x", "action": SEARCH}`, Action{}, "not valid JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseAction(tc.reply)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{`{"action":"SEARCH","parameter":"x"}`, "<think>{</think>{", `{"a":"\\"}`, "{{{", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			return
		}
		// An accepted action names one of the five as written in the
		// schema, and reads back the same from its own JSON.
		if !slices.Contains(actions, a.Name) {
			t.Fatalf("accepted action %q", a.Name)
		}
		data, _ := json.Marshal(a)
		if b, err := ParseAction(string(data)); err != nil || b != a {
			t.Fatalf("%q parsed as %+v, which reads back as %+v (%v)", s, a, b, err)
		}
	})
}
