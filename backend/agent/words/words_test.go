package words

import "testing"

func TestWords(t *testing.T) {
	got := Of("Kilimanjaro's height: 5,895 m (19,341 ft), i.e. 5.9 km!")
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
