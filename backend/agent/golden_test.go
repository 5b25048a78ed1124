package agent

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent/reply"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/fakeweb"
	goldenfile "github.com/scout-research/scout/backend/internal/golden"
	"github.com/scout-research/scout/backend/page"
)

// TestGoldenPrompts pins every kind of prompt the model sees. Run with
// -update after changing a prompt and read the diff.
func TestGoldenPrompts(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {
			act(ActSearch, "tallest mountain in Africa", "Search first."),
			act(ActSearch, "tallest mountain in Africa", "Search again."), // refused: repeated
			act(ActNavigate, "R1", "Open the article."),
			act(ActDiscover, finding1, "Part 1 has the answer."),
			act(ActFinish, "Mount Kilimanjaro.", "All items covered by [1]."),
		},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Mount Kilimanjaro [1]."}`},
	})
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	actions := m.calls(KindAction)
	cases := map[string]chat.Request{
		"checklist":    m.calls(KindChecklist)[0],
		"action-fresh": actions[0],
		"action-retry": actions[1],
		"action-last":  actions[len(actions)-1],
		"coverage":     m.calls(KindCoverage)[0],
		"writer":       m.calls(KindWriter)[0],
	}
	// A rebuilt prompt, as made when the conversation nears the limit.
	a := rebuiltAgent(t)
	cases["action-rebuilt"] = chat.Request{Messages: a.st.conv.msgs}
	// The prompts a resumed run starts with, on the page it was reading
	// and when that page could not be opened again.
	cases["action-resumed"] = resumedRequest(t, false)
	cases["action-resumed-page-down"] = resumedRequest(t, true)
	// The prompt a follow-up starts with, after the earlier run's findings.
	cases["action-followup"] = followUpRequest(t)
	for name, req := range cases {
		golden(t, name, renderRequest(req))
	}
}

// rebuiltAgent is an agent part-way through a page, rebuilt.
func rebuiltAgent(t *testing.T) *Agent {
	cfg, _, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {
			act(ActSearch, "tallest mountain in Africa", ""),
			act(ActNavigate, "R1", ""),
			act(ActDiscover, finding1, ""),
		},
	})
	cfg.MaxTurns = 3
	a := newAgent(t, cfg)
	a.loop(context.Background())
	a.rebuild("test")
	return a
}

