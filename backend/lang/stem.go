package lang

import "strings"

// Stemmers cut a word to a stem where a language inflects more than
// English's rough stemmer (backend/rank) undoes: an item's "größten Tiefe"
// and a page's "größte Tiefe" are one thing. Both sides of a comparison go
// through the same stemmer, so it needs to be consistent more than right.

// Stem is w (lower case) cut to its stem by the rules' language, and
// whether the language has a stemmer here; without one, the caller stems
// as it does English.
func (r *Rules) Stem(w string) (string, bool) {
	if r.stem == nil {
		return w, false
	}
	return r.stem(w), true
}

// stemmers are the languages' stemmers by the name their rules file gives
// ("stemmer": "german").
var stemmers = map[string]func(string) string{"german": stemGerman}

// stemGerman strips German inflection in the manner of CISTEM (Weissweiler
// and Fraser, 2017): umlauts and ß folded, then endings cut from the back
// while the word stays longer than minGermanStem letters: "em", "er" and
// "nd" from words longer than five letters, then "e", "s" and "n" one at a
// time. "sch", "ei" and "ie" are held whole, so no cut splits them.
func stemGerman(w string) string {
	w = germanFold.Replace(strings.ToLower(w))
	w = germanHold.Replace(w)
	for n := len(w); n > minGermanStem; n = len(w) {
		switch {
		case n > 5 && (strings.HasSuffix(w, "em") || strings.HasSuffix(w, "er") || strings.HasSuffix(w, "nd")):
			w = w[:n-2]
		case strings.HasSuffix(w, "e") || strings.HasSuffix(w, "s") || strings.HasSuffix(w, "n"):
			w = w[:n-1]
		default:
			return germanRelease.Replace(w)
		}
	}
	return germanRelease.Replace(w)
}

// minGermanStem: a stem keeps at least this many letters ("see", "tal").
const minGermanStem = 3

var (
	germanFold    = strings.NewReplacer("ä", "a", "ö", "o", "ü", "u", "ß", "ss")
	germanHold    = strings.NewReplacer("sch", "$", "ei", "%", "ie", "&")
	germanRelease = strings.NewReplacer("$", "sch", "%", "ei", "&", "ie")
)
