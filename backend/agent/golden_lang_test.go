package agent

import (
	"context"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/chat"
)

// TestGoldenPromptsInOtherLanguages pins the prompts of a run whose
// objective is not in English: the system prompt (the checklist's, the
// first action's and the writer's) asks for findings in the pages' own
// words and the answer in the objective's language. English prompts say
// nothing of language (TestGoldenPrompts).
func TestGoldenPromptsInOtherLanguages(t *testing.T) {
	for _, c := range []struct{ name, objective, checklist string }{
		{"language-de", "Was ist der höchste Berg Afrikas, und wie hoch ist er in Metern und in Fuß?",
			`{"items":["der höchste Berg Afrikas","seine Höhe in Metern","seine Höhe in Fuß"]}`},
		{"language-zh", "非洲最高的山是哪座？它有多少米高，多少英尺高？",
			`{"items":["非洲最高的山","它的高度（米）","它的高度（英尺）"]}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, m, _, _ := newRun(t, map[string][]string{
				KindChecklist: {c.checklist},
				KindAction:    {act(ActSearch, "Kilimandscharo Höhe", "")},
			})
			cfg.Objective, cfg.MaxTurns = c.objective, 1
			a := newAgent(t, cfg)
			a.loop(context.Background())
			var sb strings.Builder
			sb.WriteString("#### first action\n" + renderRequest(m.calls(KindAction)[0]))
			sb.WriteString("#### writer\n" + renderRequest(chat.Request{Messages: a.writerPrompt(nil)}))
			golden(t, c.name, sb.String())
		})
	}
}

// The system prompt names the objective's language only when it is not
// English, so an English run's prompts, and the server's cache of them,
// stay as they were.
func TestSystemPromptNamesLanguageOnlyWhenNotEnglish(t *testing.T) {
	for objective, want := range map[string]string{
		"What is the tallest mountain in Africa?":       "",
		"Was ist der höchste Berg Afrikas?":             "German",
		"Quelle est la plus haute montagne d'Afrique ?": "French",
		"非洲最高的山是哪座？":                                    "Simplified Chinese",
		"非洲最高的山是哪座？它有多少米高？請說明":                          "Traditional Chinese",
		"アフリカで一番高い山はどれですか？":                             "Japanese",
	} {
		got := render("system", languageName(objective))
		switch {
		case want == "" && got != render("system", nil):
			t.Errorf("%q: the English system prompt changed:\n%s", objective, got)
		case want != "" && !strings.Contains(got, "The objective is in "+want+"."):
			t.Errorf("%q: the system prompt does not name %s:\n%s", objective, want, got)
		}
	}
}

// A writer asked for its view in the objective's language opens it with
// that language's label, and the promise check takes it as the view,
// its colon of either width.
func TestViewLabelInOtherLanguages(t *testing.T) {
	for _, c := range []struct {
		objective, label, answer string
		gives                    bool
	}{
		{"Which editor should I use?", "My view:", "Vim is free [1].\n\nMy view: Vim.", true},
		{"Welchen Editor soll ich nehmen?", "Meine Einschätzung:", "Vim ist frei [1].\n\nMeine Einschätzung: Vim.", true},
		{"Welchen Editor soll ich nehmen?", "Meine Einschätzung:", "Vim ist frei [1].", false},
		{"Quel éditeur choisir ?", "Mon avis :", "Vim est libre [1].\n\nMon avis : Vim.", true},
		{"我应该用哪个编辑器？", "我的看法：", "Vim 是免费的 [1]。\n\n我的看法：Vim。", true},
		{"我应该用哪个编辑器？", "我的看法：", "Vim 是免费的 [1]。\n\n我的看法: Vim。", true},
		{"どのエディタを使うべきですか？", "私の見解：", "Vim は無料です [1]。\n\n私の見解：Vim。", true},
		{"Какой редактор выбрать?", "Моё мнение:", "Vim бесплатен [1].\n\nМое мнение: Vim.", true},
	} {
		if got := viewLabel(c.objective); got != c.label {
			t.Errorf("%q: the writer is asked for %q, want %q", c.objective, got, c.label)
		}
		r := reading{res: &Result{Answer: c.answer}}
		if got := r.givesView(); got != c.gives {
			t.Errorf("%q: gives a view %v, want %v", c.answer, got, c.gives)
		}
	}
}
