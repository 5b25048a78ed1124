package bench

import (
	"strings"
	"testing"
)

func TestBaselineChanges(t *testing.T) {
	result := func(id, mode string, turns int, minutes float64, passed int) Result {
		return Result{ID: id, Mode: mode, Turns: turns, ProjectedMinutes: minutes, PromptTokens: 1000, Reusable: 900, AnswerPassed: passed, AnswerTotal: 5}
	}
	now := Summary{Mode: "offline", ReadRate: 7, WriteRate: 3.5, Results: []Result{
		result("factual", "append", 5, 9.5, 5), result("list", "append", 9, 14.2, 5),
	}}
	tests := []struct {
		name      string
		base      Summary
		want, not []string
	}{
		{"every task compared", Summary{Mode: "offline", ReadRate: 7, WriteRate: 3.5, Results: []Result{
			result("factual", "append", 6, 10.2, 4), result("list", "append", 9, 14.1, 5),
		}}, []string{"| factual | append | 6 → 5 | 10.2 → 9.5 | 90% → 90% | 4/5 → 5/5 |", "| list | append | 9 → 9 | 14.1 → 14.2 |"},
			[]string{"Not in the baseline", "In the baseline only", "The baseline ran", "not comparable"}},
		{"a task not in the baseline, one only in it", Summary{Mode: "offline", ReadRate: 7, WriteRate: 3.5, Results: []Result{
			result("factual", "append", 6, 10.2, 5), result("docs", "append", 6, 10.1, 5), result("factual", "rebuild", 6, 18, 5),
		}}, []string{"| factual | append | 6 → 5 |", "Not in the baseline, so not compared: list (append).",
			"In the baseline only, not run now: docs (append), factual (rebuild)."}, []string{"| list |"}},
		{"no task in common", Summary{Mode: "offline", ReadRate: 7, WriteRate: 3.5, Results: []Result{result("docs", "append", 6, 10.1, 5)}},
			[]string{"No task of this run is in the baseline: nothing to compare.", "Not in the baseline, so not compared: factual (append), list (append)."},
			[]string{"| Task | Mode | Turns |"}},
		{"another mode and other rates", Summary{Mode: "live", ReadRate: 20, WriteRate: 8, Results: []Result{
			result("factual", "append", 12, 30, 3), result("list", "append", 15, 40, 4),
		}}, []string{"The baseline ran live, this run offline", "at 20.0 and 8.0 tokens/s, this run at 7.0 and 3.5: the model minutes are not comparable",
			"| factual | append | 12 → 5 | 30.0 → 9.5 |"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			md := now.Markdown(&tc.base)
			_, section, ok := strings.Cut(md, "## Change against the baseline\n")
			if !ok {
				t.Fatalf("no baseline section:\n%s", md)
			}
			for _, w := range tc.want {
				if !strings.Contains(section, w) {
					t.Errorf("the baseline section lacks %q:\n%s", w, section)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(section, w) {
					t.Errorf("the baseline section has %q:\n%s", w, section)
				}
			}
		})
	}
}
