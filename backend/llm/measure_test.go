package llm

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
	"github.com/scout-research/scout/backend/speed"
)

// The probe's calls are the ones the fake server answers by itself.
func TestProbeKindsAreTheFakesOwn(t *testing.T) {
	for _, kind := range []string{probeSpeedKind, probeSchemaKind} {
		if !strings.HasPrefix(kind, llmtest.ProbePrefix) {
			t.Errorf("probe kind %q does not start with %q", kind, llmtest.ProbePrefix)
		}
	}
}

// slowRead and slowWrite make the fake as slow as a fast CPU, so the
// probe's figures are timed, not instant.
const (
	slowRead  = 200.0
	slowWrite = 40.0
)

// onClock is a client of the fake at base that times its calls by the
// fake's clock, so what it measures is what the fake declares however
// busy the machine is (see llmtest.Clock).
func onClock(base string, clock *llmtest.Clock) *Client {
	c := New(base, WithHTTPClient(clock.Client()))
	c.now = clock.Now
	return c
}

// within reports whether got is within factor of want.
func within(got, want, factor float64) bool { return got >= want/factor && got <= want*factor }

// The probe against a slow fake measures its speeds within a sane factor,
// whether the server says what it took from its cache (llama.cpp) or the
// probe times it (LM Studio); a server without prefix reuse gets the
// warning that Scout is several times slower, and one that ignores the
// schema the schema warning. Each takes a few seconds, which it says.
func TestProbeMeasuresASlowServer(t *testing.T) {
	tests := []struct {
		name        string
		opts        llmtest.Options
		reuse, how  string
		schema      string
		warningSays []string
		exactRates  bool // llama.cpp reports its own speeds
	}{
		{name: "LM Studio", opts: llmtest.Options{Flavour: llmtest.LMStudio04}, reuse: speed.Yes, how: speed.ReuseTimed, schema: speed.Yes},
		{name: "llama.cpp", opts: llmtest.Options{Flavour: llmtest.LlamaCpp}, reuse: speed.Yes, how: speed.ReuseReported, schema: speed.Yes, exactRates: true},
		{name: "LM Studio without prefix reuse", opts: llmtest.Options{Flavour: llmtest.LMStudio04, NoPrefixCache: true},
			reuse: speed.No, how: speed.ReuseTimed, schema: speed.Yes, warningSays: []string{"Scout is several times slower with this server", "prompt cache"}},
		{name: "llama.cpp without prefix reuse", opts: llmtest.Options{Flavour: llmtest.LlamaCpp, NoPrefixCache: true},
			reuse: speed.No, how: speed.ReuseReported, schema: speed.Yes, exactRates: true, warningSays: []string{"Scout is several times slower with this server", "--no-cache-prompt"}},
		{name: "a server that ignores the schema", opts: llmtest.Options{Flavour: llmtest.LMStudio04, IgnoreSchema: true},
			reuse: speed.Yes, how: speed.ReuseTimed, schema: speed.No, warningSays: []string{"did not hold the model to the JSON schema", `"Sure! Yes, it is.`, "test again"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.opts.ReadRate, tc.opts.WriteRate, tc.opts.Clock = slowRead, slowWrite, llmtest.NewClock()
			srv := llmtest.New(tc.opts)
			defer srv.Close()
			c := onClock(srv.BaseURL(), tc.opts.Clock)
			info, err := c.Probe(context.Background(), "")
			if err != nil {
				t.Fatal(err)
			}
			m, err := c.Measure(context.Background(), info, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: read %.0f tokens/s, wrote %.1f tokens/s, prefix reuse %s (%s), schema %s, took %v", tc.name, m.ReadRate, m.WriteRate, m.PrefixReuse, m.ReuseHow, m.Schema, m.Took.Round(time.Millisecond))
			factor := 2.0
			if tc.exactRates {
				factor = 1.01
			}
			if !within(m.ReadRate, slowRead, factor) || !within(m.WriteRate, slowWrite, factor) {
				t.Errorf("measured read %.1f and write %.1f tokens/s, the fake reads %v and writes %v", m.ReadRate, m.WriteRate, slowRead, slowWrite)
			}
			if m.PrefixReuse != tc.reuse || m.ReuseHow != tc.how || m.Schema != tc.schema {
				t.Errorf("prefix reuse %q (%s), schema %q; want %q (%s), %q", m.PrefixReuse, m.ReuseHow, m.Schema, tc.reuse, tc.how, tc.schema)
			}
			all := strings.Join(m.Warnings, "\n")
			if len(tc.warningSays) == 0 && len(m.Warnings) > 0 {
				t.Errorf("warnings for a good server: %s", all)
			}
			for _, says := range tc.warningSays {
				if !strings.Contains(all, says) {
					t.Errorf("the warnings do not say %q:\n%s", says, all)
				}
			}
			if m.Model != info.Model || m.ServerURL != speed.Key(srv.BaseURL()) || m.Measured.IsZero() {
				t.Errorf("measurement of %q at %q, %v", m.Model, m.ServerURL, m.Measured)
			}
			// About 300 tokens read and 40 written at these speeds: seconds.
			if m.Took < time.Second || m.Took > 15*time.Second {
				t.Errorf("the probe took %v", m.Took)
			}
			if got := c.Rates(); got != m.Rates() {
				t.Errorf("the client works with %+v after the probe, not its %+v", got, m.Rates())
			}
		})
	}
}

// A fast server (the fake at full speed) reads too quickly for the clock
// to tell a reused prefix; the probe says it cannot tell rather than warn.
func TestProbeOfAFastServerCannotTimeReuse(t *testing.T) {
	srv := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04})
	defer srv.Close()
	c := New(srv.BaseURL())
	m, err := c.Measure(context.Background(), ServerInfo{Model: "qwen2.5-7b-instruct", ModelLoaded: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.PrefixReuse != speed.Unknown || len(m.Warnings) != 0 || m.Schema != speed.Yes {
		t.Errorf("%+v", m)
	}
	if calls := srv.Calls(); len(calls) != 3 || calls[0].Kind != probeSchemaKind || calls[1].Kind != probeSpeedKind || calls[2].Messages[1] != calls[1].Messages[1] {
		t.Errorf("the probe's calls: %+v", calls)
	}
}

// A reasoning model follows the schema in its answer after the thinking,
// wherever the server sends the thinking: the probe judges that answer,
// and warns of nothing.
func TestProbeJudgesTheAnswerAfterTheThinking(t *testing.T) {
	for _, field := range []llmtest.ThinkingField{llmtest.ThinkInContent, llmtest.ReasoningContent, llmtest.Reasoning} {
		t.Run(cmp.Or(string(field), "content"), func(t *testing.T) {
			srv := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, Thinking: field, Thought: "7 is prime; 11 comes next."})
			defer srv.Close()
			m, err := New(srv.BaseURL()).Measure(context.Background(), ServerInfo{Model: "qwen3-8b", ModelLoaded: true}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if m.Schema != speed.Yes || len(m.Warnings) != 0 {
				t.Errorf("schema %q, warnings %q; the model answered %q after thinking %q", m.Schema, m.Warnings, srv.Calls()[0].Reply, srv.Calls()[0].Thinking)
			}
		})
	}
}

