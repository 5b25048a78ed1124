package agent

import (
	"github.com/scout-research/scout/backend/agent/coverage"
	"github.com/scout-research/scout/backend/agent/tie"
)

// Tie is why the tie rule says a finding cannot answer an item, as data
// (coverage.Tie, kept on a refuted Reason): the model and the journal read
// it in English (TieEnglish, the prompts' tie-<Key>), the window says it
// in its language from the same data.
type Tie = coverage.Tie

// Why a finding cannot answer an item.
const (
	TieUnnamed   = coverage.TieUnnamed
	TieNoValue   = coverage.TieNoValue
	TieElsewhere = coverage.TieElsewhere
)

// tieOf is why the tie rule says a finding cannot answer an item (w) as
// a reason keeps it; nil when the rule cannot say.
func tieOf(w tie.Why) *Tie {
	key, ok := tieKeys[w.Note]
	if !ok {
		return nil
	}
	return &Tie{Key: key, Kind: w.Kind, Dim: w.Dim, Unit: w.Unit, Condition: w.Condition, Things: w.Things}
}

// tieKeys are the tie rule's notes by the key a Tie keeps them by.
var tieKeys = map[string]string{tie.NoteUnnamed: TieUnnamed, tie.NoteNoValue: TieNoValue, tie.NoteElsewhere: TieElsewhere}

// TieEnglish is why w, as the model and the journal read it, after "it"
// or "finding [n]": "does not name Vim"; "" for none.
func TieEnglish(w *Tie) string {
	if w == nil {
		return ""
	}
	for note, key := range tieKeys {
		if key == w.Key {
			return whyNot(tie.Why{Note: note, Things: w.Things, Kind: w.Kind, Dim: w.Dim, Unit: w.Unit, Condition: w.Condition})
		}
	}
	return ""
}

// DimName is a measure's dimension as a sentence names it: "length or
// height" for "length"; "" for one it does not name.
func DimName(dim string) string { return dimNames[dim] }
