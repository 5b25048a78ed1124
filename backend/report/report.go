// Package report writes a run's report as Markdown: the objective, how the
// run ended, the cited result, what was not found, every finding with the
// page sentence that supports it, and the run's figures.
package report

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/agent"
)

// Figures are the run-level numbers shown at the end of the report.
type Figures struct {
	Model         string
	ContextLength int
	Wall          time.Duration
}

// Markdown renders the report for res.
func Markdown(res *agent.Result, fig Figures) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s\n\n", oneLine(res.Objective))
	fmt.Fprintf(&sb, "**Status:** %s\n\n", StatusLine(res))
	writeResult(&sb, res)
	writeGaps(&sb, res)
	writeFindings(&sb, res.Findings)
	writeFigures(&sb, res, fig)
	return sb.String()
}

// StatusLine says how the run ended, in words.
func StatusLine(res *agent.Result) string {
	switch res.Status {
	case agent.StatusFinished:
		return fmt.Sprintf("finished by the agent on turn %d", res.Turns)
	case agent.StatusTurnLimit:
		return fmt.Sprintf("stopped at the turn limit (%d turns)", res.Turns)
	case agent.StatusInterrupted:
		if res.Error != "" {
			return fmt.Sprintf("interrupted on turn %d: %s", res.Turns, oneLine(res.Error))
		}
		return fmt.Sprintf("interrupted on turn %d: stopped before the agent finished; resume the run to carry on", res.Turns)
	case agent.StatusFailed:
		return fmt.Sprintf("stopped on turn %d by an error in Scout (%s); please report it", res.Turns, oneLine(res.Error))
	case agent.StatusRunning:
		return fmt.Sprintf("still running, written on turn %d; the final result comes when the run ends", res.Turns)
	case agent.StatusStuck:
		return fmt.Sprintf("stopped on turn %d: %s. A larger model may do better; resuming gives this one a fresh prompt", res.Turns, oneLine(res.Error))
	case agent.StatusSearchUnavailable:
		return fmt.Sprintf("stopped on turn %d: %s", res.Turns, oneLine(res.Error))
	case agent.StatusModelUnavailable:
		msg := fmt.Sprintf("model unavailable on turn %d", res.Turns)
		if res.Error != "" {
			msg += ": " + oneLine(res.Error)
		}
		return msg
	}
	return res.Status
}

// The labels html.go finds again in the rendered report.
const (
	checkLabel    = "Check against the sources:"
	findingsLabel = "Findings"
)

func writeResult(sb *strings.Builder, res *agent.Result) {
	sb.WriteString("## Result\n\n")
	switch {
	case res.Answer != "":
		sb.WriteString(strings.TrimSpace(res.Answer) + "\n\n")
	case len(res.Findings) == 0:
		sb.WriteString("_No result: nothing was found before the run ended._\n\n")
	default:
		sb.WriteString("_No final result was written before the run ended; the findings below are what was found._\n\n")
	}
	if len(res.Unsupported) > 0 {
		verb := "appear"
		if len(res.Unsupported) == 1 {
			verb = "appears"
		}
		fmt.Fprintf(sb, "> **%s** %s %s in no finding.\n\n", checkLabel, strings.Join(res.Unsupported, ", "), verb)
	}
}

func writeGaps(sb *strings.Builder, res *agent.Result) {
	if len(res.NotFound) > 0 {
		sb.WriteString("## Not found in the pages read\n\n")
		for _, m := range res.NotFound {
			if m.Why != "" && m.Why != "no finding covers it" {
				fmt.Fprintf(sb, "- %s (%s)\n", oneLine(m.Item.Text), oneLine(m.Why))
			} else {
				fmt.Fprintf(sb, "- %s\n", oneLine(m.Item.Text))
			}
		}
		sb.WriteString("\n")
	}
	if len(res.LeftOut) > 0 {
		sb.WriteString("## Left out, not shown to meet the conditions\n\n")
		for _, l := range res.LeftOut {
			fmt.Fprintf(sb, "- %s (no finding shows it is %s)\n", oneLine(l.Item.Text), l.Condition)
		}
		sb.WriteString("\n")
	}
}

func writeFindings(sb *strings.Builder, fs []agent.Finding) {
	fmt.Fprintf(sb, "## %s (%d)\n\n", findingsLabel, len(fs))
	for _, f := range fs {
		fmt.Fprintf(sb, "%d. Turn %d, from %s: %s\n", f.Number, f.Turn, source(f.URL), oneLine(f.Text))
		if f.Quote != "" {
			fmt.Fprintf(sb, "   > Page, part %d: \"%s\"\n", f.Part, oneLine(f.Quote))
		}
	}
	if len(fs) > 0 {
		sb.WriteString("\n")
	}
}

// source writes a finding's address as a Markdown autolink when it is a
// web address that can be one; anything else stays text, never a link.
func source(addr string) string {
	u, err := url.Parse(addr)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.ContainsAny(addr, "<> \t\n\\") {
		return oneLine(addr)
	}
	return "<" + addr + ">"
}

func writeFigures(sb *strings.Builder, res *agent.Result, fig Figures) {
	calls := 0
	for _, n := range res.Calls {
		calls += n
	}
	reuse := 0.0
	if res.PromptTokens > 0 {
		reuse = 100 * float64(res.CachedTokens) / float64(res.PromptTokens)
	}
	sb.WriteString("## Run figures\n\n")
	fmt.Fprintf(sb, "- Turns: %d; model calls: %d (%s)\n", res.Turns, calls, describeCalls(res.Calls))
	how := "reused from the prompt cache"
	if res.CacheEstimated {
		how = "reusable from the prompt cache (estimated by Scout: the server does not report it)"
	}
	fmt.Fprintf(sb, "- Prompt tokens: %d, of which %d (%.0f%%) %s; completion tokens: %d\n",
		res.PromptTokens, res.CachedTokens, reuse, how, res.CompletionTokens)
	fmt.Fprintf(sb, "- Model time: %s; wall time: %s\n", res.ModelTime.Round(time.Second), fig.Wall.Round(time.Second))
	if fig.Model != "" {
		fmt.Fprintf(sb, "- Model: %s, context %d tokens\n", fig.Model, fig.ContextLength)
	}
	fmt.Fprintf(sb, "- Replies sent back: %d; prompt rebuilds: %d\n", res.SentBack, res.Rebuilds)
}

func describeCalls(calls map[string]int) string {
	var parts []string
	for _, k := range []string{agent.KindChecklist, agent.KindAction, agent.KindCoverage, agent.KindWriter} {
		if calls[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", calls[k], k))
		}
	}
	return strings.Join(parts, ", ")
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
