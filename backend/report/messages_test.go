package report

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/internal/golden"
	"github.com/scout-research/scout/backend/lang"
)

// verbs are the formatting verbs of a message, in order.
var verbs = regexp.MustCompile(`%(?:\.\d+)?[a-z%]`)

// Every language Scout reads has a file of the report's words with every
// key English's has, no other, none empty, and the same verbs in the same
// order: a translation that lags or drops a number fails here rather than
// showing English, or "%!d(MISSING)", in a report.
func TestMessagesOfEveryLanguage(t *testing.T) {
	en := messageFiles[lang.English]
	if len(en) == 0 {
		t.Fatal("no English messages")
	}
	for _, tag := range lang.Tags {
		t.Run(string(tag), func(t *testing.T) {
			m, ok := messageFiles[tag]
			if !ok {
				t.Fatalf("no messages/%s.json", tag)
			}
			for key, want := range en {
				got, ok := m[key]
				switch {
				case !ok:
					t.Errorf("missing %q", key)
				case strings.TrimSpace(got) == "":
					t.Errorf("%q is empty", key)
				case !slices.Equal(verbs.FindAllString(got, -1), verbs.FindAllString(want, -1)):
					t.Errorf("%q has verbs %q, English %q", key, verbs.FindAllString(got, -1), verbs.FindAllString(want, -1))
				}
			}
			for key := range m {
				if _, ok := en[key]; !ok {
					t.Errorf("%q is no English message (misspelt?)", key)
				}
			}
		})
	}
}

// A missing message is said in English, not left out.
func TestMissingMessageFallsBackToEnglish(t *testing.T) {
	w := words{tag: lang.German, m: map[string]string{"result": "Ergebnis"}}
	if got := w.s("result"); got != "Ergebnis" {
		t.Errorf("result: %q", got)
	}
	if got := w.s("run_figures"); got != "Run figures" {
		t.Errorf("a missing message: %q, want English's", got)
	}
}

// The report's fixed words follow the objective's language, each
// language's own; the headings a reader looks for are found in any.
func TestReportFollowsObjectiveLanguage(t *testing.T) {
	for _, c := range []struct{ objective, result, notFound, figures string }{
		{"What are three free office suites?", "## Result\n", "## Not found in the pages read\n", "## Run figures\n"},
		{"Quelles sont trois suites bureautiques gratuites ?", "## Résultat\n", "## Introuvable dans les pages lues\n", "## Chiffres de l'exécution\n"},
		{"Welche drei Office-Pakete sind kostenlos?", "## Ergebnis\n", "## In den gelesenen Seiten nicht gefunden\n", "## Kennzahlen des Laufs\n"},
		{"¿Cuáles son tres paquetes de oficina gratuitos?", "## Resultado\n", "## No encontrado en las páginas leídas\n", "## Cifras de la ejecución\n"},
		{"Quais são três pacotes de escritório gratuitos?", "## Resultado\n", "## Não encontrado nas páginas lidas\n", "## Números da execução\n"},
		{"Какие три офисных пакета бесплатны?", "## Результат\n", "## Не найдено на прочитанных страницах\n", "## Показатели запуска\n"},
		{"哪三个办公套件是免费的？", "## 结果\n", "## 在已读页面中未找到\n", "## 运行数据\n"},
		{"哪三個辦公套件是免費的？請說明開源與否", "## 結果\n", "## 在已讀頁面中未找到\n", "## 執行數據\n"},
		{"無料のオフィスソフトを三つ教えてください", "## 結果\n", "## 読んだページには見つからなかったもの\n", "## 実行の数値\n"},
	} {
		res := &agent.Result{Objective: c.objective, Status: agent.StatusTurnLimit, Turns: 30, Calls: map[string]int{agent.KindAction: 2},
			NotFound: []agent.Missing{{Item: agent.Item{Number: 1, Text: "x"}}}}
		md := Markdown(res, Figures{})
		for _, want := range []string{c.result, c.notFound, c.figures} {
			if !strings.Contains(md, want) {
				t.Errorf("%s: the report lacks %q:\n%s", c.objective, want, md)
			}
		}
		if strings.Contains(md, "%!") {
			t.Errorf("%s: a message lacks an argument:\n%s", c.objective, md)
		}
		for _, s := range []string{SectionResult, SectionNotFound, SectionFigures} {
			if !regexp.MustCompile(`(?m)^## ` + HeadingPattern(s) + `$`).MatchString(md) {
				t.Errorf("%s: HeadingPattern(%s) does not find its heading", c.objective, s)
			}
		}
	}
}

