package runs

import (
	"cmp"
	"fmt"
	"math"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/report"
)

// Glance is how a run stands, as the app shows it beside the journal: Go
// decides every word and figure of it; the window only displays them.
type Glance struct {
	// Seq is the last event folded in, so a window can tell a newer
	// glance from an older one.
	Seq       int    `json:"seq"`
	Objective string `json:"objective"`
	// Status is one of agent's Status* (agent.StatusRunning while the run
	// goes on), or "" for a journal without events.
	Status agent.Status `json:"status"`
	// Words are the status as the user reads it.
	Words     string `json:"status_words"`
	Resumable bool   `json:"resumable"`
	// Waiting: the run waits for the user (a search engine's bot check to
	// answer in the browser window).
	Waiting bool `json:"waiting"`
	// Error says why the run ended early, in the model's or server's words.
	Error string `json:"error"`
	// SayError is Error as a message of the window's (keys ending.*); nil
	// where it is all a server's or Scout's own words, or unknown.
	SayError  *Said   `json:"say_error,omitempty"`
	Checklist []Item  `json:"checklist"`
	Figures   Figures `json:"figures"`
	// Parent is the folder of the run a follow-up follows, as seen from
	// its own folder; "" for another run.
	Parent string `json:"parent,omitempty"`
}

// Item is a checklist item as the report says it stands (while the run
// goes on, as a report written now would): Go decides its state and
// words, and the window shows them.
type Item struct {
	Number int    `json:"number"`
	Text   string `json:"text"`
	// Findings are those the report holds it answered by: cited by the
	// result, or while there is none, recorded for it.
	Findings []int `json:"findings"`
	// State is one of the Item* states.
	State string `json:"state"`
	// Words say how it stands: "[1] [3]", "[1]; nothing yet for Mount
	// Kenya", "left out: FreeOffice (shown not to be open source)".
	Words string `json:"words"`
	// Say is Words as the window's message, for it to say in its
	// language; nil where a part of them has none (a reason from before
	// reasons were kept, the tie rule's detail from before it was kept as
	// data): the window shows Words.
	Say *phrase.Said `json:"say,omitempty"`
}

// The states of a checklist item beside a run.
const (
	ItemAnswered = "answered"
	ItemOpen     = "open" // the run goes on and has not found it (or all of it) yet
	ItemNotFound = "not_found"
	ItemLeftOut  = "left_out" // answered as far as it is, some things left out
	ItemView     = "view"     // the model's own view, written with the result
)

// uncovered is the agent's reason for an item no finding covers, which
// the state says already.
const uncovered = "no finding covers it"

// Figures are a run's figures so far.
type Figures struct {
	Turns            int            `json:"turns"`
	Findings         int            `json:"findings"`
	ModelCalls       map[string]int `json:"model_calls"`
	PromptTokens     int            `json:"prompt_tokens"`
	CachedTokens     int            `json:"cached_tokens"`
	CompletionTokens int            `json:"completion_tokens"`
	// ReusePct is the share of prompt tokens the server reused from its
	// cache, 0-100; ReuseEstimated: partly Scout's estimate, as the server
	// did not report its cache use (LM Studio and Ollama do not).
	ReusePct       int  `json:"reuse_pct"`
	ReuseEstimated bool `json:"reuse_estimated"`
	// ContextPct is the last action prompt as a share of the context the
	// run has, 0-100 (0 when that is not known: a past run).
	ContextPct   int     `json:"context_pct"`
	ModelSeconds float64 `json:"model_seconds"`
	// WriteRate is the model's writing speed in its latest reply, in
	// tokens per second; 0 when not known.
	WriteRate float64 `json:"write_rate"`
	SentBack  int     `json:"sent_back"`
	Rebuilds  int     `json:"rebuilds"`
	// ActiveSeconds is the time worked up to the last event, over the
	// run's stretches.
	ActiveSeconds float64 `json:"active_seconds"`
}

// Glance returns how the run stands now.
func (v *View) Glance() Glance {
	status := v.status()
	return Glance{
		Seq: v.snap.LastSeq, Objective: v.snap.Objective,
		Status: status, Words: status.Words(), Resumable: status.Resumable(),
		Waiting: v.live && v.waiting, Error: v.message, SayError: endingSaid(v.ending),
		Checklist: v.checklist(), Figures: v.figures(), Parent: v.snap.Before.Parent,
	}
}

