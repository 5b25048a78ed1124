package agent

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// The report's promise (DESIGN.md): every checklist item is exactly one
// of answered in the result with a citation to a finding recorded for it,
// named as not found (which things), named as left out (which things
// failed which condition), or a view the model wrote. Never two, never
// none. Each case is a run's end as finish sees it: the record, the gaps
// the FINISH left, and what the writer wrote.

const mainRangeText = "The Main Range is the highest ridge of the Snowy Mountains in Australia. The ridge stretches for 40 km north from Mount Kosciuszko. The crest is granite, worn smooth by ice."

type promiseCase struct {
	name      string
	rec       func() *record
	answers   []coverageItem // the coverage as the FINISH left it; nil: code's own
	status    Status
	result    string // the writer's result ("": no writer call)
	notFound  map[int]string
	leftOut   string // the left-out lines as report.json holds them
	items     map[int][]int
	journaled []string
}

func kosciuszko(objective string, checklist ...string) func(...Finding) func() *record {
	return func(fs ...Finding) func() *record {
		return func() *record {
			rec := &record{objective: objective, checklist: items(checklist...)}
			for _, f := range fs {
				rec.add(f, 2)
			}
			return rec
		}
	}
}

func promiseCases() []promiseCase {
	heightAndState := kosciuszko("How high is Mount Kosciuszko, and in which Australian state is it?",
		"the height of Mount Kosciuszko in metres", "the Australian state it stands in")
	height := Finding{Text: "Mount Kosciuszko rises 2,228 metres above sea level.", Items: []int{1}, Title: "Mount Kosciuszko - Wiki"}
	state := Finding{Text: "Mount Kosciuszko stands in New South Wales, near the border with Victoria.", Items: []int{2}, Title: "Mount Kosciuszko - Wiki"}
	view := kosciuszko("How high is Mount Kosciuszko, and is the summit walk worth it? Give your view.",
		"the height of Mount Kosciuszko in metres", "your view on whether the summit walk is worth it")
	peaks := kosciuszko("How high are Kilimanjaro and Mount Kenya, in metres?", "the heights of Kilimanjaro and Mount Kenya in metres")
	suites := kosciuszko("Name three free and open-source office suites.", "three free and open-source office suites")
	return []promiseCase{
		{name: "an answered item the result leaves out is named, with the finding that holds it",
			rec: heightAndState(height, state), status: StatusFinished, result: `{"result":"Mount Kosciuszko rises 2,228 metres [1]."}`,
			notFound: map[int]string{2: "the result does not say it; finding [2] does"}, items: map[int][]int{1: {1}, 2: {2}},
			journaled: []string{"Item 2 (the Australian state it stands in) is not in the result"}},
		{name: "a finding the result cites is recorded for the item it answers, which is then no gap",
			rec: kosciuszko("What is the Main Range in Australia, and how long is it?", "what the Main Range is", "its length")(
				Finding{Text: mainRangeText, Items: []int{1}, Title: "Main Range - Wiki"}),
			answers: []coverageItem{{Item: 1, Findings: []int{1}, Covered: true}}, status: StatusFinished,
			result:   `{"result":"The Main Range is the highest ridge of the Snowy Mountains [1]; it stretches for 40 km [1]."}`,
			notFound: map[int]string{}, items: map[int][]int{1: {1, 2}},
			journaled: []string{"Finding [1] is now recorded for item 2 (its length)"}},
		{name: "an item about two things names the one the result does not answer",
			rec: peaks(Finding{Text: "Mount Kilimanjaro rises 5,895 metres above sea level.", Items: []int{1}},
				Finding{Text: "Mount Kenya rises 5,199 metres above sea level.", Items: []int{1}}),
			status: StatusFinished, result: `{"result":"Kilimanjaro rises 5,895 metres [1]."}`,
			notFound: map[int]string{1: "the result does not say it for Mount Kenya; finding [2] does"}, items: map[int][]int{1: {1}, 2: {1}},
			journaled: []string{"Item 1 (the heights of Kilimanjaro and Mount Kenya in metres) is not in the result for Mount Kenya"}},
		{name: "a view the result does not give is named",
			rec: view(height), status: StatusFinished, result: `{"result":"Mount Kosciuszko rises 2,228 metres [1]."}`,
			notFound: map[int]string{2: "the result gives no view of its own"}, items: map[int][]int{1: {1}},
			journaled: []string{"Item 2 (your view on whether the summit walk is worth it) asks for a view the result does not give"}},
		{name: "a view the result gives is no gap",
			rec: view(height), status: StatusFinished, result: `{"result":"Mount Kosciuszko rises 2,228 metres [1].\n\nMy view: the walk is worth it on a clear day."}`,
			notFound: map[int]string{}, items: map[int][]int{1: {1}}},
		{name: "a condition no finding shows is not found, not left out: nothing was left out of the result",
			rec: kosciuszko("What is the default port in the official tarpit documentation?", "the default port in the official tarpit documentation")(
				Finding{Text: "The tarpit blog says the default port is 2222.", Items: []int{1}}),
			status: StatusFinished, result: `{"result":"A blog says the default port is 2222 [1]; no finding shows this is official."}`,
			notFound: map[int]string{1: "no finding shows it is official"}, items: map[int][]int{1: {1}}},
		{name: "things shown not to meet a condition are named as such, apart from those not shown either way",
			rec: suites(Finding{Text: "LibreOffice is a free and open-source office suite.", Items: []int{1}},
				Finding{Text: "OnlyOffice is a free and open source office suite.", Items: []int{1}},
				Finding{Text: "FreeOffice is free, but it is not open source.", Items: []int{1}},
				Finding{Text: "Calligra Suite is a free office suite from KDE.", Items: []int{1}}),
			answers: []coverageItem{{Item: 1, Findings: []int{1, 2, 3, 4}, Covered: true, Names: []string{"LibreOffice", "OnlyOffice", "FreeOffice", "Calligra Suite"}}},
			status:  StatusFinished, result: `{"result":"LibreOffice [1] and OnlyOffice [2] are free and open source."}`,
			notFound: map[int]string{1: "only 2 of 3 found"},
			leftOut:  `[{"item":{"number":1,"text":"three free and open-source office suites"},"condition":"open source","things":["FreeOffice","Calligra Suite"],"denied":["FreeOffice"]}]`,
			items:    map[int][]int{1: {1}, 2: {1}, 3: {1}, 4: {1}}},
		{name: "with no result written, the findings stand in for it",
			rec: heightAndState(height), status: StatusModelUnavailable,
			notFound: map[int]string{2: "no finding covers it"}, items: map[int][]int{1: {1}}},
	}
}

