package agent

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
)

const finding1 = "[1,2,3] Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level."

func coverageAll() string {
	return `{"items":[{"item":1,"findings":[1],"covered":true,"missing":""},{"item":2,"findings":[1],"covered":true,"missing":""},{"item":3,"findings":[1],"covered":true,"missing":""}]}`
}

func TestFactualRunFinishes(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {
			act(ActSearch, "tallest mountain in Africa", "Search first."),
			act(ActNavigate, "R1", "The first result is the article."),
			act(ActDiscover, finding1, "Part 1 has the answer."),
			act(ActFinish, "Mount Kilimanjaro, 5,895 m (19,341 ft).", "Every item is covered by the finding."),
		},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"The tallest mountain in Africa is Mount Kilimanjaro [1], which rises 5,895 metres (19,341 ft) above sea level [1]."}`},
	})
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusFinished || res.Turns != 4 || len(res.Findings) != 1 {
		t.Fatalf("status %s turns %d findings %d (%s)", res.Status, res.Turns, len(res.Findings), res.Error)
	}
	f := res.Findings[0]
	if f.URL != base+"/wiki/Kilimanjaro" || f.Part != 1 || f.Turn != 3 || !reflect.DeepEqual(f.Items, []int{1, 2, 3}) ||
		!strings.Contains(f.Quote, "5,895 metres (19,341 ft)") || strings.HasPrefix(f.Text, "[") {
		t.Fatalf("finding %+v", f)
	}
	if !strings.Contains(res.Answer, "[1]") || len(res.Unsupported) != 0 || len(res.NotFound) != 0 {
		t.Fatalf("answer %q unsupported %v not found %v", res.Answer, res.Unsupported, res.NotFound)
	}
	if res.Calls[KindAction] != 4 || res.Calls[KindChecklist] != 1 || res.Calls[KindCoverage] != 1 || res.Calls[KindWriter] != 1 {
		t.Fatalf("calls %v", res.Calls)
	}
	// Checklist, actions and coverage are one growing conversation; the
	// writer's is a fresh prompt without page text that opens with the same
	// (cached) system prompt.
	conv := m.reqs[:len(m.reqs)-1]
	if conv[0].Kind != KindChecklist || conv[len(conv)-1].Kind != KindCoverage {
		t.Fatalf("calls in order: %v", kinds(m.reqs))
	}
	assertAppendOnly(t, conv)
	writer := m.reqs[len(m.reqs)-1]
	if writer.Kind != KindWriter || len(writer.Messages) != 2 || writer.Messages[0] != conv[0].Messages[0] || strings.Contains(writer.Messages[1].Content, "<page>") {
		t.Fatalf("writer prompt %+v", writer.Messages)
	}
	for _, r := range m.reqs {
		if r.MaxTokens != maxTokens[r.Kind] || r.Temperature != temperature || r.Schema == nil || r.Schema.Name != r.Kind {
			t.Errorf("%s call sent max_tokens %d, temperature %v, schema %+v", r.Kind, r.MaxTokens, r.Temperature, r.Schema)
		}
	}
	if shown := rec.of(EvPartShown); len(shown) != 1 || !strings.Contains(shown[0].Text, "5,895 metres") {
		t.Fatalf("parts shown %+v", shown)
	}
	last := rec.events[len(rec.events)-1]
	if last.Type != EvRunFinished || last.Status != StatusFinished {
		t.Fatalf("last event %+v", last)
	}
}

func kinds(reqs []chat.Request) []string {
	out := make([]string, len(reqs))
	for i, r := range reqs {
		out[i] = r.Kind
	}
	return out
}

// assertAppendOnly checks the prompt-cache property: every action request
// starts with the previous request's messages, byte for byte.
func assertAppendOnly(t *testing.T, reqs []chat.Request) {
	t.Helper()
	for i := 1; i < len(reqs); i++ {
		prev, cur := reqs[i-1].Messages, reqs[i].Messages
		if len(cur) <= len(prev) {
			t.Fatalf("request %d has %d messages, the one before %d", i, len(cur), len(prev))
		}
		for j := range prev {
			if prev[j] != cur[j] {
				t.Fatalf("request %d changed message %d:\nwas %q\nnow %q", i, j, prev[j].Content, cur[j].Content)
			}
		}
	}
}

// askingSearch is a search that has to wait on the user before answering,
// as DuckDuckGo does when a person must answer its bot check.
type askingSearch struct{ fakeSearch }

func (s askingSearch) Search(ctx context.Context, q string, notify port.Notify) ([]port.SearchResult, error) {
	notify.Say(port.Notice{Kind: port.NoticeWaiting, Text: "Answer the question in the browser window."})
	return s.fakeSearch.Search(ctx, q, notify)
}

// What a search asks of the user reaches the journal as it happens,
// before the results.
func TestSearchNoticeReachesTheJournal(t *testing.T) {
	cfg, _, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {act(ActSearch, "tallest mountain in Africa", "Search first.")},
	})
	cfg.Search, cfg.MaxTurns = askingSearch{kiliResults}, 1
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	notices, searched := rec.of(EvNotice), rec.of(EvSearched)
	if len(notices) != 1 || notices[0].Message != "Answer the question in the browser window." || notices[0].Kind != NoticeWaiting ||
		notices[0].Query != "tallest mountain in Africa" || notices[0].Turn != 1 {
		t.Fatalf("notices %+v", notices)
	}
	if len(searched) != 1 || searched[0].Seq < notices[0].Seq || searched[0].Count == 0 {
		t.Fatalf("searched %+v after notice %d", searched, notices[0].Seq)
	}
}

// waitingModel is a model server that keeps the run waiting before its
// first reply, and says so.
type waitingModel struct{ *scripted }

func (m waitingModel) Complete(ctx context.Context, req chat.Request, notify port.Notify) (chat.Reply, error) {
	if len(m.reqs) == 0 {
		notify.Say(port.Notice{Text: "Waiting for the model server: no reply for 2 minutes."})
	}
	return m.scripted.Complete(ctx, req, notify)
}

// What a model call says while it waits reaches the journal as it
// happens, before the call's own event.
func TestModelNoticeReachesTheJournal(t *testing.T) {
	cfg, model, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {act(ActSearch, "tallest mountain in Africa", "Search first.")},
	})
	cfg.Model, cfg.MaxTurns = waitingModel{model}, 1
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	notices, calls := rec.of(EvNotice), rec.of(EvModelCall)
	if len(notices) != 1 || notices[0].Message != "Waiting for the model server: no reply for 2 minutes." || notices[0].Kind != "" ||
		len(calls) == 0 || calls[0].Seq < notices[0].Seq {
		t.Fatalf("notices %+v, model calls %+v", notices, calls)
	}
}

// tellingModel is a model client that tells how each call goes, as the
// llm client does: as it is sent, then twice more.
type tellingModel struct{ *scripted }

func (m tellingModel) Complete(ctx context.Context, req chat.Request, notify port.Notify) (chat.Reply, error) {
	for i, left := range []time.Duration{4 * time.Minute, 2 * time.Minute, 0} {
		w := chat.Wait{Phase: chat.Reading, NewTokens: 1850, Left: left, Expected: 4 * time.Minute, Done: float64(i) / 2,
			Text: "reading 1,850 new tokens, about 4 min"}
		notify.Say(port.Notice{Kind: port.NoticeProgress, Text: w.Text, Wait: &w})
	}
	return m.scripted.Complete(ctx, req, notify)
}

// watching is a sink that also shows calls in progress.
type watching struct {
	recorder
	progress []CallProgress
}

func (w *watching) Watch(p CallProgress) { w.progress = append(w.progress, p) }

// A call's first wait is its start in the journal, once, before the call's
// own event; every wait reaches a sink that watches, with the step it
// serves and the time left for it; none is a notice in the journal. Notes
// given to the run come first.
func TestCallWaitsReachTheJournalOnceAndAWatcherAlways(t *testing.T) {
	cfg, model, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {act(ActSearch, "tallest mountain in Africa", "Search first.")},
	})
	sink := &watching{}
	cfg.Model, cfg.Sink, cfg.MaxTurns = tellingModel{model}, sink, 1
	cfg.Notes = []port.Notice{{Text: "Model speed: reads 40 tokens/s."}}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	starts, calls := sink.of(EvModelWait), sink.of(EvModelCall)
	if len(starts) != len(calls) || len(starts) < 2 {
		t.Fatalf("%d call starts for %d calls", len(starts), len(calls))
	}
	for i, s := range starts {
		if s.Seq > calls[i].Seq || s.Kind != calls[i].Kind || s.Message != "reading 1,850 new tokens, about 4 min" || s.Wait == nil || s.Wait.NewTokens != 1850 {
			t.Errorf("call start %+v before call %+v", s, calls[i])
		}
	}
	if n := sink.of(EvNotice); len(n) != 1 || n[0].Message != cfg.Notes[0].Text || n[0].Seq != 2 {
		t.Errorf("the run's notes: %+v", n)
	}
	if len(sink.progress) != 3*len(calls) {
		t.Fatalf("%d progress updates for %d calls", len(sink.progress), len(calls))
	}
	first, turn := sink.progress[0], sink.progress[3]
	if first.Stage != "Making the checklist" || first.StageLeft != "about 4 min left" || first.Kind != KindChecklist {
		t.Errorf("the checklist call's progress: %+v", first)
	}
	if turn.Stage != "Turn 1" || turn.Turn != 1 || sink.progress[5].StageLeft != "almost done" || turn.Wait.Done != 0 {
		t.Errorf("the first turn's progress: %+v, then %+v", turn, sink.progress[5])
	}
}
