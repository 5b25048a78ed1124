package bench

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

func TestOwnWords(t *testing.T) {
	tests := []struct{ sentence, subject, want string }{
		{"It rises 2,228 metres above sea level.", "Mount Kosciuszko", "Mount Kosciuszko rises 2,228 m above sea level."},
		{"Its summit is 5,895 metres (19,341 feet) high.", "Kibo", "Kibo's summit is 5,895 m (19,341 ft) high."},
		{"The walk is approximately 13 kilometres long.", "", "The walk is about 13 km long."},
		// Without a number before it, a unit word stays: it is no unit.
		{"The metres of rope were stored.", "X", "The metres of rope were stored."},
		// Only a sentence that opens with the pronoun is changed.
		{"Walkers say it is easy.", "Mount Kosciuszko", "Walkers say it is easy."},
	}
	for _, tc := range tests {
		if got := ownWords(tc.sentence, tc.subject); got != tc.want {
			t.Errorf("ownWords(%q, %q) = %q, want %q", tc.sentence, tc.subject, got, tc.want)
		}
	}
}

func TestPageSubject(t *testing.T) {
	msgs := []llmtest.Message{{Role: "user", Content: "Turn 3: opened http://x/y.\n<page>\nTitle: Mount Kosciuszko - OpenAtlas Encyclopedia\n</page>\nPart 1 of 1:\n<page>\ntext\n</page>"}}
	if got := pageSubject(msgs); got != "Mount Kosciuszko" {
		t.Errorf("pageSubject = %q", got)
	}
}

// Whatever form the sloppy style dresses an action in, Scout's parser
// must be able to read it back as the same action; the parameters are
// loosened only as a real model loosens them.
func TestSloppyDressStaysParseable(t *testing.T) {
	p := newPolicy(Task{}, Sloppy, true)
	m := move{name: agent.ActDiscover, param: "[1] Mount Meru is 4,562 metres high.", thought: "It says so."}
	var forms []string
	for call := 0; call < 3; call++ {
		p.calls = call
		reply := p.dress(m)
		forms = append(forms, reply)
		a, err := agent.ParseAction(reply)
		if err != nil || a.Name != agent.ActDiscover || a.Param != m.param {
			t.Errorf("call %d: %q parsed as %+v, %v", call, reply, a, err)
		}
	}
	if !strings.HasPrefix(forms[0], "```json") || !strings.HasPrefix(forms[1], "Here is my next action:") || !strings.Contains(forms[2], `"discover"`) {
		t.Errorf("the three dresses are not fence, prose and lower case:\n%s", strings.Join(forms, "\n"))
	}
}

func TestSloppyLoosensParameters(t *testing.T) {
	p := newPolicy(Task{}, Sloppy, true)
	tests := []struct {
		calls int
		in    move
		want  string
	}{
		{0, move{name: agent.ActReadMore, param: ""}, "next"},
		{1, move{name: agent.ActReadMore, param: "3"}, "part 3"},
		{2, move{name: agent.ActReadMore, param: "3"}, "3"},
		{0, move{name: agent.ActNavigate, param: "http://x/a", title: "Page A"}, "Page A"},
		{1, move{name: agent.ActNavigate, param: "http://x/a", title: "Page A"}, "http://x/a."},
		{0, move{name: agent.ActSearch, param: "mount meru height"}, `"mount meru height"`},
	}
	for _, tc := range tests {
		p.calls = tc.calls
		if got := p.loosen(tc.in).param; got != tc.want {
			t.Errorf("calls %d, %s %q: %q, want %q", tc.calls, tc.in.name, tc.in.param, got, tc.want)
		}
	}
}

func TestCopierUnits(t *testing.T) {
	text := "Intro sentence that is long enough to count.\n\n1. Mix 50 grams of flour with water.\n2. Wait a day and feed it again.\n\n| Peak | State | Height |\n| --- | --- | --- |\n| Kosciuszko | New South Wales | 2,228 m |"
	p := newPolicy(Task{}, Copier, true)
	var got []string
	for _, u := range p.units(text) {
		got = append(got, u.text)
	}
	want := []string{
		"1. Mix 50 grams of flour with water.\n2. Wait a day and feed it again.",
		"| Kosciuszko | New South Wales | 2,228 m |",
	}
	if len(got) < 2 || !reflect.DeepEqual(got[:2], want) {
		t.Fatalf("copier units %q, want the list whole and the row first", got)
	}
	if p := newPolicy(Task{}, Oracle, true); len(p.units(text)) != len(got)-2 {
		t.Errorf("the oracle copies lists or rows too: %d units against the copier's %d", len(p.units(text)), len(got))
	}
}

