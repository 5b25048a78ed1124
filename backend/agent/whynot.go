package agent

import "github.com/scout-research/scout/backend/agent/tie"

// whyNot words why a finding does not answer an item, as the tie rule
// says it (tie.Why), for the model and the gap notes (prompts/checks.tmpl's
// tie-* notes); "" when code cannot say.
func whyNot(w tie.Why) string {
	switch w.Note {
	case "":
		return ""
	case tie.NoteUnnamed:
		return render(w.Note, w.Things)
	}
	return render(w.Note, map[string]any{"Kind": w.Kind, "Dim": dimNames[w.Dim], "Unit": w.Unit, "Condition": w.Condition, "Things": w.Things})
}

// dimNames are the dimensions of measures as a sentence names them.
var dimNames = map[string]string{"length": "length or height", "money": "price", "mass": "weight", "share": "percentage",
	"time": "duration", "volume": "volume"}
