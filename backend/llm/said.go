package llm

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/scout-research/scout/backend/fault"
	"github.com/scout-research/scout/backend/phrase"
)

// saidWords are the messages of the errors a connection test meets, of
// its notes, and of the errors that end or interrupt a model call during
// a run, in English, each the window's message "llm.<key>"
// (frontend/src/i18n): its {names} are what Scout found (a host, an
// address, a number), or the server's or the system's own words, filled
// in as written. The window says the rest
// in its language; the terminal and the journal read this English.
var saidWords = map[string]string{
	"timeout":      "The model server at {host} did not answer in time. It may be busy loading a model or answering another request: wait and try again, or check the URL.",
	"notListening": "Nothing is listening at {host}. " + startServerHint,
	"unknownHost":  "The host {name} in the model server URL cannot be found: check the URL.",
	"redirected":   "The model server at {host} sent Scout on to {url}, which is elsewhere on this computer or the local network, where Scout goes to the model server alone. Check the server URL: use the address the server answers at itself.",
	"closed":       "The model server at {host} closed the connection before it finished answering: it may have stopped, or crashed (a long prompt can run it out of memory). Check that it is still running.",
	"failed":       "The connection to the model server at {host} failed: {error}. Check that it is running and the URL is right.",
	"unexpected":   "The model server at {host} answered in an unexpected way ({error}). Check that the URL points at an OpenAI-compatible server.",
	"keyRefused":   "The model server at {host} refused the API key Scout sent ({status}). Check the key in " + keyHint + ": it must be one the server accepts, the key llama-server or vLLM was started with (--api-key), or one your provider issued for this service.",
	"keyWanted":    "The model server at {host} wants an API key ({status}). Enter the key the server was given (llama-server and vLLM: --api-key; LM Studio: its API token; a hosted service: your account's key) in " + keyHint + ".",
	"modelMissing": "The model server does not have that model ({server}). Choose one it has in Settings, or download it (in Ollama: ollama pull).",
	"onlyHTTPS":    "The server at {host} speaks only HTTPS, and the URL starts with http://. Use {url} in Settings.",
	"status":       "The model server answered HTTP {status}: {server}.",
	"statusBare":   "The model server answered HTTP {status}: no details given.",
	"wrongPath":    "The server at {host} answered, but not as an OpenAI-compatible API at this URL ({detail}). The URL usually ends in /v1: try {url}.",
	"wrongServer":  "The server at {host} answered, but not as an OpenAI-compatible API at this URL ({detail}). Check the URL and that the server is an OpenAI-compatible one (LM Studio, llama.cpp, Ollama).",
	"invalidURL":   "The model server URL {url} is not a valid address: check it in Settings.",
	"webPage":      "The server at {host} answered with a web page, not the model API (HTTP {status}). Check the URL: for LM Studio it is http://127.0.0.1:1234/v1.",
	"notJSON":      "The server at {host} answered with something other than the model API's JSON ({type}). Check the URL: for LM Studio it is http://127.0.0.1:1234/v1.",
	"noModel":      "The server at {host} is running but offers no model. Load a model first (in LM Studio: the model picker at the top, or `lms load`), then test again.",
	"certName":     "The model server at {host} presents a certificate that is for {names}, not for {name}, so Scout cannot tell it is the server you meant. Use the name the certificate is for in the server URL, or give the server a certificate for {name}.",
	"selfSigned":   "The model server at {host} presents a self-signed certificate, which Scout cannot check: anyone on the network could present one. If the server is yours, " + trustHint + "; or give the server a certificate from a public authority such as Let's Encrypt.",
	"untrusted":    "The model server at {host} presents a certificate signed by {issuer}, an authority this computer does not trust. If that authority is your own (a home or company one), " + trustHint + ". If not, the connection may be intercepted: check the URL and the network.",
	"certInvalid":  "The model server at {host} presents a certificate that cannot be used ({detail}). Give the server a valid certificate for its name.",
	"plainHTTP":    "The server at {host} does not speak HTTPS on this port: it answered in plain HTTP. Use {url} in Settings (LM Studio, llama-server and Ollama serve plain HTTP unless an HTTPS proxy is put in front of them).",
	"tlsFailed":    "The secure connection (HTTPS) to the model server at {host} failed: {error}. Check the URL and the server's certificate.",
	"notYetValid":  "The model server at {host} presents a certificate that is not valid until {from}, and this computer's clock says {today}. If the date here is wrong, set the clock right; otherwise the server's certificate was made with a wrong date: make it again.",
	"expired":      "The model server at {host} presents a certificate expired on {ended} (this computer's clock says {today}). Renew the certificate on the server (for a hosted service, tell its operator); if the date here is wrong, set the clock right.",

	// A certificate expired, its date unknown.
	"expiredUndated": "The model server at {host} presents a certificate that has expired (this computer's clock says {today}). Renew the certificate on the server (for a hosted service, tell its operator); if the date here is wrong, set the clock right.",

	// Scout's words inside the messages above, where what the server or
	// its certificate would tell is missing.
	"noModelList":      "its answer has no model list",
	"noContentType":    "no content type",
	"chunkOff":         "a chunk that does not continue the reply",
	"anotherName":      "another name",
	"noName":           "no name at all",
	"unknownAuthority": "an unknown authority",

	"notListed":       "The model {model} is not among the models the server lists; choose one of them.",
	"noContext":       "The server does not report its context length (Ollama and some others do not): enter it in Settings, or 8192 tokens is assumed.",
	"maxContextOnly":  "LM Studio reported only the model's maximum context, which may be more than it loaded with: check the context length in LM Studio.",
	"noneLoaded":      "LM Studio has no model loaded yet: it will load one on the first request if just-in-time loading is on, which takes a while. Load a model in LM Studio to detect its context length.",
	"ollamaNotLoaded": "Ollama has not loaded {model} yet: it loads it on the first request with its default context, {context} tokens on most computers, and silently drops what does not fit, so Scout keeps to {context} tokens. For more, start Ollama with OLLAMA_CONTEXT_LENGTH=8192 and enter 8192 in Settings.",
	"notLoaded":       "LM Studio has not loaded {model} yet: it will load it on the first request if just-in-time loading is on, which takes a while. Load it in LM Studio to detect its context length.",

	"stalled":      "The model server stopped answering. It may have crashed or unloaded the model: check LM Studio, then resume the run.",
	"replyTooLong": "The model server kept writing one reply for {took}, far longer than the {asked} tokens Scout asked for should take, so Scout stopped it. " + reloadHint,
	"replyTooBig":  "The model server sent more than {mb} MB for one reply without finishing, far more than Scout asked for, so Scout stopped reading. " + reloadHint,
	"onlyThought":  "The model spent its whole reply thinking and never answered. Scout needs short, direct answers: choose a model without a thinking mode (such as Qwen2.5 7B Instruct), or turn thinking off for this one (llama.cpp follows Scout's request to; in LM Studio, edit the model's prompt template to begin with {%- set enable_thinking = false %}).",
	"overflow":     "The prompt is longer than the model's context ({server}). Load the model with a larger context length in LM Studio, or lower it in Scout's settings so Scout keeps prompts shorter.",
	"midReply":     "The model server reported an error while answering: {server}",
	"badStream":    "The model server sent a stream the API does not describe ({detail}). Check that the URL points at an OpenAI-compatible server.",
}

