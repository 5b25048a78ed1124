package reply

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Reading the JSON in a model's reply. A server that honours the schema
// sends clean JSON; one that ignores it, or a model that writes around it,
// sends JSON in a code fence, after prose, as a Python dict with single
// quotes, with a trailing comma or with a raw line break inside a string.
// Where the repair is mechanical it is done here, so the model is not sent
// back for how it spelled what it meant.

// ErrNoJSON and ErrTruncated name what was wrong with a reply, for the retry
// note sent back to the model.
var (
	ErrNoJSON    = errors.New("the reply held no JSON object")
	ErrTruncated = errors.New("the reply was cut off before its action and parameter were whole: write them first, and keep thought_process to one short sentence")
)

// maxJSONTries bounds the openings tried: a reply is a few hundred tokens,
// but a page the model echoes may hold many braces.
const maxJSONTries = 20

// FirstJSON decodes the first JSON value in reply, after any reasoning
// block, that starts with one of opens ("{", or "{[" to take an array too),
// repairing it when it does not decode as written.
func FirstJSON(reply, opens string) (any, error) {
	s := reply
	if i := strings.LastIndex(s, "</think>"); i >= 0 {
		s = s[i+len("</think>"):]
	}
	var firstErr error
	tries := 0
	for i := 0; i < len(s) && tries < maxJSONTries; i++ {
		if strings.IndexByte(opens, s[i]) < 0 {
			continue
		}
		tries++
		end, ok := balanced(s, i)
		if !ok {
			if firstErr == nil {
				firstErr = ErrTruncated
			}
			continue
		}
		v, err := decodeRepaired(s[i:end])
		if err == nil {
			return v, nil
		}
		if firstErr == nil {
			firstErr = fmt.Errorf("the reply is not valid JSON (%v)", err)
		}
	}
	if firstErr == nil {
		return nil, ErrNoJSON
	}
	return nil, firstErr
}

// decodeRepaired decodes text as JSON, or failing that the repaired text.
func decodeRepaired(text string) (any, error) {
	var v any
	err := json.Unmarshal([]byte(text), &v)
	if err == nil {
		return v, nil
	}
	if json.Unmarshal([]byte(repairJSON(text)), &v) == nil {
		return v, nil
	}
	return nil, err
}

// balanced returns the end of the bracketed value starting at s[start],
// counting brackets outside double-quoted strings.
func balanced(s string, start int) (int, bool) {
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
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return 0, false
}

// repairJSON mends what small models get wrong in JSON they write by hand:
// strings in single quotes, raw line breaks and tabs inside strings, a
// quote mark inside a string left unescaped, trailing commas, // comments,
// and Python's True, False and None. A quote mark ends a string only where JSON can go
// on after it (a comma, colon or closing bracket); elsewhere it is part of
// the text: "the page's words", "he said "yes" then".
func repairJSON(s string) string {
	var b strings.Builder
	var quote byte // the open string's quote mark, 0 outside strings
	for i := 0; i < len(s); i++ {
		c := s[i]
		if quote != 0 {
			switch {
			case c == '\\' && i+1 < len(s):
				if s[i+1] == '\'' { // \' is no JSON escape
					b.WriteByte('\'')
				} else {
					b.WriteByte(c)
					b.WriteByte(s[i+1])
				}
				i++
			case c == quote && endsString(s[i+1:]):
				b.WriteByte('"')
				quote = 0
			case c == '"':
				b.WriteString(`\"`)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
			case c == '\t':
				b.WriteString(`\t`)
			case c < 0x20:
				b.WriteByte(' ')
			default:
				b.WriteByte(c)
			}
			continue
		}
		switch {
		case c == '"' || c == '\'':
			quote = c
			b.WriteByte('"')
		case c == ',' && closesNext(s[i+1:]):
			// a trailing comma
		case c == '/' && strings.HasPrefix(s[i:], "//"):
			// a comment, to the end of the line
			for i+1 < len(s) && s[i+1] != '\n' {
				i++
			}
		case strings.HasPrefix(s[i:], "True"), strings.HasPrefix(s[i:], "False"), strings.HasPrefix(s[i:], "None"):
			w := map[byte]string{'T': "true", 'F': "false", 'N': "null"}[c]
			b.WriteString(w)
			i += map[byte]int{'T': 3, 'F': 4, 'N': 3}[c]
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// endsString reports whether what follows a quote mark is where JSON goes
// on after a string.
func endsString(rest string) bool {
	rest = strings.TrimLeft(rest, " \t\r\n")
	return rest == "" || strings.IndexByte(",:}]", rest[0]) >= 0
}

// closesNext reports whether the next thing after a comma closes an object
// or array.
func closesNext(rest string) bool {
	rest = strings.TrimLeft(rest, " \t\r\n")
	return rest != "" && (rest[0] == '}' || rest[0] == ']')
}

// ListIn is the list a reply holds: the reply itself when it is a list,
// else the value of the first of keys it has, else its only list.
func ListIn(v any, keys ...string) []any {
	switch x := v.(type) {
	case []any:
		return x
	case map[string]any:
		if l, ok := Field(x, keys...).([]any); ok {
			return l
		}
		var only []any
		lists := 0
		for _, e := range x {
			if l, ok := e.([]any); ok {
				only, lists = l, lists+1
			}
		}
		if lists == 1 {
			return only
		}
	}
	return nil
}

// TextIn is the text a value holds: a string, the first of keys in an
// object (or its only string), a list's texts a paragraph each.
func TextIn(v any, keys ...string) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		var parts []string
		for _, e := range x {
			if t := strings.TrimSpace(TextIn(e, keys...)); t != "" {
				parts = append(parts, t)
			}
		}
		return strings.Join(parts, "\n\n")
	case map[string]any:
		if f := Field(x, keys...); f != nil {
			return TextIn(f, keys...)
		}
		var only string
		texts := 0
		for _, e := range x {
			if s, ok := e.(string); ok {
				only, texts = s, texts+1
			}
		}
		if texts == 1 {
			return only
		}
	}
	return ""
}

// ListedLines are the items of a numbered or bulleted list in prose: what
// a model answers a request for a JSON list with when no schema holds it.
func ListedLines(reply string) []string {
	if i := strings.LastIndex(reply, "</think>"); i >= 0 {
		reply = reply[i+len("</think>"):]
	}
	var out []string
	for _, l := range strings.Split(reply, "\n") {
		if m := listedLine.FindStringSubmatch(l); m != nil {
			out = append(out, strings.TrimSpace(m[1]))
		}
	}
	return out
}

var listedLine = regexp.MustCompile(`^\s*(?:\d+[.)]|[-*•])\s+(\S.*)$`)

// Truth reads a yes-or-no a model may write as a string ("true", "yes").
func Truth(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "yes", "covered", "y":
			return true
		}
	}
	return false
}
