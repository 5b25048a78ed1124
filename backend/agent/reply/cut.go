package reply

import (
	"encoding/json"
	"slices"
	"strings"
)

// A reply's thought comes after its action and parameter (see Action), so
// writing it is the one part of a reply Scout can do without: on a CPU a
// small model writes three to seven tokens a second, and a thought of two
// or three sentences costs more than the action it explains. Scout asks
// for one short sentence and stops reading once the thought has it
// (thoughtDone): the server stops writing when Scout hangs up, and the
// reply is closed where the thought's first sentence ends (closeCut). A
// reply cut off in its thought by the server's token limit is closed the
// same way instead of being sent back. A reply cut off anywhere else (in
// its parameter, or before the action) is not: what it meant is not there.

// partial is what a reply written so far holds: a JSON object whose
// action and parameter may be complete and whose thought is being written.
type partial struct {
	action string // the action's value, when complete
	param  bool   // a parameter's value is complete
	// thought is where the thought's string value starts in the reply
	// (after its opening quote), when the reply ends inside it; -1
	// otherwise.
	thought int
}

// cutInThought reports whether the reply ends inside its thought, after a
// complete action and parameter: the one cut that loses nothing the
// action needs.
func (p partial) cutInThought() bool { return p.thought >= 0 && p.action != "" && p.param }

// scanPartial reads a whole or cut reply's first JSON object after any
// thinking, as far as it goes.
func scanPartial(reply string) partial {
	sc := replyScan{}
	if i := strings.LastIndex(reply, thinkClose); i >= 0 {
		sc.pos = i + len(thinkClose) // thinking is not the reply
	}
	return sc.feed(reply)
}

const (
	thinkOpen  = "<think>"
	thinkClose = "</think>"
)

// replyScan reads a reply's first JSON object as it is written, tracking
// the members of its top level. Fed the reply again as it grows, it goes
// on from where it stopped, so a reply streamed a token at a time is
// read once, not once a token.
type replyScan struct {
	pos        int  // the next byte to read
	opened     bool // whether the reply opens with thinking is known
	thinking   bool // inside a <think> block the reply opened with
	started    bool // the object's opening brace is read
	depth      int
	key        string // the member being read
	inValue    bool   // past the member's colon
	inString   bool
	escaped    bool
	isKey      bool
	stringFrom int
	whole      bool // the object has ended: nothing was cut
	p          partial
}

// feed reads reply from where the last call stopped (reply grows by
// appending) and says what it holds so far.
func (sc *replyScan) feed(reply string) partial {
	if !sc.opened {
		// Whether the reply opens with thinking is known once its first
		// few bytes are in: "<thi" may still become "<think>".
		t := strings.TrimLeft(reply, " \t\r\n")
		if len(t) < len(thinkOpen) && strings.HasPrefix(thinkOpen, t) {
			return partial{thought: -1}
		}
		sc.opened, sc.thinking = true, strings.HasPrefix(t, thinkOpen)
	}
	if sc.thinking {
		from := max(0, sc.pos-len(thinkClose))
		i := strings.Index(reply[from:], thinkClose)
		if i < 0 {
			sc.pos = len(reply)
			return partial{thought: -1}
		}
		sc.thinking, sc.pos = false, from+i+len(thinkClose)
	}
	if !sc.started {
		i := strings.IndexByte(reply[sc.pos:], '{')
		if i < 0 {
			sc.pos = len(reply)
			return partial{thought: -1}
		}
		sc.started, sc.pos = true, sc.pos+i
	}
	for ; sc.pos < len(reply) && !sc.whole; sc.pos++ {
		sc.read(reply, sc.pos)
	}
	p := sc.p
	p.thought = -1
	if !sc.whole && sc.inString && sc.depth == 1 && !sc.isKey && isAny(sc.key, thoughtKeys) {
		p.thought = sc.stringFrom + 1
	}
	return p
}

