package content

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/page"
)

func para(text string) piece {
	return piece{Block: page.Block{Kind: page.Paragraph, Text: text}, words: text}
}

func heading(text string) piece {
	return piece{Block: page.Block{Kind: page.Heading, Level: 2, Text: text}, words: text}
}

func texts(ps []piece) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.words)
	}
	return out
}

const (
	intro    = "Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa."
	geology  = "It grew on the eastern branch of the East African Rift, where the crust is being stretched."
	climate  = "There are two rainy seasons, the long rains from March to May and the short rains in November."
	related  = "Mount Kenya is the second highest mountain in Africa and an extinct volcano."
	comments = "Great article, I climbed it last year and the view from the top was unforgettable."
)

// TestChooseByTheLibrarysVote: a block is kept when the library kept
// most of its text, whatever markup it came in; the headings of kept
// sections are kept even when the library dropped them, across a control
// such as "[edit]"; a heading over a section left out is left out.
func TestChooseByTheLibrarysVote(t *testing.T) {
	all := []piece{heading("Related"), para(related), heading("Geology"), para("[edit]"), para(intro), para(geology),
		heading("Climate"), para(climate), heading("Comments"), para(comments)}
	got, whole := choose(all, keptText(intro+"\n"+geology+"\n"+climate))
	want := []string{"Geology", intro, geology, "Climate", climate}
	if whole || !reflect.DeepEqual(texts(got), want) {
		t.Errorf("choose = %q (whole %v), want %q", texts(got), whole, want)
	}
}

// TestAKeptTextIsClaimedOnce: a headline the library kept once is not
// kept again where a related-stories box repeats it, nor is a logo's
// "the free encyclopedia" found in a kept sentence that says the same.
func TestAKeptTextIsClaimedOnce(t *testing.T) {
	headline := "Kilimanjaro glaciers could vanish within decades"
	all := []piece{para("Worldpedia The Free Encyclopedia"), para("From Worldpedia, the free encyclopedia"),
		heading(headline), para(intro), para(headline)}
	got, _ := choose(all, keptText("From Worldpedia, the free encyclopedia\n"+headline+"\n"+intro))
	want := []string{"From Worldpedia, the free encyclopedia", headline, intro}
	if !reflect.DeepEqual(texts(got), want) {
		t.Errorf("choose = %q, want %q", texts(got), want)
	}
}

// TestChooseReadsTheWholePageWhenTheLibraryMissesIt: on a page that is
// not a list of links, main content of a tenth or less of the text
// outside the chrome means the library missed it (a table of figures, a
// product page): the page minus its chrome is read, and the document says
// so. An index of links keeps what the library chose.
func TestChooseReadsTheWholePageWhenTheLibraryMissesIt(t *testing.T) {
	chrome := para("Site menu and account links")
	chrome.chrome = true
	var prose []piece
	for i := 0; i < 12; i++ {
		prose = append(prose, para(strings.Repeat("figure ", 5)+intro))
	}
	all := append([]piece{chrome}, prose...)
	got, whole := choose(all, keptText("Site menu and account links"))
	if !whole || len(got) != len(prose) {
		t.Errorf("a page the library missed: whole %v, %d blocks, want the %d outside the chrome", whole, len(got), len(prose))
	}
	got, whole = choose(all, keptText(""))
	if !whole || len(got) != len(prose) {
		t.Errorf("nothing kept: whole %v, %d blocks, want the %d outside the chrome", whole, len(got), len(prose))
	}

	var index []piece
	for i := 0; i < 12; i++ {
		p := para("Result number " + strings.Repeat("x", i+1) + " about Kilimanjaro")
		p.links = []page.Link{{Text: p.words, URL: "https://a.test/"}}
		index = append(index, p)
	}
	index = append(index, para(intro))
	got, whole = choose(index, keptText(intro))
	if whole || !reflect.DeepEqual(texts(got), []string{intro}) {
		t.Errorf("an index of links: whole %v, got %q, want only what the library chose", whole, texts(got))
	}
}

// TestVoteTokens: words are letters and digits in any script; in scripts
// written without spaces each character is a word, so a Chinese
// paragraph is matched as finely as an English one.
func TestVoteTokens(t *testing.T) {
	tests := map[string][]string{
		"Kilimanjaro's 5,895 m": {"kilimanjaro", "s", "5", "895", "m"},
		"Grüße, Café Müller!":   {"grüße", "café", "müller"},
		"乞力马扎罗山 is 5895 m":      {"乞", "力", "马", "扎", "罗", "山", "is", "5895", "m"},
		"キリマンジャロ山":              {"キ", "リ", "マ", "ン", "ジ", "ャ", "ロ", "山"},
		"  ,;  ":                nil,
	}
	for in, want := range tests {
		if got := voteTokens(in); !reflect.DeepEqual(got, want) {
			t.Errorf("voteTokens(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestChooseFillsShortGapsOfProse: a sentence or two the library left out
// between kept blocks (a note in a box, a web component's text) is kept;
// a credit, a label or a line of links there is not, nor prose before the
// first kept block or after the last.
func TestChooseFillsShortGapsOfProse(t *testing.T) {
	note := "The tide note for today says the pilot boards at the outer buoy."
	links := para("Read more about Kilimanjaro and Mount Kenya here today.")
	links.links = []page.Link{{Text: "Read more about Kilimanjaro and Mount Kenya here today.", URL: "https://a.test/"}}
	all := []piece{para(comments), para(intro), para(note), para("Photo: Getty Images"), para(geology), links, para(climate), para(related)}
	got, _ := choose(all, keptText(intro+"\n"+geology+"\n"+climate))
	want := []string{intro, note, geology, climate}
	if !reflect.DeepEqual(texts(got), want) {
		t.Errorf("choose = %q, want %q", texts(got), want)
	}
}

// TestAPageTooLargeForTheLibraryIsReadWhole: a page of tens of thousands
// of elements (a table of figures) is not given to the library, whose
// scoring would take seconds that nothing can stop: it is read whole.
func TestAPageTooLargeForTheLibraryIsReadWhole(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("<html><body><nav><a href='/'>Home</a></nav><main><p>Heights of the survey points.</p><table>")
	const rows = maxLibraryElements / 3
	for i := 0; i < rows; i++ {
		fmt.Fprintf(&sb, "<tr><td>point %d</td><td>%d m</td></tr>", i, i*3)
	}
	sb.WriteString("</table></main></body></html>")
	doc := Read(Page{URL: "https://a.test/", HTML: sb.String()})
	if !doc.Whole || len(doc.Blocks) != 2 || len(doc.Blocks[1].Rows) != rows {
		t.Fatalf("whole %v, %d blocks; want the page read whole: its sentence and its %d rows", doc.Whole, len(doc.Blocks), rows)
	}
}

// TestShortLinesTheLibraryKeptAreKept: a line of a word or two that the
// library kept as a line of its own is kept, beside another short line.
func TestShortLinesTheLibraryKeptAreKept(t *testing.T) {
	all := []piece{para("Tide table."), heading("More"), para("High water at 14:20 at the outer buoy.")}
	got, _ := choose(all, keptText("Tide table.\nMore\nHigh water at 14:20 at the outer buoy."))
	if want := []string{"Tide table.", "More", "High water at 14:20 at the outer buoy."}; !reflect.DeepEqual(texts(got), want) {
		t.Errorf("choose = %q, want %q", texts(got), want)
	}
}
