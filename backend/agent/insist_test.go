package agent

import (
	"context"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/page"
)

// heightWorld is the small web with a Kilimanjaro page whose heights
// stand in a later part, under their own heading.
func heightWorld() fakeweb.World {
	w := kiliWorld()
	long := strings.Repeat("The slopes rise through farmland, forest, heath and alpine desert before the ice of the summit. ", 30)
	w["/wiki/Kilimanjaro"] = fakeweb.Page{Title: "Mount Kilimanjaro - Wiki", Blocks: []page.Block{
		{Kind: page.Heading, Level: 1, Text: "Mount Kilimanjaro"},
		{Kind: page.Paragraph, Text: "Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa."},
		{Kind: page.Paragraph, Text: long},
		{Kind: page.Heading, Level: 2, Text: "Height"},
		{Kind: page.Paragraph, Text: "The summit, Uhuru Peak, stands 5,895 meters (19,341 feet) above sea level."},
		{Kind: page.Paragraph, Text: long},
	}}
	return w
}

// A FINISH sent again right after its send-back for gaps, with no step
// taken between, has Scout take the step named for the first open item
// that has one, once a run; the next FINISH ends the run with what is
// still missing reported. A FINISH after the model did act, or with no
// step left to take, is accepted as before.
func TestInsistedFinishHasScoutTakeTheStep(t *testing.T) {
	finish := act(ActFinish, "Kilimanjaro.", "Done.")
	start := []string{search1, openKili, act(ActDiscover, findingKenya, "")}
	for _, tc := range []struct {
		name     string
		world    fakeweb.World
		actions  []string
		step     string // the step Scout took, "" for none
		calls    int    // action calls in the run
		notFound int
	}{
		{name: "a search for the first open item", actions: append(start, finish, finish, finish, finish),
			step: `SEARCH Mount Kilimanjaro height meters`, calls: 6, notFound: 2},
		{name: "the unread part of the open page that matches it", world: heightWorld(), actions: append(start, finish, finish, finish),
			step: `READ_MORE 2`, calls: 6, notFound: 2},
		{name: "the model acted after the send-back", actions: append(start, finish, act(ActSearch, "Kilimanjaro elevation", ""), finish, finish),
			calls: 6, notFound: 2},
		{name: "no step left to take", actions: append(start, act(ActSearch, "Mount Kilimanjaro height meters", ""), act(ActSearch, "Mount Kilimanjaro height feet", ""), finish, finish, finish),
			calls: 7, notFound: 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, m, rec, fake := newRun(t, map[string][]string{
				KindChecklist: {kiliChecklist()},
				KindAction:    tc.actions,
				KindWriter:    {`{"result":"Mount Kilimanjaro [1]."}`},
			})
			if tc.world != nil {
				fake.World = tc.world
			}
			res, _ := Run(context.Background(), cfg)
			if res.Status != StatusFinished || len(res.NotFound) != tc.notFound {
				t.Fatalf("status %s, not found %+v", res.Status, res.NotFound)
			}
			calls := m.calls(KindAction)
			if len(calls) != tc.calls {
				t.Errorf("%d action calls, want %d", len(calls), tc.calls)
			}
			var steps []string
			for _, e := range rec.of(EvCheck) {
				if e.Kind == CheckStepTaken {
					steps = append(steps, e.Action+" "+e.Param)
				}
			}
			if tc.step == "" {
				if len(steps) > 0 {
					t.Fatalf("Scout took %v, want no step", steps)
				}
				return
			}
			if len(steps) != 1 || steps[0] != tc.step {
				t.Fatalf("Scout took %v, want [%s]", steps, tc.step)
			}
			// The model reads whose step it was, and what it gave.
			after := calls[len(calls)-1].Messages
			last := after[len(after)-1].Content
			for _, want := range []string{"So Scout took the step for you", "your next FINISH ends the run"} {
				if !strings.Contains(last, want) {
					t.Errorf("the note after the step lacks %q:\n%s", want, last)
				}
			}
		})
	}
}
