package agent

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/agent/port"
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

// errModelUnusable ends a run whose model keeps answering garbage.
var errModelUnusable = errors.New("the model gave no usable answer for several turns in a row")

// errStuck ends a run whose model repeats refused replies.
var errStuck = errors.New("the model kept repeating a refused action")

// errSearchDown ends a run whose searches keep failing.
var errSearchDown = errors.New("search failed")

// errBrowserGone ends a run whose browser has closed (the user closed its
// window, or it crashed): nothing more can be read. The run can be resumed,
// with a new browser.
var errBrowserGone = errors.New("the browser closed")

// stuckError says which reply the model kept sending and why it was refused.
func stuckError(act Action, v verdict) error {
	return fmt.Errorf("%w: it sent %s again and again, refused each time (%s)", errStuck, act.Name, strings.TrimSuffix(cmp.Or(v.reason, v.note), "."))
}

// browserGone is the error that ends the run when a visit or search
// failed because the browser itself is gone, else nil.
func browserGone(err error) error {
	if errors.Is(err, port.ErrBrowserClosed) {
		return fmt.Errorf("%w (%s): resume the run to go on with a new browser window", errBrowserGone, strings.TrimSuffix(err.Error(), "."))
	}
	return nil
}
