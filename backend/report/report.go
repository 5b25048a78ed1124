// Package report writes a run's report as Markdown: the objective, how the
// run ended, the cited result, what was not found, every finding with the
// page sentence that supports it, and the run's figures.
package report

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/plain"
)

// Figures are the run-level numbers shown at the end of the report.
type Figures struct {
	Model         string        `json:"model"`
	ContextLength int           `json:"context_length"`
	Wall          time.Duration `json:"wall_ns"`
}

// Markdown renders the report for res. The result is the writer's
// Markdown, inert (see inertMarkdown: no raw HTML, image, quote or link
// definition works in any viewer) and its headings sunk below the report's
// sections (see sinkHeadings); everything else from a page, a model or a server is
// written as literal text (see literal), so no renderer turns it into
// markup, drops a quoted tag or loads an image.
func Markdown(res *agent.Result, fig Figures) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s\n\n", literal(res.Objective))
	fmt.Fprintf(&sb, "**Status:** %s\n\n", literal(StatusLine(res)))
	if res.Parent != "" {
		fmt.Fprintf(&sb, "**Follow-up of:** %s ([its report](%s))\n\n", literal(followUpOf(res)), parentReport(res.Parent))
	}
	writeResult(&sb, res)
	writeGaps(&sb, res)
	writeFindings(&sb, res.Findings)
	writeFigures(&sb, res, fig)
	return sb.String()
}

