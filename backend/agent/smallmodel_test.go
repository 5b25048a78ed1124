package agent

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent/opinion"
	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/page"
)

// Seed 000's real model (Qwen2.5-7B) wrote its finding without checklist
// item numbers, in its own words around the page's numbers, and finished
// with the whole answer: Scout records that finding for the items its
// words serve and finishes with a cited report, where it used to refuse
// the finding and end stuck with nothing.
func TestSeedTranscriptFinishes(t *testing.T) {
	const seedFinding = "Mount Kilimanjaro is the highest mountain in Africa, with an elevation of 5,895 m (19,341 ft) above sea level."
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {
			act(ActSearch, "tallest mountain in Africa", "I need to find out the tallest mountain in Africa and its height in meters and feet. I should start by searching for this information."),
			act(ActNavigate, base+"/wiki/Kilimanjaro", "From the search results, I can see that Mount Kilimanjaro is mentioned as the tallest mountain in Africa ... I will navigate to one of these pages to find the exact height in meters and feet."),
			act(ActDiscover, seedFinding, "The page provides the height of Mount Kilimanjaro in meters and feet. I will extract this information to complete the objective."),
			act(ActFinish, "The tallest mountain in Africa is Mount Kilimanjaro, which has an elevation of 5,895 meters (19,341 feet) above sea level.",
				"The objective has two parts: the name of the tallest mountain in Africa and its height in meters and feet. Both are covered by the discovery from Mount Kilimanjaro's Wikipedia page."),
		},
		KindCoverage: {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":"","names":[]},{"item":2,"findings":[1],"covered":true,"missing":"","names":[]},{"item":3,"findings":[1],"covered":true,"missing":"","names":[]}]}`},
		KindWriter:   {`{"result":"The tallest mountain in Africa is Mount Kilimanjaro [1], at 5,895 m (19,341 ft) [1]."}`},
	})
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusFinished || res.Turns != 4 || len(res.Findings) != 1 || res.Answer == "" {
		t.Fatalf("status %s on turn %d, %d findings, answer %q", res.Status, res.Turns, len(res.Findings), res.Answer)
	}
	f := res.Findings[0]
	if f.Text != seedFinding || !reflect.DeepEqual(f.Items, []int{1, 2, 3}) || !f.Inferred {
		t.Errorf("finding %+v", f)
	}
	if !strings.Contains(f.Quote, "rising 5,895 metres (19,341 ft) above sea level") {
		t.Errorf("evidence %q", f.Quote)
	}
	if res.SentBack != 0 || len(res.NotFound) != 0 {
		t.Errorf("%d replies sent back, not found %+v", res.SentBack, res.NotFound)
	}
	obs := m.calls(KindAction)[3].Messages
	if last := obs[len(obs)-1].Content; !strings.Contains(last, "recorded finding [1] for items 1, 2, 3, judged by its words") {
		t.Errorf("the model is not told which items its finding was recorded for:\n%s", last)
	}
}

// The ancestor's behaviours (seed 000, "Keeping a small model on track"),
// each checked here; those of the coverage rules alone (a "missing" claim
// the findings answer, conditions read per clause) in agent/coverage.

