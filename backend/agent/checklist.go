package agent

import (
	"context"
	"strings"

	"github.com/scout-research/scout/backend/agent/reply"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/plain"
)

var checklistSchema = map[string]any{
	"type":                 "object",
	"properties":           map[string]any{"items": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}},
	"required":             []string{"items"},
	"additionalProperties": false,
}

// checklistOf reads the items of a checklist reply: the JSON asked for, a
// bare list, items as objects ({"item": ...}), or a numbered list in prose.
// An unusable answer has none.
func checklistOf(text string) []string {
	v, _ := reply.FirstJSON(text, "{[")
	var items []string
	for _, e := range reply.ListIn(v, "items", "checklist") {
		if it := reply.TextIn(e, "item", "text", "description", "name"); strings.TrimSpace(it) != "" {
			items = append(items, it)
		}
	}
	if len(items) == 0 && !strings.Contains(text, "{") {
		for _, l := range reply.ListedLines(text) {
			items = append(items, withoutEmphasis(l))
		}
	}
	return items
}

// withoutEmphasis is an item without the Markdown emphasis around it.
func withoutEmphasis(item string) string {
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(item), "*_`"))
}

// makeChecklist splits the objective into the fixed list of what the result
// must contain, as the first exchange of the conversation: the system
// prompt and the objective it reads are then already in the server's cache
// for the first action. If the model's answer is unusable, the objective
// itself is the one item, so the run can go on.
func (a *Agent) makeChecklist(ctx context.Context) error {
	conv, rec := &a.st.conv, &a.st.record
	conv.msgs = nil
	conv.add(chat.System, render("system", languageName(rec.objective)))
	conv.add(chat.User, render("checklist-request", rec.objective))
	reply, err := a.call(ctx, KindChecklist, conv.msgs, checklistSchema)
	if err != nil {
		a.adaptTo(err)
		return err
	}
	for _, it := range checklistOf(reply.Content) {
		it = strings.TrimSpace(strings.TrimLeft(plain.Line(it), "0123456789.)- "))
		if it != "" && len(rec.checklist) < maxChecklistItems {
			rec.checklist = append(rec.checklist, Item{Number: len(rec.checklist) + 1, Text: it})
		}
	}
	answer := reply.Content
	if len(rec.checklist) == 0 {
		rec.checklist = []Item{{Number: 1, Text: rec.objective}}
		answer = render("checklist-unusable", nil) // the model is not shown its garbage as its own words
	}
	conv.add(chat.Assistant, answer)
	a.res.Checklist = rec.checklist
	a.emit(Event{Type: EvChecklist, Checklist: rec.checklist})
	a.takeOverEarlier()
	conv.add(chat.User, a.startMessage())
	conv.opened()
	return nil
}
