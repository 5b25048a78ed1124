package llmtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// Over a Pipe, in a synctest bubble, the fake's sleeps are the bubble's
// time: each token reaches the client when the fake's speeds declare, to
// the nanosecond, and a client that hangs up after the first token is
// seen to leave having been sent that token only.
func TestPipeKeepsTheBubblesTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const read, write = 100.0, 20.0
		srv := NewPiped(Options{ReadRate: read, WriteRate: write, Script: func(string, []Message) Reply {
			return Reply{Content: "one two three four five"}
		}})
		defer srv.Close()
		body, _ := json.Marshal(map[string]any{"model": "m", "messages": []Message{user("pipe", 200)}, "stream": true})
		ctx, hangUp := context.WithCancel(t.Context())
		defer hangUp()
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.BaseURL()+"/chat/completions", bytes.NewReader(body))
		start := time.Now()
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var at []time.Duration
		for lines := bufio.NewScanner(res.Body); lines.Scan(); {
			if line := lines.Text(); strings.Contains(line, `"content":"`) && !strings.Contains(line, `"content":""`) {
				at = append(at, time.Since(start))
				if len(at) == 2 {
					break
				}
			}
		}
		hangUp()
		res.Body.Close()
		synctest.Wait()
		call := srv.Calls()[0]
		first := time.Duration(float64(call.PromptTokens) / read * float64(time.Second))
		if want := []time.Duration{first, first + time.Second/write}; len(at) != 2 || at[0] != want[0] || at[1] != want[1] {
			t.Errorf("tokens arrived at %v, want %v", at, want)
		}
		if !call.Left || call.CompletionTokens != 2 {
			t.Errorf("the fake left %v having written %d tokens, want 2", call.Left, call.CompletionTokens)
		}
	})
}