func TestTheReportKeepsItsPromise(t *testing.T) {
	for _, tc := range promiseCases() {
		t.Run(tc.name, func(t *testing.T) {
			replies := map[string][]string{}
			if tc.result != "" {
				replies[KindWriter] = []string{tc.result}
			}
			cfg, _, events, _ := newRun(t, replies)
			a := newAgent(t, cfg)
			a.st.record = *tc.rec()
			a.st.record.checklist = tc.rec().checklist
			var gaps []gap
			if tc.status == StatusFinished {
				gaps = codeGaps(a.st.record.ledger(), tc.answers)
			}
			a.finish(context.Background(), tc.status, gaps)
			res := &a.res
			got := map[int]string{}
			for _, m := range res.NotFound {
				got[m.Item.Number] = m.Why
			}
			if !reflect.DeepEqual(got, tc.notFound) {
				t.Errorf("not found %+v, want %v", res.NotFound, tc.notFound)
			}
			left, _ := json.Marshal(res.LeftOut)
			if want := tc.leftOut; (want == "" && len(res.LeftOut) > 0) || (want != "" && string(left) != want) {
				t.Errorf("left out %s, want %s", left, want)
			}
			tied := map[int][]int{}
			for _, f := range res.Findings {
				tied[f.Number] = f.Items
			}
			if !reflect.DeepEqual(tied, tc.items) {
				t.Errorf("findings recorded for %v, want %v", tied, tc.items)
			}
			var said []string
			for _, ev := range events.of(EvCheck) {
				if ev.Kind == "report" {
					said = append(said, ev.Reason)
				}
			}
			for _, want := range tc.journaled {
				if !strings.Contains(strings.Join(said, "\n"), want) {
					t.Errorf("the journal does not say %q; it says %q", want, said)
				}
			}
			if len(tc.journaled) == 0 && len(said) > 0 {
				t.Errorf("the journal says %q of a report that kept its promise", said)
			}
		})
	}
}

