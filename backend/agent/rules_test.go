package agent

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/page"
)

const (
	search1  = `{"thought_process":"","action":"SEARCH","parameter":"tallest mountain in Africa"}`
	openKili = `{"thought_process":"","action":"NAVIGATE","parameter":"R1"}`
)

// TestRules runs short scripts in which one rule must fire, and checks the
// note the model got back.
func TestRules(t *testing.T) {
	tests := []struct {
		name    string
		actions []string
		says    string // part of a refusal or check note
		kind    string // the refusal's kind in the journal
	}{
		{"repeated search", []string{search1, act(ActSearch, "Tallest  mountain, in AFRICA?", "")}, "you already searched", RefusalRepeatedSearch},
		{"empty search", []string{act(ActSearch, " ", "")}, "needs a query", RefusalEmptyQuery},
		{"invented URL", []string{search1, act(ActNavigate, "http://wiki.test/wiki/Everest", "")}, "not in the search results", RefusalUnseenAddress},
		{"unknown result number", []string{search1, act(ActNavigate, "R9", "")}, "not in the search results", RefusalUnseenAddress},
		{"page already open", []string{search1, openKili, act(ActNavigate, base+"/wiki/Kilimanjaro#top", "")}, "already open", RefusalAlreadyOpen},
		{"read more without a page", []string{act(ActReadMore, "", "")}, "no page is open", RefusalNoPage},
		{"read more on a one-part page", []string{search1, act(ActNavigate, "R2", ""), act(ActReadMore, "", "")}, "only one part", RefusalOnePart},
		{"read a part twice", []string{search1, openKili, act(ActReadMore, "1", "")}, "part 1 was read already", RefusalPartRead},
		{"read past the end", []string{search1, openKili, act(ActReadMore, "7", "")}, "only 2 parts", RefusalBadPart},
		{"confirm before reading on", []string{search1, openKili, act(ActReadMore, "", "")}, "Before reading on: what does part 1 say", RefusalConfirmReadOn},
		{"confirm before leaving", []string{search1, openKili, act(ActSearch, "mount kenya height", "")}, "leaving http://wiki.test/wiki/Kilimanjaro without recording", RefusalConfirmLeave},
		{"finding without a page", []string{act(ActDiscover, "[1] Kilimanjaro", "")}, "no page is open", RefusalNoPage},
		{"empty finding", []string{search1, openKili, act(ActDiscover, "[1]  ", "")}, "finding is empty", RefusalEmptyFinding},
		{"duplicate finding", []string{search1, openKili, act(ActDiscover, finding1, ""),
			act(ActDiscover, "[1] Rising 5,895 metres (19,341 ft) above sea level, Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa.", "")}, "repeats finding [1]", RefusalDuplicate},
		{"same numbers reworded is a duplicate", []string{search1, openKili, act(ActDiscover, finding1, ""),
			act(ActDiscover, "[2,3] Mount Kilimanjaro, a dormant volcano in Tanzania, is the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level.", "")}, "repeats finding [1]", RefusalDuplicate},
		{"finding from own knowledge", []string{search1, openKili, act(ActDiscover, "[2] Everest base camp sits at 5,364 m in Nepal.", "")}, "far from anything on the page", RefusalUngrounded},
		{"finding loosely worded", []string{search1, openKili, act(ActDiscover, "[2] Kilimanjaro in Tanzania is the highest mountain of the continent, about 5,895 metres tall.", "")}, `closest sentence on the page is: <page>Mount Kilimanjaro is a dormant volcano`, RefusalLooseWording},
		{"finish with own 'not covered'", []string{search1, openKili, act(ActDiscover, "[1] Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa.", ""),
			act(ActFinish, "Kilimanjaro", "Item 3 not covered yet but enough.")}, "Your own reasoning says something is not covered", RefusalNotCovered},
		{"finish with a gap", []string{search1, openKili, act(ActDiscover, "[1] Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa.", ""),
			act(ActFinish, "Kilimanjaro", "Done.")}, "Item 2 (its height in meters): no finding covers it", RefusalGaps},
		{"invented detail on a page sentence", []string{search1, openKili,
			act(ActDiscover, "[1] Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa, first climbed in 1889 by Hans Meyer.", "")}, "does not say 1889, Hans, Meyer", RefusalNotOnPage},
		{"read more with a word", []string{search1, openKili, act(ActReadMore, "the end", "")}, "READ_MORE takes", RefusalBadPart},
		{"read on with every part read", []string{search1, openKili, act(ActDiscover, finding1, ""), act(ActReadMore, "", ""), act(ActReadMore, "", "")},
			"every part of this page was read", RefusalAllPartsRead},
		{"finish before any finding", []string{act(ActFinish, "Kilimanjaro", "Done.")}, "recorded no findings yet", RefusalNoFindings},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, m, rec, _ := newRun(t, map[string][]string{
				KindChecklist: {kiliChecklist()},
				KindAction:    tc.actions,
				KindCoverage:  {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":""}]}`},
				KindWriter:    {`{"result":"x"}`},
			})
			cfg.MaxTurns = len(tc.actions) + 1 // a FINISH sent back for gaps ends its turn
			if _, err := Run(context.Background(), cfg); err != nil {
				t.Fatal(err)
			}
			last, _ := ParseAction(tc.actions[len(tc.actions)-1])
			var notes []string
			for _, e := range rec.of(EvRefused) {
				notes = append(notes, e.Action+": "+e.Reason)
				if e.Action == last.Name && strings.Contains(e.Reason, tc.says) {
					if e.Kind != tc.kind {
						t.Errorf("the refusal's kind is %q, want %q", e.Kind, tc.kind)
					}
					// The note reached the model as the next message.
					next := m.calls(KindAction)
					found := false
					for _, r := range next {
						found = found || strings.Contains(r.Messages[len(r.Messages)-1].Content, tc.says)
					}
					if !found {
						t.Fatalf("the refusal %q never reached the model", e.Reason)
					}
					return
				}
			}
			t.Fatalf("no refusal of %s says %q; refusals:\n%s", last.Name, tc.says, strings.Join(notes, "\n---\n"))
		})
	}
}

