package llm

import (
	"context"
	"errors"
	"github.com/scout-research/scout/backend/speed"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

var hi = chat.Request{MaxTokens: 400, Messages: []chat.Message{{Role: chat.User, Content: "hi"}}}

// endless serves one reply that never ends: chunk after chunk, every pause,
// until the client goes; sent counts the bytes written.
func endless(t *testing.T, pause time.Duration, sent *atomic.Int64) string {
	srv := httptest.NewServer(endlessReply(pause, sent))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}

// endlessOnPipe is a client of endless served over in-memory connections,
// for a test in a synctest bubble (see onPipe).
func endlessOnPipe(t *testing.T, pause time.Duration, sent *atomic.Int64) *Client {
	p := llmtest.ServePipe(endlessReply(pause, sent))
	t.Cleanup(p.Close)
	return New(p.URL()+"/v1", WithHTTPClient(p.Client()))
}

// endlessReply is endless's handler.
func endlessReply(pause time.Duration, sent *atomic.Int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		chunk := []byte(`data: {"choices":[{"delta":{"content":"and again "}}]}` + "\n\n")
		for r.Context().Err() == nil {
			n, err := w.Write(chunk)
			sent.Add(int64(n))
			if err != nil {
				return
			}
			w.(http.Flusher).Flush()
			time.Sleep(pause)
		}
	})
}

// countingBody counts what the client reads of a response.
type countingTransport struct{ read atomic.Int64 }

func (c *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := http.DefaultTransport.RoundTrip(req)
	if err == nil {
		res.Body = countingBody{res.Body, &c.read}
	}
	return res, err
}

type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (b countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}

// A server that streams one reply forever (the outside probe saw Scout grow
// from 49 to 846 MB in three minutes) is cut off at the reply's byte cap,
// with a message that says what happened and what to do, having read no
// more than the cap and held memory well within it.
func TestEndlessReplyIsCutAtItsSize(t *testing.T) {
	var sent atomic.Int64
	c := New(endless(t, 0, &sent))
	counter := &countingTransport{}
	c.http.Transport = counter
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() { // heap in use while the reply streams
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
			}
		}
	}()
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a client without the cap reads on
	defer cancel()
	_, err := c.Complete(ctx, "m", hi, nil)
	close(done)
	assertError(t, err, ErrReplyTooLong, "more than 4 MB for one reply", "reload the model")
	if got := counter.read.Load(); got > maxReplyBytes+replyLineBuffer || got < maxReplyBytes {
		t.Errorf("read %d bytes of the endless reply, want the cap (%d) and at most a buffer more", got, maxReplyBytes)
	}
	if sent.Load() <= maxReplyBytes {
		t.Errorf("the server sent only %d bytes: the test did not stream past the cap", sent.Load())
	}
	const heapGrowth = 48 << 20
	grew := int64(peak.Load()) - int64(before.HeapInuse)
	t.Logf("read %d bytes; the server sent %d; the heap grew by %.1f MB at most", counter.read.Load(), sent.Load(), float64(grew)/(1<<20))
	if grew > heapGrowth {
		t.Errorf("the heap grew by %d MB while reading, want under %d MB", grew>>20, heapGrowth>>20)
	}
}

// A server that writes a token now and then forever never stalls and
// stays small; the reply is stopped once it has taken far longer than its
// max_tokens can. The test runs on the bubble's clock (see onPipe), so
// the times are the fake's and the client's, not the machine's.
func TestEndlessReplyIsStoppedInTime(t *testing.T) { synctest.Test(t, endlessReplyIsStoppedInTime) }

func endlessReplyIsStoppedInTime(t *testing.T) {
	var sent atomic.Int64
	c := endlessOnPipe(t, 10*time.Millisecond, &sent)
	// The gap allowed is far more than the 10 ms between tokens, and than the
	// pauses of a loaded 2-core machine (a 1 s gap failed there once).
	c.stall = stallLimits{firstBase: time.Second, gap: 3 * time.Second}
	c.reply.perToken = 5 * time.Millisecond // 400 tokens: 2 s
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a client without the cap reads on
	defer cancel()
	_, err := c.Complete(ctx, "m", hi, nil)
	assertError(t, err, ErrReplyTooLong, "kept writing one reply", "400 tokens", "reload the model")
	if took := time.Since(start); took < 2900*time.Millisecond || took > 10*time.Second {
		t.Errorf("stopped after %v, want about 3 s (the prompt's allowance and 400 tokens)", took)
	}
}

