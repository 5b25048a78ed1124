package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
)

// What a page or a model says reaches the terminal without escape
// sequences (an OSC 52 clipboard write, a title change, a cleared line)
// or bidi controls, and one event stays one line.
func TestPrinterShowsNoTerminalControls(t *testing.T) {
	var out bytes.Buffer
	p := printer{&out}
	p.Emit(agent.Event{Type: agent.EvAction, Turn: 2, Action: "SEARCH", Param: "tide\x1b]52;c;ZXZpbA==\x07 pools\x1b[2K\u202e",
		Thought: "line\rover\nT9 forged\x1b]0;title\x1b\\"})
	p.Emit(agent.Event{Type: agent.EvRunFinished, Turn: 2, Status: agent.StatusFinished, Message: "\u009b31mserver\u2066 says no"})
	got := out.String()
	if strings.ContainsAny(got, "\x1b\x07\r\u009b\u202e\u2066") {
		t.Errorf("terminal output holds a control: %q", got)
	}
	if n := strings.Count(got, "\n"); n != 2 {
		t.Errorf("%d lines for 2 events: %q", n, got)
	}
}
