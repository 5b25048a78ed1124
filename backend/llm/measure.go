package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/speed"
)

// The model probe. Three short calls measure what decides how long Scout
// makes a user wait, and whether it can work with the server at all:
//
//  1. a schema check: a question a model answers in prose unless the
//     server holds it to the JSON schema sent (it also loads a model that
//     is not loaded yet, so the next call times reading, not loading);
//  2. a prompt of about 200 tokens, read and answered with twenty numbers:
//     the reading speed (the wait for the first token, or llama.cpp's own
//     timings) and the writing speed;
//  3. the same prompt again: a server that reuses a cached prefix reads
//     almost none of it. Where the server says how many tokens it took
//     from its cache (llama.cpp) that decides; where it does not (LM
//     Studio, Ollama), the second read is timed against the first.
//
// Its schema names start with "scout_probe", which the fake server in
// llmtest answers by itself.
const (
	probeSpeedKind  = "scout_probe_speed"
	probeSchemaKind = "scout_probe_schema"
	// probeReplyTokens caps the speed call's reply: twenty numbers in
	// JSON are about 45 tokens, enough to time the writing.
	probeReplyTokens = 64
	// probeAgainTokens caps the second send: only its reading is timed.
	probeAgainTokens = 8
	// probeCheckTokens caps the schema check's reply ({"answer": "yes",
	// "next": 11} and a model's spaces).
	probeCheckTokens = 32
	// minTimedRead: a first read quicker than this is too short to tell a
	// reused prefix from a prompt read anew by the clock; on such a fast
	// server reading anew costs little anyway.
	minTimedRead = 300 * time.Millisecond
	// reusedShare: a second read taking less than this share of the first
	// reused the prefix; one read anew takes about as long as the first.
	reusedShare = 0.5
	// MeasureTimeout bounds a probe: about 300 tokens read and 80 written
	// take under three minutes at the slowest speeds supported (2 tokens
	// a second read, 1 written); a typical CPU needs 10-30 seconds.
	MeasureTimeout = 5 * time.Minute
)

// probeText is what the speed calls read: plain prose, about 200 tokens
// for the tokenizers of 7B-9B models.
const probeText = `Scout is measuring how fast this model reads and writes, so it can tell its user how long each step of a research run will take. ` +
	`A research run sends the model one growing conversation: the rules, the objective, the search results and the pages read so far, ` +
	`with each new part added at the end. A server that keeps the conversation it has already read in its prompt cache only reads the new part, ` +
	`which on an ordinary computer without a graphics card saves minutes at every step. This paragraph is sent twice, so the second reading ` +
	`shows whether the server reuses what it read the first time. The numbers asked for below show how fast it writes. Nothing in this text ` +
	`needs an answer of its own, and the reply should hold only what the schema asks for: the whole numbers from one to twenty, in order.`

// probeSystem opens every probe call; the stamp makes the first read a
// real one, not a prefix a server kept from an earlier probe.
const probeSystem = "Model probe %d. Answer with JSON only."

var probeSpeedSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"numbers": map[string]any{"type": "array", "items": map[string]any{"type": "integer"}, "minItems": 20, "maxItems": 20},
	},
	"required":             []string{"numbers"},
	"additionalProperties": false,
}

var probeCheckSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"answer": map[string]any{"type": "string", "enum": []string{"yes", "no"}},
		"next":   map[string]any{"type": "integer"},
	},
	"required":             []string{"answer", "next"},
	"additionalProperties": false,
}

// probeQuestion is the schema check's question, written to draw prose
// from a model the schema does not hold.
const probeQuestion = "Is 7 a prime number? Answer in a full sentence, then name the prime number that comes after it."

