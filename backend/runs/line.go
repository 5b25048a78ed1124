package runs

import (
	"context"
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/plain"
)

// Line renders an event as one readable journal line. Titles, queries and
// the model's words in it are cleaned of terminal escapes and invisible
// controls (package plain): journal.txt is read with cat and tail, and the
// CLI prints these lines to the terminal.
func Line(ev agent.Event) string {
	head := fmt.Sprintf("%s T%-3d ", ev.Time.Local().Format("15:04:05"), ev.Turn)
	return head + plain.Line(tell(ev).line)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// thinkingShown is how much of a model's thinking a journal line shows, in
// characters: enough to see where it was going; journal.jsonl and
// calls.jsonl keep all of it.
const thinkingShown = 300

// clipped is s cut to n characters, marked when cut.
func clipped(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// callFailure words a failure for the journal's reader: a call cut short
// because the run was stopped says so, not Go's "context canceled".
func callFailure(msg string) string {
	if msg == context.Canceled.Error() || strings.HasSuffix(msg, ": "+context.Canceled.Error()) {
		return "stopped before the model answered, as the run was stopped"
	}
	return msg
}
