package agent

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
)

// A model that keeps sending a refused reply ends the run as stuck after
// maxRepeatedRefusals repeats, told once that it repeats itself; a reply
// the rules accept in between starts the count again.
func TestRepeatedRefusalsEndTheRun(t *testing.T) {
	finish := act(ActFinish, "Kilimanjaro.", "Done.")
	invented := act(ActNavigate, "http://wiki.test/wiki/Everest", "")
	other := act(ActNavigate, "http://wiki.test/wiki/K2", "")
	cases := []struct {
		name      string
		actions   []string
		status    Status
		calls     int    // action calls made
		writer    bool   // whether the findings went to the writer
		errSubstr string // in the run's error
	}{
		{"same FINISH with no findings", []string{finish}, StatusStuck, 1 + maxRepeatedRefusals, false, "FINISH again and again, refused each time (no findings were recorded yet)"},
		{"two refused replies in turn", []string{search1, invented, other, invented, other, invented, other}, StatusStuck, 1 + 2 + maxRepeatedRefusals, false, "NAVIGATE"},
		{"a thought reworded is the same reply", []string{search1, invented, act(ActNavigate, " http://wiki.test/wiki/Everest ", "Try again."), invented, invented}, StatusStuck, 1 + 1 + maxRepeatedRefusals, false, "NAVIGATE"},
		{"findings go to the writer", []string{search1, openKili, act(ActDiscover, finding1, ""), invented}, StatusStuck, 3 + 1 + maxRepeatedRefusals, true, "NAVIGATE"},
		{"an accepted action starts the count again", []string{invented, invented, invented, search1, invented, invented, invented, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "Kilimanjaro, 5,895 m (19,341 ft).", "")}, StatusFinished, 10, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, m, rec, _ := newRun(t, map[string][]string{
				KindChecklist: {kiliChecklist()},
				KindAction:    c.actions,
				KindCoverage:  {coverageAll()},
				KindWriter:    {`{"result":"Mount Kilimanjaro [1]."}`},
			})
			res, _ := Run(context.Background(), cfg)
			if res.Status != c.status || !strings.Contains(res.Error, c.errSubstr) {
				t.Fatalf("status %s, error %q; want %s with %q", res.Status, res.Error, c.status, c.errSubstr)
			}
			actions := m.calls(KindAction)
			if len(actions) != c.calls {
				t.Fatalf("%d action calls, want %d", len(actions), c.calls)
			}
			if got := len(m.calls(KindWriter)) == 1; got != c.writer {
				t.Fatalf("writer called: %v, want %v", got, c.writer)
			}
			if c.status != StatusStuck {
				return
			}
			// The first repeat is told so; the last refusal is journaled
			// and not sent back, since the run ends.
			told := 0
			for _, ev := range rec.of(EvRefused) {
				if strings.Contains(ev.Reason, "refused then too") {
					told++
				}
			}
			if told != 1 {
				t.Fatalf("%d refusals said the reply repeats an earlier one, want 1", told)
			}
			if last := rec.events[len(rec.events)-1]; last.Status != StatusStuck || last.Message != res.Error {
				t.Fatalf("last event %+v", last)
			}
		})
	}
}

// down is a search that always fails, except for the queries it knows.
type down struct {
	ok  fakeSearch
	err error
}

func (d down) Search(ctx context.Context, q string, _ port.Notify) ([]port.SearchResult, error) {
	if r, ok := d.ok[strings.ToLower(q)]; ok {
		return r, nil
	}
	return nil, d.err
}

// Searches failing maxSearchFailures times in a row end the run with the
// last failure, which says what to do; a search that works in between
// starts the count again.
func TestFailingSearchEndsTheRun(t *testing.T) {
	blocked := errors.New("DuckDuckGo asked Scout to prove it is human. Wait a few minutes, or switch the search provider to SearXNG in Settings")
	q := func(s string) string { return act(ActSearch, s, "") }
	cases := []struct {
		name    string
		actions []string
		status  Status
		turns   int
	}{
		{"three failures in a row", []string{q("a"), q("b"), q("c"), q("d")}, StatusSearchUnavailable, maxSearchFailures},
		{"the same query failing is tried again", []string{q("a"), q("a"), q("a")}, StatusSearchUnavailable, maxSearchFailures},
		{"a search that works in between", []string{q("a"), q("b"), search1, q("c"), q("d"), q("e")}, StatusSearchUnavailable, 3 + maxSearchFailures},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, _, _, _ := newRun(t, map[string][]string{KindChecklist: {kiliChecklist()}, KindAction: c.actions})
			cfg.Search = down{ok: kiliResults, err: blocked}
			res, _ := Run(context.Background(), cfg)
			if res.Status != c.status || res.Turns != c.turns {
				t.Fatalf("status %s after %d turns, want %s after %d", res.Status, res.Turns, c.status, c.turns)
			}
			if !strings.Contains(res.Error, "switch the search provider to SearXNG") {
				t.Fatalf("error %q does not say what to do", res.Error)
			}
		})
	}
}

