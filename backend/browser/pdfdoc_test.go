package browser

import (
	"reflect"
	"testing"

	"github.com/scout-research/scout/backend/page"
)

func TestPDFBlocks(t *testing.T) {
	h := func(s string) page.Block { return page.Block{Kind: page.Heading, Level: 2, Text: s} }
	p := func(s string) page.Block { return page.Block{Kind: page.Paragraph, Text: s} }
	for _, c := range []struct {
		name, text string
		want       []page.Block
	}{
		{"a heading over its block", "Opening dates\nThe hut opens in June.\n", []page.Block{h("Opening dates"), p("The hut opens in June.")}},
		{"a lone short line is a paragraph", "See the map\n\nNext block here.", []page.Block{p("See the map"), p("Next block here.")}},
		{"a first line ending in a stop is prose", "It opens in June.\nIt closes in September.", []page.Block{p("It opens in June."), p("It closes in September.")}},
		{"a lower-case first line is prose", "and then the walk goes on\nto the pass and down again.", []page.Block{p("and then the walk goes on to the pass and down again.")}},
		{"lines run on until a short line ends a sentence",
			"The warden keeps a book in which every walker writes\nthe route for the next day, and checks it.\nA second paragraph starts here and runs on to\nits end.",
			[]page.Block{p("The warden keeps a book in which every walker writes the route for the next day, and checks it."), p("A second paragraph starts here and runs on to its end.")}},
		{"a full line ending a sentence runs on", "A booking is held until six in the evening, no later.\nGroups book ahead.", []page.Block{p("A booking is held until six in the evening, no later. Groups book ahead.")}},
		{"a hyphenated word is mended", "Walkers need a sleeping-bag liner and a head-\ntorch, and the dormi-\ntories are small.", []page.Block{p("Walkers need a sleeping-bag liner and a headtorch, and the dormitories are small.")}},
		{"a dash before a capital stays", "Prices for 2026 -\nMembers pay less.", []page.Block{p("Prices for 2026 - Members pay less.")}},
		{"pages break blocks", "End of page one.\fStart of page two.", []page.Block{p("End of page one."), p("Start of page two.")}},
		{"spaces squeezed, blank lines dropped", "  Safety  \n   The   warden   calls.  \n\n\n\n", []page.Block{h("Safety"), p("The warden calls.")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := pdfBlocks(c.text); !reflect.DeepEqual(got, c.want) {
				t.Errorf("pdfBlocks =\n %+v\nwant\n %+v", got, c.want)
			}
		})
	}
}

func TestPDFDocument(t *testing.T) {
	doc := pdfDocument("https://x.test/guide.pdf", "Guide", "Guide\nAn introduction.\n\nSecond block of text.\n\nThird block of text.", 45)
	want := []page.Block{
		{Kind: page.Heading, Level: 1, Text: "Guide"}, // the title line heads the document
		{Kind: page.Paragraph, Text: "An introduction."},
		{Kind: page.Paragraph, Text: "Second block of text."},
	}
	if !reflect.DeepEqual(doc.Blocks, want) || !doc.Truncated || doc.Title != "Guide" || doc.URL != "https://x.test/guide.pdf" {
		t.Errorf("document %+v", doc)
	}
}

func TestPDFTitles(t *testing.T) {
	for info, want := range map[string]string{
		"Title:           A Field Guide\nPages: 2\n":     "A Field Guide",
		"Title:           untitled\n":                    "",
		"Title:           Microsoft Word - draft.docx\n": "",
		"Title:           report-final.pdf\n":            "",
		"Pages: 2\n":                                     "",
	} {
		if got := infoTitle(info); got != want {
			t.Errorf("infoTitle(%q) = %q, want %q", info, got, want)
		}
	}
	for u, want := range map[string]string{
		"https://x.test/docs/Hut%20guide.pdf": "Hut guide.pdf",
		"https://x.test/":                     "x.test",
	} {
		if got := fileTitle(u); got != want {
			t.Errorf("fileTitle(%q) = %q, want %q", u, got, want)
		}
	}
}
