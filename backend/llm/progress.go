package llm

import (
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/openai/openai-go/v3"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/speed"
	"github.com/scout-research/scout/backend/tokens"
)

// Telling the wait. While a call runs, the client tells through the call's
// notify (a port.NoticeProgress) what the server is doing and how long it should take:
// the prompt tokens its cache does not hold, read at the measured speed
// (or as far as llama.cpp says it has read), then the reply as it streams.
const (
	// waitEvery is how often a call in progress tells how it goes: often
	// enough for a progress bar to move, rarely enough to cost nothing.
	waitEvery = time.Second
	// minLearnTokens: a call that read fewer new tokens says little about
	// the reading speed, as the request's own overhead outweighs them.
	minLearnTokens = 32
	// learnWeight is how far one call moves a speed or a reply length:
	// a run's prompts are longer than the probe's, so its calls soon
	// outweigh the probe, yet one unusual call does not swing the estimate.
	learnWeight = 0.5
	// replyShare: until a kind of call has replied once, its reply is
	// expected to use this share of its token limit (the agent's actions
	// write about a quarter of theirs).
	replyShare = 0.25
	// uncappedReply stands for the reply of a call without a token limit.
	uncappedReply = 100
	// maxShare caps an estimated share of a phase done: an estimate never
	// says a phase is over before the server does.
	maxShare = 0.99
	// replyOverrun: a reply is expected to run at least this much longer
	// than what it has written, so one longer than expected still shows
	// time left (a fifth of what it has written more, on a bar 80% along
	// its writing) until it ends.
	replyOverrun = 1.25
)

// pace is what the client knows of the server's speed. It is safe for
// concurrent use.
type pace struct {
	mu      sync.Mutex
	rates   speed.Rates
	noReuse bool               // the probe found that the server reads every prompt anew
	replies map[string]float64 // tokens written per call kind, as learned
	est     tokens.Estimator   // calibrated from the server's prompt counts
}

// UseMeasurement gives the client a model probe's findings, for the waits
// it tells (see chat.Wait): the speeds, whether the server reuses a prompt
// prefix, and the kind of server.
func (c *Client) UseMeasurement(m speed.Measurement) {
	c.pace.mu.Lock()
	c.pace.rates, c.pace.noReuse = m.Rates(), m.PrefixReuse == speed.No
	c.pace.mu.Unlock()
	if m.Server != "" {
		c.SetServer(m.Server)
	}
}

// SetServer names the kind of server (ServerInfo.Server), so requests ask
// for what it offers beyond the OpenAI API: llama.cpp's prompt progress.
func (c *Client) SetServer(name string) { c.server.Store(name) }

// Rates returns the speeds the client works with: the probe's, refined by
// every call since.
func (c *Client) Rates() speed.Rates {
	c.pace.mu.Lock()
	defer c.pace.mu.Unlock()
	return c.pace.rates
}

// callPlan is what a call is expected to cost before it is sent.
type callPlan struct {
	newTokens int // prompt tokens the server's cache does not hold
	reply     int // tokens the reply is expected to take
	rates     speed.Rates
}

// plan works out a request's new tokens and expected reply.
func (c *Client) plan(req chat.Request) callPlan {
	unread := c.last.unread(req.Messages)
	c.pace.mu.Lock()
	defer c.pace.mu.Unlock()
	if c.pace.noReuse {
		unread = layout(req.Messages)
	}
	reply, ok := c.pace.replies[req.Kind]
	if !ok {
		reply = uncappedReply
		if req.MaxTokens > 0 {
			reply = replyShare * float64(req.MaxTokens)
		}
	}
	return callPlan{newTokens: c.pace.est.Count(unread), reply: max(1, int(reply+0.5)), rates: c.pace.rates}
}