// 1. A FINISH with gaps is sent back once a run, naming the next step; a
// FINISH sent again at once has Scout take one step in its place
// (insist.go), and the next is accepted with the gaps reported. When the
// conversation is long, the turn after the send-back starts from a fresh
// prompt.
func TestOneGapSendBackNamesTheNextStep(t *testing.T) {
	for _, tc := range []struct {
		context int
		fresh   bool
	}{{8192, false}, {1800, true}} {
		finish := act(ActFinish, "Kilimanjaro.", "Done.")
		cfg, m, rec, _ := newRun(t, map[string][]string{
			KindChecklist: {kiliChecklist()},
			KindAction:    {search1, openKili, act(ActDiscover, findingKenya, ""), finish, finish, finish},
			KindWriter:    {`{"result":"Mount Kilimanjaro [1]."}`},
		})
		cfg.ContextLength = tc.context
		res, _ := Run(context.Background(), cfg)
		if res.Status != StatusFinished || len(res.NotFound) != 2 {
			t.Fatalf("context %d: status %s, not found %+v", tc.context, res.Status, res.NotFound)
		}
		refused := rec.of(EvRefused)
		if len(refused) != 1 || refused[0].Kind != RefusalGaps {
			t.Fatalf("context %d: refusals %+v", tc.context, refused)
		}
		for _, want := range []string{`Next: SEARCH for "Mount Kilimanjaro height meters".`, `Next: SEARCH for "Mount Kilimanjaro height feet".`} {
			if !strings.Contains(refused[0].Reason, want) {
				t.Errorf("the send-back lacks %q: %s", want, refused[0].Reason)
			}
		}
		calls := m.calls(KindAction)
		after := calls[4].Messages // the call after the send-back
		last := after[len(after)-1].Content
		if fresh := len(after) == 2 && strings.Contains(last, "OBJECTIVE:"); fresh != tc.fresh || !strings.Contains(last, "Not finished yet.") {
			t.Errorf("context %d: the turn after the send-back starts from a fresh prompt: %v, want %v; %d messages, last:\n%s", tc.context, fresh, tc.fresh, len(after), last)
		}
	}
}

func officeSuites() *record {
	rec := &record{objective: "Name three free and open-source office suites.", checklist: items("three free and open-source office suites")}
	rec.add(Finding{Text: "LibreOffice is a free and open-source office suite.", Items: []int{1}}, 3)
	rec.add(Finding{Text: "OnlyOffice is a free and open source office suite with a desktop editor.", Items: []int{1}}, 4)
	rec.add(Finding{Text: "FreeOffice is a free office suite from SoftMaker.", Items: []int{1}}, 5)
	return rec
}

var officeNames = []coverageItem{{Item: 1, Findings: []int{1, 2, 3}, Covered: true, Names: []string{"LibreOffice", "OnlyOffice", "FreeOffice"}}}

// 2. Conditions are checked per thing: LibreOffice shown to be open-source
// does not make FreeOffice so.
func TestConditionsAreCheckedPerThing(t *testing.T) {
	gaps := codeGaps(officeSuites().ledger(), officeNames)
	if len(gaps) != 1 {
		t.Fatalf("gaps %+v", gaps)
	}
	g := gaps[0]
	if !g.Count || g.Condition != "open source" || !reflect.DeepEqual(g.Things, []string{"FreeOffice"}) || !reflect.DeepEqual(g.Met, []string{"LibreOffice", "OnlyOffice"}) {
		t.Errorf("gap %+v", g)
	}
	if note := describeGaps(gaps); !strings.Contains(note, "only 2 of 3 found (FreeOffice not shown to be open source)") {
		t.Errorf("the gap says %q", note)
	}
	// With a fourth suite shown to qualify, the item is answered and
	// FreeOffice is only left out: no reason to send a FINISH back.
	rec := officeSuites()
	rec.add(Finding{Text: "Calligra Suite is free and open-source software.", Items: []int{1}}, 6)
	names := []coverageItem{{Item: 1, Findings: []int{1, 2, 3, 4}, Covered: true, Names: []string{"LibreOffice", "OnlyOffice", "FreeOffice", "Calligra Suite"}}}
	gaps = codeGaps(rec.ledger(), names)
	if len(gaps) != 1 || !gaps[0].Settled || gapsRule(gaps, 0).sendsBack() {
		t.Errorf("gaps %+v", gaps)
	}
}

