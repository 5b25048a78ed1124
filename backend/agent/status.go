package agent

// Status is how a run stands: how it ended, or that it still goes on. The
// journal (run_finished), report.json and run.json keep it as its string.
type Status string

// Run statuses. Each has its words, tone and resumability in statuses
// below; a test holds every one declared here to an entry there.
const (
	StatusFinished         Status = "finished"
	StatusTurnLimit        Status = "turn_limit"
	StatusInterrupted      Status = "interrupted"
	StatusModelUnavailable Status = "model_unavailable"
	// StatusStuck: the model kept sending the same refused reply.
	StatusStuck Status = "stuck"
	// StatusSearchUnavailable: searches kept failing (blocked, offline or
	// a wrong search address in the settings).
	StatusSearchUnavailable Status = "search_unavailable"
	// StatusFailed: Scout itself failed (a bug); the report holds what the
	// journal had.
	StatusFailed Status = "failed"
	// StatusRunning marks a run still going: a report written while it
	// goes on, or a run the app is running now.
	StatusRunning Status = "running"
)

// Tones a status colours the app's journal row of a run's end with.
const (
	// ToneDone: the run finished, the colour of success.
	ToneDone = "done"
	// ToneInfo: the user or the turn limit stopped it, as they should,
	// before it finished; it shows plain.
	ToneInfo = "info"
	// ToneFailed: the model, the search or Scout ended it.
	ToneFailed = "failed"
)

// standing is what the app says of a status.
type standing struct {
	words     string // how the run stands, in the words the app shows
	tone      string // the colour of its end in the journal (Tone*)
	resumable bool   // stopped before the agent finished, so it can go on
}

var statuses = map[Status]standing{
	StatusFinished:          {"finished", ToneDone, false},
	StatusTurnLimit:         {"stopped at the turn limit", ToneInfo, true},
	StatusInterrupted:       {"stopped", ToneInfo, true},
	StatusModelUnavailable:  {"ended: model unavailable", ToneFailed, true},
	StatusStuck:             {"ended: the model was stuck", ToneFailed, true},
	StatusSearchUnavailable: {"ended: search unavailable", ToneFailed, true},
	StatusFailed:            {"could not start", ToneFailed, false},
	StatusRunning:           {"running now", ToneFailed, false}, // never ends a run: a run_finished says how it ended
}

// Statuses are every status there is, in no particular order.
func Statuses() []Status {
	out := make([]Status, 0, len(statuses))
	for s := range statuses {
		out = append(out, s)
	}
	return out
}

// Words says how a run stands, in the words the app shows; a status this
// Scout does not know (from a newer one) is shown as it is written.
func (s Status) Words() string {
	if st, ok := statuses[s]; ok {
		return st.words
	}
	return string(s)
}

// Tone is the colour of a run's end in the app's journal (Tone*); a status
// this Scout does not know shows as failed.
func (s Status) Tone() string {
	if st, ok := statuses[s]; ok {
		return st.tone
	}
	return ToneFailed
}

// Resumable says whether a run that stands at s can be resumed: one that
// stopped before the agent finished.
func (s Status) Resumable() bool { return statuses[s].resumable }
