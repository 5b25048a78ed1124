package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// batchObjectives are three wordings of the mountain objective, each run
// by a model of its own on one server.
var batchObjectives = []string{
	objective,
	"Which mountain is the tallest in Africa? Give its height in meters and in feet.",
	"Name Africa's highest mountain and its height in meters and in feet.",
}

// `scout batch FILE --parallel 2` runs a file's objectives two at once on
// a two-slot llama-server, each run in a folder of its own with its
// report, and ends with a table of them. Each run keeps one slot, so
// its calls keep their prompt cache.
func TestBatchRunsAFileOfObjectives(t *testing.T) {
	requireBrowser(t)
	isolate(t)
	isolateData(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	scripts := map[string]llmtest.Script{}
	for _, o := range batchObjectives {
		scripts[o] = llmtest.Queue(factualScript())
	}
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, Slots: 2, ContextLength: 8192, Script: llmtest.ByText(scripts)})
	defer model.Close()
	file := filepath.Join(t.TempDir(), "objectives.txt")
	text := "# Africa\n\n" + strings.Join(batchObjectives, "\n") + "\n   \n# done\n"
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "runs")

	code, stdout, stderr := invoke("batch", file, "--llm-url", model.BaseURL(), "--search-url", web.URL+"/search/html/", "--allow-local",
		"--headless", "--out", out, "--parallel", "2")
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "Researching 3 objectives, 2 at once (the model server answers 2 at once).") {
		t.Errorf("stderr does not say how many run at once:\n%s", stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 4 || !regexp.MustCompile(`^#\s+Objective\s+Status\s+Findings\s+Model min\s+Report$`).MatchString(lines[0]) {
		t.Fatalf("the table:\n%s", stdout)
	}
	dirs := map[string]bool{}
	for i, line := range lines[1:] {
		m := regexp.MustCompile(`^(\d+)\s+(.+?)\s+finished\s+1\s+\d+\.\d\s+(\S+)$`).FindStringSubmatch(line)
		if m == nil || m[1] != fmt.Sprint(i+1) || !strings.HasPrefix(batchObjectives[i], strings.TrimSuffix(m[2], "…")) {
			t.Fatalf("row %d: %q", i+1, line)
		}
		report := read(t, filepath.Dir(m[3]), "report.md")
		if filepath.Dir(filepath.Dir(m[3])) != out || !strings.Contains(report, "# "+batchObjectives[i]) || !strings.Contains(report, "Mount Kilimanjaro [1]") {
			t.Errorf("run %d's report %s:\n%s", i+1, m[3], report)
		}
		dirs[filepath.Dir(m[3])] = true
	}
	if len(dirs) != 3 {
		t.Errorf("three runs share folders: %v", dirs)
	}
	// Each run's calls went to one slot, and reused its cache after the
	// first: no run took another's slot.
	slotOf := map[string]map[int]bool{}
	for _, c := range model.Calls() {
		for _, o := range batchObjectives {
			if strings.Contains(c.Prompt, o) {
				if slotOf[o] == nil {
					slotOf[o] = map[int]bool{}
				}
				slotOf[o][c.Slot] = true
			}
		}
	}
	for _, o := range batchObjectives {
		if len(slotOf[o]) != 1 {
			t.Errorf("the run of %q was answered in slots %v, want one", o, slotOf[o])
		}
	}
}

// Objectives come one a line; blank lines and # comments are skipped, and
// a file without any is bad usage that says what to write.
func TestBatchReadsObjectivesOneALine(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "o.txt")
	os.WriteFile(file, []byte("# nothing yet\n\n   \n"), 0o600)
	code, _, stderr := invoke("batch", file)
	if code != exitUsage || !strings.Contains(stderr, "holds no objective: write one a line") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	os.WriteFile(file, []byte("  first question  \n#second\n\nthird # not a comment\n"), 0o600)
	got, err := readObjectives(file)
	if err != nil || fmt.Sprint(got) != "[first question third # not a comment]" {
		t.Errorf("readObjectives: %q, %v", got, err)
	}
	for _, args := range [][]string{{"batch"}, {"batch", file, file}, {"batch", file, "--parallel", "-1"}} {
		if code, _, _ := invoke(args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// The line before a batch says how many run at once and why that many.
func TestLanesLine(t *testing.T) {
	tests := []struct {
		lanes, slots int
		want         string
	}{
		{1, 0, "Researching 5 objectives, 1 at once (the model server does not say how many it answers at once)."},
		{4, 4, "Researching 5 objectives, 4 at once (the model server answers 4 at once)."},
		{2, 4, "Researching 5 objectives, 2 at once (the model server answers 4 at once)."},
		{4, 1, "Researching 5 objectives, 4 at once: the model server answers 1 at once, so the others wait their turn."},
	}
	for _, tc := range tests {
		if got := lanesLine(5, tc.lanes, tc.slots); got != tc.want {
			t.Errorf("lanesLine(5, %d, %d) = %q, want %q", tc.lanes, tc.slots, got, tc.want)
		}
	}
}