// While the server is silent the user is told, from the goroutine that
// made the call (the race detector would see another), what Scout waits
// for and that Stop ends the run; Stop (a cancelled context) ends the wait
// at once. A server that keeps writing prompts no notice but the call's
// progress. The test runs on the bubble's clock (see onPipe): a loaded
// machine once kept the steady server's tokens from the client for over
// the second the notice allowed, and a notice came.
func TestWaitingIsToldAndStopEndsIt(t *testing.T) { synctest.Test(t, waitingIsToldAndStopEndsIt) }

func waitingIsToldAndStopEndsIt(t *testing.T) {
	srv := llmtest.NewPiped(llmtest.Options{Fault: llmtest.Hang})
	defer srv.Close()
	c := onPipe(srv)
	c.notice = noticeTimes{after: 100 * time.Millisecond, every: 150 * time.Millisecond}
	c.ExpectModelLoad()
	var notes []string
	var stopped time.Time
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	notify := func(n port.Notice) {
		if n.Kind == port.NoticeProgress {
			return // how the call goes, told every second (see progress_test.go)
		}
		notes = append(notes, n.Text)
		if len(notes) == 2 {
			stopped = time.Now()
			stop() // the user presses Stop
		}
	}
	_, err := c.Complete(ctx, "m", chat.Request{Messages: []chat.Message{{Role: chat.User, Content: strings.Repeat("word ", 80)}}}, notify)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want the cancellation", err)
	}
	if took := time.Since(stopped); took > 2*time.Second {
		t.Errorf("the call ended %v after Stop", took)
	}
	if len(notes) != 2 {
		t.Fatalf("notices %q", notes)
	}
	for _, says := range []string{"Waiting for the model server: no reply for under a minute", "loading the model and reading the prompt (about ",
		"gives up on it in 8 minutes", "Stop (Ctrl+C in a terminal) ends the run now, with a report of what was found so far"} {
		if !strings.Contains(notes[0], says) {
			t.Errorf("notice %q does not say %q", notes[0], says)
		}
	}

	// Tokens every 20 ms; the notice would come after a second of silence.
	var sent atomic.Int64
	steady := endlessOnPipe(t, 20*time.Millisecond, &sent)
	steady.notice = noticeTimes{after: time.Second, every: time.Minute}
	notes = nil
	ctx, cancel := context.WithTimeout(context.Background(), 2500*time.Millisecond)
	defer cancel()
	waiting := func(n port.Notice) {
		if n.Kind != port.NoticeProgress {
			notes = append(notes, n.Text)
		}
	}
	if _, err := steady.Complete(ctx, "m", hi, waiting); !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, ErrTimeout) {
		t.Fatalf("error %v", err)
	}
	if len(notes) != 0 {
		t.Errorf("a server writing steadily got notices: %q", notes)
	}
}

// A long read at the measured speed is no silence: the notice waits for
// the read, with slack, and once the server writes, only for the gap.
func TestSilenceAllowedWaitsForTheRead(t *testing.T) {
	slow := speed.Rates{Read: 7, Write: 3.5}
	for _, tc := range []struct {
		name  string
		plan  callPlan
		wrote bool
		want  time.Duration
	}{
		{"speed unknown", callPlan{newTokens: 1850}, false, waitNotice},
		{"a short read", callPlan{newTokens: 300, rates: slow}, false, waitNotice},
		{"1,850 tokens at 7 a second", callPlan{newTokens: 1850, rates: slow}, false, 1850 * time.Second * 3 / 14},
		{"writing already", callPlan{newTokens: 1850, rates: slow}, true, waitNotice},
	} {
		w := &watch{plan: tc.plan}
		w.wrote.Store(tc.wrote)
		if got := w.silenceAllowed(waitNotice); got.Round(time.Second) != tc.want.Round(time.Second) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestMinutes(t *testing.T) {
	for d, want := range map[time.Duration]string{30 * time.Second: "under a minute", 80 * time.Second: "1 minute", 150 * time.Second: "3 minutes", 52 * time.Minute: "52 minutes"} {
		if got := minutes(d); got != want {
			t.Errorf("minutes(%v) = %q, want %q", d, got, want)
		}
	}
}
