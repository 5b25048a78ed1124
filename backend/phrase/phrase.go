// Package phrase holds words Go makes for the window as a message of the
// window's own (frontend/src/i18n/<lang>.json), so that the window says
// them in its language while Go's English stays for the terminal and the
// journal. It imports nothing outside the standard library.
package phrase

import "errors"

// Said is a message of the window's by its key (a counted one has a form
// per plural category, "<key>.one", "<key>.other", chosen by its "n"),
// with the values its {names} are filled with. A value may itself be a
// *Said, said in the same language ("about 4 min" inside "reading 1,850
// new tokens, about 4 min"), or a Day or Seconds, written the window's
// way. A window that does not know the key shows Go's English instead.
type Said struct {
	Key  string         `json:"key"`
	Args map[string]any `json:"args,omitempty"`
}

// Of is the message key filled from args, given as name, value pairs.
func Of(key string, args ...any) *Said {
	s := &Said{Key: key}
	for i := 0; i+1 < len(args); i += 2 {
		if s.Args == nil {
			s.Args = map[string]any{}
		}
		s.Args[args[i].(string)] = args[i+1]
	}
	return s
}

// Error is an error whose whole message is a message of the window's.
type Error interface {
	error
	// Said is the message, or nil when this one is none.
	Said() *Said
}

// OfError is the window's message for err: the one of an Error in it,
// when that Error's words are all of err's (wrapped with none of its
// own); else nil, and the window shows err's text as written.
func OfError(err error) *Said {
	var e Error
	if errors.As(err, &e) && e.Error() == err.Error() {
		return e.Said()
	}
	return nil
}
