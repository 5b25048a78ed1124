package llm

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
)

// replyLineBuffer is the longest line replyBody looks at whole: an error
// line is far shorter; a longer line (a chunk of text) passes in pieces.
const replyLineBuffer = 64 << 10

// replyBody is a streamed reply's body as the SDK's event reader reads it.
// Line by line, it
//   - ends the stream with ErrReplyTooLong once the reply has sent more
//     than its byte cap, so a server that never stops cannot grow Scout's
//     memory without end or hold the run;
//   - turns an "error:" line, which older llama.cpp servers send on a
//     failure mid-stream and which the event-stream format (and so the
//     SDK) skips, into the error it reports;
//   - ends the stream with a blank line, so a last event sent without one
//     is not dropped.
type replyBody struct {
	body      io.ReadCloser
	src       *bufio.Reader
	pending   []byte // what is left of the current line to hand on
	lineStart bool   // the next read starts a line
	read, max int64
	ended     bool
}

func newReplyBody(body io.ReadCloser, max int64) *replyBody {
	return &replyBody{body: body, src: bufio.NewReaderSize(body, replyLineBuffer), lineStart: true, max: max}
}

// Read implements io.Reader.
func (r *replyBody) Read(p []byte) (int, error) {
	if len(r.pending) == 0 {
		if err := r.fill(); err != nil {
			return 0, err
		}
	}
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	return n, nil
}

// fill takes the next line (or piece of a long one) from the server.
func (r *replyBody) fill() error {
	line, err := r.src.ReadSlice('\n')
	r.read += int64(len(line))
	if r.read > r.max {
		return errRunaway(r.max)
	}
	if r.lineStart && bytes.HasPrefix(line, []byte("error:")) {
		return errorLine(line)
	}
	r.lineStart = err == nil
	switch {
	case len(line) > 0:
		r.pending = line
		return nil
	case err == io.EOF && !r.ended:
		r.ended = true
		r.pending = []byte("\n\n")
		return nil
	}
	return err
}

// Close implements io.Closer.
func (r *replyBody) Close() error { return r.body.Close() }

// errorLine explains an "error:" line: its payload is the error object.
func errorLine(line []byte) *Error {
	payload := bytes.TrimSpace(bytes.TrimPrefix(line, []byte("error:")))
	msg, ok := errorBody(append([]byte(`{"error":`), append(payload, '}')...))
	if !ok {
		msg = string(payload)
	}
	return streamError(msg, payload)
}

// errRunaway explains a reply cut off at its byte cap.
func errRunaway(max int64) *Error {
	return said(ErrReplyTooLong, "replyTooBig", "mb", strconv.FormatInt(max>>20, 10))
}

func isEventStream(contentType string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(contentType)), "text/event-stream")
}
