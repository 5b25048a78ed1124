// Package speed holds what Scout knows of how fast a model server works:
// the measurement a model probe makes (how many prompt tokens a second it
// reads, how many it writes, whether it reuses a cached prompt prefix and
// whether it follows a JSON schema), the book that keeps measurements per
// server and model in the data folder, and the arithmetic that turns them
// into waits the user is told about. It imports nothing outside the
// standard library but phrase, the window's words.
package speed

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/phrase"
)

// Answers to the probe's yes-or-no questions. Unknown is a probe that could
// not tell (a server so fast that a reused prefix and a prompt read anew
// take the same few milliseconds).
const (
	Yes     = "yes"
	No      = "no"
	Unknown = "unknown"
)

// How the probe knows whether the server reuses a prefix.
const (
	// ReuseReported: the server said how many prompt tokens came from its
	// cache (usage's cached_tokens, llama.cpp's timings.cache_n).
	ReuseReported = "reported by the server"
	// ReuseTimed: the server does not say (LM Studio, Ollama), so the
	// second read of the same prompt was timed against the first.
	ReuseTimed = "timed"
)

// FreshFor is how long a measurement stands in for a new probe before a
// run: a machine's speed changes with its hardware or the server's
// settings (GPU layers, threads), rarely within a week, and a probe costs
// the user up to a minute of model time on a CPU. Settings' Test
// connection always measures anew.
const FreshFor = 7 * 24 * time.Hour

// Measurement is what a model probe found about one model on one server.
type Measurement struct {
	// ServerURL is the server's base URL without credentials; Model the
	// model id measured.
	ServerURL string `json:"server_url"`
	Model     string `json:"model"`
	// Server names the kind of server when recognised ("LM Studio",
	// "llama.cpp", "Ollama").
	Server string `json:"server"`
	// ReadRate is prompt tokens read per second; WriteRate tokens written
	// per second. Zero when the probe could not tell.
	ReadRate  float64 `json:"read_rate"`
	WriteRate float64 `json:"write_rate"`
	// PrefixReuse says whether the server skipped the prompt it had just
	// read when it came again (Yes, No or Unknown), and ReuseHow how the
	// probe knows (ReuseReported or ReuseTimed).
	PrefixReuse string `json:"prefix_reuse"`
	ReuseHow    string `json:"reuse_how"`
	// Schema says whether the reply to a schema-constrained call followed
	// the schema (Yes or No).
	Schema string `json:"schema"`
	// Measured is when the probe ran; Took how long it took, model time
	// the user waited for.
	Measured time.Time     `json:"measured"`
	Took     time.Duration `json:"took_ns"`
	// Warnings tell the user what makes Scout slow or unreliable with this
	// server, and what to do about it; WarningSays are the same as the
	// window's messages, one for each (a measurement kept by an older Scout
	// has none, and the window shows Warnings as written). Warn adds both.
	Warnings    []string       `json:"warnings"`
	WarningSays []*phrase.Said `json:"warning_says,omitempty"`
}

// Warn adds a warning: english for the terminal and the journal, said as
// the window's message.
func (m *Measurement) Warn(english string, said *phrase.Said) {
	m.Warnings = append(m.Warnings, english)
	m.WarningSays = append(m.WarningSays, said)
}

// WarnNotKept adds the warning that the measurement could not be written
// to the book; err, the system's own words, stays as written.
func (m *Measurement) WarnNotKept(err error) {
	m.Warn("The measurement could not be kept, so it is made again before the next run: "+err.Error(),
		phrase.Of("warn.notKept", "error", err.Error()))
}

// Rates returns the measured speeds.
func (m Measurement) Rates() Rates {
	return Rates{Read: m.ReadRate, Write: m.WriteRate}
}

// Fresh reports whether the measurement is recent enough at now to be used
// without probing again (see FreshFor).
func (m Measurement) Fresh(now time.Time) bool {
	return !m.Measured.IsZero() && now.Sub(m.Measured) < FreshFor && now.After(m.Measured.Add(-time.Minute))
}

// Summary is the measurement in one line, for a journal note and the
// terminal: "reads 412 tokens/s, writes 12 tokens/s, reuses its prompt
// cache, follows JSON schemas". A speed the probe could not time is left
// out.
func (m Measurement) Summary() string {
	var parts []string
	if m.ReadRate > 0 {
		parts = append(parts, "reads "+Rate(m.ReadRate)+" tokens/s")
	}
	if m.WriteRate > 0 {
		parts = append(parts, "writes "+Rate(m.WriteRate)+" tokens/s")
	}
	switch m.PrefixReuse {
	case Yes:
		parts = append(parts, "reuses its prompt cache")
	case No:
		parts = append(parts, "does not reuse its prompt cache")
	}
	if m.Schema == No {
		return strings.Join(append(parts, "does not follow JSON schemas"), ", ")
	}
	return strings.Join(append(parts, "follows JSON schemas"), ", ")
}