// 3. The writer is not asked for what no finding answers: the item not
// found and the finding about a thing left out stay out of its prompt,
// and the result names what was left out.
func TestWriterIsNotAskedForWhatNoFindingAnswers(t *testing.T) {
	cfg, _, _, _ := newRun(t, map[string][]string{KindWriter: {`{"result":"LibreOffice [1] and OnlyOffice [2]."}`}})
	a := newAgent(t, cfg)
	a.st.record = *officeSuites()
	a.st.record.objective = "Name three free and open-source office suites, and the year LibreOffice was first released."
	a.st.record.checklist = items("three free and open-source office suites", "the year LibreOffice was first released")
	gaps := codeGaps(a.st.record.ledger(), officeNames)
	prompt := a.writerPrompt(gaps)[1].Content
	for _, want := range []string{"ANSWER:\n- three free and open-source office suites\n\nFINDINGS:", "[1] LibreOffice", "[2] OnlyOffice"} {
		if !strings.Contains(prompt, want) {
			t.Errorf("the writer's prompt lacks %q:\n%s", want, prompt)
		}
	}
	for _, not := range []string{"FreeOffice", "- the year LibreOffice"} {
		if strings.Contains(prompt, not) {
			t.Errorf("the writer's prompt has %q:\n%s", not, prompt)
		}
	}
	a.finish(context.Background(), StatusFinished, gaps)
	if len(a.res.LeftOut) != 1 || !reflect.DeepEqual(a.res.LeftOut[0].Things, []string{"FreeOffice"}) {
		t.Errorf("left out %+v", a.res.LeftOut)
	}
	var missing []int
	for _, m := range a.res.NotFound {
		missing = append(missing, m.Item.Number)
	}
	if !reflect.DeepEqual(missing, []int{1, 2}) {
		t.Errorf("not found %+v", a.res.NotFound)
	}
}

// A finding about a thing left out stays when it serves another item too;
// an item whose condition no finding shows stays, with that to say.
func TestWriterKeepsWhatOtherItemsNeed(t *testing.T) {
	rec := &record{checklist: items("two free and open-source office suites", "the price of Microsoft Office", "the official documentation of LibreOffice")}
	rec.add(Finding{Text: "LibreOffice is a free and open-source office suite.", Items: []int{1}}, 2)
	rec.add(Finding{Text: "Microsoft Office is an office suite.", Items: []int{1}}, 3)
	rec.add(Finding{Text: "Microsoft Office costs 100 dollars a year.", Items: []int{1, 2}}, 4)
	rec.add(Finding{Text: "The LibreOffice help pages explain every menu.", Items: []int{3}}, 5)
	gaps := codeGaps(rec.ledger(), []coverageItem{{Item: 1, Findings: []int{1, 2}, Covered: true, Names: []string{"LibreOffice", "Microsoft Office"}}})
	b := writerBrief(rec.checklist, rec.findings, gaps)
	var kept []int
	for _, f := range b.findings {
		kept = append(kept, f.Number)
	}
	if !reflect.DeepEqual(kept, []int{1, 3, 4}) {
		t.Errorf("findings for the writer %v, want [1 3 4]; gaps %+v", kept, gaps)
	}
	if len(b.items) != 3 || b.items[2].Caveat != "no finding shows it is official: say so" {
		t.Errorf("items %+v", b.items)
	}
}

// 4. An item asking for a view is shown as written, never as a gap.
func TestOpinionItemsAreNoGaps(t *testing.T) {
	rec := &record{checklist: items("what the studies found about standing desks", "your view on whether a standing desk is worth it")}
	rec.add(Finding{Text: "The studies found small benefits.", Items: []int{1}}, 3)
	if gaps := codeGaps(rec.ledger(), nil); len(gaps) != 0 {
		t.Errorf("gaps %+v", gaps)
	}
	if !rec.allCovered() {
		t.Error("the opinion item holds up 'all covered'")
	}
	if st := rec.status(true); !strings.Contains(st, "2. your view on whether a standing desk is worth it: your view, given when the result is written") {
		t.Errorf("status %q", st)
	}
	for _, tc := range []struct {
		item    string
		opinion bool
	}{
		{"your view on it", true}, {"which would you recommend", true}, {"is it worth it", true},
		{"should I buy one", true}, {"the recommended daily dose", false}, {"your recommendation", true},
		{"how long should you knead the dough", false}, {"what temperature should you bake bread at", false},
		{"the daily dose doctors recommend", false}, {"recommendation for pets and carpet", true}, {"recommend one for a small flat", true}, {"whether a standing desk is worth the money", true},
		{"the height of the mountain", false}, {"three free photo editors", false}, {"the official documentation", false},
	} {
		if opinion.Is(tc.item) != tc.opinion {
			t.Errorf("opinion.Is(%q) = %v", tc.item, !tc.opinion)
		}
	}
}

