package agent

import "testing"

func TestNewNumbersMakeAFindingNew(t *testing.T) {
	a := "Weather station number 1 stands at an altitude of 1250 metres on the northern ridge."
	b := "Weather station number 5 stands at an altitude of 2250 metres on the northern ridge."
	if overlap(pairs(b), pairs(a)) < duplicateOverlap {
		t.Fatal("the two findings should look alike by word pairs for this test to mean anything")
	}
	if !newNumbers(b, a) || newNumbers(a, a+" Indeed.") {
		t.Fatal("newNumbers is wrong")
	}
}

func TestWords(t *testing.T) {
	got := words("Kilimanjaro's height: 5,895 m (19,341 ft), i.e. 5.9 km!")
	want := []string{"kilimanjaro", "s", "height", "5895", "m", "19341", "ft", "i", "e", "5.9", "km"}
	if len(got) != len(want) {
		t.Fatalf("words %q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("words %q, want %q", got, want)
		}
	}
}
