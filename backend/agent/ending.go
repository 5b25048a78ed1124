package agent

import (
	"fmt"

	"github.com/scout-research/scout/backend/phrase"
)

// Ending is why a run ended early, or why its result is missing, as data:
// the terminal and the journal read it in English (Result.Error is its
// English), and the report says it in the objective's language from its
// own messages, by Kind. Text and Reason's data stay as written: they
// are a server's, a browser's or a search's words, or the model's action.
// The window says a model server's error in its language from Say, kept
// beside Text, as it says the other kinds from their data.
type Ending struct {
	// Kind is what ended the run (Ending*); "" for a run that ended as
	// it should but whose result could not be written.
	Kind string `json:"kind,omitempty"`
	// Action is the reply the model kept sending (EndingStuck).
	Action string `json:"action,omitempty"`
	// Refusal is the kind of rule that refused it (Refusal*), which the
	// Error says in words for the user, and Reason the rule's words to
	// the model, in English, said for a kind from a newer Scout
	// (EndingStuck).
	Refusal string `json:"refusal,omitempty"`
	Reason  string `json:"reason,omitempty"`
	// Times is how many searches failed in a row (EndingSearch).
	Times int `json:"times,omitempty"`
	// Text is the error as its search, browser, server or Scout said it.
	Text string `json:"text,omitempty"`
	// Say is Text as a message of the window's, when it is one (a model
	// server's error, in its step's words: EndingModel); nil when it is
	// none, and in files from before it was kept: the window shows Text.
	Say *phrase.Said `json:"say,omitempty"`
	// Unwritten is why the writer could not write the result, in its
	// server's words; "" when it wrote it or was never asked.
	Unwritten string `json:"unwritten,omitempty"`
	// SayUnwritten is Unwritten as a message of the window's, as Say is
	// Text's.
	SayUnwritten *phrase.Said `json:"say_unwritten,omitempty"`
}

// The kinds of Ending, each a message of the report's.
const (
	EndingUnusable = "unusable" // the model gave no usable answer, turn after turn
	EndingStuck    = "stuck"    // the model kept repeating a refused reply
	EndingSearch   = "search"   // searches kept failing
	EndingBrowser  = "browser"  // the browser closed
	EndingModel    = "model"    // the model's server failed (Text)
	EndingBug      = "bug"      // Scout itself failed (Text)
)

// ResultUnwritten begins the error of a run whose result the writer
// could not write; the report says it in the objective's language.
const ResultUnwritten = "the final result could not be written: "

// English is e as the terminal and the journal say it: the Result's
// Error.
func (e Ending) English() string {
	why := e.cause()
	if e.Unwritten != "" {
		if why != "" {
			why += "; "
		}
		why += ResultUnwritten + e.Unwritten
	}
	return why
}

// cause is what ended the run, in English; "" when nothing ended it
// early.
func (e Ending) cause() string {
	switch e.Kind {
	case EndingUnusable:
		return "the model gave no usable answer for several turns in a row"
	case EndingStuck:
		return fmt.Sprintf("%v: it sent %s again and again, refused each time (%s)", errStuck, e.Action, e.refusal())
	case EndingSearch:
		return fmt.Sprintf("%v %d %s in a row: %s", errSearchDown, e.Times, times(e.Times), e.Text)
	case EndingBrowser:
		return fmt.Sprintf("%v (%s): resume the run to go on with a new browser window", errBrowserGone, e.Text)
	}
	return e.Text
}

// times is "time" or "times", as English counts n of them.
func times(n int) string {
	if n == 1 {
		return "time"
	}
	return "times"
}
