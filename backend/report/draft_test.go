package report

import (
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
)

// A report written while the run goes on answers each item from the
// findings so far, cited, says which are not found yet, and says it is a
// draft, in its status and its result alike.
func TestDraftWhileRunning(t *testing.T) {
	res := &agent.Result{Objective: "How high is Kilimanjaro?", Status: agent.StatusRunning, Turns: 3, Calls: map[string]int{},
		Checklist: []agent.Item{{Number: 1, Text: "its height in metres"}, {Number: 2, Text: "its height in feet"}, {Number: 3, Text: "its first ascent"}},
		Findings: []agent.Finding{
			{Number: 1, Turn: 2, URL: "https://x.test/", Text: "Kilimanjaro rises 5,895 metres (19,341 ft).", Items: []int{1, 2}},
			{Number: 2, Turn: 3, URL: "https://y.test/", Text: "Uhuru Peak is\n5,895 m high.", Items: []int{1}},
		}}
	res.Answer = Draft(res)
	want := "_A draft from the findings so far, put together without the model: the run goes on, and writes its answer when it ends._\n\n" +
		"1. its height in metres: Kilimanjaro rises 5,895 metres (19,341 ft). [1]; Uhuru Peak is 5,895 m high. [2]\n" +
		"2. its height in feet: Kilimanjaro rises 5,895 metres (19,341 ft). [1]\n" +
		"3. its first ascent: not found yet."
	if res.Answer != want {
		t.Errorf("draft:\n%s\nwant:\n%s", res.Answer, want)
	}
	md := Markdown(res, Figures{})
	for _, w := range []string{"the result is a draft from the findings so far", "A draft from the findings so far", "3. its first ascent: not found yet."} {
		if !strings.Contains(md, w) {
			t.Errorf("the report lacks %q:\n%s", w, md)
		}
	}
	if strings.Contains(md, "before the run ended") {
		t.Errorf("a running run's report says the run ended:\n%s", md)
	}
	html, err := Fragment(res, Figures{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html, `data-finding="2"`) {
		t.Errorf("the draft's citations are not links:\n%s", html)
	}
}
