package rank

import (
	"reflect"
	"testing"
)

func TestStem(t *testing.T) {
	// Pairs of forms that must meet, and words that must keep their stem.
	for _, pair := range [][2]string{
		{"feedings", "feeding"}, {"feeding", "feed"}, {"amounts", "amount"}, {"families", "family"},
		{"supplies", "supply"}, {"glasses", "glass"}, {"boxes", "box"}, {"stories", "story"},
		{"mixed", "mix"}, {"days", "day"}, {"quickly", "quick"}, {"churches", "church"},
	} {
		if a, b := Stem(pair[0]), Stem(pair[1]); a != b {
			t.Errorf("Stem(%q) = %q but Stem(%q) = %q", pair[0], a, pair[1], b)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"feed", "feed"}, {"bus", "bus"}, {"gas", "gas"}, {"focus", "focus"}, {"analysis", "analysis"},
		{"early", "earli"}, // not "ear"
		{"daily", "daili"},
		{"2024", "2024"},
	} {
		if got := Stem(tc.in); got != tc.want {
			t.Errorf("Stem(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if Stem("early") == Stem("ear") {
		t.Error(`"early" and "ear" share a stem`)
	}
}

func TestStems(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"What to mix on the first day, with amounts", []string{"mix", "first", "day", "amount"}},
		{"How to tell when the starter is ready", []string{"starter", "readi"}},
		{"Its height in metres (8,848 m)", []string{"height", "metre", "848"}},
		{"Kościuszko's Mound", []string{"kościuszko", "mound"}},
		{"the of and", nil},
	} {
		if got := Stems(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Stems(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSearchRanksByRelevance(t *testing.T) {
	var ix Index
	for _, d := range []string{
		"the history of bread and the microbes in it",
		"day 1: mix 50 grams of flour with 50 grams of water",
		"feed it every day: discard all but 50 grams, then feed flour and water",
		"a page about something else",
	} {
		ix.Add(Stems(d))
	}
	for _, tc := range []struct {
		query string
		want  []int
	}{
		{"first mix of flour and water", []int{1, 2}},
		{"daily feeding", []int{2}},
		{"bread history", []int{0}},
		{"nothing matches", []int{}},
	} {
		got := ix.Search(Stems(tc.query))
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Search(%q) = %v, want %v", tc.query, got, tc.want)
		}
	}
	if ix.Len() != 4 || !ix.Has(1, "gram") || ix.Has(0, "gram") || ix.DocFreq("flour") != 2 {
		t.Errorf("index counts wrong: len %d, df(flour) %d", ix.Len(), ix.DocFreq("flour"))
	}
}