func TestFollowsCheckSchema(t *testing.T) {
	for reply, want := range map[string]bool{
		`{"answer":"yes","next":11}`:           true,
		` {"next": 11, "answer": "no"} `:       true,
		`{"answer":"yes","next":11.5}`:         false,
		`{"answer":"maybe","next":11}`:         false,
		`{"answer":"yes"}`:                     false,
		`{"answer":"yes","next":11,"why":"x"}`: false,
		`Yes, 7 is prime; the next is 11.`:     false,
		`{"answer":"yes","next":11} and more`:  false,
	} {
		if got := followsCheckSchema(reply); got != want {
			t.Errorf("%s: %v, want %v", reply, got, want)
		}
	}
}

// The probe tells how it goes while the user waits on it: each of its
// three calls in turn, what it finds out, the tokens read and written, and
// a share done that only grows.
func TestProbeTellsItsSteps(t *testing.T) {
	srv := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ReadRate: 200, WriteRate: 10})
	defer srv.Close()
	c := New(srv.BaseURL())
	var steps []ProbeStep
	if _, err := c.Measure(context.Background(), ServerInfo{Model: "qwen2.5-7b-instruct", ModelLoaded: true}, func(s ProbeStep) { steps = append(steps, s) }); err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	last := 0.0
	m := phrasetest.Window(t)
	for _, s := range steps {
		seen[s.N] = true
		if s.Wait.Say == nil {
			t.Errorf("call %d: %q is no message of the window's", s.N, s.Wait.Text)
		} else if got, known := phrasetest.English(m, s.Wait.Say); !known || got != s.Wait.Text {
			t.Errorf("call %d: the window says %q (known: %v), Go %q", s.N, got, known, s.Wait.Text)
		}
		prefix := fmt.Sprintf("Call %d of 3, %s: ", s.N, probeSteps[s.N-1])
		if s.Of != 3 || !strings.HasPrefix(s.Wait.Text, prefix) || s.What != probeSteps[s.N-1] || strings.Contains(s.Wait.Text, " 0 prompt tokens") {
			t.Errorf("step %+v: text %q, want it to start %q", s, s.Wait.Text, prefix)
		}
		if s.Wait.Done < last || s.Wait.Done > 1 || s.Wait.Done < float64(s.N-1)/3 {
			t.Errorf("call %d: done %.2f after %.2f", s.N, s.Wait.Done, last)
		}
		last = s.Wait.Done
	}
	if len(seen) != 3 || steps[0].N != 1 || steps[len(steps)-1].N != 3 {
		t.Errorf("the probe told calls %v, in the order %+v", seen, steps)
	}
	if !slices.ContainsFunc(steps, func(s ProbeStep) bool { return strings.Contains(s.Wait.Text, ": writing: ") }) {
		t.Errorf("no step told the tokens written: %+v", steps)
	}
}

