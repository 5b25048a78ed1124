package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/page"
)

// turn asks for one action and carries it out. A refused action is sent
// back inside the same conversation (a cheap retry) up to the per-turn and
// per-run bounds. It returns done when a FINISH was accepted, else the
// turn's observation for the caller to append.
func (a *Agent) turn(ctx context.Context) (done bool, obs string, err error) {
	garbage, retries := 0, 0
	for {
		reply, err := a.actionCall(ctx)
		if err != nil {
			return false, "", err
		}
		a.conv.add(chat.Assistant, reply.Content)
		act, perr := ParseAction(reply.Content)
		if perr != nil {
			garbage++
			if garbage >= maxGarbagePerTurn {
				obs, err := a.skipTurn(perr)
				return false, obs, err
			}
			note := render("unparseable", perr.Error())
			a.emit(Event{Type: EvRefused, Kind: RefusalUnparseable, Reason: note})
			a.conv.add(chat.User, note)
			continue
		}
		a.st.skippedInARow = 0
		a.emit(Event{Type: EvAction, Action: act.Name, Param: act.Param, Thought: clip(act.Thought, maxThoughtChars)})
		n, finishNow := a.check(ctx, act)
		if ctx.Err() != nil {
			return false, "", ctx.Err()
		}
		if !n.sendsBack() {
			a.accepted()
			if finishNow {
				return true, "", nil
			}
			return false, a.execute(ctx, act), nil
		}
		note, repeats := n.text, a.refusalRepeats(act)
		if repeats == 1 {
			note += " " + render("repeated", act.Name)
		}
		a.emit(Event{Type: EvRefused, Kind: n.kind, Action: act.Name, Param: act.Param, Reason: note})
		if repeats >= maxRepeatedRefusals {
			a.journal(act, "refused")
			return false, "", stuckError(act, n)
		}
		if retries >= maxRetriesPerTurn || a.st.retriesUsed >= maxRetriesPerRun {
			// Out of cheap retries: the note becomes this turn's result.
			a.journal(act, "refused")
			return false, fmt.Sprintf("Turn %d: %s", a.st.turn, note), nil
		}
		retries++
		a.st.retriesUsed++
		a.conv.add(chat.User, note)
	}
}

// endTurn appends the turn's observation with any check that is due.
func (a *Agent) endTurn(obs string) {
	if a.st.newFinding {
		a.st.sinceFinding = 0
		a.st.newFinding = false
	} else {
		a.st.sinceFinding++
	}
	if check := a.periodicChecks(); check != "" {
		obs += "\n\n" + check
	}
	a.st.lastObs = obs
	a.conv.add(chat.User, obs)
}

// skipTurn gives up on a turn of unusable replies; several in a row mean
// the model cannot do the job.
func (a *Agent) skipTurn(cause error) (string, error) {
	a.st.skippedInARow++
	a.emit(Event{Type: EvTurnSkipped, Reason: cause.Error()})
	a.st.journal = append(a.st.journal, fmt.Sprintf("T%d skipped: no usable reply", a.st.turn))
	obs := fmt.Sprintf("Turn %d was skipped: your replies could not be used (%v). Reply with only the JSON object.", a.st.turn, cause)
	if a.st.skippedInARow >= maxSkippedTurns {
		return obs, errModelUnusable
	}
	return obs, nil
}

// actionCall sends the conversation, rebuilding it first when it nears the
// context limit, and once more after the server reports an overflow.
func (a *Agent) actionCall(ctx context.Context) (chat.Reply, error) {
	if fits, rebuild := a.conv.fits(a.cfg.ContextLength, maxTokens[KindAction]); !fits || rebuild {
		a.rebuild("the conversation neared the context limit")
	} else if a.cfg.RebuildEveryTurn && a.conv.underway() {
		a.rebuild("baseline: a fresh prompt every turn")
	}
	reply, err := a.send(ctx, KindAction, "", actionSchema)
	if err == nil {
		a.conv.calibrate(reply.Usage.PromptTokens)
	}
	return reply, err
}

