package runs

import (
	"cmp"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/plain"
)

// Row is an event as a row of the app's journal: Go says what it shows,
// the window lays it out.
type Row struct {
	Seq     int    `json:"seq"`
	Turn    int    `json:"turn"`
	Icon    string `json:"icon"`
	Title   string `json:"title"`
	Detail  string `json:"detail"`
	Thought string `json:"thought"`
	// Tone colours the row: action, refused, check, failed, finding,
	// info, done or attention.
	Tone string `json:"tone"`
	// Results are a search's results, as the model chose from them (the
	// row opens to show them); none for other rows.
	Results []Result `json:"results,omitempty"`
}

// Result is one search result in a journal row.
type Result struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// Icons are plain Unicode symbols that common text fonts carry (emoji
// fonts are missing on many Linux desktops).
var actionIcons = map[string]string{
	agent.ActSearch:   "◎",
	agent.ActNavigate: "→",
	agent.ActReadMore: "≡",
	agent.ActDiscover: "✚",
	agent.ActFinish:   "⚑",
}

// Rows returns the journal rows of events, in order.
func Rows(events []agent.Event) []Row {
	var w Rower
	return w.Rows(events)
}

// Rower makes the journal rows of one run's events, given in order over
// one or more calls: it remembers the last search's results, so that
// "NAVIGATE R1" names the result it opens. Its zero value is ready.
type Rower struct {
	results []Result
}

// Rows returns the rows of events, the next of the run's, in order.
func (w *Rower) Rows(events []agent.Event) []Row {
	rows := []Row{}
	for _, ev := range events {
		if r, ok := w.Row(ev); ok {
			rows = append(rows, r)
		}
	}
	return rows
}

// Row is RowOf, with a result reference in a NAVIGATE named.
func (w *Rower) Row(ev agent.Event) (Row, bool) {
	r, ok := RowOf(ev)
	switch {
	case ev.Type == agent.EvSearched && ev.Message == "":
		w.results = r.Results
	case ev.Type == agent.EvAction && ev.Action == agent.ActNavigate:
		if res, found := w.result(ev.Param); found {
			r.Detail = ev.Param + " · " + cmp.Or(res.Title, res.URL)
		}
	}
	return r, ok
}

// resultRef is how a NAVIGATE names a search result: R2, [R2], #R2.
var resultRef = regexp.MustCompile(`^[\[#]?[Rr](\d+)\]?$`)

// result is the search result param names, if it names one shown.
func (w *Rower) result(param string) (Result, bool) {
	m := resultRef.FindStringSubmatch(strings.TrimSpace(param))
	if m == nil {
		return Result{}, false
	}
	n, _ := strconv.Atoi(m[1])
	if n < 1 || n > len(w.results) {
		return Result{}, false
	}
	return w.results[n-1], true
}

// RowOf returns ev's journal row; ok is false for the events the window
// shows elsewhere (model calls in the figures) or not at all.
func RowOf(ev agent.Event) (r Row, ok bool) {
	row := func(icon, title, detail, tone string) (Row, bool) {
		return Row{Seq: ev.Seq, Turn: ev.Turn, Icon: icon, Title: title, Detail: detail, Tone: tone}, true
	}
	switch ev.Type {
	case agent.EvRunStarted:
		if ev.Message == "resumed" {
			return row("▶", "Run resumed", ev.Objective, "info")
		}
		if ev.Parent != "" {
			return row("▶", "Follow-up started", ev.Objective, "info")
		}
		return row("▶", "Run started", ev.Objective, "info")
	case agent.EvChecklist:
		items := make([]string, len(ev.Checklist))
		for i, it := range ev.Checklist {
			items[i] = fmt.Sprintf("%d. %s", it.Number, it.Text)
		}
		return row("☑", "Checklist", strings.Join(items, "  "), "info")
	case agent.EvAction:
		r, ok = row(cmp.Or(actionIcons[ev.Action], "•"), ev.Action, ev.Param, "action")
		r.Thought = ev.Thought
		return r, ok
	case agent.EvRefused:
		if ev.Action == "" { // an unusable reply has no action to name
			return row("↩", "Reply sent back", ev.Reason, "refused")
		}
		return row("↩", ev.Action+" sent back", ev.Reason, "refused")
	case agent.EvFinding:
		if ev.Finding == nil {
			return Row{}, false
		}
		if ev.Finding.Earlier != nil {
			return row("✚", fmt.Sprintf("Finding [%d], from the earlier run", ev.Finding.Number), ev.Finding.Text, "finding")
		}
		return row("✚", fmt.Sprintf("Finding [%d]", ev.Finding.Number), ev.Finding.Text, "finding")
	case agent.EvRunFinished:
		return row("■", "Run "+ev.Status.Words(), ev.Message, ev.Status.Tone())
	case agent.EvReportWritten:
		return row("✎", "Report written", ev.File, "done")
	}
	return pageRow(ev, row)
}

