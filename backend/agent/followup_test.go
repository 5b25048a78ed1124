package agent

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/chat"
)

// earlierKili is a finished run on the Kilimanjaro objective that read
// part 1 of the article, recorded the height and that the mountain is in
// Tanzania, and finished: what a follow-up takes over.
func earlierKili(t *testing.T, readAll bool) *Earlier {
	t.Helper()
	actions := []string{search1, openKili,
		act(ActDiscover, finding1, "Part 1 has it."),
		act(ActDiscover, "The slopes rise through farmland, forest, heath and alpine desert before the ice of the summit.", "The slopes."),
	}
	if readAll {
		actions = append(actions, act(ActReadMore, "", "The rest."))
	}
	actions = append(actions, act(ActFinish, "Kilimanjaro.", "All covered by [1]."))
	cfg, _, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    actions,
		KindCoverage:  {coverageAll()},
		KindWriter:    {`{"result":"Mount Kilimanjaro, 5,895 metres (19,341 ft) [1]."}`},
	})
	if res, _ := Run(context.Background(), cfg); len(res.Findings) != 2 {
		for _, e := range rec.of(EvRefused) {
			t.Log(e.Reason)
		}
		t.Fatalf("the earlier run: %s with %d findings (%s)", res.Status, len(res.Findings), res.Error)
	}
	snap, err := snapshotOf(rec.events)
	if err != nil {
		t.Fatal(err)
	}
	return &Earlier{Run: "../2026-11-30-090000-tallest-mountain", Snapshot: snap}
}

const followUpObjective = "How tall is Mount Kilimanjaro in feet, and how tall is Mount Kenya in metres?"

// followUpRun is a follow-up of earlier asking followUpObjective, with the
// actions given.
func followUpRun(t *testing.T, earlier *Earlier, actions ...string) (Config, *scripted, *recorder) {
	t.Helper()
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {`{"items":["height of Mount Kilimanjaro in feet","height of Mount Kenya in metres"]}`},
		KindAction:    actions,
		KindCoverage:  {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":""},{"item":2,"findings":[2],"covered":true,"missing":""}]}`},
		KindWriter:    {`{"result":"Kilimanjaro is 19,341 ft [1]; Mount Kenya 5,199 metres [2]."}`},
	})
	cfg.Objective, cfg.Earlier = followUpObjective, earlier
	cfg.Search = fakeSearch{"mount kenya height": {
		{Title: "Mount Kenya - Wiki", URL: base + "/wiki/Mount_Kenya", Snippet: "second-highest"},
		{Title: "Mount Kilimanjaro - Wiki", URL: base + "/wiki/Kilimanjaro", Snippet: "the highest mountain in Africa"},
	}}
	return cfg, m, rec
}

// A follow-up starts with the earlier run's findings that answer its own
// checklist, tied by the tie rule and marked as the earlier run's, and
// reads only for the rest: the finding about Tanzania answers nothing
// asked and is left behind, the height counts for item 1 with its source
// and quote, the earlier search is not made again, and the page read then
// is offered as opened already. The conversation only grows.
func TestFollowUpStartsFromTheEarlierFindings(t *testing.T) {
	cfg, m, rec := followUpRun(t, earlierKili(t, false),
		act(ActSearch, "tallest mountain in Africa", "Search again."), // refused: the earlier run searched it
		act(ActSearch, "Mount Kenya height", "Only Mount Kenya is missing."),
		act(ActNavigate, "R1", ""),
		act(ActDiscover, "[2] Mount Kenya is the second-highest mountain in Africa, at 5,199 metres (17,057 ft).", ""),
		act(ActFinish, "19,341 ft and 5,199 metres.", "1 [1], 2 [2]."),
	)
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusFinished || len(res.Findings) != 2 {
		t.Fatalf("follow-up: %s, findings %+v (%s)", res.Status, res.Findings, res.Error)
	}
	carried, own := res.Findings[0], res.Findings[1]
	if carried.Earlier == nil || carried.Earlier.Number != 1 || carried.Earlier.Run != "../2026-11-30-090000-tallest-mountain" ||
		carried.Number != 1 || !slices.Equal(carried.Items, []int{1}) || carried.URL != base+"/wiki/Kilimanjaro" || !strings.Contains(carried.Quote, "19,341 ft") {
		t.Fatalf("the finding taken over: %+v", carried)
	}
	if own.Earlier != nil || own.Number != 2 || !slices.Equal(own.Items, []int{2}) {
		t.Fatalf("the follow-up's own finding: %+v", own)
	}
	if res.Parent != "../2026-11-30-090000-tallest-mountain" {
		t.Fatalf("the result names the parent %q", res.Parent)
	}
	if started := rec.of(EvRunStarted); len(started) != 1 || started[0].Parent != res.Parent {
		t.Fatalf("run_started %+v does not name the parent", started)
	}
	if found := rec.of(EvFinding); len(found) != 2 || found[0].Message != earlierMessage || found[0].Turn != 0 {
		t.Fatalf("finding events %+v", found)
	}
	actions := m.calls(KindAction)
	start := actions[0].Messages[len(actions[0].Messages)-1].Content
	for _, want := range []string{
		"1. height of Mount Kilimanjaro in feet: covered by [1]", "2. height of Mount Kenya in metres: missing",
		"[1] Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level. (earlier run; source: http://wiki.test/wiki/Kilimanjaro)",
		"Pages it read (their parts read are not shown again): http://wiki.test/wiki/Kilimanjaro",
	} {
		if !strings.Contains(start, want) {
			t.Fatalf("the follow-up's start lacks %q:\n%s", want, start)
		}
	}
	if strings.Contains(start, "Mount Kilimanjaro is a dormant volcano in Tanzania.\n") {
		t.Fatalf("a finding that answers nothing asked was taken over:\n%s", start)
	}
	if refused := rec.of(EvRefused); len(refused) != 1 || refused[0].Kind != RefusalRepeatedSearch {
		t.Fatalf("refusals %+v: the earlier search is not known", refused)
	}
	results := actions[2].Messages[len(actions[2].Messages)-1].Content
	if !strings.Contains(results, "R2. Mount Kilimanjaro - Wiki (opened already)") {
		t.Fatalf("the page the earlier run read is not offered as opened:\n%s", results)
	}
	assertAppendOnly(t, withoutWriter(m.reqs))
}

