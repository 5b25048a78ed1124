package agent

import (
	"slices"
	"testing"

	"github.com/scout-research/scout/backend/agent/ground"
)

// Numbers as each language writes them are the same numbers to the number
// flag: the result's "2,962 m" is the German page's "2.962 Meter".
func TestNumbersAsWritten(t *testing.T) {
	cases := []struct {
		finding, answer string
	}{
		{"Die Zugspitze ist 2.962 Meter hoch.", "The Zugspitze is 2,962 m high [1]."},
		{"Der Watzmann ist 2.713 m hoch, also 8.901 Fuß.", "Der Watzmann ist 2713 m (8901 Fuß) hoch [1]."},
		{"La superficie est de 744,4 km².", "The area is 744.4 km² [1]."},
		{"Le mont culmine à 1 642 mètres.", "Il culmine à 1642 mètres [1]."},
		{"Le mont culmine à 1\u202f642 mètres.", "It rises to 1,642 m [1]."},
		{"Der Säntis ist 2’502 m hoch.", "Der Säntis ist 2502 m hoch [1]."},
		{"富士山海拔3776米。", "富士山海拔3,776米[1]。"},
	}
	for _, c := range cases {
		if got := unsupportedNumbers(c.answer, "", []Finding{{Text: c.finding}}); len(got) > 0 {
			t.Errorf("%q flags %q, which %q holds", c.answer, got, c.finding)
		}
	}
	// The language decides a lone separator: a German "1,642" is not 1642.
	if got := unsupportedNumbers("Die Strecke ist 1,642 Kilometer lang [1].", "", []Finding{{Text: "Die Strecke ist 1642 Kilometer lang."}}); len(got) != 1 {
		t.Errorf("a German 1,642 km was taken for 1642: flagged %q", got)
	}
	if got := unsupportedNumbers("The route is 1,642 km long [1].", "", []Finding{{Text: "The route is 1642 km long."}}); len(got) != 0 {
		t.Errorf("an English 1,642 km was not taken for 1642: flagged %q", got)
	}
}

// Conditions are checked per thing in other languages as in English
// (TestConditionsAreCheckedPerThing): of three suites asked to be free and
// open source, the one a finding shows not to be is left out, and named.
func TestConditionsPerThingInEachLanguage(t *testing.T) {
	for _, c := range []struct {
		item     string
		findings []string
		cond     string
	}{
		{"drei kostenlose Open-Source-Office-Pakete", []string{"LibreOffice ist ein kostenloses Open-Source-Office-Paket.",
			"OnlyOffice ist kostenlos und Open Source.", "FreeOffice ist kostenlos, aber nicht Open Source."}, "open source"},
		{"trois suites bureautiques gratuites et open source", []string{"LibreOffice est une suite bureautique gratuite et open source.",
			"OnlyOffice est gratuit et open source.", "FreeOffice est gratuit, mais il est propriétaire."}, "open source"},
		{"三个免费的开源办公套件", []string{"LibreOffice是免费的开源办公套件。", "OnlyOffice是免费的开源软件。", "FreeOffice是免费的，但不是开源的。"}, "开源"},
		{"無料のオープンソースのオフィスソフトを三つ", []string{"LibreOfficeは無料のオープンソースのオフィスソフトです。",
			"OnlyOfficeは無料のオープンソースソフトです。", "FreeOfficeは無料ですが、オープンソースではありません。"}, "オープンソース"},
	} {
		rec := &record{objective: c.item, checklist: items(c.item)}
		for i, f := range c.findings {
			rec.add(Finding{Text: f, Items: []int{1}}, i+2)
		}
		gaps := codeGaps(rec.ledger(), []coverageItem{{Item: 1, Findings: []int{1, 2, 3}, Covered: true, Names: []string{"LibreOffice", "OnlyOffice", "FreeOffice"}}})
		if len(gaps) != 1 {
			t.Errorf("%q: gaps %+v", c.item, gaps)
			continue
		}
		g := gaps[0]
		if !g.Count || g.Condition != c.cond || !slices.Equal(g.Things, []string{"FreeOffice"}) || !slices.Equal(g.Denied, []string{"FreeOffice"}) ||
			!slices.Equal(g.Met, []string{"LibreOffice", "OnlyOffice"}) {
			t.Errorf("%q: gap %+v", c.item, g)
		}
	}
}

// Grounding reads a number as its language writes it: a finding that
// writes the page's number another way is wholly in the page's words.
func TestGroundNumbersAsWritten(t *testing.T) {
	for _, c := range []struct{ finding, page string }{
		{"Die Zugspitze ist 2962 Meter hoch.", "Die Zugspitze ist 2.962 Meter hoch und liegt in Bayern."},
		{"La superficie du lac est de 744,4 km².", "La superficie du lac est de 744.4 km² selon le relevé."},
		{"Le mont culmine à 1642 mètres.", "Le mont culmine à 1\u202f642 mètres au-dessus de la mer."},
		{"Der Säntis ist 2502 m hoch.", "Der Säntis ist 2’502 m hoch."},
	} {
		if ev := ground.In(c.finding, []string{c.page}); ev.Score < 1 {
			t.Errorf("ground(%q) in %q = %.2f", c.finding, c.page, ev.Score)
		}
	}
}
