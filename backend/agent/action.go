package agent

import (
	"encoding/json"
	"errors"
	"fmt"
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

// Action is one parsed model reply.
type Action struct {
	Thought string `json:"thought_process"`
	Name    string `json:"action"`
	Param   string `json:"parameter"`
}

// actionSchema is sent as response_format so the server constrains the
// reply to this shape.
var actionSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"thought_process": map[string]any{"type": "string"},
		"action":          map[string]any{"type": "string", "enum": actions},
		"parameter":       map[string]any{"type": "string"},
	},
	"required":             []string{"thought_process", "action", "parameter"},
	"additionalProperties": false,
}

// errNoJSON and friends name what was wrong with a reply, for the retry
// note sent back to the model.
var (
	errNoJSON    = errors.New("the reply held no JSON object")
	errTruncated = errors.New("the reply was cut off before the JSON ended: keep thought_process to one short sentence")
)

// ParseAction reads a model reply into an Action. It recovers what is safe
// to recover: <think> blocks, code fences and prose around the JSON, field
// names in other cases, and action names in other spellings. Everything
// else is an error whose message can be sent back to the model.
func ParseAction(reply string) (Action, error) {
	obj, err := extractJSON(reply)
	if err != nil {
		return Action{}, err
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(obj), &raw); err != nil {
		return Action{}, fmt.Errorf("the reply is not valid JSON (%v)", err)
	}
	a := Action{
		Thought: stringField(raw, "thought_process", "thought", "thoughts", "reasoning"),
		Name:    normalizeAction(stringField(raw, "action")),
		Param:   strings.TrimSpace(stringField(raw, "parameter", "param", "parameters", "query", "url")),
	}
	if a.Name == "" {
		return Action{}, fmt.Errorf(`the reply has no known "action" (use one of %s)`, strings.Join(actions, ", "))
	}
	return a, nil
}

// extractJSON finds the first complete JSON object in s after any
// reasoning block.
func extractJSON(s string) (string, error) {
	if i := strings.LastIndex(s, "</think>"); i >= 0 {
		s = s[i+len("</think>"):]
	}
	start := strings.IndexByte(s, '{')
	if start < 0 {
		return "", errNoJSON
	}
	depth, inString, escaped := 0, false, false
	for i := start; i < len(s); i++ {
		c := s[i]
		switch {
		case escaped:
			escaped = false
		case c == '\\' && inString:
			escaped = true
		case c == '"':
			inString = !inString
		case inString:
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return s[start : i+1], nil
			}
		}
	}
	return "", errTruncated
}

func stringField(raw map[string]any, names ...string) string {
	for k, v := range raw {
		for _, n := range names {
			if strings.EqualFold(k, n) {
				// The model's words reach journals, terminals and reports.
				if s, ok := v.(string); ok {
					return plain.Text(s)
				}
				if v != nil {
					b, _ := json.Marshal(v)
					return plain.Text(string(b))
				}
			}
		}
	}
	return ""
}

// normalizeAction maps spellings like "read more" or "Discover" to an
// action name, or "" for anything else.
func normalizeAction(s string) string {
	n := strings.ToUpper(strings.TrimSpace(s))
	n = strings.NewReplacer(" ", "_", "-", "_").Replace(n)
	switch n {
	case "READMORE", "READ_NEXT", "NEXT_PART":
		n = ActReadMore
	case "VISIT", "OPEN", "GOTO", "GO_TO":
		n = ActNavigate
	case "RECORD", "NOTE":
		n = ActDiscover
	case "DONE", "ANSWER":
		n = ActFinish
	}
	for _, a := range actions {
		if n == a {
			return a
		}
	}
	return ""
}
