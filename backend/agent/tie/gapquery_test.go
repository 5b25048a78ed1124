package tie

import (
	"testing"

	"github.com/scout-research/scout/backend/agent/checklist"
)

// run is what a gap's search reads of a run: its objective and its first
// finding's page title ("" before one).
type run struct{ objective, title string }

// A gap's search is the thing and what is asked of it, in the item's
// words, without those that only make it a question or a list.
func TestGapQueries(t *testing.T) {
	kiliRun := run{"What is the tallest mountain in Africa, and how tall is it in meters and in feet?", "Mount Kilimanjaro - Wiki"}
	kosRun := run{"How high is Mount Kosciuszko, in which Australian state is it, and who named it and in what year?", ""}
	officeRun := run{"Are LibreOffice and Microsoft Office open source?", "LibreOffice - Wiki"}
	listRun := run{"Name three free and open-source photo editors for Linux.", "GIMP - Wiki"}
	vacRun := run{"Compare the Kestrel K2, Marlin M5 and Heron H3 robot vacuums and recommend one for a home with long-haired cats.", "Kestrel K2 vs Marlin M5 vs Heron H3: which robot vacuum handles pet hair best? | HomeLab Tested"}
	lakesRun := run{"Nenne drei Seen in Bayern, die tiefer als 100 Meter sind, jeweils mit ihrer größten Tiefe.", "Die tiefsten Seen Bayerns | Seenland Bayern"}
	mindRun := run{"请列出三个可以在 Linux 上使用的免费开源思维导图软件。", "2024 年 Linux 上最好用的 6 款思维导图软件 - 极客小站"}
	for _, tc := range []struct {
		run  run
		item string
		want string
	}{
		{kiliRun, "the height of Mount Kenya in metres", "Mount Kenya height metres"},
		{kiliRun, "its height in feet", "Mount Kilimanjaro height feet"},
		{kosRun, "Australian state where it stands", "Mount Kosciuszko Australian state stands"},
		{kosRun, "who named it and when", "Mount Kosciuszko named"},
		{officeRun, "whether Microsoft Office is open source", "Microsoft Office open source"},
		{officeRun, "the year LibreOffice was first released", "LibreOffice year first released"},
		{listRun, "a second free and open-source photo editor for Linux", "free open-source photo editor Linux"},
		{listRun, "three free and open-source photo editors for Linux", "free open-source photo editors Linux"},
		// A comparison has no one subject: its items are searched in their
		// own words, and those of a question are left out.
		{vacRun, "brush tangles and maintenance with long hair", "brush tangles maintenance long hair"},
		{vacRun, "how well each picks up pet hair on carpet", "picks pet hair carpet"},
		{vacRun, "price of each model", "price model"},
		// In German and Chinese: one of a kind after its article or as the
		// item's first word, the language's own stop words left out, and
		// Chinese cut into its words (of two characters, as "免费").
		{lakesRun, "ein zweiter See in Bayern, der tiefer als 100 Meter ist, mit seiner größten Tiefe", "See Bayern tiefer 100 Meter größten Tiefe"},
		{mindRun, "第二个可以在 Linux 上使用的免费开源思维导图软件", "可以 Linux 使用 免费 开源 思维 导图 软件"},
	} {
		if got := GapQuery(checklist.Item{Number: 1, Text: tc.item}, nil, tc.run.objective, tc.run.title); got != tc.want {
			t.Errorf("GapQuery(%q) = %q, want %q", tc.item, got, tc.want)
		}
	}
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
		if got := subject(tc.objective, tc.title); got != tc.want {
			t.Errorf("objective %q, title %q: subject %q, want %q", tc.objective, tc.title, got, tc.want)
		}
	}
}
