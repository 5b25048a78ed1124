package runs

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/plain"
	"github.com/scout-research/scout/backend/speed"
)

// Line renders an event as one readable journal line. Titles, queries and
// the model's words in it are cleaned of terminal escapes and invisible
// controls (package plain): journal.txt is read with cat and tail, and the
// CLI prints these lines to the terminal.
func Line(ev agent.Event) string {
	head := fmt.Sprintf("%s T%-3d ", ev.Time.Local().Format("15:04:05"), ev.Turn)
	return head + plain.Line(describe(ev))
}

func describe(ev agent.Event) string {
	switch ev.Type {
	case agent.EvRunStarted:
		if ev.Parent != "" && ev.Message == "" {
			return "run started, following up " + ev.Parent + ": " + ev.Objective
		}
		return "run started: " + ev.Objective
	case agent.EvChecklist:
		items := make([]string, len(ev.Checklist))
		for i, it := range ev.Checklist {
			items[i] = fmt.Sprintf("%d. %s", it.Number, it.Text)
		}
		return "checklist: " + strings.Join(items, "; ")
	case agent.EvTurnStarted:
		return "turn started"
	case agent.EvModelWait:
		s := fmt.Sprintf("model %s call: %s", ev.Kind, ev.Message)
		// The text tells the reading; the reply takes its own time, on a
		// CPU often as long again, so the line says the whole call's too.
		if w := ev.Wait; w != nil && w.Phase == chat.Reading && w.Expected > 0 {
			s += "; " + speed.About(w.Expected) + " with the reply"
		}
		return s
	case agent.EvModelCall:
		u := ev.Usage
		if u == nil {
			return "model call " + ev.Kind
		}
		s := fmt.Sprintf("model %s call: %d prompt tokens (%d cached), %d written, %s", ev.Kind, u.PromptTokens, u.CachedTokens, u.CompletionTokens, u.Duration.Round(time.Millisecond))
		if ev.Message != "" {
			s += " FAILED: " + callFailure(ev.Message)
		}
		if ev.Thinking != "" {
			s += "; thought: " + clipped(oneLine(ev.Thinking), thinkingShown)
		}
		return s
	case agent.EvAction:
		s := fmt.Sprintf("%s %s", ev.Action, ev.Param)
		if ev.Thought != "" {
			s += "  (" + ev.Thought + ")"
		}
		return s
	case agent.EvRefused:
		if ev.Action == "" { // an unusable reply names no action
			return "refused the reply: " + oneLine(ev.Reason)
		}
		return fmt.Sprintf("refused %s: %s", ev.Action, oneLine(ev.Reason))
	case agent.EvFinding:
		if f := ev.Finding; f != nil {
			if e := f.Earlier; e != nil {
				return fmt.Sprintf("finding [%d] for items %v, from the earlier run (its [%d]): %s", f.Number, f.Items, e.Number, f.Text)
			}
			return fmt.Sprintf("finding [%d] for items %v: %s", f.Number, f.Items, f.Text)
		}
	case agent.EvCheck:
		if ev.Reason == "" {
			return "check " + ev.Kind
		}
		return fmt.Sprintf("check %s: %s", ev.Kind, oneLine(ev.Reason))
	case agent.EvRebuilt:
		return "prompt rebuilt: " + ev.Reason
	case agent.EvTurnSkipped:
		return "turn skipped: " + ev.Reason
	case agent.EvResult:
		return "result written"
	case agent.EvRunFinished:
		s := "run finished: " + string(ev.Status)
		if ev.Message != "" {
			s += " (" + callFailure(ev.Message) + ")"
		}
		return s
	case agent.EvReportWritten:
		return "report written: " + ev.File
	case agent.EvNotice:
		if ev.Kind == agent.NoticeWaiting {
			return "waiting for you: " + oneLine(ev.Message)
		}
		return "note: " + oneLine(ev.Message)
	}
	return describePage(ev)
}

// describePage is describe for the events of searches and pages.
func describePage(ev agent.Event) string {
	switch ev.Type {
	case agent.EvSearched:
		if ev.Message != "" {
			return fmt.Sprintf("search %q failed: %s", ev.Query, ev.Message)
		}
		return fmt.Sprintf("search %q: %d results", ev.Query, ev.Count)
	case agent.EvPageOpened:
		s := fmt.Sprintf("opened %s %q (%d parts)", ev.URL, ev.Title, ev.Parts)
		if ev.Message != "" {
			s += ": " + oneLine(ev.Message)
		}
		return s
	case agent.EvPageFailed:
		return fmt.Sprintf("could not open %s: %s", ev.URL, ev.Reason)
	case agent.EvPageReopened:
		if ev.Reason != "" {
			return fmt.Sprintf("could not reopen %s: %s", ev.URL, ev.Reason)
		}
		return fmt.Sprintf("reopened %s %q at part %d of %d", ev.URL, ev.Title, ev.Part, ev.Parts)
	case agent.EvPartShown:
		s := fmt.Sprintf("showed part %d of %d of %s", ev.Part, ev.Parts, ev.URL)
		if ev.File != "" {
			s += " (saved as " + ev.File + ")"
		}
		return s
	}
	return ev.Type
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
