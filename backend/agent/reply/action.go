package reply

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/plain"
)

// The five actions.
const (
	ActSearch   = "SEARCH"
	ActNavigate = "NAVIGATE"
	ActReadMore = "READ_MORE"
	ActDiscover = "DISCOVER"
	ActFinish   = "FINISH"
)

var actions = []string{ActSearch, ActNavigate, ActReadMore, ActDiscover, ActFinish}

// Action is one parsed model reply. Its fields are in the order a model
// writes them: the action and its parameter first, the thought last, so
// that a reply cut off in its thought (at max_tokens, or stopped by
// Scout once the thought runs past its cap, see thoughtCap) still holds
// the whole action.
type Action struct {
	Name    string `json:"action"`
	Param   string `json:"parameter"`
	Thought string `json:"thought_process"`
}

// Schema is sent as response_format so the server constrains the
// reply to this shape. A server that compiles the schema into a grammar
// (llama.cpp, and LM Studio and Ollama through it) has the properties
// written in the order they are sent, and a Go map is sent with its keys
// sorted: action, parameter, thought_process, the order of Action
// (TestActionSchemaPutsTheThoughtLast holds it).
var Schema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"thought_process": map[string]any{"type": "string"},
		"action":          map[string]any{"type": "string", "enum": actions},
		"parameter":       map[string]any{"type": "string"},
	},
	"required":             []string{"thought_process", "action", "parameter"},
	"additionalProperties": false,
}

// Parse reads a model reply into an Action. It recovers what is safe
// to recover: <think> blocks, code fences and prose around the JSON, JSON
// written loosely (json.go), field names in other cases and words, the
// tool-call shapes chat templates teach ({"name": ..., "arguments": ...}),
// a parameter given as an object or a list, action names in other
// spellings, and "Action: ... / Parameter: ..." lines when the reply holds
// no JSON at all. Everything else is an error whose message can be sent
// back to the model.
func Parse(reply string) (Action, error) {
	v, err := FirstJSON(reply, "{")
	if errors.Is(err, ErrTruncated) {
		// Cut off in its thought, the action is whole (cut.go).
		if closed, ok := CloseCut(reply); ok {
			v, err = FirstJSON(closed, "{")
		}
	}
	if errors.Is(err, ErrNoJSON) {
		if a, ok := actionLines(reply); ok {
			return a, nil
		}
	}
	if err != nil {
		return Action{}, err
	}
	raw, _ := v.(map[string]any)
	a := actionOf(raw)
	if a.Name == "" {
		return Action{}, fmt.Errorf(`the reply has no known "action" (use one of %s)`, strings.Join(actions, ", "))
	}
	return a, nil
}

// The keys a model writes for each field, in order of preference.
var (
	thoughtKeys = []string{"thought_process", "thought", "thoughts", "reasoning", "reason"}
	actionKeys  = []string{"action", "action_name", "name", "tool", "tool_name", "function", "command"}
	paramKeys   = []string{"parameter", "param", "parameters", "action_input", "tool_input", "input", "arguments", "args", "argument",
		"query", "url", "finding", "answer", "part", "value", "text", "content"}
)

// actionOf reads an action from a decoded reply. The action may be an
// object of its own ({"action": {"name": "SEARCH", "parameter": ...}}) or
// name its parameter ("SEARCH: tallest mountain").
func actionOf(raw map[string]any) Action {
	a := Action{Thought: plain.Text(asString(Field(raw, thoughtKeys...)))}
	name := Field(raw, actionKeys...)
	if inner, ok := name.(map[string]any); ok {
		b := actionOf(inner)
		if b.Thought == "" {
			b.Thought = a.Thought
		}
		if b.Param == "" {
			b.Param = paramOf(Field(raw, paramKeys...), b.Name)
		}
		return b
	}
	var tail string
	a.Name, tail = splitAction(asString(name))
	a.Param = paramOf(Field(raw, paramKeys...), a.Name)
	if a.Param == "" {
		a.Param = tail
	}
	return a
}

// Field is the value of the first of names the object has, in any case.
func Field(raw map[string]any, names ...string) any {
	for _, n := range names {
		for k, v := range raw {
			if sameKey(k, n) && v != nil {
				return v
			}
		}
	}
	return nil
}

// sameKey reports whether a reply's key k is the name n, in any case and
// spacing.
func sameKey(k, n string) bool { return strings.EqualFold(strings.TrimSpace(k), n) }

// paramOf is the parameter as text. A model gives it as an object
// ({"query": ...}, {"items": [1, 2], "finding": ...}) or a list: the
// text inside is taken; of a list, a SEARCH, NAVIGATE or READ_MORE takes
// the first, a finding or answer all of it, a line each.
func paramOf(v any, action string) string {
	switch p := v.(type) {
	case nil:
		return ""
	case string:
		if t := strings.TrimSpace(p); strings.HasPrefix(t, "{") { // arguments as a JSON string
			if obj, err := decodeRepaired(t); err == nil {
				if m, ok := obj.(map[string]any); ok {
					return paramOf(m, action)
				}
			}
		}
		return strings.TrimSpace(plain.Text(p))
	case []any:
		var parts []string
		for _, e := range p {
			if s := paramOf(e, action); s != "" {
				parts = append(parts, s)
			}
		}
		if len(parts) > 1 && action != ActDiscover && action != ActFinish {
			parts = parts[:1]
		}
		return strings.Join(parts, "\n")
	case map[string]any:
		text := paramOf(Field(p, paramKeys...), action)
		if text == "" && len(p) == 1 {
			for _, only := range p {
				text = paramOf(only, action)
			}
		}
		if items := IntList(Field(p, "items", "item", "checklist_items")); len(items) > 0 && text != "" {
			return fmt.Sprintf("[%s] %s", joinInts(items), text)
		}
		if text != "" {
			return text
		}
	}
	return strings.TrimSpace(plain.Text(asString(v)))
}