func TestStubbornInsistsThenChanges(t *testing.T) {
	p := newPolicy(Task{}, Stubborn, true)
	refused := "Refused: something. Reply again with a corrected action."
	// insisted plays the calls act makes: the habit's move, or a new one.
	insisted := func(moves ...move) []bool {
		var out []bool
		for _, m := range moves {
			_, ok := p.habit(nil, refused)
			out = append(out, ok)
			if !ok {
				p.lastAct = m
			}
		}
		return out
	}
	a, b, c := move{name: "A"}, move{name: "B"}, move{name: "C"}
	p.lastAct = a
	// A is refused: sent twice more; then B, refused: sent once more; then C.
	got := insisted(a, a, b, b, c, c)
	want := []bool{true, true, false, true, false, true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("insisted %v, want %v", got, want)
	}
	if _, ok := p.habit(nil, "Turn 4: opened \"x\""); ok {
		t.Error("insisted on an action that was not refused")
	}
}

func TestDrifterOpensAnOffTopicResultFirst(t *testing.T) {
	task := Task{Checklist: []Item{{Text: "height", Keywords: [][]string{{"Meru", "metres"}}}}}
	results := "Turn 1: SEARCH \"meru\" gave 2 results:\nR1. Mount Meru is 4,562 metres\n    http://x/meru\n    Mount Meru is 4,562 metres high.\nR2. Arusha hotels\n    http://x/hotels\n    Rooms near the park.\nOpen the most promising result with NAVIGATE."
	msgs := []llmtest.Message{{Role: "user", Content: results}}
	for _, tc := range []struct {
		style Style
		want  []string
	}{{Oracle, []string{"http://x/meru", "http://x/hotels"}}, {Drifter, []string{"http://x/hotels", "http://x/meru"}}} {
		p := newPolicy(task, tc.style, true)
		var got []string
		for range 2 {
			r, _ := p.nextResult(msgs)
			p.opened[r.url] = true
			got = append(got, r.url)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s opens %v, want %v", tc.style, got, tc.want)
		}
	}
}

func TestEagerFinishesAfterItsFirstFinding(t *testing.T) {
	task := Task{Objective: "what are a and b", Checklist: []Item{{Text: "a"}, {Text: "b"}}}
	p := newPolicy(task, Eager, true)
	a := p.act([]llmtest.Message{{Role: "user", Content: "Turn 3: recorded finding [1] for item 1.\nChecklist:\n1. covered by [1]\n2. missing"}})
	if a.name != agent.ActFinish {
		t.Fatalf("eager after its first finding: %+v", a)
	}
	if b := p.act([]llmtest.Message{{Role: "user", Content: "Not finished yet. Item 2 (b): no finding covers it."}}); b.name == agent.ActFinish {
		t.Errorf("eager tried its early FINISH twice: %+v", b)
	}
}

func TestReplayPlaysTheRecordedActions(t *testing.T) {
	task := Task{Replay: []agent.Action{
		{Name: agent.ActSearch, Param: "tallest mountain in Africa", Thought: "search"},
		{Name: agent.ActNavigate, Param: "https://en.wikipedia.org/wiki/Mount_Kilimanjaro", Thought: "open"},
		{Name: agent.ActFinish, Param: "Kilimanjaro.", Thought: "done"},
	}}
	p := newPolicy(task, Replay, true)
	results := []llmtest.Message{{Role: "user", Content: "Turn 1: SEARCH \"tallest mountain in Africa\" gave 2 results:\nR1. Mount Kenya\n    http://127.0.0.1:9/seed/Mount_Kenya\nR2. Mount Kilimanjaro\n    http://127.0.0.1:9/seed/Mount_Kilimanjaro\nOpen the most promising result with NAVIGATE."}}
	var got []string
	for range 4 {
		m := p.act(results)
		got = append(got, m.name+" "+m.param)
	}
	want := []string{"SEARCH tallest mountain in Africa", "NAVIGATE http://127.0.0.1:9/seed/Mount_Kilimanjaro", "FINISH Kilimanjaro.", "FINISH Kilimanjaro."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("replayed %q, want %q", got, want)
	}
}

func TestParseStyles(t *testing.T) {
	if got, err := ParseStyles(""); err != nil || !reflect.DeepEqual(got, Styles) {
		t.Errorf("empty: %v %v", got, err)
	}
	if got, err := ParseStyles("oracle, sloppy"); err != nil || !reflect.DeepEqual(got, []Style{Oracle, Sloppy}) {
		t.Errorf("two: %v %v", got, err)
	}
	if _, err := ParseStyles("oracle,wild"); err == nil || !strings.Contains(err.Error(), `no style "wild"`) || !strings.Contains(err.Error(), "transcript") {
		t.Errorf("unknown: %v", err)
	}
}

