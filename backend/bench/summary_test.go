package bench

import (
	"fmt"
	"path/filepath"
	"reflect"
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
		}}, []string{"| factual | oracle | append | 6 → 5 | 10.2 → 9.5 | 90% → 90% | 4/5 → 5/5 |", "| list | oracle | append | 9 → 9 | 14.1 → 14.2 |"},
			[]string{"Not in the baseline", "In the baseline only", "The baseline ran", "not comparable"}},
		{"a task not in the baseline, one only in it", Summary{Mode: "offline", ReadRate: 7, WriteRate: 3.5, Results: []Result{
			result("factual", "append", 6, 10.2, 5), result("docs", "append", 6, 10.1, 5), result("factual", "rebuild", 6, 18, 5),
		}}, []string{"| factual | oracle | append | 6 → 5 |", "Not in the baseline, so not compared: list (oracle, append).",
			"In the baseline only, not run now: docs (oracle, append), factual (oracle, rebuild)."}, []string{"| list |"}},
		{"no task in common", Summary{Mode: "offline", ReadRate: 7, WriteRate: 3.5, Results: []Result{result("docs", "append", 6, 10.1, 5)}},
			[]string{"No task of this run is in the baseline: nothing to compare.", "Not in the baseline, so not compared: factual (oracle, append), list (oracle, append)."},
			[]string{"| Task | Style | Mode | Turns |"}},
		{"another mode and other rates", Summary{Mode: "live", ReadRate: 20, WriteRate: 8, Results: []Result{
			result("factual", "append", 12, 30, 3), result("list", "append", 15, 40, 4),
		}}, []string{"The baseline ran live, this run offline", "at 20.0 and 8.0 tokens/s, this run at 7.0 and 3.5: the model minutes are not comparable",
			"| factual | oracle | append | 12 → 5 | 30.0 → 9.5 |"}, nil},
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

// summary.json holds the totals and the time ratio to the rebuild baseline
// that summary.md prints, from the same sums.
func TestSummaryTotals(t *testing.T) {
	passed := func(id, mode string, prompt, reusable int, minutes float64) Result {
		return Result{ID: id, Mode: mode, FinishedBy: "agent", Turns: 5, PromptTokens: prompt, Reusable: reusable,
			ProjectedMinutes: minutes, AnswerPassed: 5, AnswerTotal: 5, CitationsValid: true}
	}
	failed := passed("list", "append", 2000, 1800, 6)
	failed.CitationsValid = false
	appendRun := []Result{passed("factual", "append", 1000, 900, 4), failed}
	tests := []struct {
		name    string
		results []Result
		totals  []Total
		ratio   float64
		line    string // the ratio's line in summary.md, "" for none
	}{
		{"append only", appendRun, []Total{{Mode: "append", Tasks: 2, Passed: 1, Turns: 10, PromptTokens: 3000, Reusable: 2700, ProjectedMinutes: 10}}, 0, ""},
		{"with the rebuild baseline", append(appendRun, passed("factual", "rebuild", 1500, 300, 9), passed("list", "rebuild", 3000, 600, 16)),
			[]Total{{Mode: "append", Tasks: 2, Passed: 1, Turns: 10, PromptTokens: 3000, Reusable: 2700, ProjectedMinutes: 10},
				{Mode: "rebuild", Tasks: 2, Passed: 2, Turns: 10, PromptTokens: 4500, Reusable: 900, ProjectedMinutes: 25}},
			2.5, "needs 2.50x less model time than rebuilding the prompt every turn (10.0 vs 25.0 minutes)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			md, err := Summary{Mode: "offline", ReadRate: 7, WriteRate: 3.5, Results: tc.results}.Write(dir, nil)
			if err != nil {
				t.Fatal(err)
			}
			saved, err := ReadSummary(filepath.Join(dir, "summary.json"))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(saved.Totals, tc.totals) || saved.RebuildTimeRatio != tc.ratio {
				t.Errorf("summary.json totals %+v, ratio %v; want %+v, %v", saved.Totals, saved.RebuildTimeRatio, tc.totals, tc.ratio)
			}
			if (tc.line != "") != strings.Contains(md, "less model time") || !strings.Contains(md, tc.line) {
				t.Errorf("summary.md's ratio line, want %q:\n%s", tc.line, md)
			}
			if !strings.Contains(md, "- append: 1 of 2 tasks finished by the agent with every answer check and citation passing; 10 turns; 3000 prompt tokens, 90% reusable; 10.0 projected model minutes") {
				t.Errorf("summary.md's append total:\n%s", md)
			}
		})
	}
}

