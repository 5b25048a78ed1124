package page

import (
	"reflect"
	"testing"
)

func TestPDFBlocks(t *testing.T) {
	h := func(s string) Block { return Block{Kind: Heading, Level: 2, Text: s} }
	p := func(s string) Block { return Block{Kind: Paragraph, Text: s} }
	for _, c := range []struct {
		name, text string
		want       []Block
	}{
		{"a heading over its block", "Opening dates\nThe hut opens in June.\n", []Block{h("Opening dates"), p("The hut opens in June.")}},
		{"a lone short line is a paragraph", "See the map\n\nNext block here.", []Block{p("See the map"), p("Next block here.")}},
		{"a first line ending in a stop is prose", "It opens in June.\nIt closes in September.", []Block{p("It opens in June."), p("It closes in September.")}},
		{"a lower-case first line is prose", "and then the walk goes on\nto the pass and down again.", []Block{p("and then the walk goes on to the pass and down again.")}},
		{"lines run on until a short line ends a sentence",
			"The warden keeps a book in which every walker writes\nthe route for the next day, and checks it.\nA second paragraph starts here and runs on to\nits end.",
			[]Block{p("The warden keeps a book in which every walker writes the route for the next day, and checks it."), p("A second paragraph starts here and runs on to its end.")}},
		{"a full line ending a sentence runs on", "A booking is held until six in the evening, no later.\nGroups book ahead.", []Block{p("A booking is held until six in the evening, no later. Groups book ahead.")}},
		{"pages break blocks", "End of page one.\fStart of page two.", []Block{p("End of page one."), p("Start of page two.")}},
		{"a paragraph a page break cut is joined", "The hut opens in June and\fcloses in September.", []Block{p("The hut opens in June and closes in September.")}},
		{"page numbers and running headers and footers are left out",
			"Hut guide 2026\nFirst page text.\n1/3\fHut guide 2026\nSecond page text.\n2/3\fHut guide 2026\nThird page text.\nPage 3 of 3",
			[]Block{p("First page text."), p("Second page text."), p("Third page text.")}},
		{"a numbered heading inside a block",
			"The method had two parts, as the next sections explain.\n2.1 Aerial photographs\nWe used fourteen sets of photographs.",
			[]Block{p("The method had two parts, as the next sections explain."), {Kind: Heading, Level: 3, Text: "2.1 Aerial photographs"}, p("We used fourteen sets of photographs.")}},
		{"a numbered line ending a sentence is prose", "3 Walkers came back.\nThe rest stayed.", []Block{p("3 Walkers came back. The rest stayed.")}},
		{"a year opening a line is prose", "Glaciers in the Alps have lost half of their volume since\n1900. The valley holds three small glaciers that feed the\nstreams below.", []Block{p("Glaciers in the Alps have lost half of their volume since 1900. The valley holds three small glaciers that feed the streams below.")}},
		{"a table row at a page's edge is data, not a running header",
			"Year Walkers\n2015 1204\n2016 1310\fYear Walkers\n2017 1380\n2018 1402\fYear Walkers\n2019 1450\n2020 990",
			[]Block{p("2015 1204 2016 1310"), p("2017 1380 2018 1402"), p("2019 1450 2020 990")}},
		{"two pages are too few to call a line a running header",
			"Gemsli report\nThe first page tells of the huts and their wardens.\n\fGemsli report\nThe second page tells of the paths between them.\n\f",
			[]Block{h("Gemsli report"), p("The first page tells of the huts and their wardens."), h("Gemsli report"), p("The second page tells of the paths between them.")}},
		{"a numbered list",
			"Before the season the warden does three things, in this order:\n1. Count the beds and blankets in the dormitories.\n2. Note what the kitchen needs for\nthe first week.\n3. Send the list to the valley office.",
			[]Block{p("Before the season the warden does three things, in this order:"), {Kind: List, Ordered: true, Items: []string{
				"Count the beds and blankets in the dormitories.", "Note what the kitchen needs for the first week.", "Send the list to the valley office."}}}},
		{"a dash opening a line that runs on is prose",
			"The book is kept at the door, and the warden\n– a volunteer from the club – checks it each night.",
			[]Block{p("The book is kept at the door, and the warden – a volunteer from the club – checks it each night.")}},
		{"bullets are a list, an item may run on",
			"Bring these things:\n• a sleeping bag liner\n• a head torch that\nlasts the night\n• water\nThe hut lends shoes.",
			[]Block{p("Bring these things:"), {Kind: List, Items: []string{"a sleeping bag liner", "a head torch that lasts the night", "water"}}, p("The hut lends shoes.")}},
		{"spaces squeezed, blank lines dropped", "  Safety  \n   The   warden   calls.  \n\n\n\n", []Block{h("Safety"), p("The warden calls.")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := pdfBlocks(c.text); !reflect.DeepEqual(got, c.want) {
				t.Errorf("pdfBlocks =\n %+v\nwant\n %+v", got, c.want)
			}
		})
	}
}

func TestPDFDocument(t *testing.T) {
	doc := PDFDocument("https://x.test/guide.pdf", "Guide", "Guide\nAn introduction.\n\nSecond block of text.\n\nThird block of text.", 45)
	want := []Block{
		{Kind: Heading, Level: 1, Text: "Guide"}, // the title line heads the document
		{Kind: Paragraph, Text: "An introduction."},
		{Kind: Paragraph, Text: "Second block of text."},
	}
	if !reflect.DeepEqual(doc.Blocks, want) || !doc.Truncated || doc.Title != "Guide" || doc.URL != "https://x.test/guide.pdf" {
		t.Errorf("document %+v", doc)
	}
}
