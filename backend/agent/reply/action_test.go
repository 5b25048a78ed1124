package reply

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
			Action{Thought: "Search first.", Name: ActSearch, Param: "tallest mountain in Africa"}, ""},
		{"think block and prose", "<think>Let me {consider} this.</think>\nHere is my action:\n```json\n{\"thought_process\": \"ok\", \"action\": \"navigate\", \"parameter\": \" https://x.test/a \"}\n```\nDone.",
			Action{Thought: "ok", Name: ActNavigate, Param: "https://x.test/a"}, ""},
		{"spelling", `{"Thought_Process":"t","Action":"read more","Parameter":""}`, Action{Thought: "t", Name: ActReadMore, Param: ""}, ""},
		{"braces in strings", `{"thought_process":"a } inside","action":"DISCOVER","parameter":"[1] x {y} \"z\""}`,
			Action{Thought: "a } inside", Name: ActDiscover, Param: `[1] x {y} "z"`}, ""},
		// Escapes written as JSON escapes become controls when decoded:
		// they are cleaned after decoding, before any journal sees them.
		{"terminal escapes and bidi controls", `{"thought_process":"ok\u001b]52;c;ZXZpbA==\u0007","action":"DISCOVER","parameter":"[1] \u001b[31mred\u001b[0m \u202egnp.exe\u200b"}`,
			Action{Thought: "ok", Name: ActDiscover, Param: "[1] red gnp.exe"}, ""},
		{"number parameter", `{"thought_process":"","action":"READ_MORE","parameter":3}`, Action{Thought: "", Name: ActReadMore, Param: "3"}, ""},
		// JSON written by hand: mended, not sent back.
		{"single quotes", `{'thought_process': 'the page's words', 'action': 'SEARCH', 'parameter': 'tallest mountain',}`, Action{Thought: "the page's words", Name: ActSearch, Param: "tallest mountain"}, ""},
		{"raw line break and quotes in a string", "{\"thought_process\": \"a\nb\", \"action\": \"DISCOVER\", \"parameter\": \"[1] The page says \"5,895 m\" tall\"}",
			Action{Thought: "a\nb", Name: ActDiscover, Param: `[1] The page says "5,895 m" tall`}, ""},
		{"a comment", "{\"thought_process\": \"x\", // why\n\"action\": \"SEARCH\", \"parameter\": \"http://a.test/b\"}", Action{Thought: "x", Name: ActSearch, Param: "http://a.test/b"}, ""},
		{"python literals", `{"thought_process": None, "action": "READ_MORE", "parameter": "2"}`, Action{Thought: "", Name: ActReadMore, Param: "2"}, ""},
		// The tool-call shapes chat templates teach.
		{"qwen tool_call", "<tool_call>\n{\"name\": \"SEARCH\", \"arguments\": {\"query\": \"q\"}}\n</tool_call>", Action{Thought: "", Name: ActSearch, Param: "q"}, ""},
		{"mistral TOOL_CALLS", `[TOOL_CALLS] [{"name": "navigate", "arguments": "{\"url\": \"R2\"}"}]`, Action{Thought: "", Name: ActNavigate, Param: "R2"}, ""},
		{"react action_input", `{"action": "Final Answer", "action_input": "Kilimanjaro."}`, Action{Thought: "", Name: ActFinish, Param: "Kilimanjaro."}, ""},
		{"action as an object", `{"thought": "t", "action": {"name": "read more", "parameter": 2}}`, Action{Thought: "t", Name: ActReadMore, Param: "2"}, ""},
		{"parameter in the action", `{"thought_process":"","action":"SEARCH: tallest mountain","parameter":""}`, Action{Thought: "", Name: ActSearch, Param: "tallest mountain"}, ""},
		{"action and part", `{"action":"Read More: 2"}`, Action{Thought: "", Name: ActReadMore, Param: "2"}, ""},
		{"action called with it", `{"action":"NAVIGATE(\"R1\")"}`, Action{Thought: "", Name: ActNavigate, Param: "R1"}, ""},
		{"parameter as an object", `{"action":"DISCOVER","parameter":{"items":[1,"2"],"finding":"x y"}}`, Action{Thought: "", Name: ActDiscover, Param: "[1,2] x y"}, ""},
		{"a list of queries", `{"action":"SEARCH","parameter":["a b","c d"]}`, Action{Thought: "", Name: ActSearch, Param: "a b"}, ""},
		{"a finding as a list", `{"action":"DISCOVER","parameter":["a b.","c d."]}`, Action{Thought: "", Name: ActDiscover, Param: "a b.\nc d."}, ""},
		{"prose lines", "Thought: search first.\n**Action:** search\nAction Input: \"tallest mountain\"", Action{Thought: "search first.", Name: ActSearch, Param: "tallest mountain"}, ""},
		{"a finding over lines", "Action: DISCOVER\nParameter: [1] a\n- b", Action{Thought: "", Name: ActDiscover, Param: "[1] a\n- b"}, ""},
		{"echo of an observation", "Turn 1: SEARCH \"q\" gave 2 results:\nR1. T", Action{}, "no JSON object"},
		{"prose with an unknown action", "Action: CLICK\nParameter: R1", Action{}, "no JSON object"},
		{"unknown action", `{"thought_process":"","action":"CLICK","parameter":"x"}`, Action{}, `no known "action"`},
		{"no json", `I will search for it.`, Action{}, "no JSON object"},
		{"truncated", `{"thought_process":"The page says`, Action{}, "cut off"},
		{"broken json", `{"thought_process": "x", "action": SEARCH}`, Action{}, "not valid JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(tc.reply)
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
		a, err := Parse(s)
		if err != nil {
			return
		}
		// An accepted action names one of the five as written in the
		// schema, and reads back the same from its own JSON.
		if !slices.Contains(actions, a.Name) {
			t.Fatalf("accepted action %q", a.Name)
		}
		data, _ := json.Marshal(a)
		if b, err := Parse(string(data)); err != nil || b != a {
			t.Fatalf("%q parsed as %+v, which reads back as %+v (%v)", s, a, b, err)
		}
	})
}
