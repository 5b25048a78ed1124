package reply

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestActionSchemaPutsTheThoughtLast: the server writes the members in
// the order they are sent, and the thought must come after the action.
func TestActionSchemaPutsTheThoughtLast(t *testing.T) {
	for name, v := range map[string]any{"schema": Schema, "action": Action{Name: ActSearch, Param: "q", Thought: "t"}} {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		s := string(data)
		a, p, th := strings.Index(s, `"action"`), strings.Index(s, `"parameter"`), strings.Index(s, `"thought_process"`)
		if !(a >= 0 && a < p && p < th) {
			t.Errorf("%s: want action, parameter, thought_process in that order: %s", name, s)
		}
	}
}

// TestRepliesCutInTheirThought: when Scout has read all it needs of a reply
// being written, and how a reply cut off is closed.
func TestRepliesCutInTheirThought(t *testing.T) {
	long := strings.Repeat("word ", 60) // 300 characters, no sentence end
	cases := []struct {
		name   string
		reply  string
		done   bool   // thoughtDone: stop reading here
		closed string // closeCut's text; "" when it must refuse
	}{
		{"whole reply", `{"action":"SEARCH","parameter":"kilimanjaro height","thought_process":"Search first. Then read."}`, false, ""},
		{"thought begun", `{"action":"SEARCH","parameter":"kilimanjaro height","thought_process":"I need the`, false,
			`{"action":"SEARCH","parameter":"kilimanjaro height","thought_process":"I need the"}`},
		{"first sentence whole", `{"action":"NAVIGATE","parameter":"R2","thought_process":"The second result is the encyclopedia. It should`, true,
			`{"action":"NAVIGATE","parameter":"R2","thought_process":"The second result is the encyclopedia."}`},
		{"a short first sentence is kept with the next", `{"action":"READ_MORE","parameter":"","thought_process":"OK. Part 2 has the heights. Then`, true,
			`{"action":"READ_MORE","parameter":"","thought_process":"OK. Part 2 has the heights."}`},
		{"abbreviations do not end it", `{"action":"DISCOVER","parameter":"[1] Mt. Kenya is 5,199 m.","thought_process":"Mt. Kenya e.g. has its height in part 1. I`, true,
			`{"action":"DISCOVER","parameter":"[1] Mt. Kenya is 5,199 m.","thought_process":"Mt. Kenya e.g. has its height in part 1."}`},
		{"past the cap", `{"action":"SEARCH","parameter":"q","thought_process":"` + long, true,
			`{"action":"SEARCH","parameter":"q","thought_process":"` + strings.TrimRight(long[:thoughtCapChars], " ") + `"}`},
		{"a FINISH keeps its account", `{"action":"FINISH","parameter":"Kilimanjaro, 5,895 m.","thought_process":"Item 1 is [1]. Item 2 is [2]. Item 3 is`, false,
			`{"action":"FINISH","parameter":"Kilimanjaro, 5,895 m.","thought_process":"Item 1 is [1]. Item 2 is [2]. Item 3 is"}`},
		{"an unfinished escape", `{"action":"SEARCH","parameter":"q","thought_process":"He wrote \"tall\" and \`, false,
			`{"action":"SEARCH","parameter":"q","thought_process":"He wrote \"tall\" and"}`},
		{"an unfinished unicode escape", `{"action":"SEARCH","parameter":"q","thought_process":"caf\u00`, false,
			`{"action":"SEARCH","parameter":"q","thought_process":"caf"}`},
		{"after thinking, other key names", `<think>{"x":1}</think>{"name":"SEARCH","query":"q","thought":"I will look`, false,
			`<think>{"x":1}</think>{"name":"SEARCH","query":"q","thought":"I will look"}`},
		{"thinking streamed first", `<think>{"action":"SEARCH","parameter":"q","thought_process":"Not this one. No.</think>{"action":"READ_MORE","parameter":"2","thought_process":"Part 2 has the heights of both. Then`, true,
			`<think>{"action":"SEARCH","parameter":"q","thought_process":"Not this one. No.</think>{"action":"READ_MORE","parameter":"2","thought_process":"Part 2 has the heights of both."}`},
		{"cut in the parameter", `{"action":"DISCOVER","parameter":"[1] Kilimanjaro is 5,895`, false, ""},
		{"thought first, cut in it", `{"thought_process":"I will search. Then I`, false, ""},
		{"no parameter yet", `{"action":"READ_MORE","thought_process":"Part 3 next. Then`, false, ""},
		{"cut in a key", `{"action":"SEARCH","parameter":"q","thought_pro`, false, ""},
		{"no JSON", `I will search for it.`, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := thoughtDone(c.reply, scanPartial(c.reply)); got != c.done {
				t.Errorf("thoughtDone = %v, want %v", got, c.done)
			}
			// Fed as it streams, the watch stops at the first point it has
			// enough, and never on a reply whose whole text would not.
			watch, stopped := ThoughtWatch(), false
			for n := 1; n <= len(c.reply) && !stopped; n++ {
				stopped = watch(c.reply[:n])
			}
			if stopped != c.done {
				t.Errorf("streamed, the watch stopped: %v, want %v", stopped, c.done)
			}
			closed, ok := CloseCut(c.reply)
			if ok != (c.closed != "") || (ok && closed != c.closed) {
				t.Errorf("closeCut = %q, %v\nwant %q", closed, ok, c.closed)
			}
			if ok && !json.Valid([]byte(closed[strings.Index(closed, "</think>")+len("</think>"):])) && !json.Valid([]byte(closed)) {
				t.Errorf("closed reply is not JSON: %s", closed)
			}
		})
	}
}

// TestParseActionTakesAReplyCutInItsThought: the action is whole, so it is
// taken, not sent back; a reply cut anywhere else still is.
func TestParseActionTakesAReplyCutInItsThought(t *testing.T) {
	a, err := Parse(`{"action":"NAVIGATE","parameter":"R2","thought_process":"The encyclopedia has the heights and I will`)
	if err != nil || a.Name != ActNavigate || a.Param != "R2" || a.Thought != "The encyclopedia has the heights and I will" {
		t.Errorf("cut in the thought: %+v, %v", a, err)
	}
	if _, err := Parse(`{"action":"DISCOVER","parameter":"[1] Kilimanjaro is 5,895`); !errors.Is(err, ErrTruncated) {
		t.Errorf("cut in the parameter: %v, want errTruncated", err)
	}
}
