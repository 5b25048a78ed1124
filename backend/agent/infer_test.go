package agent

import "testing"

func items(texts ...string) []Item {
	out := make([]Item, len(texts))
	for i, t := range texts {
		out[i] = Item{Number: i + 1, Text: t}
	}
	return out
}

// The subject a gap's search is about: the first finding's page when its
// title is a name, else the objective's names; never a headline.
func TestGapSearchSubject(t *testing.T) {
	for _, tc := range []struct{ objective, title, want string }{
		{"What is the tallest mountain in Africa, and how tall is it?", "Mount Kilimanjaro - Worldpedia", "Mount Kilimanjaro"},
		{"How high is Mount Kosciuszko, and who named it?", "Walking to the top of Australia: the Kosciuszko summit walk – Trail Notes", "Mount Kosciuszko"},
		{"How high is Mount Kosciuszko, and who named it?", "Mount Kosciuszko | OpenAtlas", "Mount Kosciuszko"},
		{"Why are there two tides a day?", "Why are there tides?? - SeaDogs Forum", ""},
		{"Which tides are highest in the Bay of Fundy?", "Bay of Fundy - Wiki", "Bay of Fundy"},
		{"Are standing desks worth it?", "", ""},
		// A comparison has no one subject; words capitalised for another
		// reason are none.
		{"Compare the Kestrel K2, Marlin M5 and Heron H3 robot vacuums and recommend one.", "Kestrel K2 vs Marlin M5 vs Heron H3: which robot vacuum handles pet hair best? | HomeLab Tested", ""},
		{"How do I make a sourdough starter from scratch? Give the steps with exact amounts.", "Sourdough starter: the complete guide", ""},
	} {
		rec := &record{objective: tc.objective}
		if tc.title != "" {
			rec.add(Finding{Text: "x", Title: tc.title}, 1)
		}
		if got := subject(rec.objective, firstTitle(rec.findings)); got != tc.want {
			t.Errorf("objective %q, title %q: subject %q, want %q", tc.objective, tc.title, got, tc.want)
		}
	}
}