// Breaches reads a result as a report shows it and names each item the
// promise fails: named twice, or not at all.
func TestBreaches(t *testing.T) {
	peaks := []Item{{Number: 1, Text: "the heights of Kilimanjaro and Mount Kenya in metres"}}
	kili := Finding{Number: 1, Text: "Mount Kilimanjaro rises 5,895 metres above sea level.", Items: []int{1}}
	kenya := Finding{Number: 2, Text: "Mount Kenya rises 5,199 metres above sea level.", Items: []int{1}}
	two := []Item{{Number: 1, Text: "the height of Mount Kosciuszko in metres"}, {Number: 2, Text: "your view on whether the summit walk is worth it"}}
	height := Finding{Number: 1, Text: "Mount Kosciuszko rises 2,228 metres above sea level.", Items: []int{1}}
	suites := []Item{{Number: 1, Text: "two free and open-source office suites"}}
	libre := Finding{Number: 1, Text: "LibreOffice is a free and open-source office suite.", Items: []int{1}}
	const peaksObjective, kosObjective = "How high are Kilimanjaro and Mount Kenya, in metres?", "How high is Mount Kosciuszko, and is the walk worth it?"
	for _, tc := range []struct {
		name string
		res  Result
		want []string
	}{
		{"answered and named as not found", Result{Objective: kosObjective, Checklist: two[:1], Findings: []Finding{height}, Answer: "It rises 2,228 metres [1].",
			NotFound: []Missing{{Item: two[0], Why: "no finding covers it"}}},
			[]string{"item 1: answered by [1] and named as not found"}},
		{"neither answered nor named", Result{Objective: kosObjective, Checklist: two[:1], Findings: []Finding{height}, Answer: "It is high."},
			[]string{"item 1: neither answered nor named"}},
		{"one of two things neither answered nor named", Result{Objective: peaksObjective, Checklist: peaks, Findings: []Finding{kili, kenya},
			Answer: "Kilimanjaro rises 5,895 metres [1]."},
			[]string{"item 1: Mount Kenya neither answered nor named"}},
		{"a thing answered and named as not found", Result{Objective: peaksObjective, Checklist: peaks, Findings: []Finding{kili, kenya},
			Answer: "Kilimanjaro rises 5,895 metres [1]; Mount Kenya 5,199 metres [2].", NotFound: []Missing{{Item: peaks[0], Things: []string{"Mount Kenya"}, Partial: true}}},
			[]string{"item 1: Mount Kenya answered by [2] and named as not found"}},
		{"a view not given", Result{Objective: kosObjective, Checklist: two, Findings: []Finding{height}, Answer: "It rises 2,228 metres [1]."},
			[]string{"item 2: asks for a view the result does not give, and is not named"}},
		{"a view given and named as not found", Result{Objective: kosObjective, Checklist: two, Findings: []Finding{height}, Answer: "It rises 2,228 metres [1]. My view: go.",
			NotFound: []Missing{{Item: two[1], Why: "no finding covers it"}}},
			[]string{"item 2: a view the result gives, and named as not found"}},
		{"left out without naming a thing", Result{Objective: "Name two free and open-source office suites.", Checklist: suites, Findings: []Finding{libre}, Answer: "LibreOffice [1].",
			LeftOut: []LeftOut{{Item: suites[0], Condition: "open source"}}},
			[]string{"item 1: left out without naming what"}},
		{"a thing both left out and not found", Result{Objective: "Name two free and open-source office suites.", Checklist: suites, Findings: []Finding{libre}, Answer: "LibreOffice [1].",
			LeftOut:  []LeftOut{{Item: suites[0], Condition: "open source", Things: []string{"FreeOffice"}}},
			NotFound: []Missing{{Item: suites[0], Why: "only 1 of 2 found", Things: []string{"FreeOffice"}, Partial: true}}},
			[]string{"item 1: FreeOffice named as left out and as not found"}},
		{"named twice as not found", Result{Objective: kosObjective, Checklist: two[:1], Answer: "Nothing.",
			NotFound: []Missing{{Item: two[0], Why: "a"}, {Item: two[0], Why: "b"}}},
			[]string{"item 1: named 2 times as not found"}},
		{"kept: part answered, the rest named", Result{Objective: peaksObjective, Checklist: peaks, Findings: []Finding{kili},
			Answer: "Kilimanjaro rises 5,895 metres [1].", NotFound: []Missing{{Item: peaks[0], Why: "nothing found for Mount Kenya", Things: []string{"Mount Kenya"}, Partial: true}}}, nil},
		{"kept: the met things answered, the others left out", Result{Objective: "Name two free and open-source office suites.", Checklist: suites, Findings: []Finding{libre},
			Answer: "LibreOffice [1].", LeftOut: []LeftOut{{Item: suites[0], Condition: "open source", Things: []string{"FreeOffice"}, Denied: []string{"FreeOffice"}}},
			NotFound: []Missing{{Item: suites[0], Why: "only 1 of 2 found", Partial: true}}}, nil},
		{"kept: no result written, the findings stand in", Result{Objective: kosObjective, Checklist: two, Findings: []Finding{height},
			NotFound: []Missing{{Item: two[1], Why: "no view was written: the run ended before the result"}}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Breaches(&tc.res); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("breaches %q, want %q", got, tc.want)
			}
		})
	}
}