// learn refines the speeds and the kind's reply length from a finished
// call. A call that waited for the model to load says nothing about the
// reading speed.
func (c *Client) learn(req chat.Request, u chat.Usage, loading bool) {
	c.pace.mu.Lock()
	defer c.pace.mu.Unlock()
	c.pace.est.Calibrate(tokens.Weight(layout(req.Messages)), u.PromptTokens)
	read := u.ReadRate
	if fresh := u.PromptTokens - u.CachedTokens; read <= 0 && !loading && fresh >= minLearnTokens && u.FirstToken > 0 {
		read = float64(fresh) / u.FirstToken.Seconds()
	}
	c.pace.rates.Read = blend(c.pace.rates.Read, read)
	c.pace.rates.Write = blend(c.pace.rates.Write, u.WriteRate)
	if u.CompletionTokens > 0 {
		if c.pace.replies == nil {
			c.pace.replies = map[string]float64{}
		}
		prev, ok := c.pace.replies[req.Kind]
		if !ok {
			prev = float64(u.CompletionTokens)
		}
		c.pace.replies[req.Kind] = blend(prev, float64(u.CompletionTokens))
	}
}

// blend moves old towards an observation; an unknown observation (0)
// changes nothing, and a first one is taken as it is.
func blend(old, seen float64) float64 {
	switch {
	case seen <= 0:
		return old
	case old <= 0:
		return seen
	}
	return old + learnWeight*(seen-old)
}

// progressFigures is where a call stands, as the reading goroutine sees
// it: written tokens and llama.cpp's prompt progress. The caller's
// goroutine reads it to tell the wait.
type progressFigures struct {
	written atomic.Int64
	firstAt atomic.Int64 // unix nanoseconds of the first written token; 0 before
	// The server's own prompt progress, in new tokens (the cached ones
	// left out), and when it came; total is 0 until it reports.
	read, total, readMS, heardAt atomic.Int64
	// The prompt's tokens and those its cache held, as last reported: a
	// reply Scout stops never gets the usage that ends a stream.
	promptTokens, cachedTokens atomic.Int64
}

// wrote notes a written token.
func (f *progressFigures) wrote(now time.Time) {
	f.firstAt.CompareAndSwap(0, now.UnixNano())
	f.written.Add(1)
}

// promptProgress is llama-server's prompt_progress, sent while it reads
// when the request asks for it (return_progress): processed counts the
// cached tokens too, so the new ones are processed - cache of total - cache.
type promptProgress struct {
	Total     int64 `json:"total"`
	Cache     int64 `json:"cache"`
	Processed int64 `json:"processed"`
	TimeMS    int64 `json:"time_ms"`
}

// noteProgress records a chunk's prompt progress and reports whether it
// carried one.
func (f *progressFigures) noteProgress(chunk openai.ChatCompletionChunk, now time.Time) bool {
	raw, ok := chunk.JSON.ExtraFields["prompt_progress"]
	var p promptProgress
	if !ok || json.Unmarshal([]byte(raw.Raw()), &p) != nil {
		return false
	}
	f.promptTokens.Store(p.Total)
	f.cachedTokens.Store(p.Cache)
	if p.Total > p.Cache {
		f.read.Store(min(max(0, p.Processed-p.Cache), p.Total-p.Cache))
		f.readMS.Store(p.TimeMS)
		f.heardAt.Store(now.UnixNano())
		f.total.Store(p.Total - p.Cache)
	}
	return true
}

// progressOnly reports whether a chunk adds nothing to the reply: no text,
// thinking, tool call, finish or usage.
func progressOnly(chunk openai.ChatCompletionChunk) bool {
	for _, ch := range chunk.Choices {
		if ch.Delta.Content != "" || len(ch.Delta.ToolCalls) > 0 || ch.FinishReason != "" || reasoning(chunk) != "" {
			return false
		}
	}
	return chunk.Usage.PromptTokens == 0 && chunk.Usage.CompletionTokens == 0
}

// tell says where the call stands at now through notify, as a progress
// notice. Like waitAt, it runs on the caller's goroutine only.
func (w *watch) tell(notify port.Notify, now time.Time) {
	wait := w.waitAt(now)
	notify.Say(port.Notice{Kind: port.NoticeProgress, Text: wait.Text, Wait: &wait})
}