// checklist is each item as the report says it stands: the report the
// run ended with, else the one it would write now (View.Result), both
// read by the agent's own account of them (agent.Account).
func (v *View) checklist() []Item {
	res := v.report
	if res == nil || v.live {
		res = v.Result()
	}
	running := v.status() == agent.StatusRunning
	account := agent.Account(res)
	items := make([]Item, len(account))
	for i, s := range account {
		items[i] = itemOf(s, running)
	}
	return items
}

// itemOf words one item's standing.
func itemOf(s agent.Standing, running bool) Item {
	it := Item{Number: s.Item.Number, Text: s.Item.Text, Findings: s.Findings}
	if s.View {
		return viewItem(it, s, running)
	}
	var p parts
	if len(s.Findings) > 0 {
		p.add(cites(s.Findings), phrase.Of("item.cites", "cites", cites(s.Findings)))
	}
	switch {
	case s.Missing != nil && running:
		it.State = ItemOpen
		p.add(missingWords(*s.Missing, running))
	case s.Missing != nil:
		it.State = ItemNotFound
		p.add(missingWords(*s.Missing, running))
	case s.LeftOut != nil:
		it.State = ItemLeftOut
	case s.State == agent.StateNone && running: // not in a settled report: shown as what it is
		it.State = ItemOpen
		p.add("open", phrase.Of("item.open"))
	case s.State == agent.StateNone:
		it.State = ItemNotFound
		p.add("not found", phrase.Of("item.notFound"))
	default:
		it.State = ItemAnswered
	}
	if s.LeftOut != nil && len(s.LeftOut.Things) > 0 {
		p.add("left out: "+report.ThingsLeftOut(*s.LeftOut), leftOutSaid(*s.LeftOut))
	}
	it.Words, it.Say = p.joined()
	return it
}

// missingWords say what of an item is not found, or not yet, in English
// and as the window's message.
func missingWords(m agent.Missing, running bool) (string, *phrase.Said) {
	switch {
	case len(m.Things) > 0 && running:
		return "nothing yet for " + report.JoinNames(m.Things), phrase.Of("item.nothingYetFor", "names", namesSaid(m.Things))
	case len(m.Things) > 0:
		return "not found: " + report.JoinNames(m.Things), phrase.Of("item.notFoundFor", "why", namesSaid(m.Things))
	case m.Why == "" || m.Why == uncovered:
		if running {
			return "open", phrase.Of("item.open")
		}
		return "not found", phrase.Of("item.notFound")
	case running:
		return m.Why, reasonsSaid(m)
	}
	return "not found: " + m.Why, notFoundFor(reasonsSaid(m))
}

// viewItem words an item that asks for the model's view: written at the
// end, given in the result, or not given.
func viewItem(it Item, s agent.Standing, running bool) Item {
	var p parts
	switch {
	case running:
		it.State = ItemView
		p.add("written by the model at the end", phrase.Of("item.viewLater"))
	case s.State == agent.StateView:
		it.State = ItemView
		p.add("the model's view, in the result", phrase.Of("item.viewGiven"))
	default:
		it.State = ItemNotFound
		p.add("not found: "+s.Missing.Why, notFoundFor(reasonsSaid(*s.Missing)))
	}
	it.Words, it.Say = p.joined()
	return it
}

// cites is finding numbers as the report cites them: "[1] [3]".
func cites(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprintf("[%d]", n)
	}
	return strings.Join(s, " ")
}

func (v *View) figures() Figures {
	r := &v.snap.Before
	calls := make(map[string]int, len(r.Calls))
	for kind, n := range r.Calls {
		calls[kind] = n
	}
	return Figures{
		Turns: v.snap.Turn, Findings: len(v.snap.Findings), ModelCalls: calls,
		PromptTokens: r.PromptTokens, CachedTokens: r.CachedTokens, CompletionTokens: r.CompletionTokens,
		ReusePct: percent(r.CachedTokens, r.PromptTokens), ReuseEstimated: r.CacheEstimated,
		ContextPct:   percent(v.lastPrompt, cmp.Or(v.loaded, v.context)),
		ModelSeconds: r.ModelTime.Seconds(), WriteRate: math.Round(v.writeRate*10) / 10,
		SentBack: r.SentBack, Rebuilds: r.Rebuilds, ActiveSeconds: v.Active().Seconds(),
	}
}

// percent is part of whole, 0-100, rounded; 0 for no whole.
func percent(part, whole int) int {
	if whole <= 0 {
		return 0
	}
	return min(100, int(math.Round(100*float64(part)/float64(whole))))
}
