package bench

import (
	"fmt"
	"os"
	"strings"

	"github.com/scout-research/scout/backend/llm/llmtest"
)

// ledgerPreview is how much of each call's new prompt text the ledger
// shows: enough to tell which prompt piece the model had to read.
const ledgerPreview = 90

// writeCallLedger writes one row per model call: its kind, prompt size,
// the part the prompt cache could reuse, the new part the model had to
// read, and what it wrote. It is where to look when a task's model time
// grows. Best effort: a failure to write loses only this aid.
func writeCallLedger(path string, calls []llmtest.ChatCall) {
	var sb strings.Builder
	sb.WriteString("| # | Kind | Prompt | Reused | New | Written | New text starts |\n| ---: | --- | ---: | ---: | ---: | ---: | --- |\n")
	for i, c := range calls {
		fmt.Fprintf(&sb, "| %d | %s | %d | %d | %d | %d | %s |\n", i+1, c.Kind, c.PromptTokens, c.CachedTokens,
			c.PromptTokens-c.CachedTokens, c.CompletionTokens, preview(newText(c)))
	}
	sb.WriteString("\n## What each call read anew\n")
	for i, c := range calls {
		fmt.Fprintf(&sb, "\n### %d. %s\n\n```text\n%s\n```\n", i+1, c.Kind, strings.TrimSpace(newText(c)))
	}
	_ = os.WriteFile(path, []byte(sb.String()), 0o644)
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
