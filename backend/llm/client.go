// Package llm talks to the local model server: an OpenAI-compatible API as
// served by LM Studio, llama.cpp's llama-server or Ollama. It lists models,
// detects the loaded context length from each server's own endpoints,
// streams chat completions, and turns every failure into a message that
// tells the user what to do.
//
// The model list and chat completions go through the OpenAI Go SDK
// (github.com/openai/openai-go). Every answer passes one middleware
// (inspect) that catches what the SDK would accept or misreport from a
// local server: LM Studio's HTTP 200 with an error body for an unknown
// path, an HTML page where JSON was expected, error bodies that are a plain
// string, a server that ignores "stream", and a stream that never ends. The
// servers' own endpoints, which the OpenAI API has no word for (LM Studio's
// model details, llama.cpp's /props, Ollama's /api/ps), are read with
// net/http through the same checks (judge).
package llm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// maxInspectedBody bounds how much of a non-streaming answer is read; model
// lists and chat replies are far smaller.
const maxInspectedBody = 16 << 20

// Client is a connection to one model server. It is safe for concurrent use.
type Client struct {
	base   string // base URL without a trailing slash
	key    string // the API key, sent as a bearer token; "" sends none
	http   *http.Client
	chat   openai.ChatCompletionService
	models openai.ModelService
	stall  stallLimits
	reply  replyLimits
	notice noticeTimes
	// now is the time calls are measured by: time.Now, or a test's clock
	// (llmtest.Clock) so what it measures does not hang on the machine's
	// load. The watchdogs keep real time.
	now func() time.Time
	// loading: the next completion may wait for the model to load.
	loading atomic.Bool
	// last is what the server's prompt cache holds, to estimate its reuse
	// when the server does not report it.
	last lastPrompt
	// pace is the server's speed, for the waits a call tells; server is
	// the kind of server (ServerInfo.Server), when known.
	pace   pace
	server atomic.Value
	// slot is the llama-server slot completions name (see KeepSlot), or
	// -1 for the server's choice.
	slot atomic.Int64
}

// serverIs reports whether the client was told it talks to that kind of
// server (see SetServer).
func (c *Client) serverIs(name string) bool {
	got, _ := c.server.Load().(string)
	return got == name
}

// ExpectModelLoad gives the next completion extra time before its first
// token, as the server may load the model first (see ServerInfo.ModelLoaded).
func (c *Client) ExpectModelLoad() { c.loading.Store(true) }

// Option configures a Client (see New).
type Option func(*Client)

// WithKey sends key with every request as a bearer token (Authorization:
// Bearer key), as llama-server --api-key, vLLM --api-key, LM Studio with
// authentication on and hosted services want. An empty key sends no
// Authorization header. The key never appears in an error the client
// returns, even when the server quotes it.
func WithKey(key string) Option {
	return func(c *Client) { c.key = strings.TrimSpace(key) }
}

// WithHTTPClient sends every request with hc: the network guard's client
// for Scout's own requests, or a test's with its own trusted roots. It
// must not time requests out: a long reply on a slow machine is not an
// error, and the client has its own watchdogs.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.http = hc }
}

// New returns a client for the OpenAI-compatible API at baseURL (normally
// ending in /v1). It sends nothing until a method is called. It never
// retries: a retried local generation can double a multi-minute wait, and
// the agent decides about retries itself. Only the two SDK services Scout
// uses are made, without the SDK's environment defaults: an OPENAI_BASE_URL,
// OPENAI_API_KEY or OPENAI_ORG_ID meant for OpenAI's service has no
// business with the server the user chose.
func New(baseURL string, opts ...Option) *Client {
	base := strings.TrimRight(strings.TrimSpace(baseURL), "/")
	c := &Client{base: base, http: &http.Client{Transport: http.DefaultTransport},
		stall: defaultStall, reply: defaultReply, notice: defaultNotice, now: time.Now}
	c.slot.Store(-1)
	for _, o := range opts {
		o(c)
	}
	sdk := []option.RequestOption{
		option.WithBaseURL(base + "/"),
		option.WithHTTPClient(c.http),
		option.WithMaxRetries(0),
		option.WithMiddleware(c.inspect),
	}
	if c.key != "" {
		sdk = append(sdk, option.WithAPIKey(c.key))
	}
	c.chat = openai.NewChatCompletionService(sdk...)
	c.models = openai.NewModelService(sdk...)
	return c
}

// checkURL says when the base URL cannot be a server's address, before the
// SDK is given it.
func (c *Client) checkURL() error {
	u, err := url.Parse(c.base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return said(ErrNotAPI, "invalidURL", "url", strconv.Quote(c.base))
	}
	return nil
}

// inspect is the middleware every SDK request passes through. What reaches
// the SDK afterwards is either a usable answer or an error it reports as
// the server meant it:
//   - a stream is read through a replyBody (a size cap, older llama.cpp's
//     error lines, a last event sent without its blank line);
//   - an error status gets a body the SDK reads into an *openai.Error with
//     the server's own words, whatever shape they came in;
//   - a success that is not the API's JSON (a web page, plain text, LM
//     Studio's error body with HTTP 200) ends here as an *Error;
//   - a whole completion from a server that ignored "stream" is handed on
//     as a stream of one chunk.
func (c *Client) inspect(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
	res, err := next(req)
	if err != nil || res == nil {
		return res, err
	}
	if res.StatusCode == http.StatusOK && isEventStream(res.Header.Get("Content-Type")) {
		res.Body = newReplyBody(res.Body, c.reply.bytes)
		return res, nil
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, maxInspectedBody))
	res.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("reading the model server's answer: %w", err)
	}
	if res.StatusCode >= 400 {
		return withBody(res, apiErrorBody(res.Header.Get("Content-Type"), body), "application/json"), nil
	}
	if problem := c.judge(res, body); problem != nil {
		return nil, problem
	}
	if isChat(req) {
		return withBody(res, wholeAsStream(body), "text/event-stream"), nil
	}
	return withBody(res, body, "application/json"), nil
}

