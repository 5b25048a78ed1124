package agent

import (
	"testing"

	"github.com/scout-research/scout/backend/agent/tie"
)

// A reason keeps the tie rule's why as data, and words it as the model
// and the gap notes read it; a why the rule cannot say is kept as none.
func TestTieKeepsTheRulesWhy(t *testing.T) {
	whys := []tie.Why{
		{Note: tie.NoteUnnamed, Things: []string{"Vim", "Emacs"}},
		{Note: tie.NoteNoValue, Kind: "date", Things: []string{"Kibo"}},
		{Note: tie.NoteNoValue, Kind: "measure", Dim: "length", Unit: "ft", Things: []string{"Kibo"}},
		{Note: tie.NoteElsewhere, Kind: "condition", Condition: "open source", Things: []string{"WPS"}},
	}
	for _, w := range whys {
		kept := tieOf(w)
		if kept == nil || TieEnglish(kept) != whyNot(w) || TieEnglish(kept) == "" {
			t.Errorf("%+v is kept as %+v, worded %q; want %q", w, kept, TieEnglish(kept), whyNot(w))
		}
	}
	if kept := tieOf(tie.Why{}); kept != nil || TieEnglish(kept) != "" {
		t.Errorf("no why is kept as %+v", kept)
	}
}