// read takes in the byte at i.
func (sc *replyScan) read(reply string, i int) {
	c := reply[i]
	if sc.inString {
		switch {
		case sc.escaped:
			sc.escaped = false
		case c == '\\':
			sc.escaped = true
		case c == '"':
			sc.inString = false
			if sc.depth == 1 && sc.isKey {
				sc.key = jsonString(reply[sc.stringFrom : i+1])
			} else if sc.depth == 1 {
				sc.p.complete(sc.key, jsonString(reply[sc.stringFrom:i+1]))
			}
		}
		return
	}
	switch c {
	case '"':
		sc.inString, sc.stringFrom, sc.isKey = true, i, sc.depth == 1 && !sc.inValue
	case ':':
		sc.inValue = sc.inValue || sc.depth == 1
	case ',':
		if sc.depth == 1 {
			sc.inValue, sc.key = false, ""
		}
	case '{', '[':
		sc.depth++
	case '}', ']':
		if sc.depth--; sc.depth == 1 {
			sc.p.complete(sc.key, "") // an object or list value ended
		} else if sc.depth <= 0 {
			sc.whole = true
		}
	}
}

// complete notes a top-level member whose value has ended.
func (p *partial) complete(key, value string) {
	switch {
	case isAny(key, actionKeys):
		p.action, _ = splitAction(value)
	case isAny(key, paramKeys):
		p.param = true
	}
}

// ThoughtWatch returns a chat.Request's Enough for an action call: it
// says a reply being written has all Scout reads of it once its action
// and parameter are complete and its thought is past its cap or, for any
// action but FINISH (whose thought is the item account), holds its first
// sentence.
func ThoughtWatch() func(sofar string) bool {
	var sc replyScan
	return func(sofar string) bool { return thoughtDone(sofar, sc.feed(sofar)) }
}

func thoughtDone(reply string, p partial) bool {
	if !p.cutInThought() {
		return false
	}
	raw := reply[p.thought:]
	return len(raw) > thoughtCap(p.action) || (p.action != ActFinish && firstSentence(raw) > 0)
}

// CloseCut closes a reply cut off in its thought, keeping the thought to
// its first sentence (the account of a FINISH whole) and to its cap; ok is
// false for any other cut.
func CloseCut(reply string) (closed string, ok bool) {
	p := scanPartial(reply)
	if !p.cutInThought() {
		return reply, false
	}
	raw := reply[p.thought:]
	if end := firstSentence(raw); end > 0 && p.action != ActFinish {
		raw = raw[:end]
	}
	if limit := thoughtCap(p.action); len(raw) > limit {
		raw = raw[:limit]
	}
	return reply[:p.thought] + strings.TrimRight(wholeEscapes(raw), " ") + `"}`, true
}

// firstSentence is the end of the first sentence of a thought (as JSON
// text) that is at least minThoughtChars long and followed by more: the
// byte after its full stop, question or exclamation mark; 0 when there is
// none yet.
func firstSentence(raw string) int {
	for i := minThoughtChars; i+1 < len(raw); i++ {
		if strings.IndexByte(".!?", raw[i]) >= 0 && raw[i+1] == ' ' && !abbreviation(raw[:i]) {
			return i + 1
		}
	}
	return 0
}

// abbreviation reports whether a full stop ends an abbreviation or an
// initial rather than a sentence: "Mt. Kenya", "e.g. the", "J. Smith".
func abbreviation(before string) bool {
	word := before[strings.LastIndexAny(before, " (")+1:]
	initial := len(word) == 1 && word[0] >= 'A' && word[0] <= 'Z'
	return initial || strings.Contains(word, ".") || slices.Contains(abbreviations, strings.ToLower(word))
}

// abbreviations a thought may hold before a full stop that does not end it.
var abbreviations = []string{"mt", "mr", "mrs", "ms", "dr", "st", "no", "nos", "vs", "approx", "ca", "cf", "fig", "vol", "pp", "jr", "sr", "inc", "ltd", "co"}

// wholeEscapes drops an escape sequence the cut left unfinished at the
// end of JSON string text ("\\", "\\u00").
func wholeEscapes(raw string) string {
	i := strings.LastIndexByte(raw, '\\')
	if i < 0 {
		return raw
	}
	n := 0
	for j := i; j >= 0 && raw[j] == '\\'; j-- {
		n++
	}
	tail := raw[i+1:]
	switch {
	case n%2 == 0: // an escaped backslash, whole
		return raw
	case tail == "":
		return raw[:i]
	case tail[0] == 'u' && len(tail) < 5:
		return raw[:i]
	}
	return raw
}

func isAny(key string, names []string) bool {
	for _, n := range names {
		if sameKey(key, n) {
			return true
		}
	}
	return false
}

func jsonString(quoted string) string {
	var s string
	if json.Unmarshal([]byte(quoted), &s) != nil {
		return strings.Trim(quoted, `"`)
	}
	return s
}