// SummarySaid is Summary as the window's message: its parts ("note.*")
// one after another ("note.sep").
func (m Measurement) SummarySaid() *phrase.Said {
	var parts []*phrase.Said
	if m.ReadRate > 0 {
		parts = append(parts, phrase.Of("note.reads", "rate", rateValue(m.ReadRate)))
	}
	if m.WriteRate > 0 {
		parts = append(parts, phrase.Of("note.writes", "rate", rateValue(m.WriteRate)))
	}
	switch m.PrefixReuse {
	case Yes:
		parts = append(parts, phrase.Of("note.reuses"))
	case No:
		parts = append(parts, phrase.Of("note.noReuse"))
	}
	if m.Schema == No {
		parts = append(parts, phrase.Of("note.noSchema"))
	} else {
		parts = append(parts, phrase.Of("note.schema"))
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out = phrase.Of("note.sep", "a", out, "b", p)
	}
	return out
}

// rateValue is a speed as a message's value, a number the window writes
// as its language does ("3,5" in German): whole tokens a second from 10
// up, one decimal below; a whole number below 10 as Rate writes it
// ("3.0"), whose decimal a number would lose.
func rateValue(r float64) any {
	if r >= 10 {
		return int(math.Round(r))
	}
	if tenth := math.Round(r*10) / 10; tenth != math.Trunc(tenth) {
		return tenth
	}
	return Rate(r)
}

// Rate writes a speed as the user reads it: whole tokens a second from 10
// up, one decimal below; "?" when not measured.
func Rate(r float64) string {
	switch {
	case r <= 0:
		return "?"
	case r >= 10:
		return Count(int(math.Round(r))) // halves up, as the app's figures
	}
	return fmt.Sprintf("%.1f", math.Round(r*10)/10)
}

// Rates are a model's speeds in tokens per second; zero means unknown.
type Rates struct {
	Read  float64 `json:"read"`
	Write float64 `json:"write"`
}

// Known reports whether both speeds are measured.
func (r Rates) Known() bool { return r.Read > 0 && r.Write > 0 }

// Reading is how long reading n new prompt tokens takes; 0 when the
// reading speed is unknown.
func (r Rates) Reading(n int) time.Duration { return span(n, r.Read) }

// Writing is how long writing n tokens takes; 0 when the writing speed is
// unknown.
func (r Rates) Writing(n int) time.Duration { return span(n, r.Write) }

func span(n int, rate float64) time.Duration {
	if rate <= 0 || n <= 0 {
		return 0
	}
	return time.Duration(float64(n) / rate * float64(time.Second))
}

// PartTokens is how many prompt tokens the model reads within budget at
// the measured reading speed, or 0 when it is unknown: what a page part
// could hold for a turn to read in a given time.
func PartTokens(r Rates, budget time.Duration) int {
	if r.Read <= 0 || budget <= 0 {
		return 0
	}
	return int(math.Floor(r.Read * budget.Seconds()))
}

// About writes a wait as the user reads it: "about 4 min", "about 40 s",
// "a few seconds".
func About(d time.Duration) string {
	switch unit, n := about(d); unit {
	case "few":
		return "a few seconds"
	case "h":
		return "about " + strconv.FormatFloat(n, 'f', -1, 64) + " h"
	default:
		return fmt.Sprintf("about %d %s", int(n), unit)
	}
}

// AboutSaid is About as the window's message "wait.about.<unit>", for it
// to say in its language.
func AboutSaid(d time.Duration) *phrase.Said {
	unit, n := about(d)
	if unit == "few" {
		return phrase.Of("wait.about.few")
	}
	if unit == "h" {
		return phrase.Of("wait.about.h", "n", n)
	}
	return phrase.Of("wait.about."+unit, "n", int(n))
}

// about is a wait rounded as the user reads it: a few seconds ("few"), or
// a number of seconds ("s"), minutes ("min") or hours to a tenth ("h").
func about(d time.Duration) (unit string, n float64) {
	switch {
	case d < 5*time.Second:
		return "few", 0
	case d < 55*time.Second:
		return "s", float64(d.Round(5*time.Second) / time.Second)
	case d < 90*time.Minute:
		return "min", float64(max(1, int(d.Round(time.Minute)/time.Minute)))
	}
	return "h", math.Round(d.Hours()*10) / 10
}

// Spent writes a time taken, to the second, as the window writes it in
// English (phrase.Seconds): "6 s", "1 min 5 s", "1 h 2 s", a unit of none
// left out.
func Spent(d time.Duration) string {
	sec := max(0, int(d.Round(time.Second)/time.Second))
	var parts []string
	for _, u := range []struct {
		n    int
		unit string
	}{{sec / 3600, "h"}, {sec / 60 % 60, "min"}, {sec % 60, "s"}} {
		if u.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", u.n, u.unit))
		}
	}
	if len(parts) == 0 {
		return "0 s"
	}
	return strings.Join(parts, " ")
}

// Count writes a number of tokens with thousands separated: "1,850".
func Count(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + Count(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
