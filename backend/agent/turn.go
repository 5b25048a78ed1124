package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/chat"
)

// turn asks for one action and carries it out. A refused action is sent
// back inside the same conversation (a cheap retry) up to the per-turn and
// per-run bounds. It returns done when a FINISH was accepted.
func (a *Agent) turn(ctx context.Context) (done bool, err error) {
	garbage, retries := 0, 0
	for {
		reply, err := a.actionCall(ctx)
		if err != nil {
			return false, err
		}
		a.conv.add(chat.Assistant, reply.Content)
		act, perr := ParseAction(reply.Content)
		if perr != nil {
			garbage++
			if garbage >= maxGarbagePerTurn {
				return false, a.skipTurn(perr)
			}
			a.conv.add(chat.User, render("unparseable", perr.Error()))
			continue
		}
		a.st.skippedInARow = 0
		a.emit(Event{Type: EvAction, Action: act.Name, Param: act.Param, Thought: clip(act.Thought, maxThoughtChars)})
		note, finishNow := a.check(ctx, act)
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if note == "" {
			if finishNow {
				return true, nil
			}
			a.execute(ctx, act)
			return false, nil
		}
		a.emit(Event{Type: EvRefused, Action: act.Name, Param: act.Param, Reason: note})
		if retries >= maxRetriesPerTurn || a.st.retriesUsed >= maxRetriesPerRun {
			// Out of cheap retries: the note becomes this turn's result.
			a.conv.add(chat.User, fmt.Sprintf("Turn %d: %s", a.st.turn, note))
			a.journal(act, "refused")
			return false, nil
		}
		retries++
		a.st.retriesUsed++
		a.res.Retries++
		a.conv.add(chat.User, note)
	}
}

// skipTurn gives up on a turn of unusable replies; several in a row mean
// the model cannot do the job.
func (a *Agent) skipTurn(cause error) error {
	a.st.skippedInARow++
	a.emit(Event{Type: EvTurnSkipped, Reason: cause.Error()})
	a.st.journal = append(a.st.journal, fmt.Sprintf("T%d skipped: no usable reply", a.st.turn))
	a.conv.add(chat.User, fmt.Sprintf("Turn %d was skipped: your replies could not be used (%v). Reply with only the JSON object.", a.st.turn, cause))
	if a.st.skippedInARow >= maxSkippedTurns {
		return errModelUnusable
	}
	return nil
}

// actionCall sends the conversation, rebuilding it first when it nears the
// context limit, and once more after the server reports an overflow.
func (a *Agent) actionCall(ctx context.Context) (chat.Reply, error) {
	if fits, rebuild := a.conv.fits(a.cfg.ContextLength, maxTokens[KindAction]); !fits || rebuild {
		a.rebuild("the conversation neared the context limit")
	}
	reply, err := a.call(ctx, KindAction, a.conv.msgs, actionSchema)
	if errors.Is(err, chat.ErrContextOverflow) {
		a.rebuild("the server reported the prompt too long")
		reply, err = a.call(ctx, KindAction, a.conv.msgs, actionSchema)
	}
	if err == nil {
		a.conv.calibrate(reply.Usage.PromptTokens)
	}
	return reply, err
}

// rebuild replaces the conversation with a fresh compact prompt: the
// objective, the checklist with its coverage, shortened findings, the
// compact journal and the current page part.
func (a *Agent) rebuild(why string) {
	data := map[string]any{
		"Objective": a.st.objective,
		"Status":    a.coverageStatus(),
		"Findings":  shortFindings(a.st.findings),
		"Journal":   lastLines(a.st.journal, journalLinesInRebuild),
	}
	if p := a.st.current; p != nil && p.shown > 0 {
		data["Part"] = a.partData(p, p.shown)
	}
	a.conv.msgs = nil
	a.conv.add(chat.System, render("system", nil))
	a.conv.add(chat.User, render("rebuild", data))
	a.res.Rebuilds++
	a.emit(Event{Type: EvRebuilt, Reason: why})
}

func shortFindings(fs []Finding) []Finding {
	out := make([]Finding, len(fs))
	for i, f := range fs {
		f.Text = clip(f.Text, findingCharsInRebuild)
		out[i] = f
	}
	return out
}

func lastLines(lines []string, n int) []string {
	if len(lines) > n {
		return lines[len(lines)-n:]
	}
	return lines
}

// journal adds the compact line for an action.
func (a *Agent) journal(act Action, outcome string) {
	a.st.journal = append(a.st.journal, fmt.Sprintf("T%d %s %s: %s", a.st.turn, act.Name, clip(act.Param, 80), outcome))
}

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
