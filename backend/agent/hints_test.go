package agent

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/tokens"
)

// starterPage is a long how-to page whose answers sit in parts 4 and 5.
func starterPage() *openPage {
	parts := []struct{ heading, text string }{
		{"Before you begin", "Every starter begins with flour, water and patience. Plan on two weeks."},
		{"A short history of sourdough", "Bakers kept back a piece of each day's dough. The microbes at work are yeasts."},
		{"Choosing your flour", "Begin with wholegrain flour; rye works too. Water from the tap is fine."},
		{"Day 1: the first mix", "Stir 50 grams of flour and 50 grams of water in a jar."},
		{"Days 2 to 4: the first feedings", "Every day, discard all but 50 grams and feed with flour and water. Is it ready? It doubles within 8 hours."},
	}
	pg := page.Page{}
	for i, p := range parts {
		pg.Parts = append(pg.Parts, page.Part{Number: i + 1, Text: "## " + p.heading + "\n\n" + p.text,
			Headings: []page.HeadingRef{{Level: 2, Text: p.heading}}})
	}
	return &openPage{page: pg, read: map[int]bool{}}
}

func TestPartHints(t *testing.T) {
	items := []Item{{Number: 1, Text: "what to mix on the first day"}, {Number: 2, Text: "the daily feeding"}, {Number: 3, Text: "how to tell when it is ready"}}
	for _, tc := range []struct {
		name    string
		read    []int
		covered []int // items with a finding
		want    string
	}{
		{"after part 1 each open item points at its part", []int{1}, nil,
			"Unread parts that match open checklist items: part 4 (item 1); part 5 (items 2, 3). READ_MORE with a part number goes there."},
		{"covered items are not pointed at", []int{1}, []int{2, 3},
			"Unread parts that match open checklist items: part 4 (item 1). READ_MORE with a part number goes there."},
		{"read parts are not pointed at", []int{1, 4, 5}, nil, ""},
		{"nothing open, no hint", []int{1}, []int{1, 2, 3}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := record{checklist: items}
			for _, n := range tc.covered {
				rec.add(Finding{Items: []int{n}}, 1)
			}
			read := map[int]bool{}
			for _, n := range tc.read {
				read[n] = true
			}
			if got := partHints(starterPage().index(), read, rec.openItems()); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestPartHintsNeedHalfTheTellingWords(t *testing.T) {
	// "rye" is in part 3 only, but "bread", "recipe" and "oven" are on no
	// part: one word of four is not enough to send the model anywhere,
	// two of four is...
	if got := partHints(starterPage().index(), map[int]bool{1: true}, []Item{{Number: 1, Text: "rye bread recipe oven"}}); got != "" {
		t.Errorf("one word in four pointed at a part: %q", got)
	}
	if got := partHints(starterPage().index(), map[int]bool{1: true}, []Item{{Number: 1, Text: "rye water recipe oven"}}); got == "" {
		t.Error("two words of four in part 3 got no hint")
	}
	// ...and words on every part ("flour" is not: part 2 lacks it) tell
	// nothing and do not count against an item.
	if got := partHints(starterPage().index(), map[int]bool{1: true}, []Item{{Number: 1, Text: "which flour to begin with"}}); got == "" {
		t.Error("an item whose telling words are in part 3 got no hint")
	}
	one := &openPage{page: page.Page{Parts: []page.Part{{Number: 1, Text: "rye bread"}}}}
	if got := partHints(one.index(), map[int]bool{1: true}, []Item{{Number: 1, Text: "which flour to begin with"}}); got != "" {
		t.Errorf("a one-part page got a hint: %q", got)
	}
}

// With more parts to point at than a hint names, the parts serving the most
// items win, and are named in page order.
func TestPartHintsNameTheBusiestParts(t *testing.T) {
	words := []string{"intro", "alpha", "bravo", "charlie", "delta", "echo foxtrot"}
	pg := page.Page{}
	for i, w := range words {
		pg.Parts = append(pg.Parts, page.Part{Number: i + 1, Text: w + " section text"})
	}
	var items []Item
	for i, w := range []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot"} {
		items = append(items, Item{Number: i + 1, Text: w})
	}
	got := partHints((&openPage{page: pg}).index(), map[int]bool{1: true}, items)
	want := "Unread parts that match open checklist items: part 2 (item 1); part 3 (item 2); part 6 (items 5, 6). READ_MORE with a part number goes there."
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestGoldenLongPageObservation pins what the model sees on opening a long
// page, as doNavigate makes it: the outline, the part that holds most of
// the open items (part 1 holds none of them here), and the hint naming
// the other parts to jump to.
func TestGoldenLongPageObservation(t *testing.T) {
	cfg, _, _, fake := newRun(t, map[string][]string{})
	var blocks []page.Block
	for _, sec := range []struct{ heading, text string }{
		{"Before you begin", "Every starter begins with flour, water and patience."},
		{"A short history of sourdough", "Bakers kept back a piece of each day's dough."},
		{"Choosing your flour", "Begin with wholegrain flour; rye works too."},
		{"Day 1: the first mix", "Stir 50 grams of flour and 50 grams of water in a jar."},
		{"Days 2 to 4: the first feedings", "Every day, discard all but 50 grams and feed with flour and water. Is it ready? It doubles within 8 hours."},
	} {
		blocks = append(blocks, page.Block{Kind: page.Heading, Level: 2, Text: sec.heading},
			page.Block{Kind: page.Paragraph, Text: sec.text + strings.Repeat(" The jar sits on the kitchen counter.", 30)})
	}
	fake.World["/starter"] = fakeweb.Page{Title: "How to make a sourdough starter", Blocks: blocks}
	cfg.Objective = "How do I make a sourdough starter? Give the steps with exact amounts."
	cfg.ReadRate = 1 // parts of minPartTokens, small enough for the page to be long
	a := newAgent(t, cfg)
	a.st.record.checklist = []Item{{Number: 1, Text: "what to mix on the first day"}, {Number: 2, Text: "the daily feeding"}, {Number: 3, Text: "how to tell when it is ready"}}
	a.st.turn = 2
	a.st.trail.results = []string{base + "/starter"}
	navigate := Action{Name: ActNavigate, Param: "R1"}
	out, err := a.act(context.Background(), navigate, a.verdict(navigate))
	if err != nil {
		t.Fatal(err)
	}
	got := out.obs
	if !strings.Contains(got, "Unread parts that match open checklist items:") {
		t.Fatalf("no hint in:\n%s", got)
	}
	golden(t, "observe-long-page", got)
}

// After a split for a smaller context, a new part counts as read only when
// the parts read before hold all of it: one that runs on into unread text
// stays readable.
func TestResplitKeepsUnreadTextReadable(t *testing.T) {
	var blocks []page.Block
	for i := 0; i < 9; i++ {
		blocks = append(blocks, page.Block{Kind: page.Paragraph, Text: fmt.Sprintf("Paragraph %d. ", i) + strings.Repeat("Words about the mountain and its slopes. ", 18)})
	}
	doc := page.Document{URL: "https://example.org/long", Title: "Long", Blocks: blocks}
	est := &tokens.Estimator{}
	p := &openPage{doc: doc, page: page.Split(doc, 1000, est), read: map[int]bool{}, partFindings: map[int]bool{}}
	if len(p.page.Parts) < 2 {
		t.Fatalf("%d parts at the larger budget", len(p.page.Parts))
	}
	p.read[1], p.shown, p.partFindings[1] = true, 1, true
	oldFirst := p.page.Parts[0].Text
	p.resplit(400, est)
	if len(p.page.Parts) <= 2 {
		t.Fatalf("%d parts after the split for a smaller context", len(p.page.Parts))
	}
	for _, part := range p.page.Parts {
		inside := strings.Contains(oldFirst, part.Text)
		if p.read[part.Number] != inside {
			t.Errorf("part %d read=%v, but it is inside the part read before: %v", part.Number, p.read[part.Number], inside)
		}
		if p.partFindings[part.Number] != inside {
			t.Errorf("part %d has findings=%v, inside the part with findings: %v", part.Number, p.partFindings[part.Number], inside)
		}
	}
	if p.shown != 1 || !p.read[1] {
		t.Errorf("shown %d", p.shown)
	}
}
