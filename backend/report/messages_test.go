package report

import (
	"maps"
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
// showing English, or "%!d(MISSING)", in a report. A message English says
// by plural forms has in each language the forms that language's counts
// take (Russian one, few and many; Chinese the one), and "other".
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
				if !ok {
					t.Errorf("missing %q", key)
					continue
				}
				wantVerbs := verbs.FindAllString(want[pluralOther], -1)
				for form, text := range got {
					switch {
					case strings.TrimSpace(text) == "":
						t.Errorf("%q (%s) is empty", key, form)
					case !slices.Equal(verbs.FindAllString(text, -1), wantVerbs):
						t.Errorf("%q (%s) has verbs %q, English %q", key, form, verbs.FindAllString(text, -1), wantVerbs)
					}
				}
				forms := []string{pluralOther}
				if len(want) > 1 {
					forms = formsOf(tag)
				}
				if have := slices.Sorted(maps.Keys(got)); !slices.Equal(have, forms) {
					t.Errorf("%q has the forms %q, want %q", key, have, forms)
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

// formsOf are the plural categories whole numbers take in the language
// tagged t, and "other", sorted.
func formsOf(t lang.Tag) []string {
	set := map[string]bool{pluralOther: true}
	for n := range 1001 {
		set[pluralForm(t, n)] = true
	}
	set[pluralForm(t, 1_000_000)] = true
	return slices.Sorted(maps.Keys(set))
}

// Each language's plural category for a count, by CLDR's rules as
// x/text has them, and a message in that form.
func TestPluralForms(t *testing.T) {
	counts := []int{0, 1, 2, 5, 11, 21, 22, 25, 101}
	for _, c := range []struct {
		tag   lang.Tag
		forms string // the category of each count, by its first letter: one, few, many, other
		turns []string
	}{
		{lang.English, "xoxxxxxxx", []string{"0 turns", "1 turn)", "2 turns", "5 turns", "11 turns", "21 turns", "22 turns", "25 turns", "101 turns"}},
		{lang.German, "xoxxxxxxx", []string{"0 Runden", "1 Runde)", "2 Runden", "5 Runden", "11 Runden", "21 Runden", "22 Runden", "25 Runden", "101 Runden"}},
		{lang.French, "ooxxxxxxx", []string{"0 tour)", "1 tour)", "2 tours", "5 tours", "11 tours", "21 tours", "22 tours", "25 tours", "101 tours"}},
		{lang.Spanish, "xoxxxxxxx", []string{"0 turnos", "1 turno)", "2 turnos", "5 turnos", "11 turnos", "21 turnos", "22 turnos", "25 turnos", "101 turnos"}},
		{lang.Portuguese, "ooxxxxxxx", []string{"0 turno)", "1 turno)", "2 turnos", "5 turnos", "11 turnos", "21 turnos", "22 turnos", "25 turnos", "101 turnos"}},
		{lang.Russian, "mofmmofmo", []string{"0 ходов", "1 ход)", "2 хода", "5 ходов", "11 ходов", "21 ход)", "22 хода", "25 ходов", "101 ход)"}},
		{lang.Chinese, "xxxxxxxxx", []string{"0 轮", "1 轮", "2 轮", "5 轮", "11 轮", "21 轮", "22 轮", "25 轮", "101 轮"}},
		{lang.Traditional, "xxxxxxxxx", []string{"0 輪", "1 輪", "2 輪", "5 輪", "11 輪", "21 輪", "22 輪", "25 輪", "101 輪"}},
		{lang.Japanese, "xxxxxxxxx", []string{"0 ターン", "1 ターン", "2 ターン", "5 ターン", "11 ターン", "21 ターン", "22 ターン", "25 ターン", "101 ターン"}},
	} {
		w := words{tag: c.tag, m: messageFiles[c.tag]}
		for i, n := range counts {
			form := pluralForm(c.tag, n)
			if want := map[byte]string{'o': "one", 'f': "few", 'm': "many", 'x': pluralOther}[c.forms[i]]; form != want {
				t.Errorf("%s %d: %s, want %s", c.tag, n, form, want)
			}
			if got := w.p("status_turn_limit", n, n); !strings.Contains(got, c.turns[i]) {
				t.Errorf("%s %d: %q, want %q in it", c.tag, n, got, c.turns[i])
			}
		}
	}
}

// A missing message is said in English, not left out, and by English's
// plural forms.
func TestMissingMessageFallsBackToEnglish(t *testing.T) {
	w := words{tag: lang.Russian, m: map[string]message{"result": {pluralOther: "Результат"}}}
	if got := w.s("result"); got != "Результат" {
		t.Errorf("result: %q", got)
	}
	if got := w.s("run_figures"); got != "Run figures" {
		t.Errorf("a missing message: %q, want English's", got)
	}
	if got := w.p("status_turn_limit", 2, 2); got != "stopped at the turn limit (2 turns)" {
		t.Errorf("a missing plural message: %q, want English's", got)
	}
}

// The report's fixed words follow the objective's language, each
// language's own; the headings a reader looks for are found in any.
func TestReportFollowsObjectiveLanguage(t *testing.T) {
	for _, c := range []struct{ objective, result, notFound, figures string }{
		{"What are three free office suites?", "## Result\n", "## Not found in the pages read\n", "## Run figures\n"},
		{"Quelles sont trois suites bureautiques gratuites ?", "## Résultat\n", "## Introuvable dans les pages lues\n", "## Chiffres de la recherche\n"},
		{"Welche drei Office-Pakete sind kostenlos?", "## Ergebnis\n", "## In den gelesenen Seiten nicht gefunden\n", "## Kennzahlen der Recherche\n"},
		{"¿Cuáles son tres paquetes de oficina gratuitos?", "## Resultado\n", "## No encontrado en las páginas leídas\n", "## Cifras de la investigación\n"},
		{"Quais são três pacotes de escritório gratuitos?", "## Resultado\n", "## Não encontrado nas páginas lidas\n", "## Números da execução\n"},
		{"Какие три офисных пакета бесплатны?", "## Результат\n", "## Не найдено на прочитанных страницах\n", "## Показатели запуска\n"},
		{"哪三个办公套件是免费的？", "## 结果\n", "## 在已读页面中未找到\n", "## 研究数据\n"},
		{"哪三個辦公套件是免費的？請說明開源與否", "## 結果\n", "## 在已讀頁面中未找到\n", "## 執行數據\n"},
		{"無料のオフィスソフトを三つ教えてください", "## 結果\n", "## 読んだページには見つからなかったもの\n", "## 調査の数値\n"},
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

// TestGoldenReportsInOtherLanguages pins a report in German, Chinese,
// French, Spanish and Japanese: a follow-up that stopped at the turn limit with a flagged
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
			[]string{"drei kostenlose Open-Source-Office-Pakete", "die Höhe des Kilimandscharo in Metern", "ob WPS Office Open Source ist"}, []string{"FreeOffice", "Calligra Suite", "WPS Office"},
			"LibreOffice ist kostenlos und quelloffen [1]. Der Kilimandscharo ist 5.895 Meter hoch [2], etwa 3,66 Meilen.", "Der Kilimandscharo ist 5.895 Meter hoch.", "3,66"},
		"chinese": {"列出三个免费开源的办公套件，以及乞力马扎罗山的高度（米）。", "开源",
			[]string{"三个免费开源的办公套件", "乞力马扎罗山的高度（米）", "WPS Office 是否开源"}, []string{"FreeOffice", "Calligra Suite", "WPS Office"},
			"LibreOffice 是免费开源的 [1]。乞力马扎罗山高 5895 米 [2]，约 3.66 英里。", "乞力马扎罗山海拔 5895 米。", "3.66"},
		"french": {"Citez trois suites bureautiques gratuites et open source, et donnez la hauteur du Kilimandjaro en mètres.", "open source",
			[]string{"trois suites bureautiques gratuites et open source", "la hauteur du Kilimandjaro en mètres", "si WPS Office est open source"}, []string{"FreeOffice", "Calligra Suite", "WPS Office"},
			"LibreOffice est gratuit et open source [1]. Le Kilimandjaro mesure 5 895 mètres [2], soit environ 3,66 milles.", "Le Kilimandjaro mesure 5 895 mètres.", "3,66"},
		"spanish": {"Nombra tres paquetes ofimáticos gratuitos y de código abierto, y la altura del Kilimanjaro en metros.", "de código abierto",
			[]string{"tres paquetes ofimáticos gratuitos y de código abierto", "la altura del Kilimanjaro en metros", "si WPS Office es de código abierto"}, []string{"FreeOffice", "Calligra Suite", "WPS Office"},
			"LibreOffice es gratuito y de código abierto [1]. El Kilimanjaro mide 5.895 metros [2], unas 3,66 millas.", "El Kilimanjaro mide 5.895 metros.", "3,66"},
		"japanese": {"無料のオープンソースのオフィススイートを三つと、キリマンジャロの高さ（メートル）を挙げてください。", "オープンソース",
			[]string{"無料のオープンソースのオフィススイート三つ", "キリマンジャロの高さ（メートル）", "WPS Office がオープンソースかどうか"}, []string{"FreeOffice", "Calligra Suite", "WPS Office"},
			"LibreOffice は無料のオープンソースです [1]。キリマンジャロの高さは 5895 メートルです [2]。約 3.66 マイルです。", "キリマンジャロの高さは 5895 メートルです。", "3.66"},
	} {
		suites, peak, wps := agent.Item{Number: 1, Text: c.items[0]}, agent.Item{Number: 2, Text: c.items[1]}, agent.Item{Number: 3, Text: c.items[2]}
		earlier := agent.Finding{Number: 1, URL: "http://fixture.test/wiki/LibreOffice", Part: 1, Items: []int{1},
			Text: "LibreOffice is a free and open-source office suite.", Quote: "LibreOffice is a free and open-source office suite.",
			Earlier: &agent.EarlierFinding{Run: "../2026-11-30-090000-office", Number: 4, Turn: 6}}
		res := agent.Result{
			Objective: c.objective, Parent: "../2026-11-30-090000-office", Status: agent.StatusTurnLimit, Turns: 30,
			Checklist: []agent.Item{suites, peak, wps},
			Findings: []agent.Finding{earlier, {Number: 2, Turn: 7, URL: "http://fixture.test/wiki/Kilimanjaro", Part: 2, Items: []int{2},
				Text: c.finding, Quote: c.finding}},
			Answer: c.answer, Unsupported: []string{c.unsupported},
			NotFound: []agent.Missing{{Item: suites, Why: "only 1 of 3 found", Partial: true, Reasons: []agent.Reason{{Key: agent.ReasonCount, Have: 1, Want: 3}}},
				{Item: wps, Why: "no finding says whether WPS Office is open source; the result does not say it; finding [1] does",
					Reasons: []agent.Reason{{Key: agent.ReasonWhether, Things: []string{"WPS Office"}, Condition: c.cond}, {Key: agent.ReasonUnsaid, Findings: []int{1}}}}},
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

// The report's English words for each reason are the agent's own (the
// prompts'), so an English report says what the journal says, the tie
// rule's detail included; another language says a refuted finding does not
// answer the item, without the rule's English.
func TestReasonsInEnglishAreTheAgents(t *testing.T) {
	for _, r := range []agent.Reason{
		{Key: agent.ReasonUncovered}, {Key: agent.ReasonCount, Have: 1, Want: 3}, {Key: agent.ReasonCondition, Condition: "open source"},
		{Key: agent.ReasonWhether, Things: []string{"Vim"}, Condition: "free"}, {Key: agent.ReasonWhether, Things: []string{"Vim", "Emacs", "Nano"}, Condition: "free"},
		{Key: agent.ReasonLacking, Things: []string{"Mount Kenya", "Kibo"}}, {Key: agent.ReasonUnchecked}, {Key: agent.ReasonSaid, Text: "the price"},
		{Key: agent.ReasonUnsaid}, {Key: agent.ReasonUnsaid, Things: []string{"Mount Kenya"}, Findings: []int{2}}, {Key: agent.ReasonUnsaid, Findings: []int{2, 4}},
		{Key: agent.ReasonNoView}, {Key: agent.ReasonViewUnwritten}, {Key: agent.ReasonViewLater},
		{Key: agent.ReasonRefuted, Findings: []int{3}, Text: "does not name Vim"},
	} {
		if got, want := english.reason(r), agent.ReasonEnglish(r); got != want {
			t.Errorf("%+v: the report says %q, the agent %q", r, got, want)
		}
	}
	if got := wordsFor("Welche drei Editoren sind kostenlos?").reason(agent.Reason{Key: agent.ReasonRefuted, Findings: []int{3}, Text: "does not name Vim"}); got != "Fund [3] beantwortet ihn nicht" {
		t.Errorf("refuted, in German: %q", got)
	}
}

// A not-found line says its reasons in the objective's language; one from
// a report written before reasons says its Why; no finding covering the
// item goes without saying.
func TestNotFoundLineInTheObjectivesLanguage(t *testing.T) {
	it := agent.Item{Number: 1, Text: "drei kostenlose Editoren"}
	de, ru := wordsFor("Welche drei Editoren sind kostenlos?"), wordsFor("Какие три редактора бесплатны?")
	for _, c := range []struct {
		w    words
		m    agent.Missing
		want string
	}{
		{de, agent.Missing{Item: it, Why: "only 1 of 3 found", Reasons: []agent.Reason{{Key: agent.ReasonCount, Have: 1, Want: 3}}}, "drei kostenlose Editoren (nur 1 von 3 gefunden)"},
		{de, agent.Missing{Item: it, Why: "only 1 of 3 found"}, "drei kostenlose Editoren (only 1 of 3 found)"},
		{de, agent.Missing{Item: it, Why: "no finding covers it", Reasons: []agent.Reason{{Key: agent.ReasonUncovered}}}, "drei kostenlose Editoren"},
		{de, agent.Missing{Item: it, Why: "no finding covers it"}, "drei kostenlose Editoren"},
		{de, agent.Missing{Item: it, Reasons: []agent.Reason{{Key: agent.ReasonWhether, Things: []string{"Vim", "Emacs"}, Condition: "kostenlos"}, {Key: agent.ReasonUnsaid, Findings: []int{1, 2}}}},
			"drei kostenlose Editoren (kein Fund sagt, ob Vim und Emacs kostenlos sind; das Ergebnis sagt es nicht; Funde [1], [2] sagen es)"},
		{ru, agent.Missing{Item: it, Reasons: []agent.Reason{{Key: agent.ReasonUnsaid, Findings: []int{4}}}}, "drei kostenlose Editoren (в результате этого нет; находка [4] это говорит)"},
	} {
		if got := notFoundLine(c.m, c.w); got != c.want {
			t.Errorf("%+v:\n got %q\nwant %q", c.m, got, c.want)
		}
	}
}

// A run's own gaps, as the agent finds them in its findings (Settle),
// reach the report in the objective's language: a count short and an
// item nothing covers, in German, French and Chinese.
func TestSettledGapsInTheObjectivesLanguage(t *testing.T) {
	for _, c := range []struct{ objective, list, height, finding, want string }{
		{"Nenne drei kostenlose Texteditoren und die Höhe des Mount Kenya.", "drei kostenlose Texteditoren", "die Höhe des Mount Kenya",
			"Vim ist ein kostenloser Texteditor.", "## In den gelesenen Seiten nicht gefunden\n\n- drei kostenlose Texteditoren (nur 1 von 3 gefunden)\n- die Höhe des Mount Kenya\n"},
		{"Cite trois éditeurs de texte gratuits et la hauteur du mont Kenya.", "trois éditeurs de texte gratuits", "la hauteur du mont Kenya",
			"Vim est un éditeur de texte gratuit.", "## Introuvable dans les pages lues\n\n- trois éditeurs de texte gratuits (seulement 1 sur 3 trouvés)\n- la hauteur du mont Kenya\n"},
		{"列出三个免费的文本编辑器，以及肯尼亚山的高度。", "三个免费的文本编辑器", "肯尼亚山的高度",
			"Vim 是一个免费的文本编辑器。", "## 在已读页面中未找到\n\n- 三个免费的文本编辑器（只找到 1 个，要求 3 个）\n- 肯尼亚山的高度\n"},
	} {
		res := &agent.Result{Objective: c.objective, Status: agent.StatusFinished, Turns: 3, Answer: "Vim [1].", Calls: map[string]int{},
			Checklist: []agent.Item{{Number: 1, Text: c.list}, {Number: 2, Text: c.height}},
			Findings:  []agent.Finding{{Number: 1, Turn: 2, URL: "http://x.test/", Items: []int{1}, Text: c.finding, Quote: c.finding}}}
		agent.Settle(res)
		if md := Markdown(res, Figures{}); !strings.Contains(md, c.want) {
			t.Errorf("%s: the report lacks\n%s\nin\n%s", c.objective, c.want, md)
		}
	}
}
