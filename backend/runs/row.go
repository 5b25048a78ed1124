package runs

import (
	"cmp"
	"regexp"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/phrase"
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
	// Say and SayDetail are Title and Detail as messages of the window's
	// own, for it to say in its language; nil where the words are the
	// page's, the model's or the agent's protocol (SEARCH).
	Say       *Said `json:"say,omitempty"`
	SayDetail *Said `json:"say_detail,omitempty"`
}

// Said is a message of the window's (frontend/src/i18n/<lang>.json; a
// row's key is under "row."), with the values its {names} are filled
// with. A window that does not know the key shows the English Title or
// Detail.
type Said = phrase.Said

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
	t := tell(ev)
	if t.rowless {
		return Row{}, false
	}
	t.row.Seq, t.row.Turn = ev.Seq, ev.Turn
	return t.row, true
}
