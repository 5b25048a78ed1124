package agent

import (
	"context"

	"github.com/scout-research/scout/backend/agent/reply"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/plain"
)

// The run's loop and one turn of it, read top to bottom:
//
//	ask → parse → verdict → act → observe
//
// The rules (rules.go, discover.go, finish.go) are pure functions that
// judge an action; what they decide is applied here (remember) and in the
// act step (act.go), and nowhere else.

// loop runs turns until the run ends, and returns its status with what an
// accepted FINISH left uncovered.
func (a *Agent) loop(ctx context.Context) (Status, []gap) {
	if a.cfg.Resume != nil {
		if err := a.resume(ctx); err != nil {
			return a.statusFor(ctx, err), nil
		}
	} else if err := a.makeChecklist(ctx); err != nil {
		return a.statusFor(ctx, err), nil
	}
	for a.st.turn < a.cfg.MaxTurns {
		if ctx.Err() != nil {
			return StatusInterrupted, nil
		}
		out, err := a.turn(ctx)
		switch {
		case err != nil:
			return a.statusFor(ctx, err), nil
		case out.done:
			return StatusFinished, out.gaps
		}
		a.observe(out)
	}
	return StatusTurnLimit, nil
}

// outcome is what a turn leaves for the loop.
type outcome struct {
	obs   string // the observation the model reads next
	page  bool   // obs carries page text
	found bool   // a finding was recorded
	done  bool   // a FINISH was accepted
	gaps  []gap  // what the accepted FINISH left uncovered
	fresh bool   // the next turn starts from a fresh prompt
}

// turn asks for one action and carries it out. A reply that cannot be
// used, or an action a rule sends back, is answered inside the same
// conversation (a cheap retry) up to the per-turn and per-run bounds. An
// error ends the run.
func (a *Agent) turn(ctx context.Context) (outcome, error) {
	a.st.turn++
	a.emit(Event{Type: EvTurnStarted})
	garbage, retries := 0, 0
	for {
		reply, err := a.ask(ctx)
		if err != nil {
			return outcome{}, err
		}
		act, err := ParseAction(reply)
		if err != nil {
			if garbage++; garbage >= maxGarbagePerTurn {
				return a.skip(err)
			}
			note := render("unparseable", err.Error())
			a.emit(Event{Type: EvRefused, Kind: RefusalUnparseable, Reason: note})
			a.st.conv.add(chat.User, note)
			continue
		}
		a.st.counts.skippedInARow = 0
		a.emit(Event{Type: EvAction, Action: act.Name, Param: act.Param, Thought: clip(act.Thought, maxThoughtChars)})
		v := a.verdict(act)
		if act.Name == ActFinish && !v.sendsBack() {
			// FINISH's last rule needs the coverage check, a model call.
			v = gapsRule(a.coverage(ctx, act.Thought), a.st.counts.sent.count(RefusalGaps))
		}
		if ctx.Err() != nil {
			return outcome{}, ctx.Err()
		}
		if !v.sendsBack() {
			if act.Name == ActFinish {
				if g, s, insisted := a.insistedStep(v.gaps); insisted {
					a.st.counts.sent.accepted()
					return a.takeStep(ctx, g, s) // see insist.go
				}
			}
			a.st.counts.sent.accepted()
			return a.act(ctx, act, v)
		}
		note, err := a.sendBack(act, v)
		if err != nil {
			return outcome{}, err
		}
		// A FINISH sent back for gaps ends the turn, and the next starts
		// from a fresh prompt when the conversation is long: a small model
		// deep in one answers a send-back by finishing again (the
		// ancestor's lesson); see observe.
		fresh := v.kind == RefusalGaps
		if fresh || retries >= maxRetriesPerTurn || a.st.counts.sent.retries() >= maxRetriesPerRun {
			// Out of cheap retries: the note becomes this turn's result.
			a.journal(act, render("journal-refused", nil))
			return outcome{obs: render("turn-refused", map[string]any{"Turn": a.st.turn, "Note": note}), page: v.quotesPage, fresh: fresh}, nil
		}
		retries++
		a.st.counts.sent.retried()
		a.st.conv.addText(chat.User, note, v.quotesPage)
	}
}

// ask sends the conversation for the next action and adds the reply to it.
func (a *Agent) ask(ctx context.Context) (string, error) {
	answer, err := a.actionCall(ctx)
	if err != nil {
		return "", err
	}
	content := answer.Content
	if closed, ok := reply.CloseCut(content); ok {
		// Stopped once its thought had its sentence, or cut off in it by
		// the token limit: the conversation keeps the reply closed there,
		// so the model sees its own replies short and whole.
		content = closed
	}
	a.st.conv.add(chat.Assistant, content)
	return content, nil
}