// StatusLine says how the run ended, in words.
func StatusLine(res *agent.Result) string {
	switch res.Status {
	// A finished run's error can only be why its result is missing.
	case agent.StatusFinished:
		return withError(fmt.Sprintf("finished by the agent on turn %d", res.Turns), res.Error)
	case agent.StatusTurnLimit:
		return withError(fmt.Sprintf("stopped at the turn limit (%d turns)", res.Turns), res.Error)
	case agent.StatusInterrupted:
		if res.Error != "" {
			return fmt.Sprintf("interrupted on turn %d: %s", res.Turns, oneLine(res.Error))
		}
		return fmt.Sprintf("interrupted on turn %d: stopped before the agent finished; resume the run to carry on", res.Turns)
	case agent.StatusFailed:
		return fmt.Sprintf("stopped on turn %d by an error in Scout (%s); please report it", res.Turns, oneLine(res.Error))
	case agent.StatusRunning:
		return fmt.Sprintf("still running, written on turn %d: the result is a draft from the findings so far, and the final one comes when the run ends", res.Turns)
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

// withError adds why the result could not be written to a status.
func withError(status, err string) string {
	if err == "" {
		return status
	}
	return status + "; " + oneLine(err)
}

// The report's labels and section headings, for the Markdown and the HTML
// alike.
const (
	checkLabel      = "Check against the sources:"
	findingsLabel   = "Findings"
	notFoundHeading = "Not found in the pages read"
	leftOutHeading  = "Left out, not shown to meet the conditions"
)

func writeResult(sb *strings.Builder, res *agent.Result) {
	sb.WriteString("## Result\n\n")
	if res.Answer != "" {
		sb.WriteString(closeOpenBlocks(sinkHeadings(inertMarkdown(strings.TrimSpace(plain.Text(res.Answer))))) + "\n\n")
	} else {
		fmt.Fprintf(sb, "_%s_\n\n", noResult(res))
	}
	if check := checkSentence(res); check != "" {
		fmt.Fprintf(sb, "> **%s** %s\n\n", checkLabel, literal(check))
	}
}

// noResult says why the report has no result.
func noResult(res *agent.Result) string {
	switch {
	case res.Status == agent.StatusRunning:
		return "The run is still going and has found nothing yet: the result comes when it ends."
	case len(res.Findings) == 0:
		return "No result: nothing was found before the run ended."
	case res.Error != "": // the status says why: perhaps the writing failed
		return "No final result was written; the findings below are what was found."
	}
	return "No final result was written before the run ended; the findings below are what was found."
}

// checkSentence names the numbers of the result that no finding holds, or
// is empty when there are none.
func checkSentence(res *agent.Result) string {
	if len(res.Unsupported) == 0 {
		return ""
	}
	verb := "appear"
	if len(res.Unsupported) == 1 {
		verb = "appears"
	}
	return fmt.Sprintf("%s %s in no finding.", strings.Join(res.Unsupported, ", "), verb)
}

func writeGaps(sb *strings.Builder, res *agent.Result) {
	for _, section := range gapSections(res) {
		fmt.Fprintf(sb, "## %s\n\n", section.Heading)
		for _, item := range section.Items {
			fmt.Fprintf(sb, "- %s\n", literal(item))
		}
		sb.WriteString("\n")
	}
}

// gapSection is a section listing what the result lacks.
type gapSection struct {
	Heading string
	Items   []string
}

func gapSections(res *agent.Result) []gapSection {
	var out []gapSection
	if len(res.NotFound) > 0 {
		s := gapSection{Heading: notFoundHeading}
		for _, m := range res.NotFound {
			if m.Why != "" && m.Why != "no finding covers it" {
				s.Items = append(s.Items, fmt.Sprintf("%s (%s)", oneLine(m.Item.Text), oneLine(m.Why)))
			} else {
				s.Items = append(s.Items, oneLine(m.Item.Text))
			}
		}
		out = append(out, s)
	}
	if len(res.LeftOut) > 0 {
		s := gapSection{Heading: leftOutHeading}
		for _, l := range res.LeftOut {
			s.Items = append(s.Items, leftOutLine(l))
		}
		out = append(out, s)
	}
	return out
}

// leftOutLine names the things a list left out and why, each as the
// findings show it: "FreeOffice (shown not to be open source) and
// Calligra Suite (not shown to be open source), for three free and
// open-source office suites". A report from before Scout named them says
// it of the whole item.
func leftOutLine(l agent.LeftOut) string {
	item, cond := oneLine(l.Item.Text), oneLine(l.Condition)
	if len(l.Things) == 0 {
		return fmt.Sprintf("%s (no finding shows it is %s)", item, cond)
	}
	return fmt.Sprintf("%s, for %s", ThingsLeftOut(l), item)
}

// ThingsLeftOut names the things of l and why each is left out, as the
// report and the app's checklist say it: "FreeOffice (shown not to be
// open source) and Calligra Suite (not shown to be open source)".
func ThingsLeftOut(l agent.LeftOut) string {
	cond := oneLine(l.Condition)
	var denied, unshown []string
	for _, th := range l.Things {
		if slices.Contains(l.Denied, th) {
			denied = append(denied, oneLine(th))
		} else {
			unshown = append(unshown, oneLine(th))
		}
	}
	var parts []string
	if len(denied) > 0 {
		parts = append(parts, fmt.Sprintf("%s (shown not to be %s)", JoinNames(denied), cond))
	}
	if len(unshown) > 0 {
		parts = append(parts, fmt.Sprintf("%s (not shown to be %s)", JoinNames(unshown), cond))
	}
	return strings.Join(parts, " and ")
}

// JoinNames is names as a sentence lists them: "A", "A and B", "A, B
// and C".
func JoinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func writeFindings(sb *strings.Builder, fs []agent.Finding) {
	fmt.Fprintf(sb, "## %s (%d)\n\n", findingsLabel, len(fs))
	for _, f := range fs {
		fmt.Fprintf(sb, "%d. %s, from %s: %s\n", f.Number, findingWhen(f), source(f.URL), literal(f.Text))
		if f.Quote != "" {
			fmt.Fprintf(sb, "   > Page, part %d: \"%s\"\n", f.Part, literal(f.Quote))
		}
	}
	if len(fs) > 0 {
		sb.WriteString("\n")
	}
}

// source writes a finding's address as a Markdown autolink when it is a
// web address that can be one; anything else stays text, never a link.
func source(addr string) string {
	if !linkable(addr) {
		return literal(addr)
	}
	return "<" + addr + ">"
}

// linkable reports whether a finding's address is a web address a report
// may link to as it is.
func linkable(addr string) bool {
	u, err := url.Parse(addr)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" &&
		!strings.ContainsAny(addr, "<> \t\n\\") && plain.Line(addr) == addr
}

func writeFigures(sb *strings.Builder, res *agent.Result, fig Figures) {
	sb.WriteString("## Run figures\n\n")
	for _, line := range figureLines(res, fig) {
		fmt.Fprintf(sb, "- %s\n", literal(line))
	}
}

// figureLines are the run's figures, one line each.
func figureLines(res *agent.Result, fig Figures) []string {
	calls := 0
	for _, n := range res.Calls {
		calls += n
	}
	reuse := 0.0
	if res.PromptTokens > 0 {
		reuse = 100 * float64(res.CachedTokens) / float64(res.PromptTokens)
	}
	how := "reused from the prompt cache"
	if res.CacheEstimated {
		how = "reusable from the prompt cache (estimated by Scout: the server does not report it)"
	}
	lines := []string{
		fmt.Sprintf("Turns: %d; model calls: %d (%s)", res.Turns, calls, describeCalls(res.Calls)),
		fmt.Sprintf("Prompt tokens: %d, of which %d (%.0f%%) %s; completion tokens: %d",
			res.PromptTokens, res.CachedTokens, reuse, how, res.CompletionTokens),
		fmt.Sprintf("Model time: %s; wall time: %s", res.ModelTime.Round(time.Second), fig.Wall.Round(time.Second)),
	}
	if fig.Model != "" {
		lines = append(lines, fmt.Sprintf("Model: %s, context %d tokens", oneLine(fig.Model), fig.ContextLength))
	}
	return append(lines, fmt.Sprintf("Replies sent back: %d; prompt rebuilds: %d", res.SentBack, res.Rebuilds))
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

// oneLine is s cleaned (package plain) on one line, its spaces collapsed.
func oneLine(s string) string {
	return strings.Join(strings.Fields(plain.Text(s)), " ")
}