// Account is the report's word on each item, one state each, as the app's
// checklist shows it.
func TestAccount(t *testing.T) {
	list := []Item{{Number: 1, Text: "the height of Mount Kosciuszko in metres"}, {Number: 2, Text: "the Australian state it stands in"},
		{Number: 3, Text: "two free and open-source office suites"}, {Number: 4, Text: "your view on whether the walk is worth it"}}
	res := Result{Objective: "How high is Mount Kosciuszko?", Checklist: list, Answer: "It rises 2,228 metres [1]; LibreOffice [2]. My view: go.",
		Findings: []Finding{{Number: 1, Text: "Mount Kosciuszko rises 2,228 metres.", Items: []int{1}}, {Number: 2, Text: "LibreOffice is free and open source.", Items: []int{3}}},
		NotFound: []Missing{{Item: list[1], Why: "no finding covers it"}},
		LeftOut:  []LeftOut{{Item: list[2], Condition: "open source", Things: []string{"FreeOffice"}, Denied: []string{"FreeOffice"}}}}
	var got []string
	for _, s := range Account(&res) {
		got = append(got, s.State)
		if s.Item.Number == 3 && (!reflect.DeepEqual(s.Findings, []int{2}) || s.LeftOut == nil) {
			t.Errorf("item 3: %+v", s)
		}
	}
	if want := []string{StateAnswered, StateNotFound, StateLeftOut, StateView}; !reflect.DeepEqual(got, want) {
		t.Errorf("states %v, want %v", got, want)
	}
}

// An item that names its things and sets a condition ("which of
// Quillnote, Marginalia and Inkwell are free and open source") checks the
// condition per thing it names, as it does for the things a coverage
// answer names: a finding showing Inkwell is proprietary leaves Inkwell
// out, named, and does not hold up a FINISH. Without names from the
// model, the condition was checked over all the findings' words at once,
// and "open source" said of Quillnote answered it for Inkwell.
func TestAnItemsOwnThingsAreCheckedForItsCondition(t *testing.T) {
	rec := &record{objective: "Which of the Quillnote, Marginalia and Inkwell note-taking apps for Linux are free and open source?",
		checklist: items("which of Quillnote, Marginalia and Inkwell are free and open source")}
	for _, f := range []string{"Quillnote is a free and open-source note-taking app for Linux.", "Marginalia is a free and open source outliner.",
		"Inkwell is free to download for Linux, but it is proprietary software: its makers sell a paid sync service."} {
		rec.add(Finding{Text: f, Items: []int{1}}, 2)
	}
	for _, answers := range [][]coverageItem{nil, {{Item: 1, Findings: []int{1, 2, 3}, Covered: true}}} {
		gaps := codeGaps(rec.ledger(), answers)
		if len(gaps) != 1 || !reflect.DeepEqual(gaps[0].Denied, []string{"Inkwell"}) || !gaps[0].Settled || gapsRule(gaps, 0).sendsBack() {
			t.Errorf("account %v: gaps %+v", answers, gaps)
			continue
		}
		// Inkwell is shown free; the "paid" of its sync service does not
		// make the condition it fails "free".
		if gaps[0].Condition != "open source" {
			t.Errorf("account %v: Inkwell left out as not %q", answers, gaps[0].Condition)
		}
	}
}

