package browser

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
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
		{"pages break blocks", "End of page one.\fStart of page two.", []page.Block{p("End of page one."), p("Start of page two.")}},
		{"a paragraph a page break cut is joined", "The hut opens in June and\fcloses in September.", []page.Block{p("The hut opens in June and closes in September.")}},
		{"page numbers and running headers and footers are left out",
			"Hut guide 2026\nFirst page text.\n1/3\fHut guide 2026\nSecond page text.\n2/3\fHut guide 2026\nThird page text.\nPage 3 of 3",
			[]page.Block{p("First page text."), p("Second page text."), p("Third page text.")}},
		{"a numbered heading inside a block",
			"The method had two parts, as the next sections explain.\n2.1 Aerial photographs\nWe used fourteen sets of photographs.",
			[]page.Block{p("The method had two parts, as the next sections explain."), {Kind: page.Heading, Level: 3, Text: "2.1 Aerial photographs"}, p("We used fourteen sets of photographs.")}},
		{"a numbered line ending a sentence is prose", "3 Walkers came back.\nThe rest stayed.", []page.Block{p("3 Walkers came back. The rest stayed.")}},
		{"a year opening a line is prose", "Glaciers in the Alps have lost half of their volume since\n1900. The valley holds three small glaciers that feed the\nstreams below.", []page.Block{p("Glaciers in the Alps have lost half of their volume since 1900. The valley holds three small glaciers that feed the streams below.")}},
		{"a table row at a page's edge is data, not a running header",
			"Year Walkers\n2015 1204\n2016 1310\fYear Walkers\n2017 1380\n2018 1402\fYear Walkers\n2019 1450\n2020 990",
			[]page.Block{p("2015 1204 2016 1310"), p("2017 1380 2018 1402"), p("2019 1450 2020 990")}},
		{"two pages are too few to call a line a running header",
			"Gemsli report\nThe first page tells of the huts and their wardens.\n\fGemsli report\nThe second page tells of the paths between them.\n\f",
			[]page.Block{h("Gemsli report"), p("The first page tells of the huts and their wardens."), h("Gemsli report"), p("The second page tells of the paths between them.")}},
		{"a numbered list",
			"Before the season the warden does three things, in this order:\n1. Count the beds and blankets in the dormitories.\n2. Note what the kitchen needs for\nthe first week.\n3. Send the list to the valley office.",
			[]page.Block{p("Before the season the warden does three things, in this order:"), {Kind: page.List, Ordered: true, Items: []string{
				"Count the beds and blankets in the dormitories.", "Note what the kitchen needs for the first week.", "Send the list to the valley office."}}}},
		{"a dash opening a line that runs on is prose",
			"The book is kept at the door, and the warden\n– a volunteer from the club – checks it each night.",
			[]page.Block{p("The book is kept at the door, and the warden – a volunteer from the club – checks it each night.")}},
		{"bullets are a list, an item may run on",
			"Bring these things:\n• a sleeping bag liner\n• a head torch that\nlasts the night\n• water\nThe hut lends shoes.",
			[]page.Block{p("Bring these things:"), {Kind: page.List, Items: []string{"a sleeping bag liner", "a head torch that lasts the night", "water"}}, p("The hut lends shoes.")}},
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

// fakeTool puts a shell script named name first on PATH.
func fakeTool(t *testing.T, name, script string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// pdftotext's output is read up to a cap, and its failures are told in
// words: a small file may expand to gigabytes, or be locked.
func TestPDFToText(t *testing.T) {
	for _, c := range []struct {
		name, script string
		wantLen      int
		wantCut      bool
		wantErr      string
	}{
		{"a text past the cap is cut there", "head -c " + strconv.Itoa(2*maxPDFTextBytes) + " /dev/zero | tr '\\0' a", maxPDFTextBytes, true, ""},
		{"a text within the cap is whole", "printf 'Hello.'", 6, false, ""},
		{"a locked file", "exit 3", 0, false, "password"},
		{"a damaged file", "exit 1", 0, false, "damaged"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fakeTool(t, "pdftotext", c.script)
			text, cut, err := runPDFToText(context.Background(), "x.pdf")
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, c.wantErr)
				}
				return
			}
			if err != nil || len(text) != c.wantLen || cut != c.wantCut {
				t.Fatalf("%d bytes, cut %v, error %v; want %d bytes, cut %v", len(text), cut, err, c.wantLen, c.wantCut)
			}
		})
	}
}
