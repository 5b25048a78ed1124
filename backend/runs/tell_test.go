package runs

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/internal/goconst"
)

// Every kind of event the agent declares is told, on a line and (unless
// it is said to have none) in a row, so a new kind cannot be forgotten in
// the terminal or the window.
func TestEveryEventKindIsTold(t *testing.T) {
	kinds := agentConstants(t, "Ev")
	if len(kinds) < 20 {
		t.Fatalf("found %d event kinds in the agent: %v", len(kinds), kinds)
	}
	for _, kind := range kinds {
		f, ok := tellers[kind]
		if !ok {
			t.Errorf("event kind %q has no teller", kind)
			continue
		}
		ev := agent.Event{Type: kind, Action: agent.ActSearch, Param: "p", Finding: &agent.Finding{Number: 1, Text: "t"}, Status: agent.StatusFinished}
		if told := f(ev); strings.TrimSpace(told.line) == "" || !told.rowless && (told.row.Icon == "" || told.row.Title == "" || told.row.Tone == "") {
			t.Errorf("event kind %q is told %+v", kind, told)
		}
	}
}

// Every kind of check has its row's own title.
func TestEveryCheckKindHasATitle(t *testing.T) {
	kinds := agentConstants(t, "Check")
	if len(kinds) < 6 {
		t.Fatalf("found %d check kinds in the agent: %v", len(kinds), kinds)
	}
	for _, kind := range kinds {
		if _, ok := checkTitles[kind]; !ok {
			t.Errorf("check kind %q has no title", kind)
		}
	}
}

// Every status ends a run's row in its words and tone.
func TestEveryStatusEndsARow(t *testing.T) {
	for _, s := range agent.Statuses() {
		r, ok := RowOf(agent.Event{Type: agent.EvRunFinished, Status: s})
		if !ok || r.Title != "Run "+s.Words() || r.Tone != s.Tone() {
			t.Errorf("%s: %+v", s, r)
		}
	}
}

// agentConstants are the values of the agent's string constants whose
// names start with prefix followed by a capital.
func agentConstants(t *testing.T, prefix string) []string {
	var out []string
	for _, c := range goconst.Strings(t, filepath.Join("..", "agent")) {
		if rest, ok := strings.CutPrefix(c.Name, prefix); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			out = append(out, c.Value)
		}
	}
	return out
}