// settle mends any result it is given until Breaches finds nothing, and
// says what it did: lines merged, a left-out line without things made a
// not-found one, a thing named once, a finding code is unsure of untied
// from an item the report names as not found, a view's gap line dropped.
func TestSettleMendsEveryBreach(t *testing.T) {
	suites := Item{Number: 1, Text: "two free and open-source office suites"}
	why := Item{Number: 1, Text: "why the suite matters"}
	view := Item{Number: 2, Text: "your view on which suite to use"}
	libre := Finding{Number: 1, Text: "LibreOffice is a free and open-source office suite.", Items: []int{1}}
	for _, tc := range []struct {
		name string
		res  Result
		said string
		nf   []Missing
		lo   []LeftOut
		tied []int
	}{
		{"two lines for one item", Result{Objective: "o", Checklist: []Item{suites}, Findings: []Finding{libre}, Answer: "LibreOffice [1].",
			NotFound: []Missing{{Item: suites, Why: "only 1 of 2 found", Partial: true}, {Item: suites, Why: "no finding shows OnlyOffice is open source", Partial: true}}},
			"had more than one line", []Missing{{Item: suites, Why: "only 1 of 2 found; no finding shows OnlyOffice is open source", Partial: true}}, nil, []int{1}},
		{"left out without things", Result{Objective: "o", Checklist: []Item{suites}, Findings: []Finding{libre}, Answer: "LibreOffice [1].",
			LeftOut: []LeftOut{{Item: suites, Condition: "open source"}}},
			"is named as not found", []Missing{{Item: suites, Why: "no finding shows it is open source", Partial: true,
				Reasons: []Reason{{Key: ReasonCondition, Condition: "open source"}}}}, nil, []int{1}},
		{"a thing left out and not found", Result{Objective: "o", Checklist: []Item{suites}, Findings: []Finding{libre}, Answer: "LibreOffice [1].",
			NotFound: []Missing{{Item: suites, Why: "only 1 of 2 found", Things: []string{"FreeOffice"}, Partial: true}},
			LeftOut:  []LeftOut{{Item: suites, Condition: "open source", Things: []string{"FreeOffice"}, Denied: []string{"FreeOffice"}}}},
			"not named as not found too", []Missing{{Item: suites, Why: "only 1 of 2 found", Things: []string{}, Partial: true}},
			[]LeftOut{{Item: suites, Condition: "open source", Things: []string{"FreeOffice"}, Denied: []string{"FreeOffice"}}}, []int{1}},
		{"an unsure finding cited for an item named as not found", Result{Objective: "o", Checklist: []Item{why},
			Findings: []Finding{{Number: 1, Text: "LibreOffice is used in schools.", Items: []int{1}, Inferred: true}}, Answer: "It is used in schools [1].",
			NotFound: []Missing{{Item: why, Why: "the coverage check found it not covered"}}},
			"is no longer recorded for item 1", []Missing{{Item: why, Why: "the coverage check found it not covered"}}, nil, []int{}},
		{"a view given and named as not found", Result{Objective: "o", Checklist: []Item{suites, view}, Findings: []Finding{libre}, Answer: "LibreOffice [1]. My view: LibreOffice.",
			NotFound: []Missing{{Item: suites, Why: "only 1 of 2 found", Partial: true}, {Item: view, Why: "no finding covers it"}}},
			"which the result gives: it is no gap", []Missing{{Item: suites, Why: "only 1 of 2 found", Partial: true}}, nil, []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := tc.res
			said := settle(&res)
			if !strings.Contains(strings.Join(said, "\n"), tc.said) {
				t.Errorf("said %q, want %q", said, tc.said)
			}
			if !reflect.DeepEqual(res.NotFound, tc.nf) || !reflect.DeepEqual(res.LeftOut, tc.lo) || !reflect.DeepEqual(res.Findings[0].Items, tc.tied) {
				t.Errorf("not found %+v\nleft out %+v\nfinding 1 for %v", res.NotFound, res.LeftOut, res.Findings[0].Items)
			}
			if b := Breaches(&res); len(b) > 0 {
				t.Errorf("still breaks the promise: %v", b)
			}
			if tc.res.Findings[0].Items[0] != 1 {
				t.Error("settle changed the record it was given, not its own copy")
			}
		})
	}
}