// closing is a browser that closes after its first visit.
type closing struct {
	Browser
	visits int
}

func (c *closing) Open(ctx context.Context, url string) (*port.Visit, error) {
	c.visits++
	if c.visits > 1 {
		return nil, port.Failure(port.ErrBrowserClosed, url, "the browser is not running")
	}
	return c.Browser.Open(ctx, url)
}

// When the browser itself closes (its window closed, a crash), the run
// stops at once as interrupted, with its findings written up, saying to
// resume; a visit that merely failed does not stop it.
func TestClosedBrowserEndsTheRun(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActNavigate, "L1", ""), act(ActNavigate, "R2", "")},
		KindWriter:    {`{"result":"Mount Kilimanjaro [1]."}`},
	})
	cfg.Browser = &closing{Browser: cfg.Browser}
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusInterrupted || res.Turns != 4 || !strings.Contains(res.Error, "resume the run") {
		t.Fatalf("status %s on turn %d, error %q", res.Status, res.Turns, res.Error)
	}
	if len(m.calls(KindWriter)) != 1 || res.Answer == "" {
		t.Fatalf("the findings were not written up: %+v", res.Calls)
	}
}

// A run that ended well but whose writing step failed says the result is
// missing, and why: the report's status shows it.
func TestWriterFailureIsSaid(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, "")},
	})
	cfg.MaxTurns = 3
	cfg.Model = noWriter{m}
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusTurnLimit || !strings.HasPrefix(res.Error, "the final result could not be written: ") || !strings.Contains(res.Error, "stopped answering") {
		t.Fatalf("status %s, error %q", res.Status, res.Error)
	}
}

// noWriter is a model whose writing step fails.
type noWriter struct{ *scripted }

func (m noWriter) Complete(ctx context.Context, req chat.Request, notify port.Notify) (chat.Reply, error) {
	if req.Kind == KindWriter {
		return chat.Reply{}, fmt.Errorf("the model server stopped answering")
	}
	return m.scripted.Complete(ctx, req, notify)
}

// When the writing step fails after the run ended early, the report still
// says why the run ended, and that the result is missing.
func TestWriterFailureKeepsWhyTheRunEnded(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActNavigate, "L1", "")},
	})
	cfg.Browser = &closing{Browser: cfg.Browser}
	cfg.Model = noWriter{m}
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusInterrupted || !strings.Contains(res.Error, "resume the run") || !strings.Contains(res.Error, "stopped answering") {
		t.Fatalf("status %s, error %q", res.Status, res.Error)
	}
}

// A writer that ignores its token limit and sends megabytes gets its
// result cut, at a line break, saying so: the report, its JSON and every
// opening of it in the app stay small.
func TestAHugeResultIsCut(t *testing.T) {
	huge := strings.Repeat("Mount Kilimanjaro is the highest [1].\n", 200_000)
	cfg, _, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, "")},
		KindWriter:    {`{"result":` + strconv.Quote(huge) + `}`},
	})
	cfg.MaxTurns = 3
	res, _ := Run(context.Background(), cfg)
	if len(res.Answer) > MaxResultChars+200 || !strings.HasSuffix(res.Answer, resultCut) {
		t.Fatalf("a result of %d bytes, ending %q", len(res.Answer), res.Answer[max(0, len(res.Answer)-120):])
	}
	if body := strings.TrimSuffix(res.Answer, resultCut); !strings.HasSuffix(strings.TrimSpace(body), "highest [1].") {
		t.Errorf("not cut at a line break: %q", body[len(body)-60:])
	}
}
