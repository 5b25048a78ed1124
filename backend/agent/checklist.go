package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/chat"
)

// maxChecklistItems bounds the checklist: more items than this are the
// model splitting hairs, and each one costs a check.
const maxChecklistItems = 6

var checklistSchema = map[string]any{
	"type":                 "object",
	"properties":           map[string]any{"items": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}},
	"required":             []string{"items"},
	"additionalProperties": false,
}

// makeChecklist splits the objective into the fixed list of what the result
// must contain, as the first exchange of the conversation: the system
// prompt and the objective it reads are then already in the server's cache
// for the first action. If the model's answer is unusable, the objective
// itself is the one item, so the run can go on.
func (a *Agent) makeChecklist(ctx context.Context) error {
	a.conv.msgs = nil
	a.conv.add(chat.System, render("system", nil))
	a.conv.add(chat.User, render("checklist-request", a.st.objective))
	reply, err := a.call(ctx, KindChecklist, a.conv.msgs, checklistSchema)
	if err != nil {
		return err
	}
	var got struct {
		Items []string `json:"items"`
	}
	obj, err := extractJSON(reply.Content)
	if err == nil {
		_ = json.Unmarshal([]byte(obj), &got) // an unusable answer leaves no items: see below
	}
	for _, it := range got.Items {
		it = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(it), "0123456789.)- "))
		if it != "" && len(a.st.checklist) < maxChecklistItems {
			a.st.checklist = append(a.st.checklist, Item{Number: len(a.st.checklist) + 1, Text: it})
		}
	}
	answer := reply.Content
	if len(a.st.checklist) == 0 {
		a.st.checklist = []Item{{Number: 1, Text: a.st.objective}}
		answer = `{"items": []}` // the model is not shown its garbage as its own words
	}
	a.conv.add(chat.Assistant, answer)
	a.conv.add(chat.User, render("start", map[string]any{"Checklist": a.st.checklist}))
	a.conv.opened()
	a.res.Checklist = a.st.checklist
	a.emit(Event{Type: EvChecklist, Checklist: a.st.checklist})
	return nil
}

// coverageStatus is one line per item: which findings cover it. Notes in
// the conversation name a covered item by number only (its text is in the
// conversation's start; what is missing is what the model must read
// about); a rebuilt prompt, which has no start, names every item in full.
func (a *Agent) coverageStatus() string { return a.status(false) }

func (a *Agent) fullCoverageStatus() string { return a.status(true) }

func (a *Agent) status(full bool) string {
	var sb strings.Builder
	for i, it := range a.st.checklist {
		if i > 0 {
			sb.WriteByte('\n')
		}
		fs := a.st.covering(it.Number)
		if len(fs) == 0 {
			fmt.Fprintf(&sb, "%d. %s: missing", it.Number, it.Text)
			continue
		}
		nums := make([]string, len(fs))
		for j, f := range fs {
			nums[j] = fmt.Sprintf("[%d]", f.Number)
		}
		if full {
			fmt.Fprintf(&sb, "%d. %s: covered by %s", it.Number, it.Text, strings.Join(nums, " "))
		} else {
			fmt.Fprintf(&sb, "%d. covered by %s", it.Number, strings.Join(nums, " "))
		}
	}
	return sb.String()
}

// periodicChecks returns the note due after this turn: the progress check
// after turns without a new finding, the objective check every few turns
// whatever happened.
func (a *Agent) periodicChecks() string {
	var why string
	switch {
	case a.st.sinceFinding >= progressCheckAfter:
		why = fmt.Sprintf("Progress check: %d turns without a new finding.", a.st.sinceFinding)
		a.st.sinceFinding = 0
	case a.st.turn%objectiveCheckEvery == 0:
		why = fmt.Sprintf("Objective check (turn %d).", a.st.turn)
	default:
		return ""
	}
	a.emit(Event{Type: EvCheck, Kind: "progress", Reason: why})
	return render("progress-check", map[string]string{"Why": why, "Status": a.coverageStatus()})
}
