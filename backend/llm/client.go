// Package llm talks to the local model server: an OpenAI-compatible API as
// served by LM Studio, llama.cpp's llama-server or Ollama. It lists models,
// detects the loaded context length from each server's own endpoints, and
// turns every failure into a message that tells the user what to do.
//
// All requests go through one middleware (see inspect) that catches what
// openai-go would otherwise accept or misreport: LM Studio's HTTP 200 with an
// error body for an unknown path, an HTML page where JSON was expected, and
// error bodies that are a plain string.
package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// placeholderAPIKey is sent because openai-go requires a key; local servers
// ignore it.
const placeholderAPIKey = "scout-local"

// maxInspectedBody bounds how much of a non-streaming answer the middleware
// buffers; model lists and chat replies are far smaller.
const maxInspectedBody = 16 << 20

// Client is a connection to one model server. It is safe for concurrent use.
type Client struct {
	base  string // base URL without a trailing slash
	oa    openai.Client
	http  *http.Client
	stall stallLimits
}

// New returns a client for the OpenAI-compatible API at baseURL (normally
// ending in /v1). It sends nothing until a method is called.
func New(baseURL string) *Client {
	base := strings.TrimRight(strings.TrimSpace(baseURL), "/")
	hc := &http.Client{Transport: http.DefaultTransport}
	c := &Client{base: base, http: hc, stall: defaultStall}
	c.oa = openai.NewClient(
		option.WithBaseURL(base+"/"),
		option.WithAPIKey(placeholderAPIKey),
		option.WithHTTPClient(hc),
		// A retried local generation can double a multi-minute wait; the
		// agent decides about retries itself.
		option.WithMaxRetries(0),
		option.WithMiddleware(c.inspect),
	)
	return c
}

// BaseURL returns the base URL the client was made with, trimmed.
func (c *Client) BaseURL() string { return c.base }

// inspect is the middleware every openai-go request passes through.
func (c *Client) inspect(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
	res, err := next(req)
	if err != nil || res == nil {
		return res, err
	}
	if strings.HasPrefix(strings.ToLower(res.Header.Get("Content-Type")), "text/event-stream") {
		return res, nil
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, maxInspectedBody))
	res.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("reading the model server's answer: %w", err)
	}
	if problem := c.judge(res, body); problem != nil {
		return nil, problem
	}
	res.Body = io.NopCloser(bytes.NewReader(body))
	return res, nil
}

// judge returns an *Error for an answer that is not a usable API response.
func (c *Client) judge(res *http.Response, body []byte) *Error {
	msg, hasError := errorBody(body)
	switch {
	case res.StatusCode >= 400:
		if msg == "" && !isHTML(res.Header.Get("Content-Type"), body) {
			msg = strings.TrimSpace(string(body[:min(len(body), maxQuotedBody)]))
		}
		return explainStatus(res.StatusCode, msg, c.base)
	case isHTML(res.Header.Get("Content-Type"), body):
		return newError(ErrNotAPI, "The server at %s answered with a web page, not the model API (HTTP %d). Check the URL: for LM Studio it is http://127.0.0.1:1234/v1.", hostOf(c.base), res.StatusCode)
	case !json.Valid(body):
		return newError(ErrNotAPI, "The server at %s answered with something other than the model API's JSON (%s). Check the URL: for LM Studio it is http://127.0.0.1:1234/v1.", hostOf(c.base), describeContentType(res.Header.Get("Content-Type")))
	case hasError:
		// LM Studio answers an unknown path with HTTP 200 and an error body.
		if strings.Contains(strings.ToLower(msg), "unexpected endpoint") {
			return wrongPath(c.base, msg)
		}
		return newError(ErrServer, "The model server reported an error: %s", msg)
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

// getJSON fetches url and decodes a JSON object into v, through the same
// checks as API calls. It is used for the servers' own endpoints that
// openai-go does not know.
func (c *Client) getJSON(req *http.Request, v any) error {
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxInspectedBody))
	if err != nil {
		return err
	}
	if problem := c.judge(res, body); problem != nil {
		return problem
	}
	return json.Unmarshal(body, v)
}
