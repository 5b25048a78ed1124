package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
)

// Every status has the report's sentence, with and without a why, whose
// verbs take the turn (and the why), so a new status cannot be forgotten
// in the report nor show "%!s(MISSING)".
func TestEveryStatusHasASentence(t *testing.T) {
	for _, s := range agent.Statuses() {
		line, ok := statusLines[s]
		if !ok {
			t.Errorf("status %q has no sentence in statusLines", s)
			continue
		}
		for key, want := range map[string][]string{line.key: {"%d"}, line.because: {"%d", "%s"}} {
			if key == "" {
				continue
			}
			for form, text := range english.forms(key) {
				if got := verbs.FindAllString(text, -1); !slices.Equal(got, want) {
					t.Errorf("status %q: message %q (%s) has verbs %q, want %q", s, key, form, got, want)
				}
			}
		}
		if line.key == "" && line.because == "" {
			t.Errorf("status %q: no message", s)
		}
		for _, why := range []string{"", "the model server stopped answering"} {
			res := &agent.Result{Status: s, Turns: 3, Error: why}
			if got := statusLine(res, english); got == string(s) || strings.Contains(got, "%!") || !strings.Contains(got, "3") {
				t.Errorf("status %q, why %q: %q", s, why, got)
			}
		}
	}
}
