package bench

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/report"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
	"github.com/scout-research/scout/backend/settings"
)

// Options configure a benchmark run.
type Options struct {
	Tasks  []Task
	OutDir string
	// Live uses the model server in Settings instead of the policy.
	Live     bool
	Settings settings.Settings
	// NoCacheReuse runs every task a second time rebuilding the prompt
	// each turn, to measure what the growing conversation saves.
	NoCacheReuse bool
	// NoMistakes makes the offline oracle play without its scripted
	// mistakes: the difference to a normal run is what they cost.
	NoMistakes bool
	// NoReadAhead runs without reading the results of a search ahead:
	// the difference to a normal run is what reading ahead saves.
	NoReadAhead bool
	// Styles are the policy styles that play every task offline (nil: the
	// oracle only); a task with a recorded run is also replayed.
	Styles []Style
	// TaskTimeout bounds one task's wall time.
	TaskTimeout time.Duration
	// ReadRate and WriteRate (tokens per second) project model time on a
	// CPU (DefaultReadRate and DefaultWriteRate unless a run says other).
	ReadRate, WriteRate float64
	// Progress receives a line per task.
	Progress func(string)
}

// Result is one task's figures.
type Result struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Mode string `json:"mode"` // "append" or "rebuild"
	// Style is the offline policy's style ("" live, and in summaries from
	// before the zoo, which played the oracle).
	Style      Style          `json:"style,omitempty"`
	Status     string         `json:"status"`
	FinishedBy string         `json:"finished_by"` // agent, limit, timeout, stuck, error
	Turns      int            `json:"turns"`
	Calls      map[string]int `json:"model_calls"`
	// PromptTokens as counted; Reusable is what the prompt cache could
	// skip (the fake server's prefix accounting offline, the server's own
	// cached count live, or Scout's estimate of it when the server does not
	// report it: ReuseEstimated).
	PromptTokens     int            `json:"prompt_tokens"`
	Reusable         int            `json:"reusable_tokens"`
	ReuseEstimated   bool           `json:"reuse_estimated,omitempty"`
	CompletionTokens int            `json:"completion_tokens"`
	Refusals         map[string]int `json:"refusals"`
	Checks           map[string]int `json:"checks"`
	ItemsCovered     int            `json:"items_covered"`
	Items            int            `json:"items"`
	AnswerPassed     int            `json:"answer_checks_passed"`
	AnswerTotal      int            `json:"answer_checks"`
	AnswerMisses     []string       `json:"answer_misses"`
	CitationsValid   bool           `json:"citations_valid"`
	CitationProblems []string       `json:"citation_problems"`
	NumbersFlagged   int            `json:"numbers_flagged"`
	// GapsNamed counts the checklist items the report names as not found
	// or left out: a run that misses something says so.
	GapsNamed int `json:"gaps_named,omitempty"`
	// Promise is how the report written keeps the report's promise.
	Promise          *Promise `json:"promise,omitempty"`
	ProjectedMinutes float64  `json:"projected_model_minutes"`
	// ListWaits is, for each search, the seconds from the SEARCH to its
	// results list (reading ahead holds the list up to readAheadWait).
	ListWaits []float64 `json:"list_waits_s,omitempty"`
	// PerCall is every model call's figures, kept for replayed runs, whose
	// summary sets them beside the recorded run's.
	PerCall []CallFigures `json:"per_call,omitempty"`
	// Spending is where the run's model time went (offline only: the fake
	// server knows what each call read anew).
	Spending *Spending `json:"spending,omitempty"`
	// Ancestor is the recorded run's published figures, for a replay.
	Ancestor *AncestorRun `json:"ancestor,omitempty"`
	// FollowUp are a follow-up task's figures beside the question run
	// from zero (followup.go).
	FollowUp *FollowUp `json:"follow_up,omitempty"`
	Dir      string    `json:"dir"`
	Error    string    `json:"error,omitempty"`

	carried int // findings a follow-up took over from its parent
}

// Promise is the report's promise checked on a run's report.json (what
// was written, read back): how many items it answers, names as not found,
// names as left out, and gives a view on (agent.Account), and each way it
// breaks the promise (agent.Breaches): an item named twice, or not at all.
type Promise struct {
	Answered int      `json:"answered"`
	NotFound int      `json:"not_found"`
	LeftOut  int      `json:"left_out"`
	Views    int      `json:"views"`
	Breaches []string `json:"breaches,omitempty"`
}

// checkPromise reads the report's data in dir and holds it to the promise.
func checkPromise(res *Result, dir string) {
	r, _, err := report.Load(dir)
	if err != nil {
		res.Promise = &Promise{Breaches: []string{"the report's data cannot be read: " + err.Error()}}
		return
	}
	p := &Promise{Breaches: agent.Breaches(r)}
	for _, s := range agent.Account(r) {
		switch s.State {
		case agent.StateAnswered:
			p.Answered++
		case agent.StateNotFound:
			p.NotFound++
		case agent.StateLeftOut:
			p.LeftOut++
		case agent.StateView:
			p.Views++
		}
	}
	res.Promise = p
}

