package report

import (
	"testing"
	"time"

	"github.com/scout-research/scout/backend/lang"
)

// TestMadeWithSpeaksTheReportsLanguage: the line an export ends with is in
// the objective's language, its date written as that language writes one.
func TestMadeWithSpeaksTheReportsLanguage(t *testing.T) {
	day := time.Date(2026, 12, 2, 9, 30, 0, 0, time.Local)
	for _, c := range []struct{ objective, want string }{
		{"How tall is Mount Kilimanjaro and who first climbed it?", "Researched and written with Scout 1.2.3 on 2 December 2026."},
		{"Quelle est la hauteur du Kilimandjaro et qui l'a gravi en premier ?", "Recherché et rédigé avec Scout 1.2.3 le 02/12/2026."},
		{"Wie hoch ist der Kilimandscharo und wer hat ihn zuerst bestiegen?", "Recherchiert und geschrieben mit Scout 1.2.3 am 2.12.2026."},
		{"乞力马扎罗山有多高？谁最先登顶？", "由 Scout 1.2.3 调研并撰写，2026年12月2日。"},
		{"キリマンジャロの高さは？最初に登ったのは誰？", "Scout 1.2.3 で調査・執筆（2026年12月2日）。"},
	} {
		if got := MadeWith(c.objective, "1.2.3", day); got != c.want {
			t.Errorf("MadeWith(%q) = %q, want %q", c.objective, got, c.want)
		}
	}
	if got, want := MadeWith("Wie hoch ist der Kilimandscharo und wer hat ihn zuerst bestiegen?", "1.2.3", time.Time{}), "Recherchiert und geschrieben mit Scout 1.2.3."; got != want {
		t.Errorf("undated: %q, want %q", got, want)
	}
}

// TestEveryLanguageWritesTheDayItsWay: each language's date layout is a Go
// layout that writes the day as the language does (a month's name in a
// layout would be read as Go's English "Jan").
func TestEveryLanguageWritesTheDayItsWay(t *testing.T) {
	day := time.Date(2026, 3, 4, 9, 30, 0, 0, time.UTC)
	want := map[lang.Tag]string{
		lang.English: "4 March 2026", "fr": "04/03/2026", "es": "4/3/2026", "de": "4.3.2026", "pt": "04/03/2026",
		"ru": "04.03.2026", "ja": "2026年3月4日", "zh-Hans": "2026年3月4日", "zh-Hant": "2026年3月4日",
	}
	for tag, m := range messageFiles {
		w := words{tag: tag, m: m}
		if got := day.Format(w.s("date_layout")); got != want[tag] {
			t.Errorf("%s writes the day %q, want %q", tag, got, want[tag])
		}
	}
	if len(messageFiles) != len(want) {
		t.Errorf("%d languages have messages, %d are checked here", len(messageFiles), len(want))
	}
}
