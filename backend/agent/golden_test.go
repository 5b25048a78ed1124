package agent

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/chat"
	goldenfile "github.com/scout-research/scout/backend/internal/golden"
)

// TestGoldenPrompts pins every kind of prompt the model sees. Run with
// -update after changing a prompt and read the diff.
func TestGoldenPrompts(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {
			act(ActSearch, "tallest mountain in Africa", "Search first."),
			act(ActSearch, "tallest mountain in Africa", "Search again."), // refused: repeated
			act(ActNavigate, "R1", "Open the article."),
			act(ActDiscover, finding1, "Part 1 has the answer."),
			act(ActFinish, "Mount Kilimanjaro.", "All items covered by [1]."),
		},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Mount Kilimanjaro [1]."}`},
	})
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	actions := m.calls(KindAction)
	cases := map[string]chat.Request{
		"checklist":    m.calls(KindChecklist)[0],
		"action-fresh": actions[0],
		"action-retry": actions[1],
		"action-last":  actions[len(actions)-1],
		"coverage":     m.calls(KindCoverage)[0],
		"writer":       m.calls(KindWriter)[0],
	}
	// A rebuilt prompt, as made when the conversation nears the limit.
	a := rebuiltAgent(t)
	cases["action-rebuilt"] = chat.Request{Messages: a.st.conv.msgs}
	for name, req := range cases {
		golden(t, name, renderRequest(req))
	}
}

// rebuiltAgent is an agent part-way through a page, rebuilt.
func rebuiltAgent(t *testing.T) *Agent {
	cfg, _, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {
			act(ActSearch, "tallest mountain in Africa", ""),
			act(ActNavigate, "R1", ""),
			act(ActDiscover, finding1, ""),
		},
	})
	cfg.MaxTurns = 3
	a := newAgent(t, cfg)
	a.loop(context.Background())
	a.rebuild("test")
	return a
}

func renderRequest(req chat.Request) string {
	var sb strings.Builder
	for _, m := range req.Messages {
		sb.WriteString("===== " + m.Role + " =====\n" + m.Content + "\n")
	}
	return sb.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("..", "..", "testdata", "golden", "prompts", name+".txt"), got)
}