// Breaches counts the ways the report breaks its promise (none when the
// promise was not checked, as in summaries from before).
func (r Result) Breaches() int {
	if r.Promise == nil {
		return 0
	}
	return len(r.Promise.Breaches)
}

// CallFigures are one model call's token counts.
type CallFigures struct {
	Kind    string `json:"kind"`
	Prompt  int    `json:"prompt"`
	Reused  int    `json:"reused"`
	Written int    `json:"written"`
}

// ReuseRatio is Reusable over PromptTokens.
func (r Result) ReuseRatio() float64 {
	if r.PromptTokens == 0 {
		return 0
	}
	return float64(r.Reusable) / float64(r.PromptTokens)
}

// Run runs every task and returns their results (both modes when
// NoCacheReuse is set, the rebuild results after the append ones).
func Run(ctx context.Context, opts Options) ([]Result, error) {
	web, err := frozenWeb(opts.Tasks)
	if err != nil {
		return nil, err
	}
	srv := httptest.NewServer(web)
	defer srv.Close()
	var out []Result
	for _, p := range plays(opts) {
		if ctx.Err() != nil {
			return out, ctx.Err()
		}
		r := runPlay(ctx, opts, p, srv.URL)
		if opts.Progress != nil {
			opts.Progress(fmt.Sprintf("%-10s %-10s %-7s %-10s %2d turns, answer %d/%d, reuse %.0f%%, %.1f model-min",
				r.ID, r.Style, r.Mode, r.Status, r.Turns, r.AnswerPassed, r.AnswerTotal, 100*r.ReuseRatio(), r.ProjectedMinutes))
		}
		out = append(out, r)
	}
	return out, nil
}

// frozenWeb is the fake web of the tasks: each task's pages a site of its
// own, searched at fakeweb.SearchPath(task).
func frozenWeb(tasks []Task) (*fakeweb.Web, error) {
	web := fakeweb.New("")
	for _, t := range tasks {
		if err := web.AddSite(t.ID, filepath.Join(t.dir, "pages")); err != nil {
			return nil, fmt.Errorf("task %s: %w", t.ID, err)
		}
	}
	return web, nil
}

// play is one task played in one style and mode.
type play struct {
	task    Task
	style   Style
	rebuild bool
	// variant names a run of a follow-up task's (its parent, the question
	// from zero), run in a folder of its own; parent is the folder of the
	// run the play follows up (followup.go).
	variant, parent string
	// server, when set, is the model server the play shares with the
	// other runs of its follow-up task.
	server *sessionServer
}

// plays lists what a run plays, in order: every task in each style (live:
// the model in settings, once), the recorded runs replayed, then the
// oracle again rebuilding the prompt every turn when asked.
func plays(opts Options) []play {
	styles := opts.Styles
	if opts.Live {
		styles = []Style{""}
	} else if len(styles) == 0 {
		styles = []Style{Oracle}
	}
	var out []play
	for _, st := range styles {
		for _, t := range opts.Tasks {
			if t.Parent != nil && st != Oracle && st != "" {
				continue // a follow-up is measured on the oracle (and live)
			}
			out = append(out, play{task: t, style: st})
		}
	}
	for _, t := range opts.Tasks {
		if len(t.Replay) > 0 && !opts.Live {
			out = append(out, play{task: t, style: Replay})
		}
	}
	if opts.NoCacheReuse {
		for _, t := range opts.Tasks {
			out = append(out, play{task: t, style: styles[0], rebuild: true})
		}
	}
	return out
}

