package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/ssestream"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/fault"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/phrase"
)

// Kinds of failure, for errors.Is. Every error this package returns to a
// caller is an *Error wrapping one of these, so the GUI and CLI can show
// Error.Message as it is and branch on the kind.
var (
	// ErrNotListening: nothing accepts connections at the address.
	ErrNotListening = errors.New("model server not listening")
	// ErrUnknownHost: the host name does not resolve.
	ErrUnknownHost = errors.New("model server host unknown")
	// ErrTimeout: the server accepted the request but did not answer in time.
	ErrTimeout = errors.New("model server timed out")
	// ErrWrongPath: something answered, but not an OpenAI-compatible API at
	// this path (typically a URL without /v1).
	ErrWrongPath = errors.New("not an OpenAI-compatible API at this URL")
	// ErrNotAPI: the answer was a web page, not JSON.
	ErrNotAPI = errors.New("model server answered with a web page")
	// ErrNoModel: the server runs but has no model to use.
	ErrNoModel = errors.New("no model loaded")
	// ErrUnauthorized: the server wants an API key, or another one.
	ErrUnauthorized = errors.New("model server requires an API key")
	// ErrCertificate: the server's HTTPS certificate does not prove it is
	// the server named (expired, self-signed, for another name, from an
	// authority this computer does not trust).
	ErrCertificate = errors.New("model server certificate not trusted")
	// ErrNotHTTPS: the URL's scheme does not match what the server speaks
	// (https to a plain HTTP server, or http to an HTTPS-only one).
	ErrNotHTTPS = errors.New("model server scheme mismatch")
	// ErrRedirected: the server sent Scout on to an address the network
	// guard keeps Scout's requests from (elsewhere on the local network).
	ErrRedirected = errors.New("model server redirected elsewhere")
	// ErrContextOverflow: the prompt is longer than the loaded context.
	ErrContextOverflow = chat.ErrContextOverflow
	// ErrThinking: a reasoning model spent the whole reply thinking and
	// never answered.
	ErrThinking = errors.New("model only thought")
	// ErrStalled: the server stopped sending before the reply was done.
	ErrStalled = errors.New("model server stalled")
	// ErrReplyTooLong: the server kept sending one reply far beyond what
	// was asked for (see replyLimits).
	ErrReplyTooLong = errors.New("model server reply never ended")
	// ErrServer: any other error the server reported.
	ErrServer = errors.New("model server error")
)

// Error is a failure explained for the user: what happened and what to
// do. Its Kind is one of the Err* values above, so errors.Is(err,
// ErrNotListening) works.
type Error struct {
	fault.Fault
	// Context is, for an overflow, the context length the server says it
	// has loaded (0 when it does not say).
	Context int
	// Say is the message as the window's, when it is one (see said).
	Say *phrase.Said
}

// LoadedContext reports Context (see chat.LoadedContext).
func (e *Error) LoadedContext() int { return e.Context }

// startServerHint is the fix for the most common first-run failure.
const startServerHint = "Start the server in LM Studio: Developer tab → Start Server, or check the URL."

// keyShown stands for the API key wherever a server's words quote it.
const keyShown = "[your API key]"

// explain is explainErr for this client's server and key, with the key
// taken out of the message: a server may quote the key it refused.
func (c *Client) explain(err error) error {
	err = explainErr(err, c.base, c.key != "")
	var e *Error
	if c.key != "" && errors.As(err, &e) && strings.Contains(e.Message, c.key) {
		return e.concealed(c.key, keyShown)
	}
	return err
}

// explain is explainErr for a request sent without a key.
func explain(err error, base string) error { return explainErr(err, base, false) }

// explainErr turns any error from a request to base into an *Error. It is
// the one place where transport errors, the SDK's errors and the errors
// judge and inspect find become messages; keyed says whether the request
// carried an API key. The SDK's own error text is never shown: it hides
// the server's words behind a status summary.
func explainErr(err error, base string, keyed bool) error {
	if err == nil {
		return nil
	}
	var known *Error
	if errors.As(err, &known) {
		return known
	}
	host := hostOf(base)
	var dnsErr *net.DNSError
	var apiErr *openai.Error
	var streamErr *ssestream.StreamError
	switch {
	case errors.As(err, &apiErr):
		return explainStatus(apiErr.StatusCode, apiErr.Message, []byte(apiErr.RawJSON()), base, keyed)
	case errors.As(err, &streamErr):
		// An error event inside a stream (with HTTP 200).
		msg, ok := errorBody(streamErr.Event.Data)
		if !ok {
			msg = strings.TrimSpace(string(streamErr.Event.Data))
		}
		return streamError(msg, streamErr.Event.Data)
	case errors.Is(err, context.DeadlineExceeded) || isNetTimeout(err):
		return said(ErrTimeout, "timeout", "host", host)
	case errors.Is(err, context.Canceled):
		return err // the caller cancelled; nothing to explain
	case errors.Is(err, syscall.ECONNREFUSED):
		return said(ErrNotListening, "notListening", "host", host)
	case errors.As(err, &dnsErr):
		return said(ErrUnknownHost, "unknownHost", "name", strconv.Quote(dnsErr.Name))
	}
	var refusal *netguard.Refusal
	if errors.As(err, &refusal) {
		return said(ErrRedirected, "redirected", "host", host, "url", refusal.URL)
	}
	if tlsErr := explainTLS(err, base); tlsErr != nil {
		return tlsErr
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET) {
		// The server went away mid-answer: "unexpected EOF" says nothing
		// to a user.
		return said(ErrServer, "closed", "host", host)
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) {
		return said(ErrServer, "failed", "host", host, "error", unwrapURLError(err).Error())
	}
	return said(ErrServer, "unexpected", "host", host, "error", unwrapURLError(err).Error())
}