// 5, 7 and 8: the start asks for one short search covering the whole
// objective; after a finding that leaves items open the model is still
// asked whether the objective is answered; reading on first asks what the
// part says, or "none".
func TestNotesAskWhatTheAncestorAsked(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActReadMore, "", ""), act(ActDiscover, findingKenya, ""), act(ActReadMore, "", "")},
		KindWriter:    {`{"result":"x"}`},
	})
	cfg.MaxTurns = 4
	Run(context.Background(), cfg)
	calls := m.calls(KindAction)
	start := calls[0].Messages[len(calls[0].Messages)-1].Content
	if !strings.Contains(start, "Start with one short SEARCH that covers the whole objective and keeps its conditions") {
		t.Errorf("the start:\n%s", start)
	}
	recorded := calls[4].Messages[len(calls[4].Messages)-1].Content
	if !strings.Contains(recorded, "If the findings now answer the objective, FINISH.") {
		t.Errorf("after a finding:\n%s", recorded)
	}
	readOn := calls[3].Messages[len(calls[3].Messages)-1].Content
	if !strings.Contains(readOn, `what does part 1 say about the objective? Say it in your thought (or "none")`) {
		t.Errorf("before reading on:\n%s", readOn)
	}
}

// 6. The FINISH check says how many sources the findings come from and
// which parts of the page open are unread.
func TestCoverageCheckShowsSourcesAndUnreadParts(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "Kilimanjaro.", "All covered by [1].")},
		KindCoverage:  {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":"","names":[]},{"item":2,"findings":[1],"covered":true,"missing":"","names":[]},{"item":3,"findings":[1],"covered":true,"missing":"","names":[]}]}`},
		KindWriter:    {`{"result":"x"}`},
	})
	Run(context.Background(), cfg)
	cov := m.calls(KindCoverage)
	if len(cov) != 1 {
		t.Fatalf("%d coverage calls", len(cov))
	}
	q := cov[0].Messages[len(cov[0].Messages)-1].Content
	for _, want := range []string{"FINDINGS (1 source):", `Unread parts of the page open (http://wiki.test/wiki/Kilimanjaro): 2.`} {
		if !strings.Contains(q, want) {
			t.Errorf("the coverage check lacks %q:\n%s", want, q)
		}
	}
}

// 9. The objective check comes every objectiveCheckEvery turns even while
// findings keep coming (which keep the progress check from firing).
func TestObjectiveCheckWhileFindingsKeepComing(t *testing.T) {
	var blocks []page.Block
	var actions = []string{act(ActSearch, "alpine huts", ""), act(ActNavigate, base+"/huts", "")}
	for i := 1; i <= 8; i++ {
		s := fmt.Sprintf("Hut number %d stands at %d metres and sleeps %d walkers in summer.", i, 2000+111*i, 10+i)
		blocks = append(blocks, page.Block{Kind: page.Paragraph, Text: s})
		actions = append(actions, act(ActDiscover, "[1] "+s, ""))
	}
	cfg, m, rec, fake := newRun(t, map[string][]string{KindChecklist: {`{"items":["the huts and their heights"]}`}, KindAction: actions, KindWriter: {`{"result":"x"}`}})
	fake.World["/huts"] = fakeweb.Page{Title: "Alpine huts", Blocks: blocks}
	cfg.Search = fakeSearch{"alpine huts": {{Title: "Alpine huts", URL: base + "/huts"}}}
	cfg.Objective = "List the alpine huts and their heights."
	cfg.MaxTurns = objectiveCheckEvery + 1
	Run(context.Background(), cfg)
	var checks []Event
	for _, e := range rec.of(EvCheck) {
		if e.Kind == "progress" {
			checks = append(checks, e)
		}
	}
	if len(checks) != 1 || checks[0].Turn != objectiveCheckEvery || !strings.Contains(checks[0].Reason, "Objective check") {
		t.Fatalf("checks %+v", checks)
	}
	if found := rec.of(EvFinding); len(found) < objectiveCheckEvery-2 {
		t.Fatalf("only %d findings: the findings did not keep coming", len(found))
	}
	next := m.calls(KindAction)[objectiveCheckEvery].Messages
	if last := next[len(next)-1].Content; !strings.Contains(last, fmt.Sprintf("Objective check (turn %d). Check each checklist item against your findings", objectiveCheckEvery)) {
		t.Errorf("the model was not asked:\n%s", last)
	}
}