func TestGarbageRepliesSkipTheTurnThenEndTheRun(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {"I think I should search for the mountain."},
	})
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusModelUnavailable || len(rec.of(EvTurnSkipped)) != maxSkippedTurns {
		t.Fatalf("status %s, %d turns skipped", res.Status, len(rec.of(EvTurnSkipped)))
	}
	if n := len(m.calls(KindAction)); n != maxSkippedTurns*maxGarbagePerTurn {
		t.Fatalf("%d action calls", n)
	}
	for _, e := range rec.of(EvRefused) {
		if e.Kind != RefusalUnparseable {
			t.Fatalf("an unusable reply was refused as %q", e.Kind)
		}
	}
	last := m.calls(KindAction)[1].Messages
	if !strings.Contains(last[len(last)-1].Content, "could not be used: the reply held no JSON object") {
		t.Fatalf("retry note %q", last[len(last)-1].Content)
	}
}

func TestVisitLimit(t *testing.T) {
	tr := newState("x").trail
	check := func(param string) verdict {
		u, seen := tr.resolve(param)
		return navigateRule(u, seen, tr.visits, pageFacts{})
	}
	u := base + "/wiki/Mount_Kenya"
	tr.addOffer(u, "")
	tr.visits[u] = maxVisitsPerURL - 1
	if n := check(u); n.sendsBack() {
		t.Fatalf("third visit refused: %s", n.note)
	}
	tr.visits[u] = maxVisitsPerURL
	if n := check(u + "#History"); n.kind != RefusalVisitLimit || !strings.Contains(n.note, "opened that page 3 times") {
		t.Fatalf("fourth visit: %+v", n)
	}
	if n := check(u + "?action=history"); n.kind != RefusalUnseenAddress || !strings.Contains(n.note, "not in the search results") {
		t.Fatalf("the query string is part of the address: %+v", n)
	}
}

// An action name the parser let through but no rule knows is refused by
// kind; ParseAction maps every reply to a known name, so no run reaches it.
func TestUnknownActionIsRefused(t *testing.T) {
	a := agentFor(t, "x")
	if v := a.verdict(Action{Name: "JUMP"}); v.kind != RefusalUnknownAction || !v.sendsBack() {
		t.Fatalf("verdict(JUMP) = %+v", v)
	}
}

func TestProgressCheckAfterTurnsWithoutFindings(t *testing.T) {
	actions := []string{search1, act(ActSearch, "highest peak africa", ""), act(ActSearch, "kilimanjaro", ""), act(ActSearch, "africa mountains", ""), act(ActSearch, "x", "")}
	cfg, m, rec, _ := newRun(t, map[string][]string{KindChecklist: {kiliChecklist()}, KindAction: actions})
	cfg.MaxTurns = len(actions)
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if len(rec.of(EvCheck)) != 1 {
		t.Fatalf("checks %+v", rec.of(EvCheck))
	}
	msgs := m.calls(KindAction)[4].Messages
	if !strings.Contains(msgs[len(msgs)-1].Content, "Progress check: 4 turns without a new finding") ||
		!strings.Contains(msgs[len(msgs)-1].Content, "1. the tallest mountain in Africa: missing") {
		t.Fatalf("last note %q", msgs[len(msgs)-1].Content)
	}
}

