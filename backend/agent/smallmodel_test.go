package agent

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// Seed 000's real model (Qwen2.5-7B) wrote its finding without checklist
// item numbers, in its own words around the page's numbers, and finished
// with the whole answer: Scout records that finding for the items its
// words serve and finishes with a cited report, where it used to refuse
// the finding and end stuck with nothing.
func TestSeedTranscriptFinishes(t *testing.T) {
	const seedFinding = "Mount Kilimanjaro is the highest mountain in Africa, with an elevation of 5,895 m (19,341 ft) above sea level."
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {
			act(ActSearch, "tallest mountain in Africa", "I need to find out the tallest mountain in Africa and its height in meters and feet. I should start by searching for this information."),
			act(ActNavigate, base+"/wiki/Kilimanjaro", "From the search results, I can see that Mount Kilimanjaro is mentioned as the tallest mountain in Africa ... I will navigate to one of these pages to find the exact height in meters and feet."),
			act(ActDiscover, seedFinding, "The page provides the height of Mount Kilimanjaro in meters and feet. I will extract this information to complete the objective."),
			act(ActFinish, "The tallest mountain in Africa is Mount Kilimanjaro, which has an elevation of 5,895 meters (19,341 feet) above sea level.",
				"The objective has two parts: the name of the tallest mountain in Africa and its height in meters and feet. Both are covered by the discovery from Mount Kilimanjaro's Wikipedia page."),
		},
		KindCoverage: {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":"","names":[]},{"item":2,"findings":[1],"covered":true,"missing":"","names":[]},{"item":3,"findings":[1],"covered":true,"missing":"","names":[]}]}`},
		KindWriter:   {`{"result":"The tallest mountain in Africa is Mount Kilimanjaro [1], at 5,895 m (19,341 ft) [1]."}`},
	})
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusFinished || res.Turns != 4 || len(res.Findings) != 1 || res.Answer == "" {
		t.Fatalf("status %s on turn %d, %d findings, answer %q", res.Status, res.Turns, len(res.Findings), res.Answer)
	}
	f := res.Findings[0]
	if f.Text != seedFinding || !reflect.DeepEqual(f.Items, []int{1, 2, 3}) || !f.Inferred {
		t.Errorf("finding %+v", f)
	}
	if !strings.Contains(f.Quote, "rising 5,895 metres (19,341 ft) above sea level") {
		t.Errorf("evidence %q", f.Quote)
	}
	if res.SentBack != 0 || len(res.NotFound) != 0 {
		t.Errorf("%d replies sent back, not found %+v", res.SentBack, res.NotFound)
	}
	obs := m.calls(KindAction)[3].Messages
	if last := obs[len(obs)-1].Content; !strings.Contains(last, "recorded finding [1] for items 1, 2, 3, judged by its words") {
		t.Errorf("the model is not told which items its finding was recorded for:\n%s", last)
	}
}
