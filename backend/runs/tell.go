package runs

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/speed"
)

// A telling is what one event says, once for both places it is read: its
// line in the terminal and journal.txt (Line), and its row in the app's
// journal (RowOf).
type telling struct {
	line string
	row  Row
	// rowless: the window shows no row for it (a model call shows in the
	// figures, a turn's start nowhere).
	rowless bool
}

// tellers say each kind of event, one function a kind; a test holds every
// agent.Ev* to an entry here. An event of a kind not here (from a newer
// Scout) is its type on a line, and no row.
var tellers = map[string]func(agent.Event) telling{
	agent.EvRunStarted:    tellRunStarted,
	agent.EvChecklist:     tellChecklist,
	agent.EvTurnStarted:   func(agent.Event) telling { return telling{line: "turn started", rowless: true} },
	agent.EvModelWait:     tellModelWait,
	agent.EvModelCall:     tellModelCall,
	agent.EvAction:        tellAction,
	agent.EvRefused:       tellRefused,
	agent.EvSearched:      tellSearched,
	agent.EvPageOpened:    tellPageOpened,
	agent.EvPageFailed:    tellPageFailed,
	agent.EvPageReopened:  tellPageReopened,
	agent.EvPartShown:     tellPartShown,
	agent.EvFinding:       tellFinding,
	agent.EvCheck:         tellCheck,
	agent.EvRebuilt:       tellRebuilt,
	agent.EvTurnSkipped:   tellTurnSkipped,
	agent.EvResult:        func(agent.Event) telling { return telling{line: "result written", rowless: true} },
	agent.EvRunFinished:   tellRunFinished,
	agent.EvReportWritten: tellReportWritten,
	agent.EvNotice:        tellNotice,
}

// tell is what ev says.
func tell(ev agent.Event) telling {
	if f, ok := tellers[ev.Type]; ok {
		return f(ev)
	}
	return telling{line: ev.Type, rowless: true}
}

// told is a telling with a row.
func told(line, icon, title, detail, tone string) telling {
	return telling{line: line, row: Row{Icon: icon, Title: title, Detail: detail, Tone: tone}}
}

// saying is t with its row's title as the window's message key, filled
// from args (name, value pairs).
func (t telling) saying(key string, args ...any) telling {
	t.row.Say = said(key, args)
	return t
}

// detailSaying is t with its row's detail as the window's message key.
func (t telling) detailSaying(key string, args ...any) telling {
	t.row.SayDetail = said(key, args)
	return t
}

// said is the row's message "row.<key>" filled from args.
func said(key string, args []any) *Said { return phrase.Of("row."+key, args...) }

func tellRunStarted(ev agent.Event) telling {
	line := "run started: " + ev.Objective
	if ev.Parent != "" && ev.Message == "" {
		line = "run started, following up " + ev.Parent + ": " + ev.Objective
	}
	title, key := "Run started", "runStarted"
	switch {
	case ev.Message == "resumed":
		title, key = "Run resumed", "runResumed"
	case ev.Parent != "":
		title, key = "Follow-up started", "followUpStarted"
	}
	return told(line, "▶", title, ev.Objective, "info").saying(key)
}

func tellChecklist(ev agent.Event) telling {
	items := make([]string, len(ev.Checklist))
	for i, it := range ev.Checklist {
		items[i] = fmt.Sprintf("%d. %s", it.Number, it.Text)
	}
	return told("checklist: "+strings.Join(items, "; "), "☑", "Checklist", strings.Join(items, "  "), "info").saying("checklist")
}

func tellModelWait(ev agent.Event) telling {
	s := fmt.Sprintf("model %s call: %s", ev.Kind, ev.Message)
	// The text tells the reading; the reply takes its own time, on a CPU
	// often as long again, so the line says the whole call's too.
	if w := ev.Wait; w != nil && w.Phase == chat.Reading && w.Expected > 0 {
		s += "; " + speed.About(w.Expected) + " with the reply"
	}
	return telling{line: s, rowless: true}
}

func tellModelCall(ev agent.Event) telling {
	u := ev.Usage
	if u == nil {
		return telling{line: "model call " + ev.Kind, rowless: true}
	}
	s := fmt.Sprintf("model %s call: %d prompt tokens (%d cached), %d written, %s", ev.Kind, u.PromptTokens, u.CachedTokens, u.CompletionTokens, u.Duration.Round(time.Millisecond))
	if ev.Message != "" {
		s += " FAILED: " + callFailure(ev.Message)
	}
	if ev.Thinking != "" {
		s += "; thought: " + clipped(oneLine(ev.Thinking), thinkingShown)
	}
	return telling{line: s, rowless: true}
}

