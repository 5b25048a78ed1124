package coverage

import (
	"reflect"
	"testing"

	"github.com/scout-research/scout/backend/agent/checklist"
	"github.com/scout-research/scout/backend/agent/tie"
)

// ledger is a run's checklist (one item per text) and findings (numbered
// in order), as Gaps reads them.
type ledger struct {
	objective string
	items     []checklist.Item
	findings  []checklist.Finding
}

func newLedger(objective string, items ...string) *ledger {
	l := &ledger{objective: objective}
	for i, it := range items {
		l.items = append(l.items, checklist.Item{Number: i + 1, Text: it})
	}
	return l
}

// add records a finding for items.
func (l *ledger) add(text string, items ...int) {
	l.findings = append(l.findings, checklist.Finding{Number: len(l.findings) + 1, Text: text, Items: items})
}

func (l *ledger) gaps(answers ...Answer) []Gap {
	return Gaps(l.items, tie.For(l.objective, l.items), l.findings, answers)
}

// A "missing" claim whose every word is already in the findings is the
// model misreading them, and is dropped.
func TestMissingClaimTheFindingsAnswerIsDropped(t *testing.T) {
	l := newLedger("", "the molecules that form in the reaction")
	l.add("Burning hydrogen in oxygen forms water, H2O; some O2 is left over.", 1)
	for _, tc := range []struct {
		missing string
		gap     bool
	}{
		{"H2O and O2", false},
		{"missing: H2O, O2", false},
		{"the H2O2 that also forms", true},
		{"", true}, // no claim to check: the verdict stands
	} {
		gaps := l.gaps(Answer{Item: 1, Findings: []int{1}, Covered: false, Missing: tc.missing})
		if (len(gaps) > 0) != tc.gap {
			t.Errorf("missing %q: gaps %+v, want a gap: %v", tc.missing, gaps, tc.gap)
		}
	}
}

// A claim is checked against the item's own findings, each alone: words
// spread over two findings about other things do not answer it.
func TestMissingClaimIsCheckedAgainstOneFinding(t *testing.T) {
	l := newLedger("", "the height of Mount Kenya")
	l.add("The height of Kilimanjaro is 5,895 metres.", 1)
	l.add("Mount Kenya is the second-highest mountain in Africa.", 1)
	gaps := l.gaps(Answer{Item: 1, Findings: []int{1, 2}, Covered: false, Missing: "the height of Mount Kenya"})
	if len(gaps) != 1 {
		t.Errorf("a true claim was dropped: gaps %+v", gaps)
	}
}

// A condition said of one thing in a clause, or denied, does not hold for
// another.
func TestConditionsReadClausesAndNegations(t *testing.T) {
	names := []string{"LibreOffice", "OnlyOffice", "FreeOffice"}
	for _, tc := range []struct {
		findings []string
		out      []string
	}{
		{[]string{"LibreOffice and OnlyOffice are free and open-source, while FreeOffice is proprietary."}, []string{"FreeOffice"}},
		{[]string{"LibreOffice and OnlyOffice are free and open source.", "FreeOffice is free, but it is not open source."}, []string{"FreeOffice"}},
		{[]string{"LibreOffice and OnlyOffice are free and open source.", "FreeOffice is free but non-open-source software."}, []string{"FreeOffice"}},
		{[]string{"LibreOffice, OnlyOffice and FreeOffice are all free and open source."}, nil},
	} {
		l := newLedger("", "three free and open-source office suites")
		var cited []int
		for i, f := range tc.findings {
			l.add(f, 1)
			cited = append(cited, i+1)
		}
		var out []string
		for _, g := range l.gaps(Answer{Item: 1, Findings: cited, Covered: true, Names: names}) {
			out = append(out, g.Things...)
		}
		if !reflect.DeepEqual(out, tc.out) {
			t.Errorf("%q: left out %v, want %v", tc.findings, out, tc.out)
		}
	}
}

// A finding the model cites that the tie rule says cannot answer the item
// is no evidence: the gap names it, with the tie rule's reason as data
// (the Why, not words: agent words it for the model).
func TestARefutedFindingIsReturnedAsData(t *testing.T) {
	l := newLedger("How high are Kilimanjaro and Mount Kenya?", "the height of Kilimanjaro", "the height of Mount Kenya")
	l.add("Kilimanjaro is 5,895 metres high.", 1)
	gaps := l.gaps(Answer{Item: 1, Findings: []int{1}, Covered: true}, Answer{Item: 2, Findings: []int{1}, Covered: true})
	if len(gaps) != 1 || gaps[0].Item.Number != 2 {
		t.Fatalf("gaps %+v, want one for item 2", gaps)
	}
	g := gaps[0]
	want := Reason{Key: ReasonRefuted, Findings: []int{1}}
	if !reflect.DeepEqual(g.Reason, want) || g.Refuted.Note != tie.NoteUnnamed || !reflect.DeepEqual(g.Refuted.Things, []string{"Mount Kenya"}) {
		t.Errorf("gap %+v, want reason %+v and the tie rule's Why (%s, Mount Kenya)", g, want, tie.NoteUnnamed)
	}
}
