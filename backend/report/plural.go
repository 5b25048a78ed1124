package report

import (
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"github.com/scout-research/scout/backend/lang"
)

// pluralOther is the plural category every language has, and the only
// one of a message without plural forms.
const pluralOther = "other"

// pluralNames are CLDR's names of x/text's plural forms, as the messages
// files spell them.
var pluralNames = map[plural.Form]string{plural.Other: pluralOther, plural.Zero: "zero", plural.One: "one",
	plural.Two: "two", plural.Few: "few", plural.Many: "many"}

// pluralForm is the CLDR plural category of the whole number n in the
// language tagged t: English "one" for 1 and "other" for the rest,
// Russian "one" for 1 and 21, "few" for 2 and 22, "many" for 5 and 11;
// French "one" for 0 and 1; Chinese and Japanese "other" for all.
func pluralForm(t lang.Tag, n int) string {
	if n < 0 {
		n = -n
	}
	return pluralNames[plural.Cardinal.MatchPlural(language.Make(string(t)), n%10_000_000, 0, 0, 0, 0)]
}
