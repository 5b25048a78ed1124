package ground

import (
	"strings"
	"testing"
)

// kiliPart is part 1 of an encyclopedia article as Scout shows it: an
// infobox table, a lead paragraph, a numbered list.
const kiliPart = `| Mount Kilimanjaro | |
| --- | --- |
| Elevation | 5,895 m (19,341 ft) |
| Prominence | 5,885 m (19,308 ft) |

Mount Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level at Uhuru Peak. It is also the tallest mountain in the world that stands alone.

The usual climb takes five steps:

1. Fly to Kilimanjaro International Airport and rest a day in Moshi.
2. Walk through the rainforest to Mandara Hut on the first day.
3. Climb through heath and moorland to Horombo Hut.
4. Cross the saddle to Kibo Hut below the summit cone.
5. Leave at midnight to reach Uhuru Peak at sunrise.`

func TestGround(t *testing.T) {
	steps := strings.SplitAfter(kiliPart[strings.Index(kiliPart, "1. Fly"):], "\n")
	tests := []struct {
		name    string
		finding string
		atLeast float64 // the score's floor
		below   float64 // and ceiling (0: none)
		quote   string  // the evidence, verbatim
	}{
		{"a sentence copied", "Mount Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level at Uhuru Peak.",
			1, 0, "Mount Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level at Uhuru Peak."},
		// Seed 000's real model: its own words around the page's, units
		// in another spelling.
		{"seed 000's finding", "Mount Kilimanjaro is the highest mountain in Africa, with an elevation of 5,895 m (19,341 ft) above sea level.",
			Accept, 0, "Mount Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level at Uhuru Peak."},
		{"three steps of five, copied", strings.Join(steps[:3], ""), 1, 0, strings.TrimSpace(strings.Join(steps[:3], ""))},
		{"all five steps, copied", strings.Join(steps, ""), 1, 0, strings.TrimSpace(strings.Join(steps, ""))},
		{"steps without their numbers, on one line", "Fly to Kilimanjaro International Airport and rest a day in Moshi. Walk through the rainforest to Mandara Hut on the first day.",
			1, 0, strings.TrimSpace(strings.Join(steps[:2], ""))},
		{"a table row", "| Elevation | 5,895 m (19,341 ft) |", 1, 0, "| Elevation | 5,895 m (19,341 ft) |"},
		// A small model often keeps a list on one line, joined by semicolons.
		{"five steps on one line", "Fly to Kilimanjaro International Airport and rest a day in Moshi; Walk through the rainforest to Mandara Hut on the first day; Climb through heath and moorland to Horombo Hut; Cross the saddle to Kibo Hut below the summit cone; Leave at midnight to reach Uhuru Peak at sunrise.",
			Accept, 0, strings.TrimSpace(strings.Join(steps, ""))},
		{"two sentences joined into one", "Mount Kilimanjaro is the highest mountain in Africa and the tallest mountain in the world that stands alone.",
			Accept, 0, "Mount Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level at Uhuru Peak. It is also the tallest mountain in the world that stands alone."},
		{"words the page lacks", "Experts agree the answer was settled in 1999 by the Global Survey Council after a long debate.", 0, Refuse, ""},
		{"a page sentence with an invented clause", "Mount Kilimanjaro is a dormant volcano in northeastern Tanzania, first climbed by a royal expedition of surveyors sent from the coast in winter.",
			0, Accept, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev := In(tc.finding, []string{kiliPart})
			if ev.Score < tc.atLeast || (tc.below > 0 && ev.Score >= tc.below) {
				t.Errorf("score %.2f, want at least %.2f and below %.2f", ev.Score, tc.atLeast, tc.below)
			}
			if tc.quote != "" && ev.Quote != tc.quote {
				t.Errorf("quote %q\nwant  %q", ev.Quote, tc.quote)
			}
			if ev.Quote != "" && !strings.Contains(kiliPart, ev.Quote) {
				t.Errorf("the quote is not verbatim page text: %q", ev.Quote)
			}
		})
	}
}

// The evidence comes from the part that holds most of the finding, and
// never spans two parts.
func TestGroundAcrossParts(t *testing.T) {
	parts := []string{"Mount Kenya is the second-highest mountain in Africa.", "Batian, its highest peak, stands 5,199 metres above sea level."}
	ev := In("Batian, the highest peak of Mount Kenya, stands 5,199 metres above sea level.", parts)
	if ev.Quote != parts[1] || ev.Score < Accept {
		t.Errorf("quote %q, score %.2f", ev.Quote, ev.Score)
	}
}

func TestUnitsOf(t *testing.T) {
	text := "# Heading\n\nFirst sentence here. Second one follows! Third? Yes.\n- a list item\n| a | b |\n|---|---|\n| 1 | 2 |\nVersion 2.5 is out. 2026 was a good year."
	var got []string
	for _, u := range unitsOf(text) {
		got = append(got, text[u.start:u.end])
	}
	want := []string{"# Heading", "First sentence here.", "Second one follows!", "Third?", "Yes.", "- a list item", "| a | b |", "| 1 | 2 |", "Version 2.5 is out.", "2026 was a good year."}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("units\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestGroundWords(t *testing.T) {
	got := strings.Join(Words("It rises 5,895 metres (19,341 feet), 5895m or 19,341ft; 2.5 kilometres."), " ")
	if want := "it rises 5895 m 19341 ft 5895 m or 19341 ft 2.5 km"; got != want {
		t.Errorf("groundWords = %q, want %q", got, want)
	}
}