// withBody gives res a new body, read already, and its content type.
func withBody(res *http.Response, body []byte, contentType string) *http.Response {
	res.Body = io.NopCloser(bytes.NewReader(body))
	res.ContentLength = int64(len(body))
	res.Header.Set("Content-Type", contentType)
	res.Header.Del("Content-Length")
	return res
}

func isChat(req *http.Request) bool {
	return req.Method == http.MethodPost && strings.HasSuffix(req.URL.Path, "/chat/completions")
}

// apiErrorBody puts an error answer in the shape the SDK reads into an
// *openai.Error ({"error":{"message":...}}): an error object with a
// message stays as it is, fields and all (llama.cpp's overflow names its
// context as n_ctx); a bare string (LM Studio, Ollama) or a plain-text body
// becomes the message; a web page says nothing worth quoting.
func apiErrorBody(contentType string, body []byte) []byte {
	var obj struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &obj) == nil && obj.Error.Message != "" {
		return body
	}
	msg, ok := errorBody(body)
	if !ok && !isHTML(contentType, body) {
		msg = strings.TrimSpace(string(body[:min(len(body), maxQuotedBody)]))
	}
	out, _ := json.Marshal(map[string]map[string]string{"error": {"message": msg}})
	return out
}

// wholeAsStream frames a whole chat completion, from a server that ignored
// "stream": true, as the one event of a stream: each choice's message
// becomes its delta, so the stream reader reads it like any other reply.
func wholeAsStream(body []byte) []byte {
	var whole map[string]json.RawMessage
	if json.Unmarshal(body, &whole) == nil {
		var choices []map[string]json.RawMessage
		if json.Unmarshal(whole["choices"], &choices) == nil {
			for _, ch := range choices {
				if m, ok := ch["message"]; ok {
					ch["delta"] = m
					delete(ch, "message")
				}
			}
			whole["choices"], _ = json.Marshal(choices)
		}
		body, _ = json.Marshal(whole)
	}
	return append(append([]byte("data: "), body...), "\n\ndata: [DONE]\n\n"...)
}

// judge returns an *Error for an answer that is not a usable API response.
func (c *Client) judge(res *http.Response, body []byte) *Error {
	msg, hasError := errorBody(body)
	switch {
	case res.StatusCode >= 400:
		if msg == "" && !isHTML(res.Header.Get("Content-Type"), body) {
			msg = strings.TrimSpace(string(body[:min(len(body), maxQuotedBody)]))
		}
		return explainStatus(res.StatusCode, msg, body, c.base, c.key != "")
	case isHTML(res.Header.Get("Content-Type"), body):
		return said(ErrNotAPI, "webPage", "host", hostOf(c.base), "status", strconv.Itoa(res.StatusCode))
	case !json.Valid(body):
		return said(ErrNotAPI, "notJSON", "host", hostOf(c.base), "type", describeContentType(res.Header.Get("Content-Type")))
	case hasError:
		// LM Studio answers an unknown path with HTTP 200 and an error body.
		if strings.Contains(strings.ToLower(msg), "unexpected endpoint") {
			return wrongPath(c.base, msg)
		}
		return streamError(msg, body) // an overflow, or any other error the server reports
	}
	return nil
}

// maxQuotedBody bounds how much of a plain-text error body is quoted.
const maxQuotedBody = 300

func describeContentType(ct string) any {
	if ct == "" {
		return wordsOf("noContentType")
	}
	return ct
}

// errorBody finds an "error" member in a JSON object, as a string or as an
// object with a message, and reports whether there was one.
func errorBody(body []byte) (string, bool) {
	var env struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &env) != nil || len(env.Error) == 0 || string(env.Error) == "null" {
		return "", false
	}
	var s string
	if json.Unmarshal(env.Error, &s) == nil {
		return s, true
	}
	var obj struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(env.Error, &obj) == nil && obj.Message != "" {
		return obj.Message, true
	}
	return string(env.Error), true
}

func isHTML(contentType string, body []byte) bool {
	if mt, _, err := mime.ParseMediaType(contentType); err == nil && (mt == "text/html" || mt == "application/xhtml+xml") {
		return true
	}
	head := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(string(body[:min(len(body), 512)]), "\ufeff")))
	return strings.HasPrefix(head, "<!doctype html") || strings.HasPrefix(head, "<html") ||
		strings.HasPrefix(head, "<!--") && strings.Contains(head, "<html")
}

// getJSON fetches one of the servers' own endpoints and decodes its JSON
// object into v, through the same checks as every API answer.
func (c *Client) getJSON(req *http.Request, v any) error {
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxInspectedBody))
	if err != nil {
		return fmt.Errorf("reading the model server's answer: %w", err)
	}
	if problem := c.judge(res, body); problem != nil {
		if r, ok := req.Context().Value(refusalsKey{}).(*refusals); ok && errors.Is(problem, ErrUnauthorized) {
			r.first.CompareAndSwap(nil, problem)
		}
		return problem
	}
	return json.Unmarshal(body, v)
}

// refusals keeps, for one Probe, the first refusal for want of a key
// that a server's own endpoint answered: llama-server lists its models
// without its key but wants it for /props and every completion, so a
// connection test blind to it would pass and the run's first call fail.
type refusals struct{ first atomic.Pointer[Error] }

// refusalsKey finds a Probe's refusals in a request's context.
type refusalsKey struct{}