// pageRow is RowOf for the events of pages, searches, checks and notices.
func pageRow(ev agent.Event, row func(icon, title, detail, tone string) (Row, bool)) (Row, bool) {
	switch ev.Type {
	case agent.EvSearched:
		if ev.Message != "" {
			return row("⚠", "Search failed", ev.Message, "failed")
		}
		r, ok := row("◎", plural(ev.Count, "result"), ev.Query, "info")
		for _, res := range ev.Results {
			r.Results = append(r.Results, Result{Title: plain.Line(res.Title), URL: res.URL})
		}
		if len(r.Results) == 0 { // a journal from before Results keeps the addresses only
			for _, u := range ev.URLs {
				r.Results = append(r.Results, Result{URL: u})
			}
		}
		return r, ok
	case agent.EvPageOpened:
		parts := cmp.Or(ev.Parts, 1)
		plural := "s"
		if parts == 1 {
			plural = ""
		}
		detail := fmt.Sprintf("%d part%s · %s", parts, plural, ev.URL)
		if ev.Message != "" {
			detail += " · " + ev.Message
		}
		return row("▤", "Opened "+cmp.Or(ev.Title, ev.URL), detail, "info")
	case agent.EvPageFailed:
		return row("⚠", "Page failed", ev.URL+": "+ev.Reason, "failed")
	case agent.EvPageReopened:
		if ev.Reason != "" {
			return row("⚠", "Page not reopened", ev.URL+": "+ev.Reason, "failed")
		}
		return row("▤", "Reopened "+cmp.Or(ev.Title, ev.URL), fmt.Sprintf("at part %d of %d · %s", ev.Part, ev.Parts, ev.URL), "info")
	case agent.EvPartShown:
		return row("≡", fmt.Sprintf("Reading part %d of %d", ev.Part, ev.Parts), ev.Title, "info")
	case agent.EvCheck:
		return row("◆", checkTitle(ev.Kind), ev.Reason, "check")
	case agent.EvRebuilt:
		return row("♻", "Prompt rebuilt", ev.Reason, "info")
	case agent.EvTurnSkipped:
		return row("⚠", "Turn skipped", ev.Reason, "failed")
	case agent.EvNotice:
		if ev.Kind == agent.NoticeWaiting {
			return row("✋", "Waiting for you", ev.Message, "attention")
		}
		return row("ℹ", "Note", ev.Message, "info")
	}
	return Row{}, false
}

func checkTitle(kind string) string {
	switch kind {
	case "progress":
		return "Progress check"
	case "coverage":
		return "Coverage check"
	case "finish_now":
		return "Everything covered: finish now"
	case "not_covered":
		return "Finish sent back"
	case "context":
		return "Context adjusted"
	case agent.CheckReport:
		return "Report checked against its promise"
	}
	return "Check: " + kind
}

// plural is n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
