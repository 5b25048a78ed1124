package phrase

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"
)

// saying is an error whose words are a message of the window's (or none).
type saying struct {
	text string
	said *Said
}

func (e *saying) Error() string { return e.text }
func (e *saying) Said() *Said   { return e.said }

// An error is said as the window's message only when the message is all
// of its words: wrapped in words of its own, it shows as written.
func TestOfError(t *testing.T) {
	msg := Of("llm.timeout", "host", "http://127.0.0.1:1234")
	said := &saying{"The model server at http://127.0.0.1:1234 did not answer in time.", msg}
	tests := []struct {
		name string
		err  error
		want *Said
	}{
		{"alone", said, msg},
		{"wrapped without words", fmt.Errorf("%w", said), msg},
		{"wrapped in words", fmt.Errorf("testing the connection: %w", said), nil},
		{"with no message", &saying{"no words", nil}, nil},
		{"plain", errors.New("the settings file is damaged"), nil},
	}
	for _, tc := range tests {
		if got := OfError(tc.err); got != tc.want {
			t.Errorf("%s: said as %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A day and a time taken reach the window as data it writes in its
// language: the JSON its message's values hold.
func TestValuesAsData(t *testing.T) {
	at := time.Date(2026, 12, 2, 23, 30, 0, 0, time.FixedZone("UTC+9", 9*3600))
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"a day, in its own zone", DayOf(at), `{"day":"2026-12-02"}`},
		{"a time taken", SecondsOf(5*time.Minute + 9600*time.Millisecond), `{"seconds":310}`},
		{"under half a second", SecondsOf(400 * time.Millisecond), `{"seconds":0}`},
	}
	for _, tc := range tests {
		b, err := json.Marshal(Of("k", "v", tc.v))
		if got := string(b); err != nil || got != `{"key":"k","args":{"v":`+tc.want+`}}` {
			t.Errorf("%s: %s (%v), want the value %s", tc.name, got, err, tc.want)
		}
	}
}
