package agent

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/page"
)

// items are a checklist of texts, numbered from 1.
func items(texts ...string) []Item {
	out := make([]Item, len(texts))
	for i, t := range texts {
		out[i] = Item{Number: i + 1, Text: t}
	}
	return out
}

// The runs of issue 22's "Why": each played with the scripted model in a
// small model's habits, over a page of its own in the fake web.

// tiesRun is a run over one extra page at base+path, found by any search
// the script makes.
func tiesRun(t *testing.T, objective, checklist, path string, pg fakeweb.Page, replies map[string][]string) (*Result, *scripted, *recorder) {
	t.Helper()
	replies[KindChecklist] = []string{checklist}
	cfg, m, rec, fake := newRun(t, replies)
	fake.World[path] = pg
	cfg.Objective = objective
	cfg.Search = anySearch{{Title: pg.Title, URL: base + path, Snippet: "the page"}}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res, m, rec
}

// anySearch answers every query with the same results.
type anySearch []port.SearchResult

func (s anySearch) Search(context.Context, string, port.Notify) ([]port.SearchResult, error) {
	return s, nil
}

// refusalsOf are the refusals of one kind.
func refusalsOf(rec *recorder, kind string) []Event {
	var out []Event
	for _, e := range rec.of(EvRefused) {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

func africanPeaks() fakeweb.Page {
	return fakeweb.Page{Title: "The highest mountains of Africa - Peaks", Blocks: []page.Block{
		{Kind: page.Heading, Level: 1, Text: "The highest mountains of Africa"},
		{Kind: page.Heading, Level: 2, Text: "Kilimanjaro"},
		{Kind: page.Paragraph, Text: "Mount Kilimanjaro, a dormant volcano in Tanzania, is the highest mountain in Africa and rises 5,895 metres above sea level."},
		{Kind: page.Heading, Level: 2, Text: "Ruwenzori"},
		{Kind: page.Paragraph, Text: "The Ruwenzori range on the border of Uganda and Congo holds the third-highest summit of the continent."},
	}}
}

// Why 1: half an answer dropped in silence. Two sibling items share their
// attribute words; a finding about Kilimanjaro was recorded for Mount
// Kenya too, the model was told every item had a finding, its FINISH
// repeating that was taken without a check, and the report gave one
// height and said nothing of the other. Now the finding is recorded for
// Kilimanjaro only, whether code inferred its items or the model named
// both (it is told why not the second), the FINISH is sent back for Mount
// Kenya (with a search for it, and no coverage call: code can say why),
// and a FINISH insisting on it ends with Mount Kenya not found.
func TestSiblingThingsDoNotShareAFinding(t *testing.T) {
	const kili = "Mount Kilimanjaro, a dormant volcano in Tanzania, is the highest mountain in Africa and rises 5,895 metres above sea level."
	parrot := act(ActFinish, "Kilimanjaro is 5,895 m.", "Every checklist item has a finding: 1 [1], 2 [1].")
	for _, tc := range []struct{ name, discover, recorded string }{
		{"inferred", kili, "recorded finding [1] for item 1, judged by its words."},
		{"named by the model", "[1,2] " + kili, "recorded finding [1] for item 1; not for item 2: it does not name Mount Kenya."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, m, rec := tiesRun(t, "How high are Kilimanjaro and Mount Kenya, in metres?",
				`{"items":["the height of Kilimanjaro in metres","the height of Mount Kenya in metres"]}`, "/wiki/African_peaks", africanPeaks(),
				map[string][]string{
					KindAction:   {act(ActSearch, "highest mountains of Africa", ""), act(ActNavigate, "R1", ""), act(ActDiscover, tc.discover, "The page gives the heights."), parrot, parrot},
					KindCoverage: {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":"","names":[]},{"item":2,"findings":[1],"covered":true,"missing":"","names":[]}]}`},
					KindWriter:   {`{"result":"Kilimanjaro rises 5,895 metres [1]."}`},
				})
			if len(res.Findings) != 1 || len(res.Findings[0].Items) != 1 || res.Findings[0].Items[0] != 1 {
				t.Fatalf("findings %+v: the finding about Kilimanjaro was recorded for Mount Kenya", res.Findings)
			}
			calls := m.calls(KindAction)
			if after := calls[3].Messages; !strings.Contains(after[len(after)-1].Content, tc.recorded) {
				t.Errorf("the model was not told what its finding was recorded for:\n%s", after[len(after)-1].Content)
			}
			for _, req := range calls {
				for _, msg := range req.Messages {
					if strings.Contains(msg.Content, render("finish-now", nil)) {
						t.Fatalf("the model was told every item has a finding:\n%s", msg.Content)
					}
				}
			}
			gaps := refusalsOf(rec, RefusalGaps)
			if len(gaps) != 1 || !strings.Contains(gaps[0].Reason, `SEARCH for "Mount Kenya height metres"`) || len(m.calls(KindCoverage)) != 0 {
				t.Fatalf("send-backs for gaps %+v, %d coverage calls", gaps, len(m.calls(KindCoverage)))
			}
			if len(res.NotFound) != 1 || res.NotFound[0].Item.Number != 2 || !strings.Contains(res.NotFound[0].Why, "Mount Kenya") {
				t.Fatalf("not found %+v: the report must name Mount Kenya's height as not found", res.NotFound)
			}
		})
	}
}

// The same half answer within one item: a comparison item about two
// things is not covered by a finding about one. The status says what it
// lacks, the model is not told every item has a finding, and its FINISH
// is sent back for the thing nothing was found for.
func TestOneItemAboutTwoThingsIsNotCoveredByHalf(t *testing.T) {
	const kili = "Mount Kilimanjaro, a dormant volcano in Tanzania, is the highest mountain in Africa and rises 5,895 metres above sea level."
	finish := act(ActFinish, "Kilimanjaro is 5,895 m.", "1 [1].")
	res, m, rec := tiesRun(t, "How high are Kilimanjaro and Mount Kenya, in metres?",
		`{"items":["the heights of Kilimanjaro and Mount Kenya in metres"]}`, "/wiki/African_peaks", africanPeaks(),
		map[string][]string{
			KindAction: {act(ActSearch, "highest mountains of Africa", ""), act(ActNavigate, "R1", ""), act(ActDiscover, kili, ""), finish, finish},
			KindWriter: {`{"result":"Kilimanjaro rises 5,895 metres [1]."}`},
		})
	after := m.calls(KindAction)[3].Messages
	if last := after[len(after)-1].Content; !strings.Contains(last, "1. covered by [1]; nothing yet for Mount Kenya") || strings.Contains(last, render("finish-now", nil)) {
		t.Errorf("the status after the finding:\n%s", last)
	}
	gaps := refusalsOf(rec, RefusalGaps)
	if len(gaps) != 1 || !strings.Contains(gaps[0].Reason, `nothing found for Mount Kenya. Next: SEARCH for "Mount Kenya heights metres"`) {
		t.Fatalf("send-backs for gaps %+v", gaps)
	}
	if len(res.NotFound) != 1 || res.NotFound[0].Why != "nothing found for Mount Kenya" {
		t.Fatalf("not found %+v", res.NotFound)
	}
	if want := []Reason{{Key: ReasonLacking, Things: []string{"Mount Kenya"}}}; !reflect.DeepEqual(res.NotFound[0].Reasons, want) {
		t.Errorf("the reasons the report words: %+v, want %+v", res.NotFound[0].Reasons, want)
	}
}

func mainRange() fakeweb.Page {
	return fakeweb.Page{Title: "Main Range - Wiki", Blocks: []page.Block{
		{Kind: page.Paragraph, Text: "The Main Range is the highest ridge of the Snowy Mountains in Australia. The ridge stretches for 40 km north from Mount Kosciuszko. The crest is granite, worn smooth by ice."},
	}}
}

// Why 2: a right answer reported as not found. The model tags its finding
// with the item it was after, and its FINISH says the finding covers the
// other item too, which the finding does in other words ("stretches for
// 40 km" for "its length"). Code no longer overrules that account by word
// matching: where it can see the finding answers the item (it is about
// the Main Range and gives a length), it agrees; where it cannot tell ("the
// rock it is made of" against "the crest is granite"), it asks the model
// with the evidence side by side, and follows its answer.
func TestTheModelsAccountIsAskedNotOverruled(t *testing.T) {
	const finding = "[1] The Main Range is the highest ridge of the Snowy Mountains in Australia. The ridge stretches for 40 km north from Mount Kosciuszko. The crest is granite, worn smooth by ice."
	for _, tc := range []struct {
		name, item string
		coverage   int // coverage calls
	}{
		{"a length in other words", "its length", 0},
		{"words code cannot judge", "the rock it is made of", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			finish := act(ActFinish, "The Main Range is a ridge [1].", "1 [1], 2 [1].")
			res, m, rec := tiesRun(t, "What is the Main Range in Australia, and how long is it?",
				`{"items":["what the Main Range is","`+tc.item+`"]}`, "/wiki/Main_Range", mainRange(),
				map[string][]string{
					KindAction:   {act(ActSearch, "Main Range Australia", ""), act(ActNavigate, "R1", ""), act(ActDiscover, finding, ""), finish, finish},
					KindCoverage: {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":"","names":[]},{"item":2,"findings":[1],"covered":true,"missing":"","names":[]}]}`},
					KindWriter:   {`{"result":"The Main Range is the highest ridge of the Snowy Mountains [1]; it stretches for 40 km [1]."}`},
				})
			if len(res.NotFound) != 0 || len(refusalsOf(rec, RefusalGaps)) != 0 {
				t.Fatalf("not found %+v, send-backs %+v: the model's account was overruled", res.NotFound, refusalsOf(rec, RefusalGaps))
			}
			if !reflect.DeepEqual(res.Findings[0].Items, []int{1, 2}) {
				t.Errorf("the report holds item 2 answered by [1], yet the finding is recorded for %v", res.Findings[0].Items)
			}
			cov := m.calls(KindCoverage)
			if len(cov) != tc.coverage {
				t.Fatalf("%d coverage calls, want %d", len(cov), tc.coverage)
			}
			if tc.coverage > 0 {
				q := cov[0].Messages[len(cov[0].Messages)-1].Content
				if !strings.Contains(q, "Item 2: your FINISH cites [1]") {
					t.Errorf("the coverage check does not set the model's account beside the evidence:\n%s", q)
				}
			}
		})
	}
}

func officeSuitesPage() fakeweb.Page {
	return fakeweb.Page{Title: "LibreOffice - Wiki", Blocks: []page.Block{
		{Kind: page.Paragraph, Text: "LibreOffice is a free and open-source office suite developed by The Document Foundation."},
		{Kind: page.Heading, Level: 2, Text: "Other suites"},
		{Kind: page.Paragraph, Text: "Microsoft Office is proprietary software sold by Microsoft; it is not open source."},
	}}
}

// Why 3: a condition a finding shows NOT met. "Whether Microsoft Office is
// open source" is answered by a finding that says it is not: that is no
// gap, and no FINISH is sent back for it (it was, with the garbled search
// "LibreOffice whether Microsoft Office open source" and "find it on the
// pages", a nudge to look for proof of what the page denied).
func TestAConditionShownNotMetIsNoGap(t *testing.T) {
	finish := act(ActFinish, "LibreOffice is open source [1]; Microsoft Office is not [2].", "1 [1], 2 [2].")
	res, _, rec := tiesRun(t, "Are LibreOffice and Microsoft Office open source?",
		`{"items":["whether LibreOffice is open source","whether Microsoft Office is open source"]}`, "/wiki/LibreOffice", officeSuitesPage(),
		map[string][]string{
			KindAction: {act(ActSearch, "LibreOffice open source", ""), act(ActNavigate, "R1", ""),
				act(ActDiscover, "[1] LibreOffice is a free and open-source office suite developed by The Document Foundation.", ""),
				act(ActDiscover, "[2] Microsoft Office is proprietary software sold by Microsoft; it is not open source.", ""), finish, finish},
			KindCoverage: {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":"","names":[]},{"item":2,"findings":[2],"covered":true,"missing":"","names":[]}]}`},
			KindWriter:   {`{"result":"LibreOffice is open source [1]; Microsoft Office is not [2]."}`},
		})
	if gaps := refusalsOf(rec, RefusalGaps); len(gaps) != 0 {
		t.Fatalf("a condition the finding shows not met was sent back as a gap: %s", gaps[0].Reason)
	}
	if len(res.NotFound) != 0 || len(res.LeftOut) != 0 {
		t.Fatalf("not found %+v, left out %+v: both items are answered", res.NotFound, res.LeftOut)
	}
}

// An item about several things (2 to 10) needs a finding for each: the
// things nothing answers it for are named, and the search is for the
// first of them.
func TestGapsNameTheThingsLacking(t *testing.T) {
	five := []string{"Kilimanjaro", "Mount Kenya", "Mount Stanley", "Ras Dashen", "Mount Meru"}
	ten := []string{"LibreOffice", "OnlyOffice", "FreeOffice", "WPS Office", "Calligra Suite", "Microsoft Office", "Google Docs", "Zoho Writer", "SoftMaker Office", "Apache OpenOffice"}
	for _, tc := range []struct {
		name, item string
		findings   []string
		lacking    []string
		query      string
	}{
		{"two, one found", "the heights of Kilimanjaro and Mount Kenya in metres",
			[]string{"Mount Kilimanjaro rises 5,895 metres."}, []string{"Mount Kenya"}, "Mount Kenya heights metres"},
		{"two, both in one finding", "the heights of Kilimanjaro and Mount Kenya in metres",
			[]string{"Kilimanjaro rises 5,895 m and Mount Kenya 5,199 m."}, nil, ""},
		{"two, a value of the other's", "the heights of Kilimanjaro and Mount Kenya in metres",
			[]string{"Mount Kenya, at 5,199 m, stands north of Kilimanjaro."}, []string{"Kilimanjaro"}, "Kilimanjaro heights metres"},
		{"five, three found", "the heights of " + strings.Join(five[:4], ", ") + " and Mount Meru in metres",
			[]string{"Kilimanjaro rises 5,895 m.", "Mount Stanley reaches 5,109 m.", "Mount Meru rises 4,562 m."}, []string{"Mount Kenya", "Ras Dashen"}, "Mount Kenya heights metres"},
		{"ten, nine found", "the prices of " + strings.Join(ten[:9], ", ") + " and Apache OpenOffice",
			prices(ten[:9]), []string{"Apache OpenOffice"}, "Apache OpenOffice prices"},
		{"whether, for two, one denied", "whether LibreOffice and Microsoft Office are open source",
			[]string{"LibreOffice is open source.", "Microsoft Office is proprietary."}, nil, ""},
		{"whether, for two, one unsaid", "whether LibreOffice and Microsoft Office are open source",
			[]string{"LibreOffice is open source.", "Microsoft Office is sold by Microsoft."}, []string{"Microsoft Office"}, "Microsoft Office open source"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &record{checklist: items(tc.item)}
			for _, f := range tc.findings {
				rec.add(Finding{Text: f, Items: []int{1}, Title: "Peaks and programs"}, 2)
			}
			gaps := codeGaps(rec.ledger(), nil)
			var got []string
			query := ""
			for _, g := range gaps {
				got = append(got, g.Lacking...)
				if g.Check != "" {
					query = g.Lacking[0] + " " + g.Check
				} else {
					query = tie.GapQuery(g.Item, g.Lacking, rec.objective, firstTitle(rec.findings))
				}
			}
			if !reflect.DeepEqual(got, tc.lacking) || query != tc.query {
				t.Errorf("lacking %q, search %q; want %q, %q (gaps %+v)", got, query, tc.lacking, tc.query, gaps)
			}
		})
	}
}

func prices(names []string) []string {
	var out []string
	for i, n := range names {
		out = append(out, fmt.Sprintf("%s costs $%d a year.", n, 10*(i+1)))
	}
	return out
}

// A list's things shown not to meet a condition are left out and named,
// and never sent back to be checked: the page said so. Those no finding
// says either way are checked, not proven.
func TestThingsShownNotToQualifyAreNoGap(t *testing.T) {
	suites := func(findings ...string) *record {
		rec := &record{objective: "Name two free and open-source office suites.", checklist: items("two free and open-source office suites")}
		for _, f := range findings {
			rec.add(Finding{Text: f, Items: []int{1}, Title: "Office suites"}, 2)
		}
		return rec
	}
	names := []coverageItem{{Item: 1, Findings: []int{1, 2, 3}, Covered: true, Names: []string{"LibreOffice", "OnlyOffice", "FreeOffice"}}}
	for _, tc := range []struct {
		name     string
		rec      *record
		sendBack bool
		denied   []string
		next     string
	}{
		{"two qualify, one denied", suites("LibreOffice is free and open source.", "OnlyOffice is free and open source.", "FreeOffice is proprietary."), false, []string{"FreeOffice"}, ""},
		{"one qualifies, one denied", suites("LibreOffice is free and open source.", "OnlyOffice is a free office suite.", "FreeOffice is free, but it is not open source."), true, []string{"FreeOffice"},
			`Next: SEARCH for "OnlyOffice open source" to check whether OnlyOffice is open source, or replace it; record what the pages say, either way.`},
		{"one qualifies, the rest denied", suites("LibreOffice is free and open source.", "OnlyOffice is closed source.", "FreeOffice is proprietary."), true, []string{"OnlyOffice", "FreeOffice"},
			`Next: SEARCH for "free open-source office suites".`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gaps := codeGaps(tc.rec.ledger(), names)
			if len(gaps) != 1 || !reflect.DeepEqual(gaps[0].Denied, tc.denied) || gapsRule(gaps, 0).sendsBack() != tc.sendBack {
				t.Fatalf("gaps %+v", gaps)
			}
			if next := nextStep(gaps[0], whereNext{objective: tc.rec.objective, title: firstTitle(tc.rec.findings), searched: map[string]bool{}}); tc.sendBack && next != tc.next {
				t.Errorf("next step %q, want %q", next, tc.next)
			}
		})
	}
}