func TestFailedPageIsAResultNotARefusal(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {search1, act(ActNavigate, "R2", ""),
			act(ActDiscover, "[1] Mount Kenya is the second-highest mountain in Africa, at 5,199 metres (17,057 ft).", ""),
			act(ActNavigate, "L1", ""), act(ActNavigate, "http://wiki.test/wiki/Tanzania", "")},
	})
	cfg.Browser.(*fakeweb.Fake).World["/wiki/Mount_Kenya"] = fakeweb.Page{Title: "Mount Kenya - Wiki",
		Blocks: kiliWorld()["/wiki/Mount_Kenya"].Blocks, Hrefs: map[int][]string{0: {"/wiki/Tanzania"}}}
	cfg.Browser.(*fakeweb.Fake).World["/wiki/Mount_Kenya"].Blocks[0] = page.Block{Kind: page.List, Items: []string{"Tanzania"}}
	cfg.MaxTurns = 4
	Run(context.Background(), cfg)
	failed := rec.of(EvPageFailed)
	if len(failed) == 0 || !strings.Contains(failed[0].Reason, "HTTP 404") {
		t.Fatalf("failed pages %+v", failed)
	}
	last := m.calls(KindAction)
	if msgs := last[len(last)-1].Messages; !strings.Contains(msgs[len(msgs)-1].Content, "could not open http://wiki.test/wiki/Tanzania: HTTP 404") {
		t.Fatalf("the model was not told: %q", msgs[len(msgs)-1].Content)
	}
}

func TestNumbersInSkipsModelNames(t *testing.T) {
	got := words.Numbers("The Heron H3 scored 96% for $529, 5,895 m, 2.5x and item_4; mp3 players.")
	want := []string{"96", "529", "5,895", "2.5"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("numbersIn = %q, want %q", got, want)
	}
}

func TestNotOnPage(t *testing.T) {
	page := "The `--delay DURATION` flag takes a duration such as `500ms` or `1m30s`. The Heron H3 scored 96%. Uhuru Peak is 5,895 m."
	tests := []struct {
		claim string
		want  string
	}{
		{"The --delay flag takes `500ms` or `1m30s`.", ""},
		{"The Heron H3 scored 96% at Uhuru Peak, 5895 m.", ""},
		{"The Heron H3 scored 97% in 2021.", "97|2021"},
		{"Hans Meyer reached Uhuru Peak.", "Meyer"}, // the first word is capitalised anyway
		// A list's labels that echo the checklist are the model's words,
		// not names; the names after them are checked, and so is a label
		// that names something else.
		{"- Summit: Uhuru Peak\n- Height: 5,895 m", ""},
		{"Best Known Score: 96%\nRival: Falcon Peak", "Rival|Falcon"},
		{"- Kibo: 5,895 m", "Kibo"},
		{"Uhuru Peak is 5,895 m. Kibo Peak is not.", "Kibo"},
	}
	for _, tc := range tests {
		if got := strings.Join(notOnPage(tc.claim, page, "the summit's height, and the best known score"), "|"); got != tc.want {
			t.Errorf("notOnPage(%q) = %q, want %q", tc.claim, got, tc.want)
		}
	}
}

func TestCountAsked(t *testing.T) {
	for _, tc := range []struct {
		item string
		want int
	}{
		{"three free and open-source note-taking apps", 3},
		{"the 5 largest lakes", 5},
		{"list of two examples", 2},
		{"Two options compared on price", 2},
		{"what are the three main causes", 3},
		{"a list of the 4 largest lakes", 4},
		{"at least two independent sources", 2},
		{"why most coasts get two high tides a day", 0}, // part of the fact asked
		{"height in feet of the 2 peaks", 0},
		{"its height in meters", 0},
		{"the 2024 release date", 0},
		{"Python version 3", 0}, // a number ending the item names, not counts
	} {
		if got := tie.CountAsked(tc.item); got != tc.want {
			t.Errorf("countAsked(%q) = %d, want %d", tc.item, got, tc.want)
		}
	}
}

