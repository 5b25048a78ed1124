package opinion

import (
	"strings"

	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/lang"
)

// foreignOpinion reads an item in another language for a view: addressed
// to the agent, someone else's, or nobody's. decided is false where none
// of the language's phrasings is in it.
func foreignOpinion(item string) (opinion, decided bool) {
	r := lang.For(lang.Of(item))
	if r.Tag == lang.English {
		return false, false
	}
	switch {
	case hasPhrase(item, r.Addressed):
		return true, true
	case hasPhrase(item, r.Held):
		return false, true
	case hasPhrase(item, r.Unheld):
		return true, true
	}
	return false, false
}

// hasPhrase reports whether text has one of phrases: its words in a row,
// or, written without spaces (Chinese, Japanese), its characters.
func hasPhrase(text string, phrases []string) bool {
	have := " " + strings.Join(words.Of(text), " ") + " "
	bare := strings.Join(strings.Fields(strings.ToLower(text)), "")
	for _, p := range phrases {
		if lang.HasCJK(p) && strings.Contains(bare, strings.ReplaceAll(p, " ", "")) ||
			strings.Contains(have, " "+strings.Join(words.Of(p), " ")+" ") {
			return true
		}
	}
	return false
}
