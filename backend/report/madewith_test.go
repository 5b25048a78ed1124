package report

import (
	"testing"
	"time"
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