// Measure runs the model probe against info.Model (see above) and returns
// what it found, warnings included; it fails only when a call fails, with
// the call's own explanation. It takes a few seconds on a GPU and up to a
// minute or two on a slow CPU, bounded by MeasureTimeout.
//
// tell, when not nil, hears how the probe goes about once a second: which
// of its calls is under way and how far that call has got (see ProbeStep).
func (c *Client) Measure(ctx context.Context, info ServerInfo, tell func(ProbeStep)) (speed.Measurement, error) {
	ctx, cancel := context.WithTimeout(ctx, MeasureTimeout)
	defer cancel()
	start := c.now()
	teller := &probeTeller{tell: tell, start: start, now: c.now}
	step := teller.notify
	if info.Server != "" {
		c.SetServer(info.Server)
	}
	if !info.ModelLoaded {
		c.ExpectModelLoad() // the schema check goes first and loads it
	}
	system := chat.Message{Role: chat.System, Content: fmt.Sprintf(probeSystem, start.UnixNano())}
	check, err := c.Complete(ctx, info.Model, chat.Request{Kind: probeSchemaKind, MaxTokens: probeCheckTokens,
		Messages: []chat.Message{system, {Role: chat.User, Content: probeQuestion}},
		Schema:   &chat.Schema{Name: probeSchemaKind, Schema: probeCheckSchema}}, step(1))
	if err != nil {
		return speed.Measurement{}, err
	}
	read := chat.Request{Kind: probeSpeedKind, MaxTokens: probeReplyTokens,
		Messages: []chat.Message{system, {Role: chat.User, Content: probeText}},
		Schema:   &chat.Schema{Name: probeSpeedKind, Schema: probeSpeedSchema}}
	first, err := c.Complete(ctx, info.Model, read, step(2))
	if err != nil {
		return speed.Measurement{}, err
	}
	read.MaxTokens = probeAgainTokens
	again, err := c.Complete(ctx, info.Model, read, step(3))
	if err != nil {
		return speed.Measurement{}, err
	}
	m := speed.Measurement{ServerURL: speed.Key(c.base), Model: info.Model, Server: info.Server,
		ReadRate: readRate(first.Usage), WriteRate: first.Usage.WriteRate, Schema: speed.No, Measured: start,
		Warnings: []string{}}
	m.PrefixReuse, m.ReuseHow = prefixReuse(first.Usage, again.Usage)
	// The answer after any thinking (Complete keeps a reasoning model's
	// thinking apart): a server holds only the answer to the schema.
	if followsCheckSchema(check.Content) {
		m.Schema = speed.Yes
	}
	warn(&m, check.Content)
	m.Took = c.now().Sub(start)
	c.UseMeasurement(m)
	return m, nil
}

// readRate is the prompt reading speed of a call: as the server reports
// it, else the new tokens over the wait for the first token, less the time
// that token took to write.
func readRate(u chat.Usage) float64 {
	if u.ReadRate > 0 {
		return u.ReadRate
	}
	fresh := u.PromptTokens - u.CachedTokens
	wait := u.FirstToken
	if u.WriteRate > 0 {
		if w := wait - time.Duration(float64(time.Second)/u.WriteRate); w > wait/2 {
			wait = w
		}
	}
	if fresh <= 0 || wait <= 0 {
		return 0
	}
	return float64(fresh) / wait.Seconds()
}

// prefixReuse decides whether the second send reused the first's prompt.
func prefixReuse(first, again chat.Usage) (reuse, how string) {
	if !again.CacheEstimated {
		if 2*again.CachedTokens >= again.PromptTokens {
			return speed.Yes, speed.ReuseReported
		}
		return speed.No, speed.ReuseReported
	}
	switch {
	case first.FirstToken < minTimedRead:
		return speed.Unknown, speed.ReuseTimed
	case float64(again.FirstToken) < reusedShare*float64(first.FirstToken):
		return speed.Yes, speed.ReuseTimed
	}
	return speed.No, speed.ReuseTimed
}

// followsCheckSchema reports whether a reply is what probeCheckSchema
// allows: an object with an answer of yes or no and a whole number, and
// nothing else.
func followsCheckSchema(reply string) bool {
	dec := json.NewDecoder(strings.NewReader(reply))
	dec.UseNumber()
	var got map[string]any
	if dec.Decode(&got) != nil || dec.More() || len(got) != 2 {
		return false
	}
	answer, _ := got["answer"].(string)
	next, _ := got["next"].(json.Number)
	_, whole := next.Int64()
	return (answer == "yes" || answer == "no") && whole == nil
}

// warn adds to m what the probe found that makes Scout slow or unreliable
// with this server, and what to do: for the server the probe identified
// (m.Server) when it knows one, else for each kind it could be.
func warn(m *speed.Measurement, checkReply string) {
	if m.PrefixReuse == speed.No {
		advice := cacheAdvice(m.Server)
		m.Warn(noReuseWarning+advice.text, phrase.Of("warn.noReuse", "advice", phrase.Of(advice.key)))
	}
	if m.Schema == speed.No {
		// The model's words go last, so their own full stop ends the text.
		reply := quoteReply(checkReply)
		m.Warn(schemaWarning+reply, phrase.Of("warn.schema", "reply", reply))
	}
}

// The warnings' words before what they are filled with.
const (
	noReuseWarning = "Scout is several times slower with this server: it read the same prompt again in full instead of reusing what it had just read (its prompt cache), so every step of a run reads the whole conversation anew. "
	schemaWarning  = "The server did not hold the model to the JSON schema Scout sent, so Scout's replies would often be sent back, costing a model call each. " +
		"Use a server that follows response_format json_schema (LM Studio 0.3 or newer, llama-server, Ollama 0.5 or newer) and test again. The model answered: "
)