func runTask(ctx context.Context, opts Options, p play, siteURL string) Result {
	t := p.task
	res := Result{ID: t.ID, Kind: t.Kind, Mode: "append", Style: p.style, Items: len(t.Checklist)}
	if p.rebuild {
		res.Mode = "rebuild"
	}
	res.Dir = filepath.Join(opts.OutDir, res.Mode, t.ID)
	if p.style != "" && p.style != Oracle {
		res.Dir = filepath.Join(opts.OutDir, res.Mode, string(p.style), t.ID)
	}
	if p.variant != "" {
		res.Dir = filepath.Join(res.Dir, p.variant)
	}
	set := opts.Settings
	var fake *llmtest.Server
	callsBefore := 0
	switch {
	case p.server != nil: // one server for the runs of a follow-up task
		fake, callsBefore = p.server.Server, len(p.server.Calls())
		p.server.play(newPolicy(t, p.style, opts.NoMistakes))
		set.ServerURL, set.Model, set.ContextLength = fake.BaseURL(), "", 8192
	case !opts.Live:
		// Posing as llama-server, the one server that reports how much of
		// each prompt its cache reused: the fake's own accounting.
		fake = llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, ContextLength: 8192, Script: newPolicy(t, p.style, opts.NoMistakes).Script()})
		defer fake.Close()
		set.ServerURL, set.Model, set.ContextLength = fake.BaseURL(), "", 8192
	}
	set.Search = settings.Search{Provider: settings.ProviderDuckDuckGo, DuckDuckGoURL: siteURL + fakeweb.SearchPath(t.ID)}
	// The frozen web is on loopback: its pages are opened as local ones
	// (the model server stays out of their reach all the same).
	set.ShowBrowser, set.MaxTurns, set.AllowLocalNetwork = false, t.TurnLimit, true
	set.ReadAhead = !opts.NoReadAhead
	if set.MaxTurns == 0 {
		set.MaxTurns = 30
	}
	tctx, cancel := context.WithTimeout(ctx, opts.TaskTimeout)
	defer cancel()
	ropts := runner.Options{Objective: t.Objective, OutDir: res.Dir, RebuildEveryTurn: p.rebuild}
	if !opts.Live {
		ropts.ReadRate = opts.ReadRate // the CPU the projection models
	}
	outcome, err := research(tctx, set, p.parent, ropts)
	if outcome == nil {
		res.Status, res.FinishedBy, res.Error = "error", "error", err.Error()
		return res
	}
	// Reusable tokens are what the server reported as cached: offline the
	// fake reports its own prefix accounting, as llama.cpp does.
	fillFromResult(&res, outcome.Result)
	res.ProjectedMinutes = (float64(res.PromptTokens-res.Reusable)/opts.ReadRate + float64(res.CompletionTokens)/opts.WriteRate) / 60
	events, _ := runs.ReadJournal(res.Dir)
	rows := journalRows(events)
	if fake != nil {
		calls := fake.Calls()[callsBefore:]
		rows = writtenAsCounted(fakeRows(calls), rows)
		sp := spending(calls, events, outcome.Result, res.Dir)
		res.Spending = &sp
	}
	writeCallLedger(filepath.Join(res.Dir, "model-calls.md"), rows)
	if p.style == Replay {
		res.Ancestor = t.Ancestor
		for _, r := range rows {
			res.PerCall = append(res.PerCall, CallFigures{Kind: r.Kind, Prompt: r.Prompt, Reused: r.Cached, Written: r.Written})
		}
	}
	countEvents(&res, events)
	checkAnswer(&res, t, res.Dir)
	checkCitations(&res, outcome.Result, res.Dir)
	checkPromise(&res, res.Dir)
	return res
}

func fillFromResult(res *Result, r *agent.Result) {
	res.Status, res.Turns, res.Calls = string(r.Status), r.Turns, r.Calls
	res.PromptTokens, res.Reusable, res.CompletionTokens = r.PromptTokens, r.CachedTokens, r.CompletionTokens
	res.ReuseEstimated = r.CacheEstimated
	res.NumbersFlagged = len(r.Unsupported)
	res.GapsNamed = len(r.NotFound) + len(r.LeftOut)
	res.Error = r.Error // empty when the run ended normally
	switch {
	case r.Status == agent.StatusFinished:
		res.FinishedBy = "agent"
	case r.Status == agent.StatusTurnLimit:
		res.FinishedBy = "limit"
	case r.Status == agent.StatusInterrupted && r.Error == "":
		res.FinishedBy = "timeout" // the task's time limit, or Ctrl+C
	case r.Status == agent.StatusStuck:
		res.FinishedBy = "stuck"
	default:
		res.FinishedBy = "error"
	}
	covered := map[int]bool{}
	for _, f := range r.Findings {
		for _, it := range f.Items {
			covered[it] = true
		}
	}
	res.ItemsCovered = len(covered)
	for _, f := range r.Findings {
		if f.Earlier != nil {
			res.carried++
		}
	}
}

// countEvents tallies refusals and checks by the kind the agent gave them.
func countEvents(res *Result, events []agent.Event) {
	res.Refusals, res.Checks = map[string]int{}, map[string]int{}
	var searchAt time.Time
	for _, ev := range events {
		switch ev.Type {
		case agent.EvAction:
			if ev.Action == agent.ActSearch {
				searchAt = ev.Time
			}
		case agent.EvSearched:
			// From the SEARCH to its results list, read ahead or not: the
			// wall time reading ahead adds before the model reads the list.
			if !searchAt.IsZero() {
				res.ListWaits = append(res.ListWaits, ev.Time.Sub(searchAt).Seconds())
				searchAt = time.Time{}
			}
		case agent.EvRefused:
			res.Refusals[ev.Kind]++
		case agent.EvCheck:
			res.Checks[ev.Kind]++
		case agent.EvTurnSkipped:
			res.Refusals[agent.EvTurnSkipped]++
		}
	}
}

