package llmtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// On a Clock the fake takes no real time, and its stream reaches the
// reader at the times its speeds declare: each event moves the clock to
// its own time as it is handed over, the first token once the prompt is
// read, each next one a token's writing later, and no stamp shows in the
// stream. A Reply's Delay comes before the reading.
func TestClockedStreamKeepsTheDeclaredTime(t *testing.T) {
	const read, write = 100.0, 20.0
	const delay = 3 * time.Second
	clock := NewClock()
	srv := New(Options{ReadRate: read, WriteRate: write, Clock: clock, Script: func(string, []Message) Reply {
		return Reply{Content: "one two three four five", Delay: delay}
	}})
	defer srv.Close()
	msgs := []Message{user("clock", 200)}
	body, _ := json.Marshal(map[string]any{"model": "m", "messages": msgs, "stream": true})
	start, began := clock.Now(), time.Now()
	res, err := clock.Client().Post(srv.BaseURL()+"/chat/completions", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var at []time.Duration
	lines := bufio.NewScanner(res.Body)
	for lines.Scan() {
		line := lines.Text()
		if strings.HasPrefix(line, ":") {
			t.Errorf("a stamp reached the reader: %q", line)
		}
		if strings.Contains(line, `"content":"`) && !strings.Contains(line, `"content":""`) {
			at = append(at, clock.Now().Sub(start))
		}
	}
	call := srv.Calls()[0]
	first := delay + time.Duration(float64(call.PromptTokens)/read*float64(time.Second))
	token := time.Duration(float64(time.Second) / write)
	if len(at) != call.CompletionTokens {
		t.Fatalf("%d tokens reached the reader, the fake wrote %d", len(at), call.CompletionTokens)
	}
	for i, got := range at {
		if want := first + time.Duration(i)*token; got != want {
			t.Errorf("token %d arrived at %v on the clock, want %v", i, got, want)
		}
	}
	// A fake that slept would take at least the time it declares.
	if took := time.Since(began); took >= first {
		t.Errorf("the fake took %v of real time", took)
	}
}

// A client without the clock's transport reads the stamps as the
// comments they are, as a real server's keep-alives: the clock stands.
func TestClockStandsForOtherClients(t *testing.T) {
	clock := NewClock()
	srv := New(Options{WriteRate: 50, Clock: clock, Script: func(string, []Message) Reply { return Reply{Content: "a reply"} }})
	defer srv.Close()
	body, _ := json.Marshal(map[string]any{"model": "m", "messages": []Message{user("x", 10)}, "stream": true})
	res, err := http.Post(srv.BaseURL()+"/chat/completions", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var stamps int
	for lines := bufio.NewScanner(res.Body); lines.Scan(); {
		if strings.HasPrefix(lines.Text(), stampPrefix) {
			stamps++
		}
	}
	if stamps == 0 || !clock.Now().Equal(clockStart) {
		t.Errorf("%d stamps in the stream, the clock at %v", stamps, clock.Now())
	}
}
