// Package report writes a run's report as Markdown: the objective, how the
// run ended, the cited result, what was not found, every finding with the
// page sentence that supports it, and the run's figures.
package report

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
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
	w := wordsOf(res)
	fmt.Fprintf(&sb, "# %s\n\n", literal(res.Objective))
	fmt.Fprintf(&sb, "**%s** %s\n\n", w.s("status"), literal(statusLine(res, w)))
	if res.Parent != "" {
		link := fmt.Sprintf("[%s](%s)", w.s("its_report"), parentReport(res.Parent))
		fmt.Fprintf(&sb, "**%s** %s\n\n", w.s("follow_up_of"), w.f("aside", literal(followUpOf(res, w)), link))
	}
	writeResult(&sb, res, w)
	writeGaps(&sb, res, w)
	writeFindings(&sb, res.Findings, w)
	writeFigures(&sb, res, fig, w)
	return sb.String()
}

// StatusLine says how the run ended, in words, in English.
func StatusLine(res *agent.Result) string { return statusLine(res, english) }

// statusLine says how the run ended, in the words w.
func statusLine(res *agent.Result, w words) string {
	line, ok := statusLines[res.Status]
	if !ok {
		return string(res.Status)
	}
	// Every sentence is in the form its language gives the number of
	// turns, which it says (a sentence without forms has one).
	why := w.why(res)
	if line.because != "" && (why != "" || line.key == "") {
		return w.p(line.because, res.Turns, res.Turns, oneLine(why))
	}
	s := w.p(line.key, res.Turns, res.Turns)
	if line.then != nil && why != "" {
		s = line.then(s, why, w)
	}
	return s
}

// A statusSentence is how the report words a status (report/messages),
// given the turn the run ended on and its error.
type statusSentence struct {
	key     string // the sentence, given the turn; "" when it always says why
	because string // the sentence given the turn and why, when there is a why
	// then adds a why (in the report's words) to key's sentence; nil when
	// it never says one.
	then func(sentence, why string, w words) string
}

// statusLines word every status; a test holds them to agent.Statuses. A
// finished run's error can only be why its result is missing.
var statusLines = map[agent.Status]statusSentence{
	agent.StatusFinished:          {key: "status_finished", then: withError},
	agent.StatusTurnLimit:         {key: "status_turn_limit", then: withError},
	agent.StatusInterrupted:       {key: "status_interrupted", because: "status_interrupted_because"},
	agent.StatusFailed:            {because: "status_failed"},
	agent.StatusRunning:           {key: "status_running"},
	agent.StatusStuck:             {because: "status_stuck"},
	agent.StatusSearchUnavailable: {because: "status_stopped"},
	agent.StatusModelUnavailable:  {key: "status_model_unavailable", because: "status_model_unavailable_because"},
}

// withError adds why the result could not be written to a status.
func withError(status, why string, w words) string {
	return status + w.s("why_sep") + oneLine(why)
}

func writeResult(sb *strings.Builder, res *agent.Result, w words) {
	fmt.Fprintf(sb, "## %s\n\n", w.s("result"))
	if res.Answer != "" {
		sb.WriteString(closeOpenBlocks(sinkHeadings(inertMarkdown(strings.TrimSpace(plain.Text(res.Answer))))) + "\n\n")
	} else {
		fmt.Fprintf(sb, "_%s_\n\n", noResult(res, w))
	}
	if check := checkSentence(res, w); check != "" {
		fmt.Fprintf(sb, "> **%s** %s\n\n", w.s("check"), literal(check))
	}
}

// noResult says why the report has no result.
func noResult(res *agent.Result, w words) string {
	switch {
	case res.Status == agent.StatusRunning:
		return w.s("no_result_running")
	case len(res.Findings) == 0:
		return w.s("no_result_nothing_found")
	case res.Error != "": // the status says why: perhaps the writing failed
		return w.s("no_result_error")
	}
	return w.s("no_result")
}

// checkSentence names the numbers of the result that no finding holds, or
// is empty when there are none.
func checkSentence(res *agent.Result, w words) string {
	if len(res.Unsupported) == 0 {
		return ""
	}
	return w.p("check_numbers", len(res.Unsupported), strings.Join(res.Unsupported, w.s("names_comma")))
}