// The report's sections the answer checks read, by their headings in any
// language the report is written in (it follows the objective's).
var (
	resultSection   = regexp.MustCompile(`(?s)## ` + report.HeadingPattern(report.SectionResult) + `\n(.*?)\n## `)
	notFoundSection = regexp.MustCompile(`(?s)## ` + report.HeadingPattern(report.SectionNotFound) + `\n(.*?)\n## `)
	leftOutSection  = regexp.MustCompile(`(?s)## ` + report.HeadingPattern(report.SectionLeftOut) + `[^\n]*\n(.*?)\n## `)
)

// section is the text of report's section that re matches, or "".
func section(report string, re *regexp.Regexp) string {
	if m := re.FindStringSubmatch(report + "\n## "); m != nil {
		return sameUnits(m[1])
	}
	return ""
}

// checkAnswer applies the task's answer checks to the report: its result
// holds what it must and nothing it must not, and its gap sections name
// what the web does not hold and what fails a condition.
func checkAnswer(res *Result, t Task, dir string) {
	data, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	answer := section(string(data), resultSection)
	named := func(words []string, sec *regexp.Regexp, as string) {
		text := section(string(data), sec)
		for _, w := range words {
			res.AnswerTotal++
			if strings.Contains(text, sameUnits(w)) {
				res.AnswerPassed++
			} else {
				res.AnswerMisses = append(res.AnswerMisses, "does not name "+w+" as "+as)
			}
		}
	}
	for _, w := range t.Must {
		res.AnswerTotal++
		if strings.Contains(answer, sameUnits(w)) {
			res.AnswerPassed++
		} else {
			res.AnswerMisses = append(res.AnswerMisses, "lacks "+w)
		}
	}
	for _, w := range t.MustNot {
		res.AnswerTotal++
		if !strings.Contains(answer, sameUnits(w)) {
			res.AnswerPassed++
		} else {
			res.AnswerMisses = append(res.AnswerMisses, "has "+w)
		}
	}
	named(t.NamedNotFound, notFoundSection, "not found")
	named(t.NamedLeftOut, leftOutSection, "left out")
}

var citeRef = regexp.MustCompile(`\[(\d+)\]`)

// checkCitations: every [n] in the result names a finding, and every
// finding's quote is in the page text saved for the run.
func checkCitations(res *Result, r *agent.Result, dir string) {
	for _, m := range citeRef.FindAllStringSubmatch(r.Answer, -1) {
		var n int
		fmt.Sscan(m[1], &n)
		if n < 1 || n > len(r.Findings) {
			res.CitationProblems = append(res.CitationProblems, fmt.Sprintf("[%d] names no finding", n))
		}
	}
	// Each saved part starts with "<!-- URL | title | part N of M -->":
	// a quote must be in a part saved from its finding's own page, by the
	// run that recorded it (a follow-up's earlier findings, by its parent).
	own := partsByURL(dir)
	var earlier map[string][]string
	if r.Parent != "" {
		earlier = partsByURL(filepath.Join(dir, r.Parent))
	}
	for _, f := range r.Findings {
		byURL := own
		if f.Earlier != nil {
			byURL = earlier
		}
		found := false
		for _, body := range byURL[f.URL] {
			found = found || (f.Quote != "" && strings.Contains(body, f.Quote))
		}
		if !found {
			res.CitationProblems = append(res.CitationProblems, fmt.Sprintf("finding [%d]'s quote is not in the pages saved from %s", f.Number, f.URL))
		}
	}
	res.CitationsValid = len(res.CitationProblems) == 0
}

// partsByURL are the page parts saved in the run folder dir, by address.
func partsByURL(dir string) map[string][]string {
	byURL := map[string][]string{}
	files, _ := filepath.Glob(filepath.Join(dir, "pages", "*.md"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		head, body, _ := strings.Cut(string(data), "\n")
		url, _, _ := strings.Cut(strings.TrimPrefix(head, "<!-- "), " | ")
		byURL[url] = append(byURL[url], body)
	}
	return byURL
}

// research runs a task's objective with set, as a follow-up of the run in
// parent when that is not "".
func research(ctx context.Context, set settings.Settings, parent string, opts runner.Options) (*runner.Outcome, error) {
	var earlier *agent.Earlier
	if parent != "" {
		var err error
		if earlier, err = runner.ReadEarlier(parent); err != nil {
			return nil, err
		}
	}
	setup, err := runner.Prepare(ctx, set, nil)
	if err != nil {
		return nil, err
	}
	defer setup.Close()
	if earlier != nil {
		return setup.FollowUp(ctx, earlier, opts)
	}
	return setup.Run(ctx, opts)
}
