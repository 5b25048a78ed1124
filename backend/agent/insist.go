package agent

import "context"

// The FINISH a model insists on. Scout sends a FINISH with gaps back once
// (maxGapSendBacks), naming a next step for each open item. A small model
// often answers that by sending FINISH again at once, without taking the
// step: the zoo's stubborn style, and the ancestor's notes on Qwen2.5-7B.
// Sending it back a second time only loops (the ancestor measured it), and
// accepting it leaves items unanswered that one step might answer.
//
// So, once a run, Scout takes that step itself: when a FINISH comes right
// after the send-back, with no action accepted in between, and an open gap
// has a step code can take (read the unread part of the open page that
// matches it, or make a search not made yet), Scout takes it and shows the
// model what it gave, saying that the next FINISH ends the run. This is
// no overruling on a guess: the send-back named the step, the model took
// none, and the gap is code's own finding. The next FINISH is accepted,
// with what is still missing reported as not found.

// insistedStep is the step Scout takes for an insisting FINISH whose
// gaps (those the coverage check left) are still open, if there is one.
func (a *Agent) insistedStep(gaps []gap) (gap, step, bool) {
	if a.st.counts.sent.sinceAccepted().count(RefusalGaps) == 0 {
		return gap{}, step{}, false
	}
	w := a.st.whereNext()
	for _, g := range gaps {
		if g.Settled {
			continue
		}
		if s, ok := stepFor(g, w); ok {
			return g, s, true
		}
	}
	return gap{}, step{}, false
}

// takeStep carries out s, the step named for gap g, in the model's place,
// and returns its outcome behind a note that says whose step it was.
func (a *Agent) takeStep(ctx context.Context, g gap, s step) (outcome, error) {
	act := s.action()
	a.emit(Event{Type: EvCheck, Kind: CheckStepTaken, Action: act.Name, Param: act.Param, Reason: render("gap-list", []gap{g})})
	note := render("step-taken", map[string]any{"Gap": g, "Action": act})
	if act.Name == ActReadMore {
		return outcome{obs: note + "\n\n" + a.readMore(act, s.part), page: true}, nil
	}
	obs, err := a.search(ctx, act)
	return outcome{obs: note + "\n\n" + obs}, err
}
