package agent

import (
	"context"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/chat"
)

// A rebuilt prompt shows the part being read unless the message it ends
// with (or the last observation) already carries page text: what the
// conversation recorded when the message was added decides, not whether
// its words mention the fence's tag.
func TestRebuildShowsThePartUnlessPageTextIsInView(t *testing.T) {
	for _, c := range []struct {
		name     string
		note     string
		pageText bool
		want     bool
	}{
		{"a note that names the tag", `Item 1 asks what "<page>" means in HTML: record what the part says of it.`, false, true},
		{"a note that quotes the page", "That finding is not in the page's words. The closest sentence on the page is: <page>Mount Kilimanjaro is a dormant volcano.</page>", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, _, _, _ := newRun(t, map[string][]string{
				KindChecklist: {kiliChecklist()},
				KindAction:    {act(ActSearch, "tallest mountain in Africa", ""), act(ActNavigate, "R1", ""), act(ActDiscover, finding1, "")},
			})
			cfg.MaxTurns = 3
			a := newAgent(t, cfg)
			a.loop(context.Background())
			a.st.conv.add(chat.Assistant, act(ActReadMore, "", ""))
			a.st.conv.addText(chat.User, c.note, c.pageText)
			a.rebuild("test")
			prompt := a.st.conv.msgs[len(a.st.conv.msgs)-1].Content
			if !strings.Contains(prompt, c.note) {
				t.Fatalf("the rebuilt prompt lost the note:\n%s", prompt)
			}
			if got := strings.Contains(prompt, "Part 1 of "); got != c.want {
				t.Errorf("the part is shown: %v, want %v\n%s", got, c.want, prompt)
			}
		})
	}
}
