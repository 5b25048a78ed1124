package agent

import "strings"

// The run's send-backs, kept as one log. What FINISH's rules count (its
// "not covered" and gap send-backs), the wordings a finding was warned
// about once, the cheap retries spent, and the replies refused since the
// last accepted action are all read from it, instead of each being a tally
// of its own that every send-back has to keep in step.

// sentBack is one entry of the log: a send-back, or the mark an accepted
// action leaves after send-backs.
type sentBack struct {
	accepted bool   // the mark: the model moved on
	reply    string // the action and its parameter, as replyKey has them
	kind     string // the refusal's kind (Refusal*)
	key      string // what the send-back was about, where its rule keeps one (a finding's wording)
	retried  bool   // answered inside the same turn, as a cheap retry
}

// sendBacks is the log, oldest first.
type sendBacks []sentBack

// add logs act sent back by v and returns how many replies refused since
// the last accepted action were the same as an earlier one.
func (l *sendBacks) add(act Action, v verdict) int {
	*l = append(*l, sentBack{reply: replyKey(act), kind: v.kind, key: v.key})
	return l.sinceAccepted().repeats()
}

// replyKey is what makes two replies the same one: the action and its
// parameter; a reworded thought is the same reply.
func replyKey(act Action) string {
	return act.Name + " " + strings.ToLower(strings.Join(strings.Fields(act.Param), " "))
}

// accepted marks the model moving on: the refusals before it no longer
// count as repeated.
func (l *sendBacks) accepted() {
	if n := len(*l); n > 0 && !(*l)[n-1].accepted {
		*l = append(*l, sentBack{accepted: true})
	}
}

// retried marks the send-back logged last as answered inside its turn.
func (l *sendBacks) retried() {
	if n := len(*l); n > 0 && !(*l)[n-1].accepted {
		(*l)[n-1].retried = true
	}
}

// retries is the number of cheap retries spent this run.
func (l sendBacks) retries() int {
	n := 0
	for _, s := range l {
		if s.retried {
			n++
		}
	}
	return n
}

// count is the number of send-backs of kind this run.
func (l sendBacks) count(kind string) int {
	n := 0
	for _, s := range l {
		if !s.accepted && s.kind == kind {
			n++
		}
	}
	return n
}

// keys are what the send-backs of kind were about.
func (l sendBacks) keys(kind string) map[string]bool {
	keys := map[string]bool{}
	for _, s := range l {
		if !s.accepted && s.kind == kind {
			keys[s.key] = true
		}
	}
	return keys
}

// sinceAccepted is the send-backs after the last accepted action.
func (l sendBacks) sinceAccepted() sendBacks {
	for i := len(l) - 1; i >= 0; i-- {
		if l[i].accepted {
			return l[i+1:]
		}
	}
	return l
}

// repeats is the number of send-backs whose reply an earlier one had.
func (l sendBacks) repeats() int {
	seen, n := map[string]bool{}, 0
	for _, s := range l {
		if seen[s.reply] {
			n++
		}
		seen[s.reply] = true
	}
	return n
}