// A page the earlier run read is not read anew: opened again, it shows the
// first part the earlier run did not read, with the outline marking the
// parts it did; a finding from a part read then is grounded against its
// text. A page it read whole shows its outline only.
func TestFollowUpOpensAnEarlierPageAtWhatItDidNotRead(t *testing.T) {
	cfg, m, rec := followUpRun(t, earlierKili(t, false),
		act(ActSearch, "Mount Kenya height", ""),
		act(ActNavigate, "R2", "The Kilimanjaro article again."),
		act(ActSearch, "Mount Kenya metres", ""),
	)
	cfg.MaxTurns = 3
	Run(context.Background(), cfg)
	actions := m.calls(KindAction)
	opened := actions[len(actions)-1].Messages[len(actions[len(actions)-1].Messages)-1].Content
	for _, want := range []string{"Part 1 (read)", "Part 2 of 2:\n<page>"} {
		if !strings.Contains(opened, want) {
			t.Fatalf("the earlier page opened again lacks %q:\n%s", want, opened)
		}
	}
	if shown := rec.of(EvPartShown); len(shown) != 1 || shown[0].Part != 2 {
		t.Fatalf("parts shown %+v: part 1 was read anew", shown)
	}

	cfg, m, rec = followUpRun(t, earlierKili(t, true),
		act(ActSearch, "Mount Kenya height", ""),
		act(ActNavigate, "R2", "The Kilimanjaro article again."),
		act(ActSearch, "Mount Kenya metres", ""),
	)
	cfg.MaxTurns = 3
	Run(context.Background(), cfg)
	actions = m.calls(KindAction)
	opened = actions[len(actions)-1].Messages[len(actions[len(actions)-1].Messages)-1].Content
	if !strings.Contains(opened, "The earlier run read all 2 parts of this page") || strings.Contains(opened, "Part 1 of 2:") || strings.Contains(opened, "Part 2 of 2:") {
		t.Fatalf("a page read whole is shown again:\n%s", opened)
	}
	if shown := rec.of(EvPartShown); len(shown) != 0 {
		t.Fatalf("parts shown %+v of a page read whole", shown)
	}
}

// followUpRequest is the first action request of a follow-up, for the
// golden prompts.
func followUpRequest(t *testing.T) chat.Request {
	cfg, m, _ := followUpRun(t, earlierKili(t, false), act(ActSearch, "Mount Kenya height", ""))
	cfg.MaxTurns = 1
	Run(context.Background(), cfg)
	return m.calls(KindAction)[0]
}

// A follow-up stopped and resumed goes on as a follow-up: the findings it
// took over come back from its journal, still marked as the earlier run's,
// and the resumed stretch names the same parent.
func TestResumedFollowUpKeepsItsParent(t *testing.T) {
	cfg, _, rec := followUpRun(t, earlierKili(t, false), act(ActSearch, "Mount Kenya height", ""))
	cfg.MaxTurns = 1
	Run(context.Background(), cfg)
	snap, err := snapshotOf(rec.events)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, rec = followUpRun(t, nil,
		act(ActNavigate, "R1", ""),
		act(ActDiscover, "[2] Mount Kenya is the second-highest mountain in Africa, at 5,199 metres (17,057 ft).", ""),
		act(ActFinish, "19,341 ft and 5,199 metres.", "1 [1], 2 [2]."),
	)
	cfg.Resume = &snap
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusFinished || len(res.Findings) != 2 || res.Findings[0].Earlier == nil || res.Findings[1].Earlier != nil {
		t.Fatalf("resumed follow-up: %s, findings %+v (%s)", res.Status, res.Findings, res.Error)
	}
	if started := rec.of(EvRunStarted); len(started) != 1 || started[0].Parent != "../2026-11-30-090000-tallest-mountain" || res.Parent != started[0].Parent {
		t.Fatalf("the resumed stretch names parent %+v, result %q", started, res.Parent)
	}
}
