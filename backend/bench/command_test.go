package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/internal/testenv"
)

// tasksDir is the benchmark's task folder, seen from this package.
var tasksDir = filepath.Join("..", "..", "testdata", "bench")

// TestBenchBaseline runs one task against a baseline from another mode
// that also holds a task not run now: the change is printed, and so is
// what could not be compared.
func TestBenchBaseline(t *testing.T) {
	testenv.RequireBrowser(t)
	isolate(t)
	testenv.IsolateData(t)
	dir := t.TempDir()
	base := filepath.Join(dir, "summary.json")
	baseline := `{"mode":"live","read_rate":7,"write_rate":3.5,"results":[
{"id":"factual","mode":"append","turns":14,"prompt_tokens":1000,"reusable_tokens":500,"answer_checks_passed":3,"answer_checks":5,"projected_model_minutes":31.5},
{"id":"docs","mode":"append","turns":6}]}`
	if err := os.WriteFile(base, []byte(baseline), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := invoke("--tasks", tasksDir, "--only", "factual", "--styles", "oracle", "--baseline", base, "--out", filepath.Join(dir, "now"))
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	for _, want := range []string{"## Change against the baseline", "The baseline ran live, this run offline",
		"| factual | oracle | append | 14 → ", "| 31.5 → ", "| 50% → ", "| 3/5 → 5/5 |", "In the baseline only, not run now: docs (model, append)."} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
}

func TestBenchArguments(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"a baseline that is missing", []string{"--tasks", tasksDir, "--baseline", "nowhere/summary.json"}, 2, "cannot read the baseline nowhere/summary.json"},
		{"a baseline that is no summary", []string{"--tasks", tasksDir, "--baseline", filepath.Join(tasksDir, "factual", "pages", "mount-kosciuszko.html")}, 2, "is not a summary.json"},
		// The default task folder is relative: here, in backend/cli, there is none.
		{"no tasks in the default folder", nil, 2, "no benchmark tasks in " + abs("testdata", "bench") + " (each task is a folder with a task.json): run it from the Scout source folder, or pass --tasks DIR"},
		{"no tasks in the folder given", []string{"--tasks", "."}, 2, "no benchmark tasks in " + abs(".")},
		{"a task that does not exist", []string{"--tasks", tasksDir, "--only", "factual,poetry"}, 2, `no task "poetry"`},
		{"a style that does not exist", []string{"--tasks", tasksDir, "--styles", "oracle,wild"}, 2, `no style "wild" (the styles are oracle, transcript,`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			code, _, errs := invoke(append([]string{"--out", filepath.Join(t.TempDir(), "out")}, tc.args...)...)
			if code != tc.code || !strings.Contains(errs, tc.err) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errs, tc.code, tc.err)
			}
		})
	}
}

func isolate(t *testing.T) { testenv.IsolateConfig(t) }

func invoke(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

// The usage names the command that runs the benchmark, which the app's
// command line no longer has.
func TestBenchUsage(t *testing.T) {
	code, _, errs := invoke("--help")
	if code != 0 || !strings.Contains(errs, "Usage: go run ./backend/bench/cmd/bench [flags]") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if code, _, errs := invoke("extra"); code != 2 || !strings.Contains(errs, "unexpected arguments") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
}

// abs is the absolute form of a path relative to the test's folder.
func abs(elem ...string) string {
	p, err := filepath.Abs(filepath.Join(elem...))
	if err != nil {
		panic(err)
	}
	return p
}
