package agent

import (
	"strings"

	"github.com/scout-research/scout/backend/lang"
)

// languageName is the English name of the language objective is written
// in, which the system prompt names so the model writes the answer in it
// and records findings in the pages' own words; "" for English, whose
// prompts say nothing of language.
func languageName(objective string) string {
	return languageNames[lang.Answering(objective)]
}

var languageNames = map[lang.Tag]string{
	lang.German: "German", lang.French: "French", lang.Spanish: "Spanish", lang.Portuguese: "Portuguese",
	lang.Russian: "Russian", lang.Chinese: "Simplified Chinese", lang.Traditional: "Traditional Chinese",
	lang.Japanese: "Japanese",
}

// viewLabels open the writer's own view in a result in another language
// than English, whose is "My view:": the writer is asked for the label in
// the objective's language, and the promise check reads a view so given
// (givesViewInOtherLanguage).
var viewLabels = map[lang.Tag]string{
	lang.German: "Meine Einschätzung:", lang.French: "Mon avis :", lang.Spanish: "Mi opinión:",
	lang.Portuguese: "Minha opinião:", lang.Russian: "Моё мнение:", lang.Chinese: "我的看法：",
	lang.Traditional: "我的看法：", lang.Japanese: "私の見解：",
}

// viewLabel is the label the writer opens its view with for objective.
func viewLabel(objective string) string {
	if l, ok := viewLabels[lang.Answering(objective)]; ok {
		return l
	}
	return "My view:"
}

// givesViewInOtherLanguage reports whether answer has a view opened by
// the label of a language other than English, its colon of either width.
func givesViewInOtherLanguage(answer string) bool {
	norm := func(s string) string {
		return strings.ToLower(strings.NewReplacer("：", ":", " :", ":", "ё", "е").Replace(s))
	}
	a := norm(answer)
	for _, l := range viewLabels {
		if strings.Contains(a, norm(l)) {
			return true
		}
	}
	return false
}
