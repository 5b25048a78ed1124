package lang

import "testing"

// A German word's inflected forms meet at one stem ("größte" and
// "größten", "Bayern" and "Bayerns", "Tiefe" and "Tiefen"), and words
// of different stems stay apart; other languages have no stemmer here.
func TestStemGerman(t *testing.T) {
	de := For(German)
	for _, forms := range [][]string{
		{"größte", "größten", "grösste", "größter"},
		{"bayern", "bayerns"},
		{"tiefe", "tiefen"},
		{"see", "seen"},
		{"zweiter", "zweite", "zweiten"},
		{"kostenlose", "kostenlosen", "kostenloser", "kostenlos"},
		{"schöne", "schönen", "schön", "schönes"},
	} {
		want, _ := de.Stem(forms[0])
		for _, f := range forms[1:] {
			if got, _ := de.Stem(f); got != want {
				t.Errorf("Stem(%q) = %q, Stem(%q) = %q: one word, two stems", forms[0], want, f, got)
			}
		}
	}
	for _, pair := range [][2]string{{"see", "seit"}, {"tiefe", "tal"}, {"walchensee", "see"}, {"erster", "dritter"}} {
		a, _ := de.Stem(pair[0])
		b, _ := de.Stem(pair[1])
		if a == b {
			t.Errorf("Stem(%q) = Stem(%q) = %q", pair[0], pair[1], a)
		}
	}
	if _, ok := For(English).Stem("editors"); ok {
		t.Error("English words are stemmed by the rank package, not by a language's rules")
	}
}
