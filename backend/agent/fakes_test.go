package agent

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/page"
)

// scripted is a Model answering each call kind from its own queue; when a
// queue runs dry it answers the kind's last reply again.
type scripted struct {
	t       *testing.T
	replies map[string][]string
	mu      sync.Mutex
	reqs    []chat.Request
	err     map[int]error // by call index, an error instead of a reply
}

func (m *scripted) Complete(_ context.Context, req chat.Request, _ port.Notify) (chat.Reply, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	idx := len(m.reqs)
	req.Messages = append([]chat.Message(nil), req.Messages...) // keep what was sent, not the caller's slice
	m.reqs = append(m.reqs, req)
	if err := m.err[idx]; err != nil {
		return chat.Reply{}, err
	}
	q := m.replies[req.Kind]
	if len(q) == 0 {
		m.t.Fatalf("no scripted %s reply for call %d", req.Kind, idx)
	}
	r := q[0]
	if len(q) > 1 {
		m.replies[req.Kind] = q[1:]
	}
	chars := 0
	for _, msg := range req.Messages {
		chars += len(msg.Content)
	}
	// Streamed four bytes at a time, as a server streams tokens: a caller
	// that has enough stops it there.
	stopped := false
	for n := 4; req.Enough != nil && n < len(r); n += 4 {
		if req.Enough(r[:n]) {
			r, stopped = r[:n], true
			break
		}
	}
	return chat.Reply{Content: r, Stopped: stopped, Usage: chat.Usage{PromptTokens: chars / 4, CompletionTokens: len(r) / 4, Duration: time.Millisecond}}, nil
}

// calls returns the requests of one kind.
func (m *scripted) calls(kind string) []chat.Request {
	var out []chat.Request
	for _, r := range m.reqs {
		if r.Kind == kind {
			out = append(out, r)
		}
	}
	return out
}

func act(action, param, thought string) string {
	return fmt.Sprintf(`{"thought_process":%q,"action":%q,"parameter":%q}`, thought, action, param)
}

// fakeSearch answers queries from a table.
type fakeSearch map[string][]port.SearchResult

func (f fakeSearch) Search(_ context.Context, q string, _ port.Notify) ([]port.SearchResult, error) {
	return f[strings.ToLower(q)], nil
}

// recorder keeps every event.
type recorder struct{ events []Event }

func (r *recorder) Emit(e Event) { r.events = append(r.events, e) }

func (r *recorder) of(typ string) []Event {
	var out []Event
	for _, e := range r.events {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

const base = "http://wiki.test"

// kiliWorld is a small web: a two-part article with the answer in part 1.
func kiliWorld() fakeweb.World {
	long := strings.Repeat("The slopes rise through farmland, forest, heath and alpine desert before the ice of the summit. ", 30)
	return fakeweb.World{
		"/wiki/Kilimanjaro": {Title: "Mount Kilimanjaro - Wiki", Blocks: []page.Block{
			{Kind: page.Heading, Level: 1, Text: "Mount Kilimanjaro"},
			{Kind: page.Paragraph, Text: "Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level."},
			{Kind: page.List, Items: []string{"Mount Kenya", "Tanzania"}},
			{Kind: page.Heading, Level: 2, Text: "Ecology"},
			{Kind: page.Paragraph, Text: long},
			{Kind: page.Heading, Level: 2, Text: "Climate"},
			{Kind: page.Paragraph, Text: long},
		}, Hrefs: map[int][]string{2: {"/wiki/Mount_Kenya", "/wiki/Tanzania"}}},
		"/wiki/Mount_Kenya": {Title: "Mount Kenya - Wiki", Blocks: []page.Block{
			{Kind: page.Paragraph, Text: "Mount Kenya is the second-highest mountain in Africa, at 5,199 metres (17,057 ft)."},
		}},
		"/wiki/Tanzania": {Status: 404},
	}
}

var kiliResults = fakeSearch{
	"tallest mountain in africa": {
		{Title: "Mount Kilimanjaro - Wiki", URL: base + "/wiki/Kilimanjaro", Snippet: "the highest mountain in Africa"},
		{Title: "Mount Kenya - Wiki", URL: base + "/wiki/Mount_Kenya", Snippet: "second-highest"},
	},
}

func kiliChecklist() string {
	return `{"items":["the tallest mountain in Africa","its height in meters","its height in feet"]}`
}

// newAgent makes an agent for cfg, as Run does.
func newAgent(t *testing.T, cfg Config) *Agent {
	t.Helper()
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// agentFor is an agent for objective in the small test web, for tests of
// one rule or step.
func agentFor(t *testing.T, objective string) *Agent {
	t.Helper()
	cfg, _, _, _ := newRun(t, nil)
	cfg.Objective = objective
	return newAgent(t, cfg)
}

// newRun wires a scripted model, the fake browser and search.
func newRun(t *testing.T, replies map[string][]string) (Config, *scripted, *recorder, *fakeweb.Fake) {
	m := &scripted{t: t, replies: replies}
	rec := &recorder{}
	g := &netguard.Guard{}
	g.Allow(base)
	fake := &fakeweb.Fake{World: kiliWorld(), Base: base, Guard: g}
	clock := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	cfg := Config{
		Objective:     "What is the tallest mountain in Africa, and how tall is it in meters and in feet?",
		ContextLength: 8192, MaxTurns: 20, Model: m, Browser: fake, Search: kiliResults, Sink: rec,
		Now: func() time.Time { clock = clock.Add(time.Second); return clock },
	}
	return cfg, m, rec, fake
}
