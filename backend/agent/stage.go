package agent

import (
	"fmt"

	"github.com/scout-research/scout/backend/phrase"
)

// stageOf names the step of the run a call of kind serves.
func stageOf(kind string, turn int) string {
	switch kind {
	case KindChecklist:
		return "Making the checklist"
	case KindCoverage:
		return "Checking coverage"
	case KindWriter:
		return "Writing the report"
	}
	return fmt.Sprintf("Turn %d", turn)
}

// stageSaid is stageOf as the window's message (keys stage.*).
func stageSaid(kind string, turn int) *phrase.Said {
	switch kind {
	case KindChecklist, KindCoverage, KindWriter:
		return phrase.Of("stage." + kind)
	}
	return phrase.Of("stage.action", "turn", turn)
}

// stageError is a model call's error in the user's words for the step
// the call served ("Turn 4: ..."), not the call's kind; the window says
// it as its message when the call's error is one (a model server's).
type stageError struct {
	kind string
	turn int
	err  error
}

func (e *stageError) Error() string { return stageOf(e.kind, e.turn) + ": " + e.err.Error() }
func (e *stageError) Unwrap() error { return e.err }

// Said is the error as the window's message "ending.during", or nil when
// the call's error is none (the window shows it as written).
func (e *stageError) Said() *phrase.Said {
	said := phrase.OfError(e.err)
	if said == nil {
		return nil
	}
	return phrase.Of("ending.during", "stage", stageSaid(e.kind, e.turn), "error", said)
}