// The warnings end each sentence once (the model's quoted reply ends the
// schema warning with its own stop), and the cache advice names the flags
// and settings of the server identified, not another's.
func TestWarningsWording(t *testing.T) {
	for _, reply := range []string{"Sure! Yes, it is.", "yes", strings.Repeat("word ", 60)} {
		got := warned(speed.Measurement{Schema: speed.No, PrefixReuse: speed.Yes}, reply).Warnings
		if len(got) != 1 {
			t.Fatalf("%d warnings", len(got))
		}
		for _, bad := range []string{`.".`, `…".`, "..", `!".`} {
			if strings.Contains(got[0], bad) {
				t.Errorf("the schema warning for the reply %q holds %q: %s", reply, bad, got[0])
			}
		}
	}
	tests := []struct{ server, says, not string }{
		{ServerLMStudio, "LM Studio keeps it", "--no-cache-prompt"},
		{ServerOllama, "keep_alive", "--no-cache-prompt"},
		{ServerLlamaCpp, "--no-cache-prompt", "LM Studio"},
		{"", "--no-cache-prompt", ""},
	}
	for _, tc := range tests {
		got := strings.Join(warned(speed.Measurement{Server: tc.server, Schema: speed.Yes, PrefixReuse: speed.No}, "").Warnings, "\n")
		if !strings.Contains(got, tc.says) || (tc.not != "" && strings.Contains(got, tc.not)) {
			t.Errorf("server %q: the advice should say %q and not %q: %s", tc.server, tc.says, tc.not, got)
		}
	}
}

// warned is m with the warnings warn adds.
func warned(m speed.Measurement, checkReply string) speed.Measurement {
	warn(&m, checkReply)
	return m
}

// The window says each warning in its language; in English word for word
// as the terminal and the journal have it, the model's quoted reply as
// written.
func TestWarningsAreTheWindowsMessages(t *testing.T) {
	window := phrasetest.Window(t)
	for _, server := range []string{ServerLMStudio, ServerOllama, ServerLlamaCpp, ""} {
		for _, reply := range []string{"Sure! Yes, it is.", `{"answer": "yes"}`} {
			m := warned(speed.Measurement{Server: server, Schema: speed.No, PrefixReuse: speed.No}, reply)
			if len(m.Warnings) != 2 || len(m.WarningSays) != 2 {
				t.Fatalf("server %q: %d warnings, %d said for the window", server, len(m.Warnings), len(m.WarningSays))
			}
			for i, english := range m.Warnings {
				if got, known := phrasetest.English(window, m.WarningSays[i]); !known || got != english {
					t.Errorf("server %q: the window says (known: %v)\n%s\nGo:\n%s", server, known, got, english)
				}
			}
		}
	}
}

// onPipe is a client of a fake served over in-memory connections, for a
// test in a synctest bubble: the client's clock, watchdog and waits keep
// the bubble's time, as the fake's speeds do (see llmtest.Pipe).
func onPipe(srv *llmtest.Piped) *Client {
	return New(srv.BaseURL(), WithHTTPClient(srv.Client()))
}
