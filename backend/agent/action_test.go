package agent

import (
	"encoding/json"
	"reflect"
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

// The checklist, coverage and writer replies are read as loosely as an
// action: what a model writes around or instead of the JSON asked for.
func TestOtherRepliesReadLoosely(t *testing.T) {
	three := []string{"the tallest mountain", "its height in meters", "its height in feet"}
	for _, reply := range []string{
		`{"items": ["the tallest mountain", "its height in meters", "its height in feet"]}`,
		"Checklist:\n```json\n{'items': ['the tallest mountain', 'its height in meters', 'its height in feet',]}\n```",
		`["the tallest mountain", "its height in meters", "its height in feet"]`,
		`{"checklist": [{"item": "the tallest mountain"}, {"item": "its height in meters"}, {"text": "its height in feet"}]}`,
		"Here is the checklist:\n1. the tallest mountain\n2. its height in meters\n- its height in feet",
		"**Checklist:**\n1. **the tallest mountain**\n2. **its height in meters**\n3. `its height in feet`",
	} {
		if got := checklistOf(reply); !slices.Equal(got, three) {
			t.Errorf("checklistOf(%q) = %q", reply, got)
		}
	}
	if got := checklistOf("The items [see below]:\n1. the tallest mountain\n2. its height in meters\n3. its height in feet"); !slices.Equal(got, three) {
		t.Errorf("a numbered list after a bracket gave %q", got)
	}
	if got := checklistOf(`{"items": "oops"`); len(got) != 0 {
		t.Errorf("a cut-off checklist gave %q", got)
	}

	want := []coverageItem{{Item: 1, Findings: []int{1}, Covered: true}, {Item: 2, Findings: []int{1, 2}, Covered: false, Missing: "feet", Names: []string{"A", "B"}}}
	for _, reply := range []string{
		`{"items":[{"item":1,"findings":[1],"covered":true,"missing":"","names":[]},{"item":2,"findings":[1,2],"covered":false,"missing":"feet","names":["A","B"]}]}`,
		`{"items":[{"item":"1","findings":"1","covered":"yes"},{"item":"2","findings":["1","2"],"covered":"false","missing":"feet","names":"A, B"}]}`,
		`{"items":[{"item":"Item 1","findings":"[1]","covered":1},{"item":"Item 2","findings":"1 and 2","covered":0,"missing":"feet","names":["A","B"]}]}`,
		"Item 2 is open:\n[{\"item\":1,\"findings\":[1],\"covered\":true,},{\"item\":2,\"findings\":[1,2],\"covered\":false,\"missing\":\"feet\",\"names\":[\"A\",\"B\"]},]",
	} {
		if got, err := coverageOf(reply); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("coverageOf(%q) = %+v, %v", reply, got, err)
		}
	}
	if _, err := coverageOf(`{"verdict": "all covered"}`); err == nil {
		t.Error("a coverage answer without items was read")
	}

	for _, tc := range []struct{ reply, want string }{
		{`{"result": "A [1]."}`, "A [1]."},
		{"```json\n{\"answer\": \"A [1].\nB [2].\"}\n```", "A [1].\nB [2]."},
		{`{"result": ["A [1].", "B [2]."]}`, "A [1].\n\nB [2]."},
		{"A [1], in prose.", "A [1], in prose."},
	} {
		if got, err := resultOf(tc.reply); err != nil || got != tc.want {
			t.Errorf("resultOf(%q) = %q, %v; want %q", tc.reply, got, err, tc.want)
		}
	}
	if _, err := resultOf(`{"thought_process": "", "action": "SEARCH", "parameter": "x"}`); err != errActionShaped {
		t.Errorf("an action from the writer: %v", err)
	}
}
