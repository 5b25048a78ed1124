package llmtest

import (
	"encoding/json"
	"slices"
)

// ProbePrefix starts the schema names of Scout's model probe (package
// llm's Measure). The fake answers those calls itself, the way a server
// constrained by the schema would, so scripts written for a run need not
// know of the probe: the smallest reply the schema allows (the first value
// of an enum, counting integers, as many array items as it asks for), or,
// with IgnoreSchema, prose.
const ProbePrefix = "scout_probe"

// proseReply is what a server that ignores the schema writes instead.
const proseReply = "Sure! Yes, it is. The next one is eleven. Let me know if you need anything else."

// probeReply answers a probe call under schema.
func (s *Handler) probeReply(schema json.RawMessage) Reply {
	if s.opts.IgnoreSchema {
		return Reply{Content: proseReply}
	}
	var root map[string]any
	if json.Unmarshal(schema, &root) != nil {
		return Reply{Content: "{}"}
	}
	out, _ := json.Marshal(sample(root, 0))
	return Reply{Content: string(out)}
}

// sample is the smallest value a JSON schema allows; i is its place in an
// array, so integer items count up.
func sample(schema map[string]any, i int) any {
	if enum, ok := schema["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	switch schema["type"] {
	case "object":
		props, _ := schema["properties"].(map[string]any)
		out := map[string]any{}
		names := make([]string, 0, len(props))
		for name := range props {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			p, _ := props[name].(map[string]any)
			out[name] = sample(p, 0)
		}
		return out
	case "array":
		n := 1
		if m, ok := schema["minItems"].(float64); ok {
			n = int(m)
		}
		items, _ := schema["items"].(map[string]any)
		arr := make([]any, n)
		for j := range arr {
			arr[j] = sample(items, j)
		}
		return arr
	case "integer", "number":
		if m, ok := schema["minimum"].(float64); ok {
			return m + float64(i)
		}
		return i + 1
	case "boolean":
		return true
	}
	return "ok"
}
