package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/internal/testenv"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/settings"
)

// A run with a French objective against the fake server tells the model
// the objective's language in its system prompt and writes a report whose
// own words are French.
func TestFrenchObjectiveGivesAFrenchReport(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, Script: llmtest.QueueReplies(map[string][]llmtest.Reply{
		"checklist": {{Content: `{"items":["la plus haute montagne d'Afrique","sa hauteur en mètres"]}`}},
		"action":    {{Content: `{"thought_process":"Chercher.","action":"SEARCH","parameter":"plus haute montagne d'Afrique"}`}},
	})})
	defer model.Close()
	set := settings.Defaults()
	set.ServerURL, set.AllowLocalNetwork, set.ShowBrowser, set.MaxTurns = model.BaseURL(), true, false, 2
	set.Search = settings.Search{Provider: settings.ProviderDuckDuckGo, DuckDuckGoURL: web.URL + "/search/html/"}
	out, err := prepared(t, context.Background(), set).Run(context.Background(), Options{Objective: "Quelle est la plus haute montagne d'Afrique, et quelle est sa hauteur en mètres ?",
		OutDir: filepath.Join(t.TempDir(), "run")})
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(out.Report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**État :**", "(2 tours)", "\n## Résultat\n", "\n## Trouvailles (", "\n## Chiffres de la recherche\n", "- Tours : ",
		"\n## Introuvable dans les pages lues\n\n- la plus haute montagne d'Afrique\n- sa hauteur en mètres\n"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	calls := model.Calls()
	if len(calls) < 2 {
		t.Fatalf("%d model calls, want the checklist's and an action's at least", len(calls))
	}
	for _, c := range calls {
		if !strings.Contains(c.Messages[0].Content, "The objective is in French.") {
			t.Errorf("a %s call's system prompt does not name French:\n%s", c.Kind, c.Messages[0].Content)
		}
	}
}

// A French run the model ends early, sending the same refused FINISH
// until it is stopped as stuck, gives a report whose ending sentence is
// French, the model's action as it sent it; the run's Error, for the
// terminal and the journal, stays English.
func TestAFrenchRunThatEndsEarlySaysWhyInFrench(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, Script: llmtest.QueueReplies(map[string][]llmtest.Reply{
		"checklist": {{Content: `{"items":["la plus haute montagne d'Afrique"]}`}},
		"action":    {{Content: `{"thought_process":"C'est le Kilimandjaro.","action":"FINISH","parameter":"Le Kilimandjaro."}`}},
	})})
	defer model.Close()
	set := settings.Defaults()
	set.ServerURL, set.AllowLocalNetwork, set.ShowBrowser, set.MaxTurns = model.BaseURL(), true, false, 10
	out, err := prepared(t, context.Background(), set).Run(context.Background(), Options{Objective: "Quelle est la plus haute montagne d'Afrique ?",
		OutDir: filepath.Join(t.TempDir(), "run")})
	if err != nil {
		t.Fatal(err)
	}
	if want := "the model kept repeating a refused action: it sent FINISH again and again"; !strings.HasPrefix(out.Result.Error, want) {
		t.Errorf("the run's error %q does not begin %q", out.Result.Error, want)
	}
	md, err := os.ReadFile(out.Report)
	if err != nil {
		t.Fatal(err)
	}
	want := "**État :** arrêté au tour 2 : le modèle répétait une action refusée : il a envoyé FINISH encore et encore, " +
		"refusée à chaque fois (aucune trouvaille n'était encore notée). Un modèle plus grand fera peut-être mieux ; reprendre donne à celui-ci un prompt neuf\n"
	if !strings.Contains(string(md), want) {
		t.Errorf("the report lacks %q:\n%s", want, md)
	}
}