// resumedRequest is the first action request of a run resumed on part 2
// of the Kilimanjaro article, with its site down when down is set.
func resumedRequest(t *testing.T, down bool) chat.Request {
	snap, err := snapshotOf(stoppedOnThePage(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg, m, _, fake := newRun(t, map[string][]string{KindAction: {act(ActSearch, "Kilimanjaro height", "")}})
	if down {
		fake.World["/wiki/Kilimanjaro"] = fakeweb.Page{Status: 503}
	}
	cfg.Resume, cfg.MaxTurns = &snap, snap.Turn+1
	cfg.Search = fakeSearch{}
	a := newAgent(t, cfg)
	a.loop(context.Background())
	return m.calls(KindAction)[0]
}

func renderRequest(req chat.Request) string {
	var sb strings.Builder
	for _, m := range req.Messages {
		sb.WriteString("===== " + m.Role + " =====\n" + m.Content + "\n")
	}
	return sb.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("..", "..", "testdata", "golden", "prompts", name+".txt"), got)
}

// TestGoldenNotes pins every note a rule sends back and the observations
// of turns that did not go as asked, as the rules and steps make them.
func TestGoldenNotes(t *testing.T) {
	pg := newOpenPage(base+"/wiki/Kilimanjaro", page.Document{}, page.Page{Title: "Mount Kilimanjaro - Wiki", Parts: []page.Part{
		{Number: 1, Text: "Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level."},
		{Number: 2, Text: "The slopes rise through farmland, forest, heath and alpine desert."},
	}})
	pg.show(1)
	rec := &record{objective: "What is the tallest mountain in Africa, and how tall is it in meters and in feet?",
		checklist: []Item{{Number: 1, Text: "the tallest mountain in Africa"}, {Number: 2, Text: "its height in meters"}, {Number: 3, Text: "its height in feet"}}}
	rec.add(Finding{Text: "Mount Kilimanjaro is the highest mountain in Africa.", Items: []int{1}}, 3)
	read := func(param string, p *openPage) verdict { _, v := readMoreRule(param, p.facts()); return v }
	claimed := func(param string, p *openPage) claim {
		return claimOn(Action{Name: ActDiscover, Param: param}, p, rec.objective, rec.ledger())
	}
	ground := func(param string) verdict { return groundRule(claimed(param, pg), rec.objective, nil) }
	one := &openPage{page: page.Page{Parts: []page.Part{{Number: 1}}}}
	allRead := &openPage{page: pg.page, read: map[int]bool{1: true, 2: true}, shown: 2}
	gaps := codeGaps(rec.ledger(), nil)
	// Every kind of gap: no finding, too few things, a condition not shown,
	// and the coverage check's own "not covered".
	kinds := &record{checklist: []Item{{Number: 1, Text: "the tallest mountain"}, {Number: 2, Text: "three free photo editors"}, {Number: 3, Text: "a free photo editor"}, {Number: 4, Text: "its height"}}}
	kinds.add(Finding{Text: "GIMP is a photo editor.", Items: []int{2, 3, 4}}, 2)
	allGaps := codeGaps(kinds.ledger(), []coverageItem{{Item: 4, Findings: []int{1}}})
	withNext := append(codeGaps(officeSuites().ledger(), officeNames), codeGaps(rec.ledger(), nil)...)
	for i := range withNext {
		withNext[i].Next = nextStep(withNext[i], whereNext{objective: rec.objective, title: firstTitle(rec.findings), parts: pg.index(), read: pg.read, searched: map[string]bool{}})
	}
	// Conditions: a yes-or-no item nothing answers, a thing shown not to
	// qualify beside one no finding says either way of.
	conds := &record{objective: "Is Microsoft Office open source? Name two free and open-source office suites.",
		checklist: items("whether Microsoft Office is open source", "two free and open-source office suites")}
	conds.add(Finding{Text: "Microsoft Office is sold by Microsoft.", Items: []int{1}}, 2)
	conds.add(Finding{Text: "LibreOffice is free and open source; OnlyOffice is a free office suite; FreeOffice is proprietary.", Items: []int{2}}, 3)
	condGaps := codeGaps(conds.ledger(), []coverageItem{{Item: 2, Findings: []int{2}, Covered: true, Names: []string{"LibreOffice", "OnlyOffice", "FreeOffice"}}})
	for i := range condGaps {
		condGaps[i].Next = nextStep(condGaps[i], whereNext{objective: conds.objective, title: firstTitle(conds.findings), searched: map[string]bool{}})
	}
	notes := []struct {
		name string
		v    verdict
	}{
		{"empty query", searchRule(" ", nil)},
		{"repeated search", searchRule(`Tallest "mountain"`, map[string]bool{"tallest mountain": true})},
		{"unseen address", navigateRule("", false, nil, pageFacts{})},
		{"already open", navigateRule(pg.url, true, nil, pg.facts())},
		{"visit limit", navigateRule(pg.url, true, map[string]int{pg.url: maxVisitsPerURL}, pageFacts{})},
		{"confirm leaving", leaveRule(pg.facts())},
		{"read with no page", read("", nil)},
		{"read a one-part page", read("", one)},
		{"read a word", read("the end", pg)},
		{"read past the end", read("7", pg)},
		{"read a part read", read("1", pg)},
		{"read with every part read", read("", allRead)},
		{"confirm reading on", readOnRule(pg.facts())},
		{"finding with no page", findingRule(claimed("[1] x", nil))},
		{"empty finding", findingRule(claimed("[1] ", pg))},
		{"duplicate finding", duplicateRule(claimed("[1] Mount Kilimanjaro is the highest mountain in Africa.", pg), rec.findings)},
		{"ungrounded finding", ground("[2] Everest base camp sits at 5,364 m in Nepal.")},
		{"loosely worded finding", ground("[2] Kilimanjaro in Tanzania is the highest mountain of the continent, about 5,895 metres tall.")},
		{"finding not on the page", notOnPageRule(claimed("[1] Mount Kilimanjaro was first climbed in 1889 by Hans Meyer.", pg))},
		{"finish with no findings", findingsRule(nil)},
		{"finish says not covered", notCoveredRule("Item 3 is not covered yet.", rec.status(false), 0)},
		{"finish with gaps", gapsRule(gaps, 0)},
		{"finish with every kind of gap", gapsRule(allGaps, 0)},
		{"finish with next steps and things left out", gapsRule(withNext, 0)},
		{"finish with conditions to check", gapsRule(condGaps, 0)},
		{"unknown action", agentFor(t, "x").verdict(Action{Name: "JUMP"})},
	}
	var sb strings.Builder
	for _, n := range notes {
		if !n.v.sendsBack() {
			t.Errorf("%s: not sent back", n.name)
		}
		fmt.Fprintf(&sb, "## %s (%s)\n%s\n\n", n.name, n.v.kind, n.v.note)
	}
	a := agentFor(t, rec.objective)
	a.st.turn = 4
	skipped, _ := a.skip(reply.ErrNoJSON)
	fmt.Fprintf(&sb, "## skipped turn\n%s\n\n", skipped.obs)
	fmt.Fprintf(&sb, "## out of retries\n%s\n\n", render("turn-refused", map[string]any{"Turn": 4, "Note": notes[0].v.note}))
	fmt.Fprintf(&sb, "## progress check\n%s\n\n", render("progress-check", map[string]string{"Why": render("progress-why", 4), "Status": rec.status(false)}))
	fmt.Fprintf(&sb, "## objective check\n%s\n\n", render("objective-why", 8))
	fmt.Fprintf(&sb, "## unusable checklist answer\n%s\n\n", render("checklist-unusable", nil))
	for _, s := range []step{{query: "Mount Kilimanjaro height meters"}, {part: 2}} {
		fmt.Fprintf(&sb, "## Scout's step for an insisted FINISH: %s\n%s\n\n", s.action().Name, render("step-taken", map[string]any{"Gap": gaps[0], "Action": s.action()}))
	}
	for _, d := range []dispute{{Item: 2, Cited: []int{1}}, {Item: 3, Tagged: []int{1, 2}}, {Item: 2, Cited: []int{3}, Tagged: []int{1}}} {
		fmt.Fprintf(&sb, "## coverage dispute %+v\n%s\n\n", d, render("dispute", d))
	}
	golden(t, "notes", sb.String())
}

// TestGoldenObservations pins what the model reads after a search fails,
// a page fails or opens empty, a part is read on and a finding is
// recorded, and the journal lines a rebuilt prompt shows of them, as the
// run makes them and as a resumed run reads them back.
func TestGoldenObservations(t *testing.T) {
	cfg, _, rec, fake := newRun(t, nil)
	cfg.Search = down{ok: kiliResults, err: errors.New("could not load DuckDuckGo's results page: connection refused")}
	fake.World["/empty"] = fakeweb.Page{Title: "An empty page"}
	a := newAgent(t, cfg)
	a.st.record.checklist = []Item{{Number: 1, Text: "the tallest mountain in Africa"}, {Number: 2, Text: "its height in meters"}, {Number: 3, Text: "its height in feet"}}
	var sb strings.Builder
	for _, act := range []Action{
		{Name: ActSearch, Param: "kilimanjaro height"},
		{Name: ActSearch, Param: "tallest mountain in Africa"},
		{Name: ActNavigate, Param: base + "/wiki/Tanzania"},
		{Name: ActNavigate, Param: base + "/empty"},
		{Name: ActNavigate, Param: "R1"},
		{Name: ActReadMore, Param: ""},
		// Findings as a real small model writes them, without items: one
		// that serves none by its words, one that serves two.
		{Name: ActDiscover, Param: "The slopes rise through farmland, forest, heath and alpine desert before the ice of the summit."},
		// One that names an item it cannot answer (it gives no height).
		{Name: ActDiscover, Param: "[1,3] Mount Kilimanjaro is a dormant volcano in Tanzania."},
		{Name: ActDiscover, Param: "Mount Kilimanjaro is the highest mountain in Africa, rising 5,895 metres above sea level."},
		{Name: ActDiscover, Param: finding1},
	} {
		a.st.turn++
		a.st.trail.addOffer(act.Param, "")
		v := a.verdict(act)
		if v.kind == RefusalConfirmLeave || v.kind == RefusalConfirmReadOn {
			a.remember(v) // as if the model repeated its action
			v = a.verdict(act)
		}
		if v.sendsBack() {
			t.Fatalf("%s %q sent back: %s", act.Name, act.Param, v.note)
		}
		out, err := a.act(context.Background(), act, v)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sb, "## %s %q\n%s\n\n", act.Name, act.Param, out.obs)
	}
	a.adaptContext(2048)
	a.skip(reply.ErrNoJSON)
	fmt.Fprintf(&sb, "## journal\n%s\n\n", strings.Join(a.st.conv.journal, "\n"))
	snap, err := snapshotOf(append([]Event{{Type: EvRunStarted, Objective: cfg.Objective}}, rec.events...))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&sb, "## journal read back\n%s\n", strings.Join(snap.Journal, "\n"))
	golden(t, "observations", sb.String())
}