func tellAction(ev agent.Event) telling {
	line := fmt.Sprintf("%s %s", ev.Action, ev.Param)
	if ev.Thought != "" {
		line += "  (" + ev.Thought + ")"
	}
	t := told(line, cmp.Or(actionIcons[ev.Action], "•"), ev.Action, ev.Param, "action")
	t.row.Thought = ev.Thought
	return t
}

func tellRefused(ev agent.Event) telling {
	if ev.Action == "" { // an unusable reply names no action
		return told("refused the reply: "+oneLine(ev.Reason), "↩", "Reply sent back", ev.Reason, "refused").saying("replySentBack")
	}
	return told(fmt.Sprintf("refused %s: %s", ev.Action, oneLine(ev.Reason)), "↩", ev.Action+" sent back", ev.Reason, "refused").saying("actionSentBack", "action", ev.Action)
}

func tellFinding(ev agent.Event) telling {
	f := ev.Finding
	switch {
	case f == nil:
		return telling{line: ev.Type, rowless: true}
	case f.Earlier != nil:
		return told(fmt.Sprintf("finding [%d] for items %v, from the earlier run (its [%d]): %s", f.Number, f.Items, f.Earlier.Number, f.Text),
			"✚", fmt.Sprintf("Finding [%d], from the earlier run", f.Number), f.Text, "finding").saying("findingEarlier", "n", f.Number)
	}
	return told(fmt.Sprintf("finding [%d] for items %v: %s", f.Number, f.Items, f.Text),
		"✚", fmt.Sprintf("Finding [%d]", f.Number), f.Text, "finding").saying("finding", "n", f.Number)
}

func tellCheck(ev agent.Event) telling {
	line := "check " + ev.Kind
	if ev.Reason != "" {
		line = fmt.Sprintf("check %s: %s", ev.Kind, oneLine(ev.Reason))
	}
	t := told(line, "◆", checkTitle(ev.Kind), ev.Reason, "check")
	if _, ok := checkTitles[ev.Kind]; ok {
		t = t.saying("check." + ev.Kind)
	}
	return t
}

func tellRebuilt(ev agent.Event) telling {
	return told("prompt rebuilt: "+ev.Reason, "♻", "Prompt rebuilt", ev.Reason, "info").saying("promptRebuilt")
}

func tellTurnSkipped(ev agent.Event) telling {
	return told("turn skipped: "+ev.Reason, "⚠", "Turn skipped", ev.Reason, "failed").saying("turnSkipped")
}

func tellRunFinished(ev agent.Event) telling {
	line := "run finished: " + string(ev.Status)
	if ev.Message != "" {
		line += " (" + callFailure(ev.Message) + ")"
	}
	t := told(line, "■", "Run "+ev.Status.Words(), ev.Message, ev.Status.Tone())
	if slices.Contains(agent.Statuses(), ev.Status) {
		t = t.saying("end." + string(ev.Status))
	}
	t.row.SayDetail = endingSaid(ev.Ending)
	return t
}

func tellReportWritten(ev agent.Event) telling {
	return told("report written: "+ev.File, "✎", "Report written", ev.File, "done").saying("reportWritten")
}

func tellNotice(ev agent.Event) telling {
	t := told("note: "+oneLine(ev.Message), "ℹ", "Note", ev.Message, "info").saying("note")
	if ev.Kind == agent.NoticeWaiting {
		t = told("waiting for you: "+oneLine(ev.Message), "✋", "Waiting for you", ev.Message, "attention").saying("waiting")
	}
	t.row.SayDetail = ev.Say
	return t
}

// checkTitles are the titles of the window's rows of checks, by kind; a
// test holds every agent.Check* to an entry here.
var checkTitles = map[string]string{
	agent.CheckProgress:   "Progress check",
	agent.CheckCoverage:   "Coverage check",
	agent.CheckFinishNow:  "Everything covered: finish now",
	agent.CheckNotCovered: "Finish sent back",
	agent.CheckStepTaken:  "Scout took the next step itself",
	agent.CheckContext:    "Context adjusted",
	agent.CheckReport:     "Report checked against its promise",
}

func checkTitle(kind string) string {
	if t, ok := checkTitles[kind]; ok {
		return t
	}
	return "Check: " + kind
}
