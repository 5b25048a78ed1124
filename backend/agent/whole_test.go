package agent

import (
	"context"
	"testing"

	"github.com/scout-research/scout/backend/agent/port"
)

// readWhole is a browser that reports every page as read whole: its main
// content could not be told apart from the rest.
type readWhole struct{ Browser }

func (b readWhole) Open(ctx context.Context, u string) (*port.Visit, error) {
	v, err := b.Browser.Open(ctx, u)
	if v != nil {
		v.Doc.Whole = true
	}
	return v, err
}

// TestAPageReadWholeIsJournaled: when the reader could not tell a page's
// main content apart and read it whole, the journal's line for the page
// says so, for the user wondering why a menu or a list of stories came in.
func TestAPageReadWholeIsJournaled(t *testing.T) {
	cfg, _, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "x", "All covered by [1].")},
		KindCoverage:  {coverageAll()},
		KindWriter:    {`{"result":"Kilimanjaro [1]."}`},
	})
	cfg.Browser = readWhole{cfg.Browser}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	opened := rec.of(EvPageOpened)
	if len(opened) != 1 || opened[0].Message != WholePage {
		t.Fatalf("page events %+v, want one saying the page was read whole", opened)
	}
}
