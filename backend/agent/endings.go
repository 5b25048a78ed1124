package agent

import (
	"errors"
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/web"
)

// A small model at a low temperature, refused, often sends the very same
// reply again, turn after turn: without a guard it spends the whole turn
// budget (a hundred calls, most of an hour on a CPU) being told no. Code
// notices the repeat, says so once, and then ends the run with what was
// found. Search that keeps failing ends the run the same way: the model
// cannot research without it, and the failure says what the user can do.

// errStuck ends a run whose model repeats refused replies.
var errStuck = errors.New("the model kept repeating a refused action")

// errSearchDown ends a run whose searches keep failing.
var errSearchDown = errors.New("search failed")

// errBrowserGone ends a run whose browser has closed (the user closed its
// window, or it crashed): nothing more can be read. The run can be resumed,
// with a new browser.
var errBrowserGone = errors.New("the browser closed")

// refusalRepeats records a refused action and returns how many refused
// replies since the last accepted action were the same as an earlier one.
// Only the action and its parameter count: a reworded thought is the same
// reply.
func (a *Agent) refusalRepeats(act Action) int {
	key := act.Name + " " + strings.ToLower(strings.Join(strings.Fields(act.Param), " "))
	if a.st.refused == nil {
		a.st.refused = map[string]bool{}
	}
	if a.st.refused[key] {
		a.st.repeats++
	}
	a.st.refused[key] = true
	return a.st.repeats
}

// accepted forgets the refusals: the model moved on.
func (a *Agent) accepted() {
	a.st.refused, a.st.repeats = nil, 0
}

// stuckError says which reply the model kept sending and why it was refused.
func stuckError(act Action, note string) error {
	reason := strings.TrimPrefix(note, "Refused: ")
	if i := strings.Index(reason, ". "); i >= 0 {
		reason = reason[:i]
	}
	return fmt.Errorf("%w: it sent %s again and again, refused each time (%s)", errStuck, act.Name, strings.TrimSuffix(reason, "."))
}

// searchFailed counts a failed search and remembers why.
func (a *Agent) searchFailed(err error) {
	a.st.searchFails++
	a.st.searchErr = err.Error()
}

// searchDown reports whether searches have failed too often in a row to
// go on, with the last failure, which tells the user what to do.
func (a *Agent) searchDown() error {
	if a.st.searchFails < maxSearchFailures {
		return nil
	}
	return fmt.Errorf("%w %d times in a row: %s", errSearchDown, a.st.searchFails, a.st.searchErr)
}

// noteBrowser remembers a visit or search that failed because the browser
// itself is gone.
func (a *Agent) noteBrowser(err error) {
	if errors.Is(err, web.ErrBrowserClosed) {
		a.st.browserErr = err.Error()
	}
}

// browserGone reports whether the browser has closed, as an error that
// says what to do.
func (a *Agent) browserGone() error {
	if a.st.browserErr == "" {
		return nil
	}
	return fmt.Errorf("%w (%s): resume the run to go on with a new browser window", errBrowserGone, strings.TrimSuffix(a.st.browserErr, "."))
}