// TestGoldenReportsInOtherLanguages pins a report in German and one in
// Chinese: a follow-up that stopped at the turn limit with a flagged
// number, things not found and left out, and an earlier run's finding.
// The Markdown's structure is English's; only the fixed words differ.
func TestGoldenReportsInOtherLanguages(t *testing.T) {
	for name, c := range map[string]struct {
		objective, cond string
		items, things   []string
		answer, finding string
		unsupported     string
	}{
		"german": {"Nenne drei kostenlose Open-Source-Office-Pakete und die Höhe des Kilimandscharo in Metern.", "Open Source",
			[]string{"drei kostenlose Open-Source-Office-Pakete", "die Höhe des Kilimandscharo in Metern"}, []string{"FreeOffice", "Calligra Suite", "WPS Office"},
			"LibreOffice ist kostenlos und quelloffen [1]. Der Kilimandscharo ist 5.895 Meter hoch [2], etwa 3,66 Meilen.", "Der Kilimandscharo ist 5.895 Meter hoch.", "3,66"},
		"chinese": {"列出三个免费开源的办公套件，以及乞力马扎罗山的高度（米）。", "开源",
			[]string{"三个免费开源的办公套件", "乞力马扎罗山的高度（米）"}, []string{"FreeOffice", "Calligra Suite", "WPS Office"},
			"LibreOffice 是免费开源的 [1]。乞力马扎罗山高 5895 米 [2]，约 3.66 英里。", "乞力马扎罗山海拔 5895 米。", "3.66"},
	} {
		suites, peak := agent.Item{Number: 1, Text: c.items[0]}, agent.Item{Number: 2, Text: c.items[1]}
		earlier := agent.Finding{Number: 1, URL: "http://fixture.test/wiki/LibreOffice", Part: 1, Items: []int{1},
			Text: "LibreOffice is a free and open-source office suite.", Quote: "LibreOffice is a free and open-source office suite.",
			Earlier: &agent.EarlierFinding{Run: "../2026-11-30-090000-office", Number: 4, Turn: 6}}
		res := agent.Result{
			Objective: c.objective, Parent: "../2026-11-30-090000-office", Status: agent.StatusTurnLimit, Turns: 30,
			Checklist: []agent.Item{suites, peak},
			Findings: []agent.Finding{earlier, {Number: 2, Turn: 7, URL: "http://fixture.test/wiki/Kilimanjaro", Part: 2, Items: []int{2},
				Text: c.finding, Quote: c.finding}},
			Answer: c.answer, Unsupported: []string{c.unsupported},
			NotFound:     []agent.Missing{{Item: suites, Why: "only 1 of 3 found", Partial: true}},
			LeftOut:      []agent.LeftOut{{Item: suites, Condition: c.cond, Things: c.things, Denied: c.things[:1]}},
			Calls:        map[string]int{agent.KindChecklist: 1, agent.KindAction: 30, agent.KindCoverage: 2, agent.KindWriter: 1},
			PromptTokens: 52000, CachedTokens: 47000, CompletionTokens: 2100, ModelTime: 310 * time.Second, SentBack: 2, Rebuilds: 1,
		}
		fig := Figures{Model: "qwen2.5-7b-instruct", ContextLength: 8192, Wall: 400 * time.Second}
		golden.Check(t, filepath.Join("..", "..", "testdata", "golden", "reports", name+".md"), Markdown(&res, fig))
		h, err := Fragment(&res, fig)
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("..", "..", "testdata", "golden", "reports", name+".html"), h)
		running := res
		running.Status, running.Answer = agent.StatusRunning, ""
		running.Answer = Draft(&running)
		golden.Check(t, filepath.Join("..", "..", "testdata", "golden", "reports", name+"-draft.md"), Markdown(&running, fig))
	}
}
