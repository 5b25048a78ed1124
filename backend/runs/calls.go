package runs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/scout-research/scout/backend/chat"
)

// CallsFile holds every model request of a run and its reply, one JSON
// object a line, so a request can be sent again (scout replay) to see why
// a model answered as it did.
const CallsFile = "calls.jsonl"

// Call is one model call as the run folder keeps it. A call usually starts
// with the previous call's messages (the conversation only grows), so only
// the messages after those are stored: Same says how many of the previous
// call's first messages come before them.
type Call struct {
	Number      int            `json:"call"`
	Time        time.Time      `json:"time"`
	Kind        string         `json:"kind"`
	Model       string         `json:"model"`
	Same        int            `json:"same_messages"`
	Messages    []chat.Message `json:"messages"`
	Schema      *CallSchema    `json:"schema,omitempty"`
	MaxTokens   int            `json:"max_tokens"`
	Temperature float64        `json:"temperature"`
	Reply       string         `json:"reply"`
	// Thinking is what a reasoning model thought before its Reply, which
	// the conversation did not keep.
	Thinking  string     `json:"thinking,omitempty"`
	Truncated bool       `json:"truncated,omitempty"`
	Usage     chat.Usage `json:"usage"`
	Error     string     `json:"error,omitempty"`
}

// CallSchema is a request's response_format schema.
type CallSchema struct {
	Name   string         `json:"name"`
	Schema map[string]any `json:"schema"`
}

// Request is the call's request, given the messages it was sent with.
func (c Call) Request(msgs []chat.Message) chat.Request {
	req := chat.Request{Kind: c.Kind, Messages: msgs, MaxTokens: c.MaxTokens, Temperature: c.Temperature}
	if c.Schema != nil {
		req.Schema = &chat.Schema{Name: c.Schema.Name, Schema: c.Schema.Schema}
	}
	return req
}

// CallLog appends calls to a run's calls.jsonl. Record is safe for
// concurrent use.
type CallLog struct {
	mu      sync.Mutex
	file    *os.File
	n       int            // calls recorded, in this and earlier stretches
	last    []chat.Message // the previous call's messages
	secrets concealer
	err     error
}

// OpenCallLog opens dir's call log for appending; a resumed run's calls
// continue the numbering of the earlier stretches. The credentials of the
// conceal URLs (the model server's, the search endpoint's) never reach it,
// though an error or a note may quote those URLs.
func OpenCallLog(dir string, conceal ...string) (*CallLog, error) {
	path := filepath.Join(dir, CallsFile)
	n, err := countLines(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	f, err := openNoFollow(path, os.O_CREATE|os.O_RDWR|os.O_APPEND)
	if err != nil {
		return nil, fmt.Errorf("cannot write the model calls in %s: %w", dir, err)
	}
	if torn, err := endsTorn(f); err != nil || torn {
		// A crash cut the last line: the next call starts a line of its own.
		if _, werr := f.Write([]byte("\n")); werr != nil || err != nil {
			f.Close()
			return nil, fmt.Errorf("cannot write the model calls in %s: %w", dir, errors.Join(err, werr))
		}
		n++
	}
	return &CallLog{file: f, n: n, secrets: newConcealer(conceal...)}, nil
}

// ConcealSecret keeps secret (the API key; "" is none) out of the calls
// recorded from now on.
func (l *CallLog) ConcealSecret(secret string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.secrets = l.secrets.with(secret)
}

// endsTorn reports whether f is not empty and does not end in a newline.
func endsTorn(f *os.File) (bool, error) {
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return false, err
	}
	last := make([]byte, 1)
	if _, err := f.ReadAt(last, st.Size()-1); err != nil {
		return false, err
	}
	return last[0] != '\n', nil
}

// Record appends one call; a failure to write is kept for Close.
func (l *CallLog) Record(at time.Time, model string, req chat.Request, reply chat.Reply, callErr error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	same := commonPrefix(l.last, req.Messages)
	c := Call{Number: l.n, Time: at.UTC(), Kind: req.Kind, Model: model, Same: same, Messages: req.Messages[same:],
		MaxTokens: req.MaxTokens, Temperature: req.Temperature, Reply: reply.Content, Thinking: reply.Thinking, Truncated: reply.Truncated, Usage: reply.Usage}
	if req.Schema != nil {
		c.Schema = &CallSchema{Name: req.Schema.Name, Schema: req.Schema.Schema}
	}
	if callErr != nil {
		c.Error = callErr.Error()
	}
	l.last = append(l.last[:0:0], req.Messages...)
	data, err := json.Marshal(c)
	if err == nil {
		_, err = l.file.Write(append([]byte(l.secrets.conceal(string(data))), '\n'))
	}
	if err != nil && l.err == nil {
		l.err = fmt.Errorf("recording a model call: %w", err)
	}
}

// Close closes the log and reports the first write error, if any.
func (l *CallLog) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.file.Close(); l.err == nil {
		l.err = err
	}
	return l.err
}

// commonPrefix counts the leading messages a and b share.
func commonPrefix(a, b []chat.Message) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// ReadCalls reads a run's recorded calls, each with its whole message list
// restored.
func ReadCalls(dir string) ([]Call, [][]chat.Message, error) {
	f, err := os.Open(filepath.Join(dir, CallsFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, fmt.Errorf("%s holds no recorded model calls (%s): runs made before Scout kept them cannot be replayed", dir, CallsFile)
	} else if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var calls []Call
	var msgs [][]chat.Message
	var prev []chat.Message
	r := bufio.NewReader(f)
	for line := 1; ; line++ {
		data, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(data)) > 0 {
			var c Call
			if jerr := json.Unmarshal(data, &c); jerr != nil {
				// A line torn by a crash: the calls around it stand, and the
				// first call after it (a resumed run's) repeats everything.
				prev = nil
				continue
			}
			if c.Same > len(prev) {
				return nil, nil, fmt.Errorf("%s, line %d, builds on messages the line before does not have", CallsFile, line)
			}
			whole := append(append([]chat.Message(nil), prev[:c.Same]...), c.Messages...)
			calls, msgs, prev = append(calls, c), append(msgs, whole), whole
		}
		if err == io.EOF {
			return calls, msgs, nil
		} else if err != nil {
			return nil, nil, err
		}
	}
}

// countLines counts the complete lines of a file.
func countLines(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	n := 0
	r := bufio.NewReader(f)
	for {
		_, err := r.ReadBytes('\n')
		if err == io.EOF {
			return n, nil
		} else if err != nil {
			return n, err
		}
		n++
	}
}