// waitAt tells where the call stands at now. It runs on the caller's
// goroutine only (it keeps the share done from moving back).
func (w *watch) waitAt(now time.Time) chat.Wait {
	p := w.plan
	out := chat.Wait{Phase: chat.Reading, NewTokens: p.newTokens, Elapsed: now.Sub(w.start), Done: -1}
	writeAll := p.rates.Writing(p.reply)
	if first := w.figures.firstAt.Load(); first != 0 {
		read := time.Unix(0, first).Sub(w.start)
		n := int(w.figures.written.Load())
		out.Phase, out.Written = chat.Writing, n
		out.Text = fmt.Sprintf("writing: %s tokens", speed.Count(n))
		out.Say = phrase.Of("wait.writing", "tokens", n)
		if writeAll > 0 {
			// A reply that outgrows its expected length (a finding
			// copied from the page after short searches) is expected to
			// go on a while: the bar slows down rather than sit at its
			// end, and the time left is not "almost done" for as long
			// as the reply lasts.
			reply := max(p.reply, int(math.Ceil(float64(n)*replyOverrun)))
			writeAll = p.rates.Writing(reply)
			share := min(float64(n)/float64(reply), maxShare)
			out.Left = max(0, p.rates.Writing(reply-n))
			out.Expected = read + writeAll
			out.Done = (read.Seconds() + share*writeAll.Seconds()) / out.Expected.Seconds()
		}
		return w.forward(out)
	}
	left, share, reported := w.readingLeft(now)
	out.Reported = reported
	out.Text = "reading " + speed.Count(p.newTokens) + " new tokens"
	out.Say = phrase.Of("wait.reading", "tokens", p.newTokens)
	switch {
	case left < 0:
		return w.forward(out)
	case left == 0 && !reported && p.newTokens > 0:
		// Slower than measured: the estimate no longer says when, so the
		// wait claims no time left and no share done (a step's "a few
		// seconds left" would hold for as long as the model lags).
		expected := p.rates.Reading(p.newTokens)
		out.Text += ", slower than measured (expected: " + speed.About(expected) + ")"
		out.Say = phrase.Of("wait.readingSlow", "tokens", p.newTokens, "about", speed.AboutSaid(expected))
		out.Left = writeAll
		return w.forward(out)
	default:
		out.Text += ", " + speed.About(out.Elapsed+left)
		out.Say = phrase.Of("wait.readingAbout", "tokens", p.newTokens, "about", speed.AboutSaid(out.Elapsed+left))
	}
	reading := out.Elapsed + left
	out.Left, out.Expected = left+writeAll, reading+writeAll
	if out.Expected > 0 {
		out.Done = share * reading.Seconds() / out.Expected.Seconds()
	}
	return w.forward(out)
}

// readingLeft estimates the reading time left and the share read: from
// llama.cpp's prompt progress when it reports, else from the measured
// speed; left is negative when neither can tell.
func (w *watch) readingLeft(now time.Time) (left time.Duration, share float64, reported bool) {
	f := &w.figures
	if total := f.total.Load(); total > 0 {
		read, ms := f.read.Load(), f.readMS.Load()
		share = float64(read) / float64(total)
		if read > 0 && ms > 0 {
			rate := float64(read) / (float64(ms) / 1000)
			since := now.Sub(time.Unix(0, f.heardAt.Load()))
			left = max(0, time.Duration(float64(total-read)/rate*float64(time.Second))-since)
			return left, min(share, 1), true
		}
	}
	if w.plan.newTokens == 0 {
		return 0, 1, false
	}
	all := w.plan.rates.Reading(w.plan.newTokens)
	if all <= 0 {
		return -1, 0, false
	}
	elapsed := now.Sub(w.start)
	return max(0, all-elapsed), min(elapsed.Seconds()/all.Seconds(), maxShare), false
}

// forward keeps the share done from moving back between two reports, as
// an estimate corrected by the server's own figures may.
func (w *watch) forward(out chat.Wait) chat.Wait {
	if out.Done >= 0 {
		out.Done = min(1, max(out.Done, w.lastDone))
		w.lastDone = out.Done
	}
	return out
}
