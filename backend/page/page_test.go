package page

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/tokens"
)

func TestMarkdown(t *testing.T) {
	tests := []struct {
		name string
		b    Block
		want string
	}{
		{"heading", Block{Kind: Heading, Level: 2, Text: " Climbing\n routes "}, "## Climbing routes"},
		{"heading level clamped", Block{Kind: Heading, Level: 9, Text: "Deep"}, "###### Deep"},
		{"paragraph", Block{Kind: Paragraph, Text: "  Kibo is the highest cone. "}, "Kibo is the highest cone."},
		{"unordered list", Block{Kind: List, Items: []string{"Kibo", "  Uhuru Peak", "Mawenzi", " "}}, "- Kibo\n  - Uhuru Peak\n- Mawenzi"},
		{"ordered list", Block{Kind: List, Ordered: true, Items: []string{"Grind", "  coarse", "Pour"}}, "1. Grind\n  - coarse\n2. Pour"},
		{"table", Block{Kind: Table, Rows: [][]string{{"Route", "Days"}, {"Marangu", "5"}, {"Lemosho | West", "7", "extra"}}},
			"| Route | Days |  |\n| --- | --- | --- |\n| Marangu | 5 |  |\n| Lemosho \\| West | 7 | extra |"},
		{"code keeps indentation", Block{Kind: Code, Lang: "go", Text: "func f() {\n\tif x {\n\t\treturn\n\t}\n}\n"},
			"```go\nfunc f() {\n\tif x {\n\t\treturn\n\t}\n}\n```"},
		{"code with backticks", Block{Kind: Code, Text: "echo ```x```"}, "````\necho ```x```\n````"},
		{"quote", Block{Kind: Quote, Text: "Line one\n  line two"}, "> Line one\n> line two"},
		{"image", Block{Kind: Image, Text: "Kibo from the\nsouth"}, "[Image: Kibo from the south]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.b.Markdown(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestPartBudget(t *testing.T) {
	for _, tc := range []struct{ ctx, want int }{{0, 400}, {2048, 400}, {4096, 614}, {8192, 1228}, {32768, 4000}} {
		if got := PartBudget(tc.ctx); got != tc.want {
			t.Errorf("PartBudget(%d) = %d, want %d", tc.ctx, got, tc.want)
		}
	}
}

// words returns n distinct words of prose.
func words(prefix string, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return strings.Join(w, " ") + "."
}

func TestSplitRules(t *testing.T) {
	est := &tokens.Estimator{}
	budget := 100
	code := Block{Kind: Code, Text: strings.Repeat("x := 1\n", 40)}                // ~80 tokens
	bigCode := Block{Kind: Code, Text: strings.Repeat("value := compute()\n", 60)} // far over 1.5x
	table := Block{Kind: Table, Rows: [][]string{{"a", "b"}}}
	for i := 0; i < 30; i++ {
		table.Rows = append(table.Rows, []string{fmt.Sprint("row", i), "cell value here"})
	}
	tests := []struct {
		name   string
		blocks []Block
		check  func(t *testing.T, p Page)
	}{
		{"small page is one part", []Block{{Kind: Heading, Level: 1, Text: "T"}, {Kind: Paragraph, Text: "Short."}},
			func(t *testing.T, p Page) {
				if len(p.Parts) != 1 || p.Parts[0].Text != "# T\n\nShort." {
					t.Fatalf("parts %+v", p.Parts)
				}
			}},
		{"code block never split", []Block{{Kind: Paragraph, Text: words("p", 50)}, code, {Kind: Paragraph, Text: "After."}},
			func(t *testing.T, p Page) {
				for _, part := range p.Parts {
					if n := strings.Count(part.Text, "```"); n != 0 && n != 2 {
						t.Fatalf("a part holds half a code block:\n%s", part.Text)
					}
				}
				if !strings.Contains(p.Parts[1].Text, strings.TrimRight(code.Text, "\n")) {
					t.Fatalf("code not whole in part 2:\n%s", p.Parts[1].Text)
				}
			}},
		{"huge code block truncated with marker", []Block{bigCode},
			func(t *testing.T, p Page) {
				if len(p.Parts) != 1 || !strings.Contains(p.Parts[0].Text, "more lines of this code block not shown]") {
					t.Fatalf("parts %+v", p.Parts)
				}
				if p.Parts[0].Tokens > int(oversizeFactor*float64(budget))+20 {
					t.Fatalf("truncated code is %d tokens", p.Parts[0].Tokens)
				}
				if strings.Count(p.Parts[0].Text, "```") != 2 {
					t.Fatalf("fence not closed:\n%s", p.Parts[0].Text)
				}
			}},
		{"big table gets its own part", []Block{{Kind: Paragraph, Text: "Before."}, table, {Kind: Paragraph, Text: "After."}},
			func(t *testing.T, p Page) {
				if len(p.Parts) != 3 || !strings.HasPrefix(p.Parts[1].Text, "| a | b |") {
					t.Fatalf("parts %q", texts(p))
				}
				if !strings.Contains(p.Parts[1].Text, "more rows of this table not shown]") {
					t.Fatalf("no truncation marker:\n%s", p.Parts[1].Text)
				}
			}},
		{"long paragraph split between sentences", []Block{{Kind: Paragraph, Text: strings.Repeat("The cone is old. ", 80)}},
			func(t *testing.T, p Page) {
				if len(p.Parts) < 3 {
					t.Fatalf("%d parts", len(p.Parts))
				}
				for _, part := range p.Parts {
					if !strings.HasPrefix(part.Text, "The cone") || !strings.HasSuffix(part.Text, "old.") || part.Tokens > budget {
						t.Fatalf("bad piece (%d tokens): %q", part.Tokens, part.Text)
					}
				}
			}},
		{"heading not left at the end of a part", []Block{{Kind: Paragraph, Text: words("a", 60)}, {Kind: Heading, Level: 2, Text: "Next"}, {Kind: Paragraph, Text: words("b", 40)}},
			func(t *testing.T, p Page) {
				if len(p.Parts) != 2 || !strings.HasPrefix(p.Parts[1].Text, "## Next") {
					t.Fatalf("parts %q", texts(p))
				}
			}},
		{"section heading starts a part when the part is well filled", []Block{{Kind: Paragraph, Text: words("a", 70)}, {Kind: Heading, Level: 2, Text: "Climate"}, {Kind: Paragraph, Text: "Short."}},
			func(t *testing.T, p Page) {
				if len(p.Parts) != 2 || p.Parts[1].Headings[0].Text != "Climate" {
					t.Fatalf("parts %q", texts(p))
				}
			}},
		{"continuation knows its section", []Block{{Kind: Heading, Level: 2, Text: "Geology"}, {Kind: Paragraph, Text: words("a", 70)}, {Kind: Paragraph, Text: words("b", 70)}},
			func(t *testing.T, p Page) {
				if len(p.Parts) != 2 || p.Parts[1].Context != "Geology" || p.Parts[0].Context != "" {
					t.Fatalf("parts %+v", p.Parts)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := Split(Document{URL: "https://x.test/a", Blocks: tc.blocks}, budget, est)
			for i, part := range p.Parts {
				if part.Number != i+1 {
					t.Fatalf("part %d numbered %d", i+1, part.Number)
				}
			}
			tc.check(t, p)
		})
	}
}

func texts(p Page) []string {
	var out []string
	for _, part := range p.Parts {
		out = append(out, part.Text)
	}
	return out
}

func TestLinksShownOnceInTheirPart(t *testing.T) {
	doc := Document{
		URL: "https://wiki.test/Kilimanjaro#top",
		Blocks: []Block{
			{Kind: Paragraph, Text: words("a", 60)},
			{Kind: Paragraph, Text: words("b", 60)},
		},
		Links: []Link{
			{Text: "Tanzania", URL: "https://wiki.test/Tanzania", Block: 0},
			{Text: "Geology", URL: "https://wiki.test/Kilimanjaro#Geology", Block: 0},
			{Text: "run", URL: "javascript:alert(1)", Block: 0},
			{Text: "mail", URL: "mailto:a@b.test", Block: 0},
			{Text: "  Kibo\n cone ", URL: "https://wiki.test/Kibo#History", Block: 1},
			{Text: "Tanzania again", URL: "https://wiki.test/Tanzania", Block: 1},
			{Text: "", URL: "https://other.test/x", Block: 1},
			{Text: strings.Repeat("long ", 30), URL: "https://other.test/long", Block: 1},
		},
	}
	p := Split(doc, 100, &tokens.Estimator{})
	if len(p.Parts) != 2 {
		t.Fatalf("want 2 parts, got %d", len(p.Parts))
	}
	want0 := []Link{{Text: "Tanzania", URL: "https://wiki.test/Tanzania", Block: 0}}
	if !reflect.DeepEqual(p.Parts[0].Links, want0) {
		t.Errorf("part 1 links %+v", p.Parts[0].Links)
	}
	got1 := p.Parts[1].Links
	if len(got1) != 3 || got1[0].Text != "Kibo cone" || got1[0].URL != "https://wiki.test/Kibo" ||
		got1[1].Text != "https://other.test/x" || !strings.HasSuffix(got1[2].Text, "…") || len([]rune(got1[2].Text)) != maxLinkText {
		t.Errorf("part 2 links %+v", got1)
	}
}

func TestOutline(t *testing.T) {
	p := Page{Parts: []Part{
		{Number: 1, Headings: []HeadingRef{{1, "Mount Kilimanjaro"}, {2, "Etymology"}, {4, "Deep detail"}}},
		{Number: 2, Context: "Etymology"},
		{Number: 3, Context: "Etymology", Headings: []HeadingRef{{2, "A"}, {2, "B"}, {3, "C"}, {2, "D"}, {2, "E"}, {2, "F"}, {2, "G"}, {2, "H"}}},
		{Number: 4},
	}}
	want := "Outline (4 parts):\n" +
		"Part 1 (read): Mount Kilimanjaro; Etymology\n" +
		"Part 2: continues Etymology\n" +
		"Part 3 (read): continues Etymology; A; B; C; D; E; F; and 2 more\n" +
		"Part 4: (no headings)"
	if got := p.Outline(map[int]bool{1: true, 3: true}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := (Page{Parts: []Part{{Number: 1}}}).Outline(nil); got != "" {
		t.Errorf("one-part outline %q", got)
	}
}

func TestSentences(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"One. Two! Three? four.", []string{"One.", "Two!", "Three? four."}},
		{"See e.g. the cone. 1889 was the year.", []string{"See e.g. the cone.", "1889 was the year."}},
		{`He said. "Go." Then left.`, []string{"He said.", `"Go."`, "Then left."}},
		{"No end", []string{"No end"}},
	}
	for _, tc := range tests {
		if got := sentences(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("sentences(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
