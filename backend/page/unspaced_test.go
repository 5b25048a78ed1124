package page

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/tokens"
)

// repeatTo repeats s until it holds n characters.
func repeatTo(s string, n int) string {
	r := []rune(strings.Repeat(s, n/utf8.RuneCountInString(s)+1))
	return string(r[:n])
}

// Text written without spaces (Chinese, Thai), data (base64) and a long
// address are cut into parts within the budget as the estimator counts
// them, between characters, losing nothing and tearing no character from
// its marks; a title and headings of megabytes are capped.
func TestTextWithoutSpacesStaysWithinTheBudget(t *testing.T) {
	random := make([]byte, 150_000)
	rng := rand.New(rand.NewPCG(14, 14))
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	longURL := "https://example.com/" + repeatTo("kilimanjaro-routes/machame?day=3&camp=barranco&", 50_000)
	tests := []struct {
		name string
		text string
	}{
		{"62,500 Chinese characters without punctuation", repeatTo("乞力马扎罗山位于坦桑尼亚东北部是非洲最高的山海拔五千八百九十五米", 62_500)},
		{"62,500 Chinese characters with punctuation", repeatTo("乞力马扎罗山位于坦桑尼亚东北部，是非洲最高的山。它是一座休眠火山；", 62_500)},
		{"Thai", repeatTo("ภูเขาคิลิมันจาโรตั้งอยู่ทางตะวันออกเฉียงเหนือของประเทศแทนซาเนียเป็นภูเขาที่สูงที่สุดในทวีปแอฟริกา", 40_000)},
		{"Japanese", repeatTo("キリマンジャロはタンザニア北東部にある休火山で、アフリカ大陸の最高峰です。", 30_000)},
		{"base64", base64.StdEncoding.EncodeToString(random)},
		{"a long address", longURL},
	}
	est := &tokens.Estimator{}
	budget := PartBudget(8192)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := Document{URL: "http://a.test/", Title: strings.Repeat("標題", 2_500_000), Blocks: []Block{
				{Kind: Heading, Level: 1, Text: strings.Repeat("見出し", 300_000)},
				{Kind: Paragraph, Text: tc.text},
				{Kind: List, Items: []string{tc.text[:len(tc.text)/4]}},
			}}
			pg := Split(doc, budget, est)
			if n := utf8.RuneCountInString(pg.Title); n > maxTitleChars {
				t.Errorf("title of %d characters", n)
			}
			var all strings.Builder
			for _, p := range pg.Parts {
				if p.Tokens > budget || est.Count(p.Text) > budget {
					t.Fatalf("part %d of %d has %d tokens, budget %d", p.Number, len(pg.Parts), est.Count(p.Text), budget)
				}
				for _, h := range p.Headings {
					if utf8.RuneCountInString(h.Text) > maxHeadingChars {
						t.Errorf("heading of %d characters", utf8.RuneCountInString(h.Text))
					}
				}
				if !utf8.ValidString(p.Text) {
					t.Fatalf("part %d is not valid UTF-8", p.Number)
				}
				for _, line := range strings.Split(p.Text, "\n") {
					if first, _ := utf8.DecodeRuneInString(strings.TrimPrefix(line, "- ")); unicode.Is(unicode.M, first) {
						t.Fatalf("part %d has a line starting with a mark torn from its letter: %q", p.Number, line[:min(len(line), 20)])
					}
				}
				all.WriteString(p.Text)
			}
			// The paragraph comes through whole, in order.
			joined := strings.Join(strings.Fields(strings.ReplaceAll(all.String(), "\n- ", "\n")), "")
			if want := strings.Join(strings.Fields(tc.text), ""); !strings.Contains(joined, want) {
				t.Errorf("text lost in the cutting: %d parts hold %d characters of %d", len(pg.Parts), utf8.RuneCountInString(joined), utf8.RuneCountInString(want))
			}
			if len(pg.Parts) < 2 {
				t.Errorf("one part for %d characters", utf8.RuneCountInString(tc.text))
			}
		})
	}
}

// Where the text has sentences, a cut falls at the end of one.
func TestCutsFallAtSentenceEnds(t *testing.T) {
	est := &tokens.Estimator{}
	text := repeatTo("乞力马扎罗山位于坦桑尼亚东北部，是非洲最高的山。", 20_000)
	pieces := cutText(text, 400, 400, est)
	for i, piece := range pieces {
		if !strings.HasSuffix(piece, "。") && !strings.HasSuffix(piece, "，") && i < len(pieces)-1 {
			t.Fatalf("piece %d ends mid-clause: …%s", i+1, string([]rune(piece)[utf8.RuneCountInString(piece)-5:]))
		}
	}
}

func TestCapChars(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"abcdefghij", 5, "abcd…"},
		{"非洲最高的山", 4, "非洲最…"},
		{"ภูเขา", 3, "ภู…"},        // not before the tone mark's vowel: ภ ู | เ
		{"cafe\u0301s", 5, "caf…"}, // not between the e and its accent
	}
	for _, tc := range tests {
		if got := capChars(tc.in, tc.n); got != tc.want {
			t.Errorf("capChars(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