// reloadHint is what to do about a reply that never ends.
const reloadHint = "The server may be ignoring the reply's token limit or repeating itself: reload the model in the server (or restart it), then resume the run."

// said returns an error of kind whose message is saidWords[key] with its
// {names} filled from args (name, value pairs), and which the window says
// as its message "llm.<key>". A value is text, written into the English as
// it is, or a worded one, said in the window's language too.
func said(kind error, key string, args ...any) *Error {
	n := noteOf(key, args...)
	return &Error{Fault: fault.Fault{Kind: kind, Message: n.text}, Say: n.say}
}

// note is words of saidWords, in English and as the window's message.
type note struct {
	text string
	say  *phrase.Said
}

// noteOf is saidWords[key] with its {names} filled from args (name, value
// pairs, each value text or worded), and as the window's message
// "llm.<key>".
func noteOf(key string, args ...any) note {
	msg, ok := saidWords[key]
	if !ok {
		panic("llm: no words for " + key)
	}
	values := map[string]string{}
	pairs := make([]any, 0, len(args))
	for i := 0; i+1 < len(args); i += 2 {
		name := args[i].(string)
		switch v := args[i+1].(type) {
		case string:
			values[name] = v
			pairs = append(pairs, name, v)
		case worded:
			values[name] = v.text
			pairs = append(pairs, name, v.say)
		default:
			panic(fmt.Sprintf("llm: %s's value %v is neither text nor worded", name, v))
		}
	}
	// In one pass, so a value that holds a {name} (a server's words may)
	// stays as written.
	msg = placeholder.ReplaceAllStringFunc(msg, func(p string) string {
		if v, ok := values[p[1:len(p)-1]]; ok {
			return v
		}
		return p
	})
	return note{msg, phrase.Of("llm."+key, pairs...)}
}

// worded is a value of a message said in the window's language too (a
// duration, Scout's words, a day): its English, and its message
// (*phrase.Said) or the data the window writes (phrase.Day).
type worded struct {
	text string
	say  any
}

// wordsOf is saidWords[key] as a value of another message.
func wordsOf(key string) worded {
	n := noteOf(key)
	return worded{n.text, n.say}
}

// placeholder is a {name} in saidWords.
var placeholder = regexp.MustCompile(`\{(\w+)\}`)

// Said returns the error as the window's message, or nil when it is none
// (the window shows Message as written).
func (e *Error) Said() *phrase.Said { return e.Say }

// concealed is e with secret written as shown wherever its message, or a
// value of the window's message, quotes it.
func (e *Error) concealed(secret, shown string) *Error {
	c := *e
	c.Message = strings.ReplaceAll(e.Message, secret, shown)
	if e.Say != nil {
		c.Say = &phrase.Said{Key: e.Say.Key, Args: map[string]any{}}
		for name, v := range e.Say.Args {
			if s, ok := v.(string); ok {
				v = strings.ReplaceAll(s, secret, shown)
			}
			c.Say.Args[name] = v
		}
	}
	return &c
}
