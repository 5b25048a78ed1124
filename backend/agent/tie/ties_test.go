package tie

import (
	"reflect"
	"testing"

	"github.com/scout-research/scout/backend/agent/checklist"
)

// Which names an item (or an objective) asks about, and which only
// qualify what it asks for.
func TestThingsIn(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"the height of Mount Kenya in metres", []string{"Mount Kenya"}},
		{"Height of Mount Kenya", []string{"Mount Kenya"}},
		{"Kilimanjaro's height in feet", []string{"Kilimanjaro"}},
		{"the depth of the Bay of Fundy", []string{"Bay of Fundy"}},
		{"whether LibreOffice is open source", []string{"LibreOffice"}},
		{"the year LibreOffice was first released", []string{"LibreOffice"}},
		{"Which is taller, Kilimanjaro or Mount Kenya?", []string{"Kilimanjaro", "Mount Kenya"}},
		{"How high is Mount Kosciuszko, in which Australian state is it, and who named it and in what year?", []string{"Mount Kosciuszko"}},
		{"Compare the Kestrel K2, Marlin M5 and Heron H3 robot vacuums and recommend one for a home with long-haired cats.", []string{"Kestrel K2", "Marlin M5", "Heron H3"}},
		{"the heights of Kilimanjaro, Mount Kenya, Mount Stanley, Ras Dashen and Mount Meru in metres", []string{"Kilimanjaro", "Mount Kenya", "Mount Stanley", "Ras Dashen", "Mount Meru"}},
		{"the prices of LibreOffice, OnlyOffice, FreeOffice, WPS Office, Calligra Suite, Microsoft Office, Google Docs, Zoho Writer, SoftMaker Office and Apache OpenOffice",
			[]string{"LibreOffice", "OnlyOffice", "FreeOffice", "WPS Office", "Calligra Suite", "Microsoft Office", "Google Docs", "Zoho Writer", "SoftMaker Office", "Apache OpenOffice"}},
		// Qualifiers of what is asked, and words capitalised for another reason.
		{"the tallest mountain in Africa", nil},
		{"the tallest mountain of Africa", nil},
		{"a first free and open-source photo editor for Linux", nil},
		{"Name three free and open-source photo editors for Linux.", nil},
		{"Australian state where it stands", nil},
		{"the Polish explorer who named it", nil},
		{"Kilimanjaro height in metres", nil}, // a name or a word that opens the item: code cannot tell
		{"Flag that sets the listening port", nil},
		{"laptops with 16 GB of memory", nil},
		{"what to mix on the first day, in March", nil},
		{"Is a standing desk worth it? Give your view.", nil},
		{"How do I make a sourdough starter from scratch?", nil},
		// The same qualifiers in the other languages: the platform an item
		// narrows to is no thing it asks about, so siblings that differ in
		// their ordinal alone do not all tie to one finding naming it.
		{"第二个可以在 Linux 上使用的免费开源思维导图软件", nil},
		{"适用于Linux的免费开源编辑器", nil},
		{"適用於 Linux 的免費開源編輯器", nil},
		{"un deuxième éditeur de photos libre pour Linux", nil},
		{"un segundo editor de fotos gratuito para Linux", nil},
		{"um segundo editor de fotos gratuito para Linux", nil},
		{"второй бесплатный редактор фотографий для Linux", nil},
		{"ein zweiter kostenloser Fotoeditor für Linux Mint", nil},
		{"Freeplane 和 VYM 哪个更好？", []string{"Freeplane", "VYM"}},
		{"Freeplane 是否可以在 Linux 上使用", []string{"Freeplane"}},
	} {
		if got := ThingsIn(tc.text); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ThingsIn(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// What kind of value an item asks for, about which things.
func TestAskOf(t *testing.T) {
	kosciuszko := "How high is Mount Kosciuszko, in which Australian state is it, and who named it and in what year?"
	vacuums := "Compare the Kestrel K2, Marlin M5 and Heron H3 robot vacuums and recommend one."
	for _, tc := range []struct {
		item, objective string
		kind, dim, unit string
		things          []string
	}{
		{"the height of Mount Kenya in metres", "", KindMeasure, "length", "m", []string{"Mount Kenya"}},
		{"its height in feet", "How tall is Mount Kenya?", KindMeasure, "length", "ft", []string{"Mount Kenya"}},
		{"its height in feet", "What is the tallest mountain in Africa, and how tall is it?", KindMeasure, "length", "ft", nil},
		{"how tall Mount Meru is", "", KindMeasure, "length", "", []string{"Mount Meru"}},
		{"price of each model", vacuums, KindMeasure, "money", "", []string{"Kestrel K2", "Marlin M5", "Heron H3"}},
		{"the weight of the Heron H3", "", KindMeasure, "mass", "", []string{"Heron H3"}},
		{"the year LibreOffice was first released", "", KindDate, "", "", []string{"LibreOffice"}},
		{"when Kilimanjaro was first climbed", "", KindDate, "", "", []string{"Kilimanjaro"}},
		{"whether Microsoft Office is open source", "", KindCondition, "", "", []string{"Microsoft Office"}},
		{"is GIMP free", "", KindCondition, "", "", []string{"GIMP"}},
		{"height of Mount Kosciuszko", kosciuszko, KindMeasure, "length", "", []string{"Mount Kosciuszko"}},
		{"Australian state where it stands", kosciuszko, "", "", "", []string{"Mount Kosciuszko"}},
		{"who named it and when", kosciuszko, "", "", "", []string{"Mount Kosciuszko"}}, // two questions: no one kind
		{"how well each picks up pet hair on carpet", vacuums, "", "", "", []string{"Kestrel K2", "Marlin M5", "Heron H3"}},
		// Measure words that do not ask for a measure.
		{"the tallest mountain in Africa", "", "", "", "", nil},
		{"cheaper alternatives and whether the cost is worth it", "", "", "", "", nil},
		{"how to tell when the starter is ready", "", "", "", "", nil},
		{"how long to knead the dough", "", "", "", "", nil},
		{"three free and open-source office suites", "", "", "", "", nil}, // a condition, but no yes or no
	} {
		a := AskOf(checklist.Item{Number: 1, Text: tc.item}, tc.objective)
		if a.Kind != tc.kind || a.dim != tc.dim || a.unit != tc.unit || !reflect.DeepEqual(a.Things, tc.things) {
			t.Errorf("AskOf(%q) = %s/%s/%s about %q, want %s/%s/%s about %q", tc.item, a.Kind, a.dim, a.unit, a.Things, tc.kind, tc.dim, tc.unit, tc.things)
		}
	}
}

// The tie rule, finding by finding: it answers an item when it names the
// item's thing (or stands where a heading or the page's title names it
// alone) and gives a value of the kind asked, about that thing.
func TestTies(t *testing.T) {
	heights := items("the height of Kilimanjaro in metres", "the height of Mount Kenya in metres")
	kiliPage, kenyaPage, listPage := "Mount Kilimanjaro - Wiki", "Mount Kenya - Wiki", "The highest mountains of Africa - Peaks"
	office := items("whether LibreOffice is open source", "whether Microsoft Office is open source", "the year LibreOffice was first released", "the price of GIMP")
	kosciuszko := "How high is Mount Kosciuszko, in which Australian state is it, and who named it and in what year?"
	kosItems := items("height of Mount Kosciuszko", "Australian state where it stands", "who named it and when")
	vacuums := "Compare the Kestrel K2, Marlin M5 and Heron H3 robot vacuums and recommend one."
	vacItems := items("how well each picks up pet hair on carpet", "price of each model")
	none, words, sure := None, Words, Sure
	for _, tc := range []struct {
		name, objective string
		checklist       []checklist.Item
		f               checklist.Finding
		want            []Tie
	}{
		// Siblings that share their attribute words.
		{"one of two siblings", "", heights, checklist.Finding{Text: "Mount Kilimanjaro rises 5,895 metres above sea level.", Title: listPage}, []Tie{sure, none}},
		{"both, each with its value", "", heights, checklist.Finding{Text: "Kilimanjaro rises 5,895 m and Mount Kenya 5,199 m.", Title: listPage}, []Tie{sure, sure}},
		{"the value after the thing it belongs to", "", heights, checklist.Finding{Text: "Mount Kenya, at 5,199 m, is lower than Kilimanjaro.", Title: listPage}, []Tie{none, sure}},
		{"the thing compared against", "", heights, checklist.Finding{Text: "Kilimanjaro is taller than Mount Kenya, at 5,895 m.", Title: listPage}, []Tie{sure, none}},
		{"the subject of the sentence before", "", heights, checklist.Finding{Text: "Mount Kenya stands north of Nairobi. It rises 5,199 m.", Title: listPage}, []Tie{none, sure}},
		{"the thing after the value", "", heights, checklist.Finding{Text: "At 5,895 m, Kilimanjaro is the highest.", Title: listPage}, []Tie{sure, none}},
		{"a pronoun before the thing after", "", heights, checklist.Finding{Text: "At 5,199 m it stands north of Kilimanjaro.", Title: kenyaPage}, []Tie{none, sure}},
		{"the page's subject, not a place on the way", "What is the Main Range, and how long is it?", items("its length", "height of Mount Kosciuszko"),
			checklist.Finding{Text: "The ridge stretches for 40 km north from Mount Kosciuszko.", Title: "Main Range - Wiki"}, []Tie{sure, none}},
		{"a model's lower case", "", heights, checklist.Finding{Text: "mount kenya's summit is 5,199 m above the sea", Title: listPage}, []Tie{none, sure}},
		// Aliases the page itself establishes.
		{"the mountain on its own page", "", heights, checklist.Finding{Text: "The mountain rises 5,199 metres above sea level.", Title: kenyaPage}, []Tie{none, sure}},
		{"the heading it stands under", "", heights, checklist.Finding{Text: "It rises 5,199 metres above sea level.", Title: listPage, Headings: []string{"Mount Kenya", "The highest mountains of Africa"}}, []Tie{none, sure}},
		{"a heading above a section without a name", "", heights, checklist.Finding{Text: "It rises 5,895 metres above sea level.", Title: kiliPage, Headings: []string{"Geology", "Mount Kilimanjaro"}}, []Tie{sure, none}},
		{"a title that names both", "", heights, checklist.Finding{Text: "The mountain rises 5,199 metres.", Title: "Kilimanjaro and Mount Kenya compared"}, []Tie{none, none}},
		{"nothing named on a page about neither", "", heights, checklist.Finding{Text: "The summit rises 5,109 metres.", Title: listPage, Headings: []string{"Ruwenzori"}}, []Tie{none, none}},
		// Look-alikes that must not tie.
		{"a kin on the thing's own page", "", heights, checklist.Finding{Text: "Nearby Mount Meru rises 4,562 metres.", Title: kiliPage}, []Tie{none, none}},
		{"a longer name", kosciuszko, kosItems, checklist.Finding{Text: "The mound itself is 34 metres high.", Title: "Kosciuszko Mound, Kraków: height, history and visiting hours | Cracow Compass"}, []Tie{none, none, none}},
		{"a kin with the asked words", kosciuszko, kosItems, checklist.Finding{Text: "Mount Townsend is the second-highest mountain on the Australian mainland, with an elevation of 2,209 metres.", Title: "Mount Townsend (2,209 m) – PeakRegister"}, []Tie{none, none, none}},
		{"a year is no height", "", heights, checklist.Finding{Text: "Mount Kenya was first climbed in 1899.", Title: kenyaPage}, []Tie{none, none}},
		{"the height in another unit", "How tall is Mount Kenya?", items("its height in feet"), checklist.Finding{Text: "Mount Kenya rises 5,199 metres.", Title: kenyaPage}, []Tie{none}},
		{"the height in the unit asked", "How tall is Mount Kenya?", items("its height in feet"), checklist.Finding{Text: "Mount Kenya rises 5,199 metres (17,057 ft).", Title: kenyaPage}, []Tie{sure}},
		// The factual bench task's pages.
		{"the height, named", kosciuszko, kosItems, checklist.Finding{Text: "Mount Kosciuszko is the highest mountain on the Australian mainland, rising 2,228 metres (7,310 ft) above sea level.", Title: "Mount Kosciuszko - OpenAtlas Encyclopedia"}, []Tie{sure, words, words}},
		{"named by the page, who and when", kosciuszko, kosItems, checklist.Finding{Text: "The Polish explorer Paweł Edmund Strzelecki named the mountain in 1840.", Title: "Mount Kosciuszko - OpenAtlas Encyclopedia"}, []Tie{none, words, sure}},
		{"a park named after it", kosciuszko, kosItems, checklist.Finding{Text: "The summit lies inside Kosciuszko National Park in the south of New South Wales.", Title: "Mount Kosciuszko - OpenAtlas Encyclopedia"}, []Tie{none, words, words}},
		{"a table row", kosciuszko, kosItems, checklist.Finding{Text: "| New South Wales | Mount Kosciuszko | 2,228 m |", Title: "List of the highest points of Australian states and territories"}, []Tie{sure, words, words}},
		// Dates, conditions and prices.
		{"a year", "", office, checklist.Finding{Text: "LibreOffice was first released in January 2011.", Title: "LibreOffice - Wiki"}, []Tie{none, none, sure, none}},
		{"shown open source", "", office, checklist.Finding{Text: "LibreOffice is a free and open-source office suite.", Title: "LibreOffice - Wiki"}, []Tie{sure, none, none, none}},
		{"shown not open source", "", office, checklist.Finding{Text: "Microsoft Office is proprietary software.", Title: "Office suites"}, []Tie{none, sure, none, none}},
		{"denied in words", "", office, checklist.Finding{Text: "Microsoft Office is not open source.", Title: "Office suites"}, []Tie{none, sure, none, none}},
		{"named without the condition", "", office, checklist.Finding{Text: "Microsoft Office is sold by Microsoft.", Title: "Office suites"}, []Tie{none, none, none, none}},
		{"free is a price", "", office, checklist.Finding{Text: "GIMP is free and open-source.", Title: "GIMP - Wiki"}, []Tie{none, none, none, sure}},
		// Comparisons of several things.
		{"each price", vacuums, vacItems, checklist.Finding{Text: "The Kestrel K2 costs $449, the Marlin M5 $379 and the Heron H3 $529.", Title: "Kestrel K2 vs Marlin M5 vs Heron H3 | HomeLab Tested"}, []Tie{words, sure}},
		{"one of three", vacuums, vacItems, checklist.Finding{Text: "On our carpet the Heron H3 collected 96% of the pet hair.", Title: "Kestrel K2 vs Marlin M5 vs Heron H3 | HomeLab Tested"}, []Tie{sure, none}},
		// No thing and no kind: words alone.
		{"words alone", "Explain how ocean tides work.", items("what causes tides"), checklist.Finding{Text: "The Moon's pull raises the tides."}, []Tie{words}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tt := For(tc.objective, tc.checklist)
			var got []Tie
			for i := range tc.checklist {
				tie, _ := tt.Of(tc.f, i+1)
				got = append(got, tie)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ties %v, want %v (0 none, 1 words, 2 sure)", got, tc.want)
			}
		})
	}
}