// An item that asks for three things is covered by one finding that names
// three, when the coverage check lists the names and each is in the
// finding's words; names no finding holds do not count.
func TestCountGapsUseTheNamesFindingsList(t *testing.T) {
	one := []Finding{{Number: 1, Items: []int{1}, Text: "GIMP, darktable and RawTherapee are free and open-source photo editors for Linux."}}
	two := []Finding{
		{Number: 1, Items: []int{1}, Text: "GIMP is a free and open-source photo editor."},
		{Number: 2, Items: []int{1}, Text: "darktable is a free and open-source photo editor."},
	}
	for _, tc := range []struct {
		name     string
		findings []Finding
		names    []string
		verdict  bool // the coverage check answered
		want     string
	}{
		{"three named in one finding", one, []string{"GIMP", "darktable", "RawTherapee"}, true, ""},
		{"names repeated or in other case count once", one, []string{"GIMP", "gimp", "Darktable", "RawTherapee"}, true, ""},
		{"a name no finding holds does not count", one, []string{"GIMP", "darktable", "Krita"}, true, "only 2 of 3 found"},
		{"no names: the findings are counted", two, nil, true, "only 2 of 3 found"},
		{"a name inside another counts once", []Finding{{Number: 1, Items: []int{1}, Text: "The GIMP photo editor and darktable are free and open-source."}},
			[]string{"GIMP", "GIMP photo editor", "darktable"}, true, "only 2 of 3 found"},
		{"the item's own words are not names", one, []string{"GIMP", "Linux", "photo editors"}, true, "only 1 of 3 found"},
		{"without a coverage check the findings are counted", one, nil, false, "only 1 of 3 found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &record{checklist: []Item{{Number: 1, Text: "three free and open-source photo editors for Linux"}}, findings: tc.findings}
			var answers []coverageItem
			if tc.verdict {
				var cited []int
				for _, f := range tc.findings {
					cited = append(cited, f.Number)
				}
				answers = []coverageItem{{Item: 1, Findings: cited, Covered: true, Names: tc.names}}
			}
			got := describeGaps(codeGaps(rec.ledger(), answers))
			if tc.want == "" && len(codeGaps(rec.ledger(), answers)) != 0 || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("gaps: %s; want %q", got, tc.want)
			}
		})
	}
	// Before the coverage check, a count alone does not send a FINISH back:
	// the check, which sees the names, decides.
	rec := &record{checklist: []Item{{Number: 1, Text: "three free and open-source photo editors for Linux"}}, findings: one}
	if g := withoutCounts(codeGaps(rec.ledger(), nil)); len(g) != 0 {
		t.Errorf("the free check kept a count gap: %s", describeGaps(g))
	}
}

// When the coverage check cannot be made (the call fails), a count gap the
// code sees still sends the FINISH back: it is not dropped with the check.
func TestCountGapStandsWhenTheCoverageCallFails(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{})
	m.err = map[int]error{0: fmt.Errorf("connection reset")}
	cfg.Objective = "Name three free and open-source photo editors for Linux."
	a := newAgent(t, cfg)
	a.st.record.checklist = []Item{{Number: 1, Text: "three free and open-source photo editors for Linux"}}
	a.st.record.findings = []Finding{{Number: 1, Items: []int{1}, Text: "GIMP is a free and open-source photo editor for Linux."}}
	if v := a.verdict(Action{Name: ActFinish, Param: "GIMP."}); v.sendsBack() {
		t.Fatalf("FINISH sent back before the coverage check: %+v", v)
	}
	n := gapsRule(a.coverage(context.Background(), ""), a.st.counts.sent.count(RefusalGaps))
	if n.kind != RefusalGaps || !strings.Contains(n.note, "only 1 of 3 found") {
		t.Fatalf("FINISH note %+v", n)
	}
	if len(m.calls(KindCoverage)) != 1 {
		t.Fatalf("%d coverage calls", len(m.calls(KindCoverage)))
	}
}

// Item numbers are read off a finding in the ways a model writes them; a
// finding that starts with a number keeps it.
func TestParseDiscover(t *testing.T) {
	for _, tc := range []struct {
		param string
		items []int
		text  string
	}{
		{"[1,2] The text.", []int{1, 2}, "The text."},
		{"[1][3] The text.", []int{1, 3}, "The text."},
		{"[1-3] The text.", []int{1, 2, 3}, "The text."},
		{"Items 2 to 4: The text.", []int{2, 3, 4}, "The text."},
		{"(items 1 and 2) The text.", []int{1, 2}, "The text."},
		{"1-2: The text.", []int{1, 2}, "The text."},
		{"3 free tools are listed.", nil, "3 free tools are listed."},
		{"1990-2000: the years of growth.", nil, "1990-2000: the years of growth."},
		{"[1990-2000] the years of growth.", nil, "[1990-2000] the years of growth."},
	} {
		items, text := parseDiscover(tc.param)
		if !slices.Equal(items, tc.items) || text != tc.text {
			t.Errorf("parseDiscover(%q) = %v, %q; want %v, %q", tc.param, items, text, tc.items, tc.text)
		}
	}
}
