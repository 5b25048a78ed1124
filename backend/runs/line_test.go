package runs

import (
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
)

func TestLines(t *testing.T) {
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		ev   agent.Event
		want string
	}{
		{agent.Event{Type: agent.EvRefused, Turn: 3, Time: at, Action: "NAVIGATE", Reason: "not in the results"}, "refused NAVIGATE: not in the results"},
		{agent.Event{Type: agent.EvRefused, Turn: 3, Time: at, Reason: "Your reply could not be used"}, "refused the reply: Your reply could not be used"},
		{agent.Event{Type: agent.EvNotice, Kind: agent.NoticeWaiting, Turn: 1, Time: at, Query: "q", Message: "Answer its question\n in the browser window."}, "waiting for you: Answer its question in the browser window."},
		{agent.Event{Type: agent.EvNotice, Turn: 1, Time: at, Query: "q", Message: "No answer: trying again."}, "note: No answer: trying again."},
	} {
		if got := Line(tc.ev); !strings.HasSuffix(got, tc.want) {
			t.Errorf("Line = %q, want it to end %q", got, tc.want)
		}
	}
}