// keyHint says where an API key is given, in the app and from a terminal.
const keyHint = "Settings → Model server → API key (from a terminal: --llm-key, or the SCOUT_LLM_KEY environment variable)"

// explainStatus explains an HTTP error status with the server's own words
// (serverMsg, taken from body); keyed says whether an API key was sent.
func explainStatus(status int, serverMsg string, body []byte, base string, keyed bool) *Error {
	quoted := ""
	if serverMsg != "" {
		quoted = fmt.Sprintf(": %s", strings.TrimSuffix(serverMsg, "."))
	}
	switch {
	case (status == 401 || status == 403) && keyed:
		return said(ErrUnauthorized, "keyRefused", "host", hostOf(base), "status", fmt.Sprintf("HTTP %d%s", status, quoted))
	case status == 401 || status == 403:
		return said(ErrUnauthorized, "keyWanted", "host", hostOf(base), "status", fmt.Sprintf("HTTP %d%s", status, quoted))
	case status == 404 && modelMissing(serverMsg):
		// Ollama answers 404 for a model it does not have.
		return said(ErrNoModel, "modelMissing", "server", strings.TrimSuffix(serverMsg, "."))
	case status == 404:
		return wrongPath(base, fmt.Sprintf("HTTP 404: %s", serverMsg))
	case status == 400 && isOverflow(serverMsg):
		return streamError(serverMsg, body)
	case status == 400 && plainToHTTPS(serverMsg, body):
		return said(ErrNotHTTPS, "onlyHTTPS", "host", hostOf(base), "url", strings.Replace(base, "http://", "https://", 1))
	}
	if serverMsg == "" {
		return said(ErrServer, "statusBare", "status", strconv.Itoa(status))
	}
	return said(ErrServer, "status", "status", strconv.Itoa(status), "server", strings.TrimSuffix(serverMsg, "."))
}

// plainToHTTPS recognises the answer of an HTTPS port to a plain HTTP
// request: Go's "Client sent an HTTP request to an HTTPS server", nginx's
// "The plain HTTP request was sent to HTTPS port".
func plainToHTTPS(msg string, body []byte) bool {
	m := strings.ToLower(msg + " " + string(body[:min(len(body), maxQuotedBody)]))
	return strings.Contains(m, "http request to an https server") || strings.Contains(m, "plain http request was sent to https port")
}

// wrongPath explains an answer that shows the URL is not the API's base;
// detail is what shows it, the server's words (text) or Scout's (worded).
func wrongPath(base string, detail any) *Error {
	if s, ok := detail.(string); ok {
		detail = strings.TrimSpace(s)
	}
	if !strings.HasSuffix(strings.TrimSuffix(base, "/"), "/v1") {
		return said(ErrWrongPath, "wrongPath", "host", hostOf(base), "detail", detail, "url", strings.TrimSuffix(base, "/")+"/v1")
	}
	return said(ErrWrongPath, "wrongServer", "host", hostOf(base), "detail", detail)
}

func isNetTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// hostOf returns scheme://host of a base URL for messages.
func hostOf(base string) string {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return base
	}
	return u.Scheme + "://" + u.Host
}

// loadedContextPatterns find the loaded context in an overflow message:
// llama.cpp's "exceeds the available context size (4096 tokens)", LM
// Studio's "loaded with context length of only 4096 tokens" and its
// "(n_keep: 13055>= n_ctx: 4096)".
var loadedContextPatterns = []*regexp.Regexp{
	regexp.MustCompile(`(?i)context (?:size|length)[^0-9]{0,20}?(\d{3,7}) tokens`),
	regexp.MustCompile(`\bn_ctx\W{0,3}(\d{3,7})`),
}

// loadedContext is the context an overflow error names: llama.cpp's
// error object carries it as n_ctx (body is the object, or an answer that
// holds it as "error"), else the message may say it.
func loadedContext(body []byte, msg string) int {
	var env struct {
		NCtx  int `json:"n_ctx"`
		Error struct {
			NCtx int `json:"n_ctx"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &env) == nil && max(env.NCtx, env.Error.NCtx) > 0 {
		return max(env.NCtx, env.Error.NCtx)
	}
	for _, re := range loadedContextPatterns {
		if m := re.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			return n
		}
	}
	return 0
}

// modelMissing recognises "model ... not found" (Ollama's wording).
func modelMissing(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "model") && strings.Contains(m, "not found")
}

// isOverflow recognises context overflow in the words of llama.cpp ("exceeds
// the available context size"), LM Studio 0.3 ("tokens to keep ... greater
// than the context length") and LM Studio 0.4 ("Cannot truncate prompt with
// n_keep (15028) >= n_ctx (7424)").
func isOverflow(msg string) bool {
	m := strings.ToLower(msg)
	for _, s := range []string{"context size", "context length", "context window", "exceed_context", "n_keep", "cannot truncate prompt"} {
		if strings.Contains(m, s) {
			return true
		}
	}
	return false
}