// What a small model writes loosely is taken with its meaning.
func TestPartAsked(t *testing.T) {
	for _, tc := range []struct {
		param string
		n     int
		next  bool
	}{
		{"", 0, true}, {"next", 0, true}, {"the next part", 0, true}, {"continue", 0, true}, {"read on", 0, true}, {`""`, 0, true},
		{"2", 2, false}, {"part 2", 2, false}, {"Part 2.", 2, false}, {"#3", 3, false}, {"part two", 2, false}, {"the third part", 3, false},
		{"2 of 5", 2, false}, {"the end", 0, false}, {"ecology", 0, false},
	} {
		if n, next := partAsked(tc.param); n != tc.n || next != tc.next {
			t.Errorf("partAsked(%q) = %d, %v; want %d, %v", tc.param, n, next, tc.n, tc.next)
		}
	}
}

// READ_MORE may name a part by a heading the outline shows for it.
func TestReadMoreByHeading(t *testing.T) {
	parts := []page.Part{{Number: 1, Headings: []page.HeadingRef{{Level: 1, Text: "Mount Kilimanjaro"}, {Level: 2, Text: "Ecology"}}},
		{Number: 2, Context: "Ecology", Headings: []page.HeadingRef{{Level: 2, Text: "Climate"}}}, {Number: 3, Headings: []page.HeadingRef{{Level: 3, Text: "Climate"}}}}
	for _, tc := range []struct {
		param string
		want  int
	}{
		{"Mount Kilimanjaro", 1}, {"the Ecology section", 0}, // part 1 has it, part 2 continues it
		{"Climate", 0}, // parts 2 and 3 both have one
		{"Geology", 0}, {"", 0},
	} {
		if got := partHeaded(tc.param, parts); got != tc.want {
			t.Errorf("partHeaded(%q) = %d, want %d", tc.param, got, tc.want)
		}
	}
	if got := partHeaded("climate", parts[:2]); got != 2 {
		t.Errorf("partHeaded(climate) = %d, want 2", got)
	}
}

