package tie

import (
	"reflect"
	"testing"

	"github.com/scout-research/scout/backend/agent/checklist"
)

func items(texts ...string) []checklist.Item {
	out := make([]checklist.Item, len(texts))
	for i, t := range texts {
		out[i] = checklist.Item{Number: i + 1, Text: t}
	}
	return out
}

func TestInferItems(t *testing.T) {
	kili := items("the tallest mountain in Africa", "its height in meters", "its height in feet")
	kosciuszko := items("height of Mount Kosciuszko", "Australian state where it stands", "who named it and when")
	editors := items("a first free and open-source photo editor for Linux", "a second free and open-source photo editor for Linux", "a third free and open-source photo editor for Linux")
	sourdough := items("what to mix on the first day, with amounts", "the daily feeding, with amounts", "how to tell when the starter is ready")
	none := func(int) bool { return false }
	kiliObj := "Mount Kilimanjaro - Worldpedia"
	kosObj := "Mount Kosciuszko - OpenAtlas Encyclopedia"
	editorsObj := "The best photo editors for Linux in 2026"
	sourObj := "Sourdough starter: the complete guide"
	deskObj := "Standing desks: what the research says"
	lakesObj := "Die tiefsten Seen Bayerns: Rangliste mit Tiefe, Fläche und Höhenlage | Seenland Bayern"
	lakes := items("ein erster See in Bayern, der tiefer als 100 Meter ist, mit seiner größten Tiefe",
		"ein zweiter See in Bayern, der tiefer als 100 Meter ist, mit seiner größten Tiefe", "ein dritter See in Bayern, der tiefer als 100 Meter ist, mit seiner größten Tiefe")
	desk := items("what the evidence says about sitting time and health", "downsides of standing too much", "cheaper alternatives and whether the cost is worth it", "experience of people who use one")
	tests := []struct {
		name      string
		title     string // of the page the finding is from
		checklist []checklist.Item
		text      string
		covered   func(int) bool
		want      []int
	}{
		{"seed 000's finding serves all three", kiliObj, kili, "Mount Kilimanjaro is the highest mountain in Africa, with an elevation of 5,895 m (19,341 ft) above sea level.", none, []int{1, 2, 3}},
		{"only the height in metres", kiliObj, kili, "Kibo rises 5,895 metres.", none, []int{2}},
		{"only the mountain", kiliObj, kili, "Kilimanjaro is the tallest mountain in Africa.", none, []int{1}},
		{"the height", kosObj, kosciuszko, "Mount Kosciuszko is the highest mountain of mainland Australia, at 2,228 metres above sea level.", none, []int{1}},
		{"who and when", kosObj, kosciuszko, "The Polish explorer Paweł Strzelecki named the mountain in 1840.", none, []int{3}},
		{"the state, by the thought beside it", kosObj, kosciuszko, "It lies in the Snowy Mountains of New South Wales. This answers the Australian state.", none, []int{2}},
		{"nothing an item asks", kosObj, kosciuszko, "The walk from Thredbo takes about four hours.", none, nil},
		{"the first of three alike", editorsObj, editors, "GIMP is a free and open-source photo editor for Linux.", none, []int{1}},
		{"the first open of three alike", editorsObj, editors, "darktable is a free and open-source photo editor for Linux.", func(n int) bool { return n == 1 }, []int{2}},
		// Siblings apart in the checklist: still the first open one.
		{"the first open of siblings apart", "Photo editors", items("a first free photo editor for Linux", "its licence", "a second free photo editor for Linux", "its price"),
			"darktable is a free photo editor for Linux.", func(n int) bool { return n == 1 }, []int{3}},
		{"a how-to's first day", sourObj, sourdough, "Day 1: mix 50 grams of wholemeal flour with 50 grams of water in a jar.", none, []int{1}},
		// The objective's subject ("standing desk") tells no item apart.
		{"sitting time, not the downsides of standing", deskObj, desk, "Workers given a sit-stand desk cut their sitting time by about 80 to 100 minutes per workday.", none, []int{1}},
		{"the cost", deskObj, desk, "A timer that prompts short walking breaks delivers most of the benefit of a standing desk at a fraction of the cost.", none, []int{3}},
		{"an experience, by the thought beside it", deskObj, desk, "Since I started using a standing desk, the afternoon slump has mostly gone. The page gives the experience of people who use one.", none, []int{4}},
		{"a how-to's readiness", sourObj, sourdough, "The starter is ready when it doubles within 4 to 8 hours of a feeding.", none, []int{3}},
		// German inflects: the item's "größten Tiefe" is the page's "größte
		// Tiefe", its "Bayern" the page's "Bayerns".
		{"the first open of three alike, in German", lakesObj, lakes,
			"Der Walchensee im Landkreis Bad Tölz-Wolfratshausen erreicht eine größte Tiefe von 189,5 m und ist damit nur einen halben Meter flacher als der Königssee",
			func(n int) bool { return n == 1 }, []int{2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Infer(checklist.Finding{Text: tc.text, Title: tc.title}, tc.checklist, For("", tc.checklist), tc.covered); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Infer = %v, want %v", got, tc.want)
			}
		})
	}
}

// The item the thought beside a finding names best is added when the
// finding touches it; the thought names no item the finding does not touch.
func TestInferWithThought(t *testing.T) {
	vacuums := items("how well each picks up pet hair on carpet", "brush tangles and maintenance with long hair", "price of each model", "recommendation for pets and carpet")
	vacTitle := "Kestrel K2 vs Marlin M5 vs Heron H3: which robot vacuum handles pet hair best? | HomeLab Tested"
	kosciuszko := items("height of Mount Kosciuszko", "Australian state where it stands", "who named it and when")
	kosTitle := "Mount Kosciuszko - OpenAtlas Encyclopedia"
	hairTest := "On our medium-pile carpet the Heron H3 collected 96% of the pet hair we spread, against 88% for the Marlin M5 and 81% for the Kestrel K2"
	none := func(int) bool { return false }
	for _, tc := range []struct {
		name, title   string
		checklist     []checklist.Item
		text, thought string
		want          []int
	}{
		// Seed-style thought naming the item: without it the finding went to
		// the recommendation only, and the report called item 1 not found.
		{"the thought names the item", vacTitle, vacuums, hairTest, "The page gives how well each picks up pet hair on carpet. I will record it.", []int{1, 4}},
		{"no thought", vacTitle, vacuums, hairTest, "", []int{4}},
		{"a thought about another item adds nothing", vacTitle, vacuums, hairTest, "I still need the price of each model.", []int{4}},
		{"a thought with no item words", kosTitle, kosciuszko, "Mount Kosciuszko rises 2,228 metres above sea level.", "I remember this.", []int{1}},
		// "with amounts" is in two items: the thought names the second.
		{"the thought names one of two alike", "Sourdough starter: the complete guide", items("what to mix on the first day, with amounts", "the daily feeding, with amounts", "how to tell when the starter is ready"),
			"Every 24 hours from day 2, discard all but 50 g of the starter and feed what is left with 50 g of flour and 50 g of water", "The page gives the daily feeding, with amounts. I will record it.", []int{2}},
		{"the thought alone, when the finding touches nothing", kosTitle, kosciuszko, "It lies in the Snowy Mountains of New South Wales.", "This answers the Australian state.", []int{2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := InferWithThought(checklist.Finding{Text: tc.text, Title: tc.title}, tc.thought, tc.checklist, For("", tc.checklist), none); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("InferWithThought = %v, want %v", got, tc.want)
			}
		})
	}
}
