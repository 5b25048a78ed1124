package llmtest

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Clock is a test's own time, shared by a fake server (Options.Clock) and
// the client that times it. With a Clock the fake takes no real time: it
// stamps each streamed event with the time its set speeds give it, and
// the HTTP client from Client hands the events over one at a time, moving
// the clock to each one's stamp as it goes. A client that reads the time
// from Now sees every token arrive when the fake's speeds say, however
// busy the machine is, so what it measures is what the fake declared.
//
// It suits one streamed call at a time: two streams at once would move
// the one clock back and forth.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// clockStart is where a Clock starts: any fixed time does, and a round
// one makes a test's log easy to read.
var clockStart = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// NewClock returns a Clock standing at a fixed time.
func NewClock() *Clock { return &Clock{now: clockStart} }

// Now is the clock's time: that of the last event handed over.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// moveTo sets the clock to t; it never goes back.
func (c *Clock) moveTo(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.now = t
	}
}

// Client is an HTTP client for the fake that moves the clock as it hands
// over a stream's events (see Clock).
func (c *Clock) Client() *http.Client {
	return &http.Client{Transport: clockTransport{clock: c, next: http.DefaultTransport}}
}

// stampPrefix starts the comment line the fake writes before each event
// of a stream on a Clock: its time in Unix nanoseconds. An event stream's
// reader ignores comments, as it does real servers' keep-alives.
const stampPrefix = ": clock "

// stamp is the comment line that dates an event at t.
func stamp(t time.Time) string { return stampPrefix + strconv.FormatInt(t.UnixNano(), 10) + "\n" }

type clockTransport struct {
	clock *Clock
	next  http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t clockTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	if err != nil || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return resp, err
	}
	resp.Body = &clockedBody{clock: t.clock, src: bufio.NewReader(resp.Body), body: resp.Body}
	return resp, nil
}

// clockedBody hands a stream over an event at a time. A reader asks for
// the next event only once it has dealt with the last, so the clock moves
// to an event's stamp when the event is handed over and stays there while
// the reader deals with it.
type clockedBody struct {
	clock   *Clock
	src     *bufio.Reader
	body    io.Closer
	pending []byte
}

// Read implements io.Reader.
func (b *clockedBody) Read(p []byte) (int, error) {
	if len(b.pending) == 0 {
		if err := b.next(); err != nil {
			return 0, err
		}
	}
	n := copy(p, b.pending)
	b.pending = b.pending[n:]
	return n, nil
}

// next takes the next event, up to its blank line, and moves the clock to
// its stamp; the stamp itself is not handed on.
func (b *clockedBody) next() error {
	var event bytes.Buffer
	var at int64
	for {
		line, err := b.src.ReadString('\n')
		if s, ok := strings.CutPrefix(line, stampPrefix); ok && err == nil {
			if _, scanErr := fmt.Sscan(s, &at); scanErr != nil {
				return fmt.Errorf("the fake's clock stamp %q: %w", line, scanErr)
			}
			continue
		}
		event.WriteString(line)
		if err != nil || strings.TrimRight(line, "\r\n") == "" {
			if at != 0 {
				b.clock.moveTo(time.Unix(0, at))
			}
			b.pending = event.Bytes()
			if len(b.pending) == 0 {
				return err
			}
			return nil
		}
	}
}

// Close implements io.Closer.
func (b *clockedBody) Close() error { return b.body.Close() }