func TestNavigateTakesWhatAModelWrites(t *testing.T) {
	var tr trail
	tr.offerResults([]port.SearchResult{{Title: "Mount Kilimanjaro - Wiki", URL: base + "/wiki/Kilimanjaro"}, {Title: "Mercury", URL: base + "/wiki/Mercury_(planet)"},
		{Title: "Washington", URL: base + "/wiki/Washington,_D.C."}, {Title: "R2-D2 | Wookieepedia", URL: "https://www.starwars.test/wiki/R2-D2?lang=en"},
		{Title: "Mount Kenya - Wiki", URL: base + "/wiki/Mount_Kenya"}, {Title: "Mount Kenya - Travel", URL: "http://travel.test/kenya"}}, nil)
	tr.offerLinks([]page.Link{{Text: "Mount Kenya", URL: base + "/wiki/Mount_Kenya"}, {Text: "2", URL: base + "/wiki/Page_2"}})
	for _, tc := range []struct{ param, want string }{
		{base + "/wiki/Kilimanjaro", base + "/wiki/Kilimanjaro"},
		{base + "/wiki/Kilimanjaro.", base + "/wiki/Kilimanjaro"},
		{"<" + base + "/wiki/Kilimanjaro>,", base + "/wiki/Kilimanjaro"},
		{"[Mount Kilimanjaro](" + base + "/wiki/Kilimanjaro)", base + "/wiki/Kilimanjaro"},
		{base + "/wiki/Mercury_(planet)", base + "/wiki/Mercury_(planet)"},
		{base + "/wiki/Mercury_(planet)).", base + "/wiki/Mercury_(planet)"},
		{"R1.", base + "/wiki/Kilimanjaro"},
		{"Mount Kilimanjaro - Wiki", base + "/wiki/Kilimanjaro"},
		{`"mount kilimanjaro  wiki"`, base + "/wiki/Kilimanjaro"},
		{"Mount Kenya", base + "/wiki/Mount_Kenya"},
		{"L1", base + "/wiki/Mount_Kenya"},
		{base + "/wiki/Washington,_D.C.", base + "/wiki/Washington,_D.C."},
		{"result 2", base + "/wiki/Mercury_(planet)"},
		{"link 1", base + "/wiki/Mount_Kenya"},
		// A number with the title after it; a title that starts like one.
		{"R1: Mount Kilimanjaro - Wiki", base + "/wiki/Kilimanjaro"},
		{"Result 2 (Mercury)", base + "/wiki/Mercury_(planet)"},
		{"R2-D2 | Wookieepedia", "https://www.starwars.test/wiki/R2-D2?lang=en"},
		// A title without its site's name, where only one has it.
		{"Mount Kilimanjaro", base + "/wiki/Kilimanjaro"},
		{"R2-D2", "https://www.starwars.test/wiki/R2-D2?lang=en"},
		// An offered address as a model copies it.
		{"wiki.test/wiki/Kilimanjaro", base + "/wiki/Kilimanjaro"},
		{"https://wiki.test/wiki/Kilimanjaro/", base + "/wiki/Kilimanjaro"},
		{base + "/wiki/Kilimanjaro?utm_source=chatgpt.com&utm_medium=x", base + "/wiki/Kilimanjaro"},
		{"starwars.test/wiki/R2-D2?lang=en", "https://www.starwars.test/wiki/R2-D2?lang=en"},
		{"R1, Mount Kilimanjaro - Wiki", base + "/wiki/Kilimanjaro"},
		{"the first result", base + "/wiki/Kilimanjaro"},
		{"second search result", base + "/wiki/Mercury_(planet)"},
		{"the first link", base + "/wiki/Mount_Kenya"},
		{"Open " + base + "/wiki/Mercury_(planet) for its mass.", base + "/wiki/Mercury_(planet)"},
	} {
		if u, ok := tr.resolve(tc.param); !ok || u != tc.want {
			t.Errorf("resolve(%q) = %q, %v; want %q", tc.param, u, ok, tc.want)
		}
	}
	for _, bad := range []string{"Mount Everest", base + "/wiki/Everest", "R9", "2", "[2]",
		"wiki.test/wiki/Kilimanjaro_(volcano)", "other.test/wiki/Kilimanjaro", "starwars.test/wiki/R2-D2?lang=de", // another page
		"the tenth result", "Compare " + base + "/wiki/Kilimanjaro with " + base + "/wiki/Mount_Kenya",
		"Mount Kenya", // two pages by that name, the link's text aside: see below
	} {
		if bad == "Mount Kenya" {
			tr.links = nil
			tr.offered = slices.DeleteFunc(tr.offered, func(o offer) bool { return o.key == "mount kenya" })
		}
		if u, ok := tr.resolve(bad); ok {
			t.Errorf("resolve(%q) = %q, an address never offered", bad, u)
		}
	}
	// A bare number is a result's when only results are on offer.
	var only trail
	only.offerResults([]port.SearchResult{{Title: "A", URL: base + "/a"}, {Title: "B", URL: base + "/b"}}, nil)
	if u, ok := only.resolve("2"); !ok || u != base+"/b" {
		t.Errorf("resolve(2) with results only = %q, %v", u, ok)
	}
}

func TestSearchQueriesAsAModelWritesThem(t *testing.T) {
	for _, tc := range []struct{ q, unquoted, plain string }{
		{`"tallest mountain in Africa"`, "tallest mountain in Africa", "tallest mountain in Africa"},
		{`“tallest mountain”`, "tallest mountain", "tallest mountain"},
		{`"Kilimanjaro" height "in feet"`, `"Kilimanjaro" height "in feet"`, "Kilimanjaro height in feet"},
		{`venv site:docs.python.org`, "venv site:docs.python.org", "venv"},
		{`plain query`, "plain query", "plain query"},
	} {
		if got := unquoted(tc.q); got != tc.unquoted {
			t.Errorf("unquoted(%q) = %q, want %q", tc.q, got, tc.unquoted)
		}
		if got := withoutOperators(tc.q); got != tc.plain {
			t.Errorf("withoutOperators(%q) = %q, want %q", tc.q, got, tc.plain)
		}
	}
}

