package report

import "time"

// MadeWith is the line an exported report ends with, in the language of
// its objective: the Scout version that wrote it and, unless day is zero,
// the day its report was written (as the language writes a date).
func MadeWith(objective, version string, day time.Time) string {
	w := wordsFor(objective)
	if day.IsZero() {
		return w.f("made_with_undated", version)
	}
	return w.f("made_with", version, day.Format(w.s("date_layout")))
}
