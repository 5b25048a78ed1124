package guitest

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// longRunTurns is the length of the streamed run: each turn makes four
// journal rows (two unusable replies sent back, a search and its results),
// so the journal passes two thousand rows.
const longRunTurns = 500

// longRunScript answers every action call of a turn with two unusable
// replies and then a new search, for as long as the run goes.
func longRunScript() llmtest.Script {
	var mu sync.Mutex
	calls := 0
	return func(kind string, _ []llmtest.Message) llmtest.Reply {
		mu.Lock()
		defer mu.Unlock()
		if kind == "checklist" {
			return llmtest.Reply{Content: `{"items":["the tallest mountain in Africa"]}`}
		}
		calls++
		if calls%3 != 0 {
			return llmtest.Reply{Content: "Let me think about which search to try next."}
		}
		return action("SEARCH", fmt.Sprintf("tallest mountain in Africa, try %d", calls/3), "A new wording may find better pages.")
	}
}

// observeFrames records, in the page, the main thread's long tasks and the
// gaps between animation frames while the run streams in.
const observeFrames = `() => {
  const s = window.__journalBench = { longTasks: 0, longMS: 0, maxTaskMS: 0, maxFrameMS: 0, frames: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) { s.longTasks++; s.longMS += e.duration; s.maxTaskMS = Math.max(s.maxTaskMS, e.duration); }
  }).observe({ type: 'longtask', buffered: false });
  let last = performance.now();
  const tick = (now) => { s.frames++; s.maxFrameMS = Math.max(s.maxFrameMS, now - last); last = now; if (!s.stop) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}`