func TestPlays(t *testing.T) {
	a, seed := Task{ID: "a"}, Task{ID: "seed", Replay: []agent.Action{{Name: agent.ActSearch}}}
	var got []string
	for _, p := range plays(Options{Tasks: []Task{a, seed}, Styles: []Style{Oracle, Eager}, NoCacheReuse: true}) {
		got = append(got, fmtPlay(p))
	}
	want := []string{"a oracle", "seed oracle", "a eager", "seed eager", "seed replay", "a oracle rebuild", "seed oracle rebuild"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("plays %q, want %q", got, want)
	}
	got = nil
	for _, p := range plays(Options{Tasks: []Task{a, seed}, Live: true}) {
		got = append(got, fmtPlay(p))
	}
	if want := []string{"a ", "seed "}; !reflect.DeepEqual(got, want) {
		t.Errorf("live plays %q, want %q", got, want)
	}
}

func fmtPlay(p play) string {
	s := p.task.ID + " " + string(p.style)
	if p.rebuild {
		s += " rebuild"
	}
	return s
}

// The parrot takes Scout's word: it FINISHes as soon as Scout's status
// says every item has a finding, with that status as its account, and
// records page sentences without item numbers.
func TestParrotFinishesOnScoutsWord(t *testing.T) {
	task := Task{Objective: "how long are a and b", Checklist: []Item{{Text: "a"}, {Text: "b"}, {Text: "your view"}}}
	for _, tc := range []struct {
		name, note string
		finish     bool
	}{
		{"every item has a finding", "Turn 3: recorded finding [2] for item 2, judged by its words.\n1. covered by [1]\n2. covered by [2]\n3. your view: your view, given when the result is written (no finding needed)", true},
		{"one still missing", "Turn 3: recorded finding [1] for item 1, judged by its words.\n1. covered by [1]\n2. b: missing\n3. your view: your view, given when the result is written (no finding needed)", false},
		{"a thing of an item still lacking", "Turn 3: recorded finding [1] for item 1.\n1. covered by [1]; nothing yet for Mount Kenya\n2. covered by [1]\n3. your view: your view, given when the result is written (no finding needed)", false},
		{"no status at all", "Not finished yet. Item 2 (b): no finding covers it.", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPolicy(task, Parrot, true)
			m := p.act([]llmtest.Message{{Role: "user", Content: tc.note}})
			if (m.name == agent.ActFinish) != tc.finish {
				t.Fatalf("parrot: %+v", m)
			}
			if tc.finish && m.thought != "1. covered by [1]\n2. covered by [2]\n3. your view: your view, given when the result is written (no finding needed)" {
				t.Errorf("its account is not Scout's status: %q", m.thought)
			}
		})
	}
	if f := newPolicy(task, Parrot, true).finding("Mount Meru is 4,562 metres high.", []int{1}, nil); f != "Mount Meru is 4,562 metres high." {
		t.Errorf("the parrot numbered its finding: %q", f)
	}
}

// An item about each of its things (Item.Each) wants a sentence for each:
// the policy records one per keyword group before it counts the item done.
func TestPolicyRecordsEachThing(t *testing.T) {
	task := Task{Objective: "which of A and B are free", Checklist: []Item{{Text: "which of Alpha and Beta are free", Each: true,
		Keywords: [][]string{{"Alpha", "free"}, {"Beta", "free"}}}}}
	page := "Turn 2: opened \"Apps\" (http://x/apps).\nPart 1 of 1:\n<page>\nAlpha is a free app for everyone to use.\n\nBeta is a free app with a paid plan.\n</page>\n"
	p := newPolicy(task, Oracle, true)
	msgs := []llmtest.Message{{Role: "user", Content: page}}
	var recorded []string
	for range 2 {
		m := p.act(msgs)
		if m.name != agent.ActDiscover {
			t.Fatalf("after %q: %+v", recorded, m)
		}
		recorded = append(recorded, m.param)
		msgs = append(msgs, llmtest.Message{Role: "user", Content: fmt.Sprintf("Turn 3: recorded finding [%d] for item 1.", len(recorded))})
	}
	if !p.allCovered() || !strings.Contains(recorded[0], "Alpha") || !strings.Contains(recorded[1], "Beta") {
		t.Errorf("recorded %q, all covered %v", recorded, p.allCovered())
	}
}
