package bench

import (
	"fmt"
	"os"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// ledgerPreview is how much of each call's new prompt text the ledger
// shows: enough to tell which prompt piece the model had to read.
const ledgerPreview = 90

// ledgerRow is one model call in the ledger. NewText is what the model had
// to read anew, known only offline (from the fake server's accounting).
type ledgerRow struct {
	Kind                    string
	Prompt, Cached, Written int
	NewText                 string
}

// writeCallLedger writes one row per model call: its kind, prompt size,
// the part the prompt cache could reuse, the new part the model had to
// read, and what it wrote. It is where to look when a task's model time
// grows. Best effort: a failure to write loses only this aid.
func writeCallLedger(path string, rows []ledgerRow) {
	var sb strings.Builder
	sb.WriteString("| # | Kind | Prompt | Reused | New | Written | New text starts |\n| ---: | --- | ---: | ---: | ---: | ---: | --- |\n")
	for i, r := range rows {
		fmt.Fprintf(&sb, "| %d | %s | %d | %d | %d | %d | %s |\n", i+1, r.Kind, r.Prompt, r.Cached, r.Prompt-r.Cached, r.Written, preview(r.NewText))
	}
	if len(rows) > 0 && rows[0].NewText != "" {
		sb.WriteString("\n## What each call read anew\n")
		for i, r := range rows {
			fmt.Fprintf(&sb, "\n### %d. %s\n\n```text\n%s\n```\n", i+1, r.Kind, strings.TrimSpace(r.NewText))
		}
	}
	_ = os.WriteFile(path, []byte(sb.String()), 0o644)
}

// fakeRows are the calls the fake server answered, with the text each had
// to read anew.
func fakeRows(calls []llmtest.ChatCall) []ledgerRow {
	rows := make([]ledgerRow, len(calls))
	for i, c := range calls {
		rows[i] = ledgerRow{Kind: c.Kind, Prompt: c.PromptTokens, Cached: c.CachedTokens, Written: c.CompletionTokens, NewText: newText(c)}
	}
	return rows
}

// writtenAsCounted sets each row's written tokens to what Scout counted,
// from the journal's rows of the same calls in the same order: a reply
// Scout stopped ends where it hung up, which the fake, writing at full
// speed, may not have noticed. Rows are left as they are where the two
// lists do not match call for call.
func writtenAsCounted(rows, journal []ledgerRow) []ledgerRow {
	if len(rows) != len(journal) {
		return rows
	}
	for i := range rows {
		if rows[i].Kind != journal[i].Kind {
			return rows
		}
	}
	for i := range rows {
		rows[i].Written = journal[i].Written
	}
	return rows
}

// journalRows are the model calls a run's journal recorded, with the
// server's own counts: the ledger of a live run.
func journalRows(events []agent.Event) []ledgerRow {
	var rows []ledgerRow
	for _, ev := range events {
		if ev.Type == agent.EvModelCall && ev.Usage != nil {
			rows = append(rows, ledgerRow{Kind: ev.Kind, Prompt: ev.Usage.PromptTokens, Cached: ev.Usage.CachedTokens, Written: ev.Usage.CompletionTokens})
		}
	}
	return rows
}

// newText is the tail of the rendered prompt past the reused prefix.
func newText(c llmtest.ChatCall) string {
	return strings.ToValidUTF8(c.Prompt[min(c.CachedBytes, len(c.Prompt)):], "")
}

func preview(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > ledgerPreview {
		s = string(r[:ledgerPreview]) + "…"
	}
	return strings.ReplaceAll(s, "|", "\\|")
}