// BenchmarkLongJournal streams a run of longRunTurns turns into the window
// (served to headless Chromium, as in the GUI tests) and reports how the
// page kept up: the rows shown, main-thread tasks over 50 ms, and the
// longest gap between frames. Tasks are measured twice: by the time they
// took (what the user waits, as the page's long-task observer sees it) and
// by the processor time the page's main thread spent in them (from a
// Chromium trace), since on a machine shared with other work a task's time
// is mostly time spent waiting for a processor. Nothing is asserted about
// speed.
func BenchmarkLongJournal(b *testing.B) {
	if _, err := exec.LookPath("xvfb-run"); err != nil {
		b.Skip("xvfb-run is not installed")
	}
	root := RepoRoot(b)
	bin := BuildDev(b, root, b.TempDir())
	_, web := fakeweb.Start(b, filepath.Join(root, "testdata", "web"))
	turns := longRunTurns
	if testing.Short() {
		// make test runs every benchmark once with -short, to see that it
		// still runs: a run of 50 turns, not 500 (half a minute, not three).
		turns = longRunTurns / 10
	}
	for i := 0; i < b.N; i++ {
		model := llmtest.New(llmtest.Options{Script: longRunScript()})
		config := researchConfig(b, model.BaseURL(), web.URL, false)
		mustWrite(b, filepath.Join(config, "scout", "settings.json"), strings.Replace(readFile(b, filepath.Join(config, "scout", "settings.json")),
			"{", fmt.Sprintf(`{"max_turns":%d,`, turns), 1))
		app := Start(b, bin, root, config)
		page := openPage(b, app.URL)
		if _, err := page.Evaluate(observeFrames); err != nil {
			b.Fatal(err)
		}
		stopProfile := profile(b, page)
		stopTrace := traceTasks(b, page)
		fill(b, page, "#objective", objective)
		click(b, page, "start")
		waitRunEnd(b, page)
		cpuLongest, cpuLong := stopTrace()
		stopProfile()
		got, err := page.Evaluate(`() => { const s = window.__journalBench; s.stop = true;
			const j = document.querySelector('[data-testid=journal]');
			return [document.querySelectorAll('[data-testid=journal-row]').length, s.longTasks, s.longMS, s.maxTaskMS, s.maxFrameMS,
				j.scrollHeight - j.scrollTop - j.clientHeight]; }`)
		if err != nil {
			b.Fatal(err)
		}
		v := got.([]any)
		num := func(i int) float64 {
			switch x := v[i].(type) {
			case int:
				return float64(x)
			case float64:
				return x
			}
			b.Fatalf("figure %d is a %T (%v), not a number", i, v[i], v[i])
			return 0
		}
		b.ReportMetric(num(0), "rows")
		b.ReportMetric(num(1), "long-tasks")
		b.ReportMetric(num(2), "ms-long-total")
		b.ReportMetric(num(3), "ms-longest-task")
		b.ReportMetric(num(4), "ms-longest-frame-gap")
		b.ReportMetric(cpuLongest, "ms-longest-task-cpu")
		b.ReportMetric(float64(cpuLong), "long-tasks-cpu")
		if num(5) > 40 {
			b.Errorf("the journal stopped following the newest row: %.0f px above the bottom", num(5))
		}
		model.Close()
	}
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// waitRunEnd polls the run's status with a plain query: Playwright's own
// assertions run heavy scripts in the page, which would be measured too.
func waitRunEnd(b *testing.B, page playwright.Page) {
	deadline := time.Now().Add(10 * time.Minute)
	for time.Now().Before(deadline) {
		got, err := page.Evaluate(`() => document.querySelector('[data-testid=run-status]')?.textContent ?? ''`)
		if err != nil {
			b.Fatal(err)
		}
		if strings.Contains(fmt.Sprint(got), "turn limit") {
			return
		}
		time.Sleep(time.Second)
	}
	b.Fatal("the long run did not end within 10 minutes")
}

// envProfile names a file for the page's JavaScript CPU profile during the
// long run (Chrome DevTools format), to see where the time goes.
const envProfile = "SCOUT_JOURNAL_PROFILE"

func profile(b *testing.B, page playwright.Page) (stop func()) {
	path := os.Getenv(envProfile)
	if path == "" {
		return func() {}
	}
	cdp, err := page.Context().NewCDPSession(page)
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range []string{"Profiler.enable", "Profiler.start"} {
		if _, err := cdp.Send(m, nil); err != nil {
			b.Fatalf("%s: %v", m, err)
		}
	}
	return func() {
		prof, err := cdp.Send("Profiler.stop", nil)
		if err != nil {
			b.Fatalf("Profiler.stop: %v", err)
		}
		data, _ := json.Marshal(prof)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// traceTasks records a Chromium trace of the page's tasks until stop,
// which returns the most processor time the page's main thread spent in
// one task and how many tasks took over 50 ms of it.
func traceTasks(b *testing.B, page playwright.Page) (stop func() (longestMS float64, over50 int)) {
	br := page.Context().Browser()
	if err := br.StartTracing(playwright.BrowserStartTracingOptions{Page: page, Categories: []string{"disabled-by-default-devtools.timeline"}}); err != nil {
		b.Fatal(err)
	}
	return func() (float64, int) {
		data, err := br.StopTracing()
		if err != nil {
			b.Fatal(err)
		}
		return mainThreadTasks(b, data)
	}
}

// longTaskMS is where a task counts as long, as in the Long Tasks API.
const longTaskMS = 50

// mainThreadTasks reads the renderer main threads' tasks from a trace: the
// longest in processor time (tdur, microseconds) and the count over
// longTaskMS.
func mainThreadTasks(b *testing.B, data []byte) (longestMS float64, over int) {
	var trace struct {
		TraceEvents []struct {
			Name     string         `json:"name"`
			Phase    string         `json:"ph"`
			PID      int64          `json:"pid"`
			ThreadID int64          `json:"tid"`
			CPU      float64        `json:"tdur"`
			Args     map[string]any `json:"args"`
		} `json:"traceEvents"`
	}
	if err := json.Unmarshal(data, &trace); err != nil {
		b.Fatalf("reading the trace: %v", err)
	}
	type thread struct{ pid, tid int64 }
	main := map[thread]bool{}
	for _, e := range trace.TraceEvents {
		if e.Phase == "M" && e.Name == "thread_name" && e.Args["name"] == "CrRendererMain" {
			main[thread{e.PID, e.ThreadID}] = true
		}
	}
	for _, e := range trace.TraceEvents {
		if e.Phase == "X" && e.Name == "RunTask" && main[thread{e.PID, e.ThreadID}] {
			ms := e.CPU / 1000
			longestMS = max(longestMS, ms)
			if ms > longTaskMS {
				over++
			}
		}
	}
	return longestMS, over
}
