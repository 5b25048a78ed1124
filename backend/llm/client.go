// Package llm talks to the local model server: an OpenAI-compatible API as
// served by LM Studio, llama.cpp's llama-server or Ollama. It lists models,
// detects the loaded context length from each server's own endpoints,
// streams chat completions, and turns every failure into a message that
// tells the user what to do.
//
// It speaks the few endpoints it needs (GET /models, POST /chat/completions
// streamed as server-sent events, and the servers' own context endpoints)
// with net/http and encoding/json: a full OpenAI SDK would more than double
// the app's size and memory for two calls. Every answer goes through one
// check (judge) that catches what a plain client would accept or misreport:
// LM Studio's HTTP 200 with an error body for an unknown path, an HTML page
// where JSON was expected, and error bodies that are a plain string.
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync/atomic"
)

// maxInspectedBody bounds how much of a non-streaming answer is read; model
// lists and chat replies are far smaller.
const maxInspectedBody = 16 << 20

// Client is a connection to one model server. It is safe for concurrent use.
type Client struct {
	base  string // base URL without a trailing slash
	http  *http.Client
	stall stallLimits
	// loading: the next completion may wait for the model to load.
	loading atomic.Bool
	// last is what the server's prompt cache holds, to estimate its reuse
	// when the server does not report it.
	last lastPrompt
}

// ExpectModelLoad gives the next completion extra time before its first
// token, as the server may load the model first (see ServerInfo.ModelLoaded).
func (c *Client) ExpectModelLoad() { c.loading.Store(true) }

// New returns a client for the OpenAI-compatible API at baseURL (normally
// ending in /v1). It sends nothing until a method is called. It never
// retries: a retried local generation can double a multi-minute wait, and
// the agent decides about retries itself.
func New(baseURL string) *Client {
	base := strings.TrimRight(strings.TrimSpace(baseURL), "/")
	return &Client{base: base, http: &http.Client{Transport: http.DefaultTransport}, stall: defaultStall}
}

// post sends body as JSON to the API path (as "/chat/completions").
func (c *Client) post(ctx context.Context, path string, body any) (*http.Response, error) {
	data, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(data))
	if err != nil {
		return nil, newError(ErrNotAPI, "The model server URL %q is not a valid address: check it in Settings.", c.base)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream, application/json")
	return c.http.Do(req)
}

// judge returns an *Error for an answer that is not a usable API response.
func (c *Client) judge(res *http.Response, body []byte) *Error {
	msg, hasError := errorBody(body)
	switch {
	case res.StatusCode >= 400:
		if msg == "" && !isHTML(res.Header.Get("Content-Type"), body) {
			msg = strings.TrimSpace(string(body[:min(len(body), maxQuotedBody)]))
		}
		return explainStatus(res.StatusCode, msg, body, c.base)
	case isHTML(res.Header.Get("Content-Type"), body):
		return newError(ErrNotAPI, "The server at %s answered with a web page, not the model API (HTTP %d). Check the URL: for LM Studio it is http://127.0.0.1:1234/v1.", hostOf(c.base), res.StatusCode)
	case !json.Valid(body):
		return newError(ErrNotAPI, "The server at %s answered with something other than the model API's JSON (%s). Check the URL: for LM Studio it is http://127.0.0.1:1234/v1.", hostOf(c.base), describeContentType(res.Header.Get("Content-Type")))
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

func describeContentType(ct string) string {
	if ct == "" {
		return "no content type"
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

// getJSON fetches a URL and decodes a JSON object into v, through the
// same checks as every API answer.
func (c *Client) getJSON(req *http.Request, v any) error {
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	return c.readJSON(res, v)
}

// readJSON reads a whole answer, judges it and decodes it into v.
func (c *Client) readJSON(res *http.Response, v any) error {
	body, err := io.ReadAll(io.LimitReader(res.Body, maxInspectedBody))
	if err != nil {
		return fmt.Errorf("reading the model server's answer: %w", err)
	}
	if problem := c.judge(res, body); problem != nil {
		return problem
	}
	return json.Unmarshal(body, v)
}
