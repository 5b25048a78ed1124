package bench

import (
	"net/url"
	"path"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// Replay is the style that plays a task's recorded actions as a real model
// wrote them (task.json's "replay"), whatever Scout answers, then repeats
// the last one: the seed task replays seed 000's Qwen2.5-7B run, so the
// summary can set Scout's figures beside the ancestor's on the same four
// actions. It is not one of Styles: it plays only tasks that have a replay.
const Replay Style = "replay"

// replayMove is the next recorded action. The one liberty taken with the
// record: an address of the live web (en.wikipedia.org/wiki/X) becomes the
// frozen page with the same last path segment among the results shown.
func (p *Policy) replayMove(msgs []llmtest.Message) move {
	rec := p.task.Replay
	if len(rec) == 0 {
		return action(agent.ActFinish, "", "")
	}
	a := rec[min(p.calls, len(rec))-1]
	m := action(a.Name, a.Param, a.Thought)
	if m.name == agent.ActNavigate {
		m.param = frozenAddress(m.param, resultsShown(msgs))
	}
	return m
}

// frozenAddress maps a live address to the result whose path ends the
// same way, or leaves it as written when none does.
func frozenAddress(live string, results []result) string {
	u, err := url.Parse(live)
	if err != nil || u.Path == "" {
		return live
	}
	last := strings.ToLower(path.Base(u.Path))
	for _, r := range results {
		if ru, err := url.Parse(r.url); err == nil && strings.ToLower(path.Base(ru.Path)) == last {
			return r.url
		}
	}
	return live
}
