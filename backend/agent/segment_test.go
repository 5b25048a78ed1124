package agent

import (
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent/ground"
	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/page"
)

// Chinese and Japanese are matched by their words, as the segmenter cuts
// them, not by whole runs of characters between punctuation (which made
// every sentence one word, so no finding grounded unless it copied a
// whole clause) nor by single characters (which match anything).
func TestGroundInChineseAndJapanese(t *testing.T) {
	page := "肯尼亚山是非洲第二高的山，海拔5199米。乞力马扎罗山是非洲最高的山，海拔5895米。"
	for _, c := range []struct {
		finding  string
		grounded bool
	}{
		{"肯尼亚山海拔5199米", true},          // a clause cut short
		{"肯尼亚山是非洲第二高的山，海拔5199米", true}, // copied
		{"乞力马扎罗山是非洲最高的山", true},
		{"肯尼亚山海拔6000米，是亚洲最高的山峰", false}, // the same characters, other words
		{"埃尔布鲁士山是欧洲最高峰", false},
	} {
		ev := ground.In(c.finding, []string{page})
		if got := ev.Score >= ground.Accept; got != c.grounded {
			t.Errorf("ground.In(%q) = %.2f, grounded %v, want %v", c.finding, ev.Score, got, c.grounded)
		}
	}
	ja := "富士山は日本で最も高い山で、高さは3776メートルです。"
	if ev := ground.In("富士山の高さは3776メートル", []string{ja}); ev.Score < ground.Accept {
		t.Errorf("a Japanese clause grounds at %.2f", ev.Score)
	}
}

// Two findings that say the same in Chinese are duplicates; one that
// gives another value is not.
func TestDuplicatesInChinese(t *testing.T) {
	a := "肯尼亚山是非洲第二高的山，海拔5199米。"
	b := "肯尼亚山是非洲第二高的山，海拔为5199米。"
	c := "乞力马扎罗山位于坦桑尼亚，是一座休眠火山。"
	if words.Overlap(words.Pairs(words.Of(b)), words.Pairs(words.Of(a))) < duplicateOverlap {
		t.Errorf("the same sentence overlaps %.2f", words.Overlap(words.Pairs(words.Of(b)), words.Pairs(words.Of(a))))
	}
	if words.Overlap(words.Pairs(words.Of(c)), words.Pairs(words.Of(a))) >= duplicateOverlap {
		t.Errorf("another sentence overlaps %.2f", words.Overlap(words.Pairs(words.Of(c)), words.Pairs(words.Of(a))))
	}
}

// The part hints point a Chinese item at the part about it.
func TestPartHintsInChinese(t *testing.T) {
	parts := []struct{ heading, text string }{
		{"简介", "酸面包起种需要面粉、水和耐心，大约需要两周。"},
		{"历史", "面包师每天留下一块面团。起作用的微生物是酵母和乳酸菌。"},
		{"第一天", "在罐子里混合50克面粉和50克水，盖上盖子。"},
		{"喂养", "每天丢掉一半，再加入面粉和水喂养起种。"},
	}
	pg := page.Page{}
	for i, p := range parts {
		pg.Parts = append(pg.Parts, page.Part{Number: i + 1, Text: "## " + p.heading + "\n\n" + p.text,
			Headings: []page.HeadingRef{{Level: 2, Text: p.heading}}})
	}
	open := []Item{{Number: 1, Text: "每天如何喂养起种"}, {Number: 2, Text: "酵母和乳酸菌的历史"}}
	got := partHints((&openPage{page: pg, read: map[int]bool{}}).index(), map[int]bool{1: true}, open)
	for _, want := range []string{"part 4 (item 1)", "part 2 (item 2)"} {
		if !strings.Contains(got, want) {
			t.Errorf("hints %q do not say %q", got, want)
		}
	}
}
