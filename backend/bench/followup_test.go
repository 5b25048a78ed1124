package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/internal/testenv"
)

// TestFollowUpReadsHalf plays the follow-up task on the deterministic fake
// server: the parent question, then the follow-up, whose answer needs a
// finding of the parent run and one page the parent never opened, and the
// same question from zero. Every run answers right with valid citations,
// and the follow-up reads at most half the fresh prompt tokens of the run
// from zero (the fake's token counts are deterministic).
func TestFollowUpReadsHalf(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	out := t.TempDir()
	if d := os.Getenv("BENCH_KEEP"); d != "" {
		out = d
	}
	results, err := Run(context.Background(), Options{Tasks: realTasks(t, "followup"), OutDir: out, TaskTimeout: 2 * time.Minute, ReadRate: 7, WriteRate: 3.5})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 1 || results[0].FollowUp == nil {
		t.Fatalf("want one follow-up result, got %+v", results)
	}
	r := results[0]
	fu := *r.FollowUp
	t.Log(fu)
	assertSolved(t, r)
	if fu.ParentAnswer[0] != fu.ParentAnswer[1] || !fu.ParentValid || fu.FromZeroAnswer[0] != fu.FromZeroAnswer[1] || !fu.FromZeroValid {
		t.Errorf("the parent or the run from zero went wrong: %s (citations valid: parent %v, from zero %v)", fu, fu.ParentValid, fu.FromZeroValid)
	}
	if fu.Carried == 0 {
		t.Errorf("the follow-up took over no finding of its parent")
	}
	// The follow-up's folder names its parent, and its report links the
	// parent's report.
	sum, _ := os.ReadFile(filepath.Join(r.Dir, "run.json"))
	rep, _ := os.ReadFile(filepath.Join(r.Dir, "report.md"))
	if !strings.Contains(string(sum), `"parent": "../parent"`) || !strings.Contains(string(rep), "([its report](<../parent/report.md>))") ||
		!strings.Contains(string(rep), "1. From the earlier run (its finding 2, turn ") {
		t.Errorf("the follow-up does not name its parent:\n%s\n%s", sum, rep)
	}
	if fu.FromZeroFresh == 0 || 2*fu.Fresh > fu.FromZeroFresh {
		t.Errorf("the follow-up read %d fresh prompt tokens, more than half of the %d the run from zero read", fu.Fresh, fu.FromZeroFresh)
	}
}