// Only the default rates are the measured CPU the header names.
func TestHeaderNamesTheMachineOnlyForTheDefaultRates(t *testing.T) {
	const machine = "(a 7B Q4 model on an ordinary CPU)"
	for _, tc := range []struct {
		read, write float64
		named       bool
	}{
		{DefaultReadRate, DefaultWriteRate, true},
		{20, DefaultWriteRate, false},
		{DefaultReadRate, 8, false},
		{20, 8, false},
	} {
		md := Summary{Mode: "offline", ReadRate: tc.read, WriteRate: tc.write}.Markdown(nil)
		rates := fmt.Sprintf("assumes %.1f prompt tokens/s read and %.1f tokens/s written", tc.read, tc.write)
		if strings.Contains(md, machine) != tc.named || !strings.Contains(md, rates) {
			t.Errorf("rates %v and %v: the header names the machine: %v, want %v; states the rates: %v:\n%s",
				tc.read, tc.write, strings.Contains(md, machine), tc.named, strings.Contains(md, rates), md)
		}
	}
}

// The zoo table has a row per style and a cell per task, and sums each
// style's passes and minutes; a replay is set beside the recorded run.
func TestSummaryZooAndReplay(t *testing.T) {
	run := func(id string, st Style, ended string, passed int, minutes float64) Result {
		return Result{ID: id, Mode: "append", Style: st, FinishedBy: ended, AnswerPassed: passed, AnswerTotal: 5, CitationsValid: true, ProjectedMinutes: minutes}
	}
	named := func(id string, st Style, ended string, passed int, minutes float64) Result {
		r := run(id, st, ended, passed, minutes)
		r.GapsNamed = 2
		return r
	}
	replay := run("seed", Replay, "agent", 5, 6.5)
	replay.Turns = 4
	replay.Ancestor = &AncestorRun{Version: "1.40", Turns: 4, PromptTokens: []int{676, 1491}, WriterPrompt: 312, CompletionTokens: []int{54, 41}, ModelMinutes: 11.8}
	replay.PerCall = []CallFigures{{Kind: "checklist", Prompt: 480, Written: 20}, {Kind: "action", Prompt: 560, Reused: 500, Written: 50}, {Kind: "writer", Prompt: 300, Reused: 250, Written: 40}}
	// A follow-up, played by the oracle alone, has a table of its own.
	followUp := run("followup", Oracle, "agent", 3, 5.1)
	followUp.AnswerTotal = 3
	followUp.FollowUp = &FollowUp{Fresh: 1452, FromZeroFresh: 3038, Carried: 1, FromZeroAnswer: [2]int{3, 3}, ParentAnswer: [2]int{2, 2}, FromZeroValid: true, ParentValid: true}
	md := Summary{Mode: "offline", ReadRate: 7, WriteRate: 3.5, Results: []Result{
		run("factual", Oracle, "agent", 5, 10), run("list", Oracle, "agent", 5, 12),
		named("factual", Transcript, "agent", 2, 20.5), run("list", Transcript, "agent", 5, 11),
		replay, followUp,
	}}.Markdown(nil)
	for _, want := range []string{
		"| Style | factual | list | Passed | Or named | Model min |",
		"| oracle | agent 5/5 ✓ 10.0 | agent 5/5 ✓ 12.0 | 2/2 | 0 | 22.0 |",
		"| transcript | agent 2/5 ✓ 20.5 (2 named) | agent 5/5 ✓ 11.0 | 1/2 | 1 | 31.5 |",
		"## seed replayed: Scout beside the ancestor",
		"| ancestor 1.40 | agent | 4 | 676, 1491 | 312 | 95 | 11.8 |",
		"| Scout | agent | 4 | 560 | 300 | 110 | 6.5 |",
		"| 2 | action | 560 | 500 | 50 |",
		"| followup | oracle | 1452 | 3038 | 48% | 1 | 3/3 | 3/3 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the summary lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "\n| replay |") {
		t.Errorf("the replay has a row in the zoo table:\n%s", md)
	}
	// One style alone makes no zoo table.
	if md := (Summary{Mode: "offline", Results: []Result{run("factual", Oracle, "agent", 5, 10)}}).Markdown(nil); strings.Contains(md, "model zoo") {
		t.Errorf("a zoo table for one style:\n%s", md)
	}
}