// A search narrowed to nothing by quotes or site: is run again without
// them, and the model is told which query the results are for.
func TestNarrowSearchIsWidened(t *testing.T) {
	a := agentFor(t, "What is the tallest mountain in Africa?")
	obs, err := a.search(context.Background(), Action{Name: ActSearch, Param: `"tallest mountain" in Africa site:wikipedia.org`})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(obs, `SEARCH "tallest mountain in Africa" (for "`) || !strings.Contains(obs, "which found nothing) gave 2 results") {
		t.Errorf("observation:\n%s", obs)
	}
}

// A FINISH whose thought gives each item's findings, as the system prompt
// asks, needs no coverage call when code finds that account true to the
// findings; an account that cites a finding for an item it was not
// recorded for, or leaves an item out, goes to the coverage check.
func TestFinishAccountStandsInForTheCoverageCall(t *testing.T) {
	for _, tc := range []struct {
		thought string
		calls   int
	}{
		{"1 [1], 2 [1], 3 [1].", 0},
		{"Item 1 is covered by [1], item 2 by [1] and item 3: [1].", 0},
		{"1: [1]; 2 - [1]; 3 = [1]", 0},
		// Scout's own status, repeated.
		{"1. covered by [1]\n2. covered by [1]\n3. covered by [1]", 0},
		{"1 [1], 2 [1].", 1},        // item 3 left out
		{"1 [1], 2 [1], 3 [2].", 1}, // no finding 2
		{"All covered by [1].", 1},  // no items named
	} {
		cfg, m, _, _ := newRun(t, map[string][]string{
			KindChecklist: {kiliChecklist()},
			KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "Kilimanjaro.", tc.thought)},
			KindCoverage:  {coverageAll()},
			KindWriter:    {`{"result":"Kilimanjaro [1]."}`},
		})
		res, _ := Run(context.Background(), cfg)
		if res.Status != StatusFinished || len(m.calls(KindCoverage)) != tc.calls {
			t.Errorf("%q: status %s, %d coverage calls, want %d", tc.thought, res.Status, len(m.calls(KindCoverage)), tc.calls)
		}
	}
	// What the account cites is set beside what was recorded: a citation
	// code can refute (the finding gives no height) is no evidence, and
	// the item rests on the findings recorded for it; an item the account
	// leaves out that findings were recorded for is asked about; one that
	// nothing recorded covers and whose citations code refutes is a gap,
	// with why.
	rec := &record{checklist: items("the tallest mountain in Africa", "its height in meters", "its height in feet")}
	rec.add(Finding{Text: "Kilimanjaro is the tallest mountain in Africa.", Items: []int{1}}, 3)
	rec.add(Finding{Text: "Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa.", Items: []int{1, 2, 3}}, 4)
	rec.add(Finding{Text: "It rises 5,895 metres (19,341 ft) above sea level.", Items: []int{2, 3}}, 5)
	bare := &record{checklist: rec.checklist}
	bare.add(rec.findings[0], 3)
	for _, tc := range []struct {
		rec     *record
		thought string
		ask     bool
		gaps    []string // the gaps' whys
	}{
		{rec, "1 [1], 2 [3], 3 [3]", false, nil},
		{rec, "1 [1], 2 [1], 3 [3]", false, nil},       // [1] gives no height; [3], recorded for item 2, does
		{rec, "1 [2], 2 [2], 3 [2]", false, nil},       // [2] gives no height, whatever its tags; [3] does
		{rec, "1 [1], 2 [3, 2], 3 [3]", false, nil},    // one citation of two holds
		{rec, "1 [1][1][1], 2 [3], 3 [3]", false, nil}, // the same finding thrice is one
		{rec, "1 [1], 2 [3]", true, nil},               // item 3 left out though [2] and [3] were recorded for it
		{bare, "1 [1], 2 [1], 3 [1]", false, []string{"finding [1] gives no length or height in m", "finding [1] gives no length or height in ft"}},
		{bare, "1 [1]", false, []string{"no finding covers it", "no finding covers it"}}, // code and the account agree
	} {
		r := reconcile(tc.rec.ledger(), tc.thought)
		var whys []string
		for _, g := range r.gaps {
			whys = append(whys, g.Why())
		}
		if r.ask != tc.ask || !reflect.DeepEqual(whys, tc.gaps) {
			t.Errorf("account %q: ask %v, gaps %q; want %v, %q", tc.thought, r.ask, whys, tc.ask, tc.gaps)
		}
	}
}