// send sends the conversation, with extra as a last user message when set,
// and once more in a rebuilt compact prompt when the server reports an
// overflow (the call has then shrunk the context to what it reported).
func (a *Agent) send(ctx context.Context, kind, extra string, schema map[string]any) (chat.Reply, error) {
	msgs := func() []chat.Message {
		if extra == "" {
			return a.conv.msgs
		}
		return withMessage(append([]chat.Message(nil), a.conv.msgs...), chat.User, extra)
	}
	reply, err := a.call(ctx, kind, msgs(), schema)
	if errors.Is(err, chat.ErrContextOverflow) {
		a.rebuild("the server reported the prompt too long")
		reply, err = a.call(ctx, kind, msgs(), schema)
	}
	return reply, err
}

// adaptContext keeps the rest of the run within the context the server
// says it has loaded, when that is less than assumed: LM Studio loading a
// model on the first request (just in time) may load less than the 8192
// tokens assumed when nothing was loaded to ask.
// The open page is split anew in smaller parts, so the part a rebuilt
// prompt shows fits too.
func (a *Agent) adaptContext(loaded int) {
	if loaded <= 0 || loaded >= a.cfg.ContextLength {
		return
	}
	was := a.cfg.ContextLength
	a.cfg.ContextLength, a.budget = loaded, page.PartBudget(loaded)
	why := fmt.Sprintf("The server has %d tokens of context loaded, not %d: prompts and page parts are kept within it from now on.", loaded, was)
	if p := a.st.current; p != nil && len(p.page.Parts) > 0 {
		p.resplit(a.budget, a.est)
		a.st.resplit = true
		why += fmt.Sprintf(" The open page is now in %d parts.", len(p.page.Parts))
		a.st.journal = append(a.st.journal, fmt.Sprintf("T%d page split anew for the smaller context: %d parts", a.st.turn, len(p.page.Parts)))
	}
	a.emit(Event{Type: EvCheck, Kind: "context", Count: loaded, Reason: why})
}

// rebuild replaces the conversation with a fresh compact prompt: the
// objective, the checklist with its coverage, shortened findings, the
// compact journal, the current page part and the latest message (the last
// observation or note, which the model has not answered yet). Findings and
// journal shrink until the prompt takes at most rebuildTarget of the
// context, so a long run does not rebuild every turn.
func (a *Agent) rebuild(why string) {
	latest := ""
	if n := len(a.conv.msgs); a.conv.underway() && a.conv.msgs[n-1].Role == chat.User {
		latest = a.conv.msgs[n-1].Content
	}
	// The last observation (search results, a page part) stays in view
	// even when a refusal note came after it: the note may point to it.
	observation := a.st.lastObs
	if observation == latest {
		observation = ""
	}
	if a.st.resplit {
		// The page text in them was cut for the larger context: the part
		// shown below replaces it.
		a.st.resplit = false
		if strings.Contains(latest, "<page>") {
			latest = ""
		}
		if strings.Contains(observation, "<page>") {
			observation = ""
		}
	}
	var part map[string]any
	if p := a.st.current; p != nil && p.shown > 0 && !strings.Contains(latest+observation, "<page>") {
		part = a.partData(p, p.shown)
	}
	for _, size := range rebuildSizes {
		data := map[string]any{
			"Objective":   a.st.objective,
			"Status":      a.fullCoverageStatus(),
			"Findings":    shortFindings(a.st.findings, size.findingChars),
			"Journal":     lastLines(a.st.journal, size.journalLines),
			"Part":        part,
			"Observation": observation,
			"Latest":      latest,
		}
		a.conv.msgs = nil
		a.conv.add(chat.System, render("system", nil))
		a.conv.add(chat.User, render("rebuild", data))
		a.conv.opened()
		if float64(a.conv.tokens()) <= rebuildTarget*float64(a.cfg.ContextLength) {
			break
		}
	}
	a.emit(Event{Type: EvRebuilt, Reason: why})
}

// rebuildSizes are the ever shorter forms a rebuilt prompt tries.
var rebuildSizes = []struct{ findingChars, journalLines int }{
	{findingCharsInRebuild, journalLinesInRebuild}, {160, 8}, {100, 5}, {60, 3},
}

func shortFindings(fs []Finding, chars int) []Finding {
	out := make([]Finding, len(fs))
	for i, f := range fs {
		f.Text = clip(f.Text, chars)
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