// verdict judges an action by its rules, in order of precedence: the
// first to send it back decides. An accepted action's verdict carries
// what its rules worked out for the act step.
func (a *Agent) verdict(act Action) verdict {
	st, p := &a.st, a.st.page.facts()
	switch act.Name {
	case ActSearch:
		return first(searchRule(act.Param, st.trail.searches), leaveRule(p))
	case ActNavigate:
		u, seen := st.trail.resolve(act.Param)
		return first(navigateRule(u, seen, st.trail.visits, p), leaveRule(p), verdict{url: u})
	case ActReadMore:
		part, v := readMoreRule(act.Param, p)
		return first(v, readOnRule(p), verdict{part: part})
	case ActDiscover:
		c := claimOn(act, st.page, st.record.objective, st.record.ledger())
		return first(
			findingRule(c),
			duplicateRule(c, st.record.findings),
			groundRule(c, st.record.objective, st.counts.sent.keys(RefusalLooseWording)),
			notOnPageRule(c),
			verdict{finding: c.finding(), notFor: c.notFor})
	case ActFinish:
		// gapsRule, after the coverage check, is the last (see turn).
		return first(findingsRule(st.record.findings), notCoveredRule(act.Thought, st.record.status(false), st.counts.sent.count(RefusalNotCovered)))
	}
	return refuse(RefusalUnknownAction, "unknown-action", nil)
}

// sendBack applies a send-back: the state remembers it, a reply refused
// before is told so once, and the refusal is journaled. It returns the
// note for the model, or the error that ends a run stuck on one reply.
func (a *Agent) sendBack(act Action, v verdict) (string, error) {
	a.remember(v)
	note, repeats := v.note, a.st.counts.sent.add(act, v)
	if repeats == 1 {
		note += " " + render("repeated", act.Name)
	}
	a.emit(Event{Type: EvRefused, Kind: v.kind, Action: act.Name, Param: act.Param, Reason: note})
	if repeats >= maxRepeatedRefusals {
		a.journal(act, render("journal-refused", nil))
		return "", stuckError(act, v)
	}
	return note, nil
}

// remember is what a send-back changes beside the log of send-backs
// (sendbacks.go): a question asked once about the open page is not asked
// again there, and a FINISH sent back for its own "not covered" is a check
// the journal shows.
func (a *Agent) remember(v verdict) {
	switch v.kind {
	case RefusalConfirmLeave:
		a.st.page.confirmed = true
	case RefusalConfirmReadOn:
		a.st.page.confirmedPart = a.st.page.shown
	case RefusalNotCovered:
		a.emit(Event{Type: EvCheck, Kind: CheckNotCovered})
	}
}

// act carries out an accepted action (act.go) and returns what came of it.
func (a *Agent) act(ctx context.Context, act Action, v verdict) (outcome, error) {
	switch act.Name {
	case ActSearch:
		obs, err := a.search(ctx, act)
		return outcome{obs: obs}, err
	case ActNavigate:
		obs, page, err := a.navigate(ctx, act, v.url)
		return outcome{obs: obs, page: page}, err
	case ActReadMore:
		return outcome{obs: a.readMore(act, v.part), page: true}, nil
	case ActDiscover:
		return outcome{obs: a.record(act, *v.finding, v.notFor), found: true}, nil
	}
	return outcome{done: true, gaps: v.gaps}, nil // FINISH, which the loop ends on
}

// observe appends the turn's observation, with the check that is due.
func (a *Agent) observe(out outcome) {
	c := &a.st.counts
	if out.found {
		c.sinceFinding = 0
	} else {
		c.sinceFinding++
	}
	obs := out.obs
	if why, restart := dueCheck(a.st.turn, c.sinceFinding); why != "" {
		if restart {
			c.sinceFinding = 0
		}
		a.emit(Event{Type: EvCheck, Kind: CheckProgress, Reason: why})
		obs += "\n\n" + render("progress-check", map[string]string{"Why": why, "Status": a.st.record.status(false)})
	}
	a.st.conv.observed(obs, out.page)
	if out.fresh && float64(a.st.conv.tokens()) >= freshPromptAt*float64(a.cfg.ContextLength) {
		a.rebuild("a FINISH was sent back for gaps: the next turn starts from a fresh prompt")
	}
}

// dueCheck is the reason for the check due after a turn, if any: the
// progress check after turns without a new finding (restart: its count
// starts again), the objective check every few turns whatever happened.
func dueCheck(turn, sinceFinding int) (why string, restart bool) {
	switch {
	case sinceFinding >= progressCheckAfter:
		return render("progress-why", sinceFinding), true
	case turn%objectiveCheckEvery == 0:
		return render("objective-why", turn), false
	}
	return "", false
}

// skip gives up on a turn of unusable replies; several in a row mean the
// model cannot do the job.
func (a *Agent) skip(cause error) (outcome, error) {
	c := &a.st.counts
	c.skippedInARow++
	a.emit(Event{Type: EvTurnSkipped, Reason: cause.Error()})
	a.st.conv.journal = append(a.st.conv.journal, render("journal-skipped", a.st.turn))
	if c.skippedInARow >= maxSkippedTurns {
		return outcome{}, errModelUnusable
	}
	return outcome{obs: render("skipped", map[string]any{"Turn": a.st.turn, "Cause": cause})}, nil
}

// journal adds the compact line for an action and its outcome.
func (a *Agent) journal(act Action, outcome string) {
	line := render("journal", map[string]any{"Turn": a.st.turn, "Action": act.Name, "Param": clip(act.Param, journalParamChars), "Outcome": outcome})
	a.st.conv.journal = append(a.st.conv.journal, line)
}

// clip is plain.Clip, as the agent's notes and journal cut what they show.
func clip(s string, n int) string { return plain.Clip(s, n) }