// advice is what keeps a kind of server's prompt cache, and the window's
// message saying it.
type advice struct{ text, key string }

// cacheAdviceFor is what keeps each kind of server's prompt cache.
var cacheAdviceFor = map[string]advice{
	ServerLlamaCpp: {"Let llama-server keep its prompt cache: it does unless it runs with --no-cache-prompt (with several slots, -np 1 keeps Scout's calls in one).",
		"warn.cache.llamacpp"},
	ServerLMStudio: {"LM Studio keeps it while the model stays loaded: do not let it unload the model between calls (its idle time-to-live), and keep other programs from using the same model at the same time.",
		"warn.cache.lmstudio"},
	ServerOllama: {"Ollama keeps it while the model stays loaded: set a longer keep_alive (OLLAMA_KEEP_ALIVE) so it does not unload the model between calls, and keep other programs from using the same model at the same time.",
		"warn.cache.ollama"},
}

// cacheAdvice says how to keep the prompt cache of the server kind named,
// or of each kind when the probe could not tell which it is.
func cacheAdvice(server string) advice {
	if a, ok := cacheAdviceFor[server]; ok {
		return a
	}
	return advice{"Let the server keep its prompt cache: llama-server does unless it runs with --no-cache-prompt (with several slots, -np 1 keeps Scout's calls in one); " +
		"LM Studio and Ollama do while the model stays loaded, so do not let them unload it between calls, and keep other programs from using the same model at the same time.",
		"warn.cache.any"}
}

// maxQuotedReply bounds the reply a warning quotes.
const maxQuotedReply = 120

func quoteReply(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > maxQuotedReply {
		s = string(r[:maxQuotedReply]) + "…"
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSpace(b.String())
}

// probeSteps are what each of the probe's calls finds out, in order, as
// the user reads it while waiting.
var probeSteps = []string{
	"whether the server holds the model to a JSON schema",
	"how fast the model reads and writes",
	"whether the server reuses the prompt it has just read",
}

// probeStepKeys are probeSteps as the window's messages.
var probeStepKeys = []string{"wait.probe.schema", "wait.probe.speed", "wait.probe.reuse"}

// ProbeStep is where a model probe stands: the call under way (N of Of)
// and what it finds out, with the call's wait. The probe's speeds are not
// known while it runs, so Wait tells the tokens read or written rather
// than the time left; its Elapsed is the probe's whole time so far, its
// Done the share of the probe's calls done (each call a third, a call's
// own share where it can be told) and its Text all of it in words.
type ProbeStep struct {
	N    int       `json:"n"`
	Of   int       `json:"of"`
	What string    `json:"what"`
	Wait chat.Wait `json:"wait"`
}

// probeTeller tells a probe's progress (see ProbeStep) to tell.
type probeTeller struct {
	tell  func(ProbeStep)
	start time.Time
	now   func() time.Time // the client's clock
	done  float64          // the share told last: a call whose own share stops being known does not move it back
}

// notify passes the progress of the probe's n-th call to tell as a
// ProbeStep; nil when there is no tell. The calls run one after another,
// so the teller needs no lock.
func (p *probeTeller) notify(n int) port.Notify {
	if p.tell == nil {
		return nil
	}
	of := len(probeSteps)
	return func(note port.Notice) {
		if note.Kind != port.NoticeProgress || note.Wait == nil {
			return
		}
		w := *note.Wait
		done := float64(n-1) / float64(of)
		if w.Done > 0 {
			done += min(w.Done, 1) / float64(of)
		}
		p.done = max(p.done, done)
		doing, doingSaid := "reading "+speed.Count(w.NewTokens)+" prompt tokens", phrase.Of("wait.probe.reading", "tokens", w.NewTokens)
		switch {
		case w.Phase == chat.Writing:
			doing, doingSaid = "writing: "+speed.Count(w.Written)+" tokens", phrase.Of("wait.probe.writing", "tokens", w.Written)
		case w.NewTokens == 0: // the client expects the server's cache to hold it all
			doing, doingSaid = "reading the prompt", phrase.Of("wait.probe.readingPrompt")
		}
		w.Elapsed, w.Left, w.Expected, w.Done = p.now().Sub(p.start), 0, 0, p.done
		w.Text = fmt.Sprintf("Call %d of %d, %s: %s", n, of, probeSteps[n-1], doing)
		w.Say = phrase.Of("wait.probe", "n", n, "of", of, "what", phrase.Of(probeStepKeys[n-1]), "doing", doingSaid)
		p.tell(ProbeStep{N: n, Of: of, What: probeSteps[n-1], Wait: w})
	}
}