func writeGaps(sb *strings.Builder, res *agent.Result, w words) {
	for _, section := range gapSections(res, w) {
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

func gapSections(res *agent.Result, w words) []gapSection {
	var out []gapSection
	if len(res.NotFound) > 0 {
		s := gapSection{Heading: w.s("not_found")}
		for _, m := range res.NotFound {
			s.Items = append(s.Items, notFoundLine(m, w))
		}
		out = append(out, s)
	}
	if len(res.LeftOut) > 0 {
		s := gapSection{Heading: w.s("left_out")}
		for _, l := range res.LeftOut {
			s.Items = append(s.Items, leftOutLine(l, w))
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
func leftOutLine(l agent.LeftOut, w words) string {
	item, cond := oneLine(l.Item.Text), oneLine(l.Condition)
	if len(l.Things) == 0 {
		return w.f("left_out_whole", item, cond)
	}
	return w.f("left_out_for", thingsLeftOut(l, w), item)
}

// ThingsLeftOut names the things of l and why each is left out, as the
// report and the app's checklist say it: "FreeOffice (shown not to be
// open source) and Calligra Suite (not shown to be open source)".
func ThingsLeftOut(l agent.LeftOut) string { return thingsLeftOut(l, english) }

func thingsLeftOut(l agent.LeftOut, w words) string {
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
		parts = append(parts, w.f("shown_not", w.joinNames(denied), cond))
	}
	if len(unshown) > 0 {
		parts = append(parts, w.f("not_shown", w.joinNames(unshown), cond))
	}
	return strings.Join(parts, w.s("names_and"))
}

// JoinNames is names as a sentence lists them: "A", "A and B", "A, B
// and C".
func JoinNames(names []string) string { return english.joinNames(names) }

func writeFindings(sb *strings.Builder, fs []agent.Finding, w words) {
	fmt.Fprintf(sb, "## %s\n\n", w.f("aside", w.s("findings"), strconv.Itoa(len(fs))))
	for _, f := range fs {
		fmt.Fprintf(sb, "%d. %s\n", f.Number, w.f("colon", w.f("finding_from", findingWhen(f, w), source(f.URL)), literal(f.Text)))
		if f.Quote != "" {
			fmt.Fprintf(sb, "   > %s\n", w.f("quote_line", w.f("finding_quote", f.Part), literal(f.Quote)))
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

func writeFigures(sb *strings.Builder, res *agent.Result, fig Figures, w words) {
	fmt.Fprintf(sb, "## %s\n\n", w.s("run_figures"))
	for _, line := range figureLines(res, fig, w) {
		fmt.Fprintf(sb, "- %s\n", literal(line))
	}
}

// figureLines are the run's figures, one line each.
func figureLines(res *agent.Result, fig Figures, w words) []string {
	calls := 0
	for _, n := range res.Calls {
		calls += n
	}
	reuse := 0.0
	if res.PromptTokens > 0 {
		reuse = 100 * float64(res.CachedTokens) / float64(res.PromptTokens)
	}
	how := w.s("figures_cache")
	if res.CacheEstimated {
		how = w.s("figures_cache_estimated")
	}
	lines := []string{
		w.f("figures_turns", res.Turns, calls, describeCalls(res.Calls, w)),
		w.f("figures_tokens", res.PromptTokens, res.CachedTokens, reuse, how, res.CompletionTokens),
		w.f("figures_times", w.span(res.ModelTime), w.span(fig.Wall)),
	}
	if fig.Model != "" {
		lines = append(lines, w.p("figures_model", fig.ContextLength, oneLine(fig.Model), fig.ContextLength))
	}
	return append(lines, w.f("figures_replies", res.SentBack, res.Rebuilds))
}

func describeCalls(calls map[string]int, w words) string {
	var parts []string
	for _, k := range []string{agent.KindChecklist, agent.KindAction, agent.KindCoverage, agent.KindWriter} {
		if calls[k] > 0 {
			parts = append(parts, w.f("calls_"+k, calls[k]))
		}
	}
	return strings.Join(parts, w.s("names_comma"))
}

// oneLine is s cleaned (package plain) on one line, its spaces collapsed.
func oneLine(s string) string {
	return strings.Join(strings.Fields(plain.Text(s)), " ")
}