// A finding tagged with one item whose words answer others too (a small
// model tags the item it was after) does not send a FINISH back for those
// others: the model's account settles them when the words hold, else the
// coverage check does; an item the words do not answer is still a gap.
func TestFindingTaggedForOneItemAnswersOthers(t *testing.T) {
	tagged1 := act(ActDiscover, "[1]"+finding1[len("[1,2,3]"):], "")
	for _, tc := range []struct {
		name, finding, thought string
		coverage               int // coverage calls
		notFound               int
	}{
		{"account", tagged1, "1 [1], 2 [1], 3 [1]", 0, 0},
		{"no account", tagged1, "Done.", 1, 0},
		{"words that do not answer", act(ActDiscover, "[1] Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa.", ""), "1 [1], 2 [1], 3 [1]", 0, 2},
	} {
		cfg, m, rec, _ := newRun(t, map[string][]string{
			KindChecklist: {kiliChecklist()},
			KindAction:    {search1, openKili, tc.finding, act(ActFinish, "Kilimanjaro.", tc.thought)},
			KindCoverage:  {coverageAll()},
			KindWriter:    {`{"result":"Kilimanjaro [1]."}`},
		})
		res, _ := Run(context.Background(), cfg)
		if res.Status != StatusFinished || len(m.calls(KindCoverage)) != tc.coverage || len(res.NotFound) != tc.notFound {
			t.Errorf("%s: status %s, %d coverage calls, not found %+v; refusals %+v", tc.name, res.Status, len(m.calls(KindCoverage)), res.NotFound, rec.of(EvRefused))
		}
	}
	// A finding for "a first editor" does not answer "a second editor",
	// whose words it shares: no coverage call for that.
	rec := &record{checklist: items("a first free photo editor for Linux", "a second free photo editor for Linux")}
	rec.add(Finding{Text: "GIMP is a free photo editor for Linux.", Items: []int{1}}, 3)
	if wordsServe(rec.ledger(), codeGaps(rec.ledger(), nil)) {
		t.Error("a finding for the first editor was taken to answer the second")
	}
}

// On a slow reader a page part is what it reads in partReadTime; fast or
// unknown, the context's share stands.
func TestPartBudgetFollowsTheReadingSpeed(t *testing.T) {
	share := page.PartBudget(8192)
	for _, tc := range []struct {
		rate float64
		want int
	}{
		{0, share}, {7, 840}, {1, minPartTokens}, {500, share},
	} {
		if got := partBudget(8192, tc.rate); got != tc.want {
			t.Errorf("partBudget(8192, %v) = %d, want %d", tc.rate, got, tc.want)
		}
	}
}

// TestATitleNamesWhatWasOfferedUnderIt: a title names the address offered
// last under it, and a title without its site's name names an address only
// while one address was offered under it.
func TestATitleNamesWhatWasOfferedUnderIt(t *testing.T) {
	var tr trail
	tr.offerResults([]port.SearchResult{{Title: "Mount Meru - Wiki", URL: base + "/wiki/Meru"}}, nil)
	tr.offerResults([]port.SearchResult{{Title: "Mount Meru - Wiki", URL: base + "/wiki/Mount_Meru"}}, nil)
	if u, ok := tr.resolve("Mount Meru - Wiki"); !ok || u != base+"/wiki/Mount_Meru" {
		t.Errorf("the title offered twice named %q, %v; want the address offered last", u, ok)
	}
	if u, ok := tr.resolve("Mount Meru"); ok {
		t.Errorf("the short title of two addresses named %q", u)
	}
	tr.offerResults([]port.SearchResult{{Title: "Arusha | Travel", URL: "http://travel.test/arusha"}}, nil)
	if u, ok := tr.resolve("arusha"); !ok || u != "http://travel.test/arusha" {
		t.Errorf("the short title of one address named %q, %v", u, ok)
	}
}