// asString is a JSON value as text: a string as it is, anything else as
// its JSON.
func asString(v any) string {
	switch s := v.(type) {
	case nil:
		return ""
	case string:
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// IntList reads a number or a list of numbers, written as numbers or as
// strings ("1", "[1, 2]").
func IntList(v any) []int {
	var out []int
	switch x := v.(type) {
	case float64:
		out = append(out, int(x))
	case string:
		for _, d := range digits.FindAllString(x, -1) {
			n, _ := strconv.Atoi(d)
			out = append(out, n)
		}
	case []any:
		for _, e := range x {
			out = append(out, IntList(e)...)
		}
	}
	return out
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// splitAction reads an action name as a model writes it: "read more",
// "Search:", "FINAL ANSWER", and "SEARCH: query" or "SEARCH(query)" with
// the parameter after the name. It returns "" for no known action.
func splitAction(s string) (name, param string) {
	s = strings.TrimSpace(s)
	if n := normalizeAction(s); n != "" {
		return n, ""
	}
	for _, seps := range []string{":([", " "} {
		if i := strings.IndexAny(s, seps); i > 0 {
			if n := normalizeAction(s[:i]); n != "" {
				param = strings.TrimSpace(s[i+1:])
				if s[i] == '(' || s[i] == '[' {
					param = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(param, ")"), "]"))
				}
				return n, strings.Trim(param, `"'`)
			}
		}
	}
	return "", ""
}

// actionLine reads "Action: SEARCH" and the lines like it that a model
// writes when the server lets it answer in prose; "**Action:**" too.
var actionLine = regexp.MustCompile(`(?im)^[\s*_#>-]*(thought_process|thoughts?|reasoning|action input|action_input|action|parameters?|input|query|url)[\s*_]*:[\s*_]*(.*)$`)

// actionLines reads an action from labelled lines (the ReAct habit):
// "Thought: ...", "Action: SEARCH", "Parameter: ..." or "Action Input:
// ...". The parameter runs to the next label or the end.
func actionLines(reply string) (Action, bool) {
	if i := strings.LastIndex(reply, "</think>"); i >= 0 {
		reply = reply[i+len("</think>"):]
	}
	ms := actionLine.FindAllStringSubmatchIndex(reply, -1)
	var a Action
	var param string
	for k, m := range ms {
		label := strings.ToLower(reply[m[2]:m[3]])
		end := len(reply)
		if k+1 < len(ms) {
			end = ms[k+1][0]
		}
		value := strings.TrimSpace(reply[m[4]:end])
		switch {
		case label == "action" && a.Name == "":
			name, tail := splitAction(strings.TrimSpace(reply[m[4]:m[5]]))
			if name == "" {
				return Action{}, false
			}
			a.Name, param = name, tail
		case strings.HasPrefix(label, "thought") || label == "reasoning":
			a.Thought = plain.Text(value)
		case param == "":
			param = value
		}
	}
	if a.Name == "" {
		return Action{}, false
	}
	a.Param = strings.TrimSpace(plain.Text(strings.Trim(strings.TrimSpace(param), "`")))
	if a.Name == ActSearch || a.Name == ActNavigate {
		a.Param = strings.Trim(a.Param, `"`)
	}
	return a, true
}

// normalizeAction maps spellings like "read more", "Discover" or
// "final answer" to an action name, or "" for anything else.
func normalizeAction(s string) string {
	n := strings.ToUpper(strings.Trim(strings.TrimSpace(s), "*`'\".:!()[] "))
	n = strings.NewReplacer(" ", "_", "-", "_").Replace(n)
	if a, ok := actionWords[n]; ok {
		n = a
	}
	for _, a := range actions {
		if n == a {
			return a
		}
	}
	return ""
}

// actionWords are the other names small models give the actions, from
// the tools their chat templates and agent frameworks taught them.
var actionWords = map[string]string{
	"WEB_SEARCH": ActSearch, "SEARCH_WEB": ActSearch, "GOOGLE": ActSearch, "SEARCH_QUERY": ActSearch,
	"VISIT": ActNavigate, "OPEN": ActNavigate, "GOTO": ActNavigate, "GO_TO": ActNavigate, "NAVIGATE_TO": ActNavigate,
	"OPEN_URL": ActNavigate, "OPEN_PAGE": ActNavigate, "VISIT_URL": ActNavigate, "VISIT_PAGE": ActNavigate, "BROWSE": ActNavigate,
	"READMORE": ActReadMore, "READ_NEXT": ActReadMore, "NEXT_PART": ActReadMore, "SCROLL": ActReadMore, "SCROLL_DOWN": ActReadMore,
	"CONTINUE": ActReadMore, "CONTINUE_READING": ActReadMore, "READ_PART": ActReadMore,
	"RECORD": ActDiscover, "NOTE": ActDiscover, "DISCOVERY": ActDiscover, "DISCOVERED": ActDiscover, "RECORD_FINDING": ActDiscover,
	"ADD_FINDING": ActDiscover, "SAVE_FINDING": ActDiscover, "FINDING": ActDiscover,
	"DONE": ActFinish, "ANSWER": ActFinish, "FINAL_ANSWER": ActFinish, "FINAL": ActFinish, "FINISHED": ActFinish,
	"COMPLETE": ActFinish, "COMPLETED": ActFinish, "SUBMIT": ActFinish,
}

// digits are the numbers written in a parameter's string.
var digits = regexp.MustCompile(`\d+`)
