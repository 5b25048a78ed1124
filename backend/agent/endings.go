package agent

import (
	"cmp"
	"errors"
	"strings"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/phrase"
)

// What ends a run early, before the agent finishes or the turns run out.
// Each is a condition no further turn can mend, so going on would only
// spend model time.
//
// A small model at a low temperature, refused, often sends the very same
// reply again, turn after turn: without a guard it spends the whole turn
// budget (a hundred calls, most of an hour on a CPU) being told no. Code
// notices the repeat, says so once, and then ends the run with what was
// found. Search that keeps failing ends the run the same way: the model
// cannot research without it, and the failure says what the user can do.
//
// Each ending is an error for the loop and an Ending for the result: the
// error's words are the Ending's English, so the terminal and the journal
// say what they said before the report could say it in other languages.

// errModelUnusable ends a run whose model keeps answering garbage.
var errModelUnusable = &endingError{Ending{Kind: EndingUnusable}, nil}

// errStuck ends a run whose model repeats refused replies.
var errStuck = errors.New("the model kept repeating a refused action")

// errSearchDown ends a run whose searches keep failing.
var errSearchDown = errors.New("search failed")

// errBrowserGone ends a run whose browser has closed (the user closed its
// window, or it crashed): nothing more can be read. The run can be resumed,
// with a new browser.
var errBrowserGone = errors.New("the browser closed")

// endingError is an error that ends a run, as its Ending says; it is the
// sentinel it wraps for statusFor.
type endingError struct {
	ending   Ending
	sentinel error
}

func (e *endingError) Error() string { return e.ending.English() }
func (e *endingError) Unwrap() error { return e.sentinel }

// stuckError says which reply the model kept sending and why it was refused.
func stuckError(act Action, v verdict) error {
	return &endingError{Ending{Kind: EndingStuck, Action: act.Name, Refusal: v.kind,
		Reason: strings.TrimSuffix(cmp.Or(v.reason, v.note), ".")}, errStuck}
}

// searchDown is the error that ends a run whose searches failed times in
// a row, the last with err (which tells the user what to do).
func searchDown(times int, err error) error {
	return &endingError{Ending{Kind: EndingSearch, Times: times, Text: err.Error()}, errSearchDown}
}

// browserGone is the error that ends the run when a visit or search
// failed because the browser itself is gone, else nil.
func browserGone(err error) error {
	if errors.Is(err, port.ErrBrowserClosed) {
		return &endingError{Ending{Kind: EndingBrowser, Text: strings.TrimSuffix(err.Error(), ".")}, errBrowserGone}
	}
	return nil
}

// endingOf is the Ending of a run err ended: its own, or the model's
// server's error as written, and as the window's message when it is one.
func endingOf(err error) *Ending {
	var e *endingError
	if errors.As(err, &e) {
		end := e.ending
		return &end
	}
	return &Ending{Kind: EndingModel, Text: err.Error(), Say: phrase.OfError(err)}
}
