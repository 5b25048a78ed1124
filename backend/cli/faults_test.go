package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
	"github.com/scout-research/scout/backend/settings"
)

func TestRunUsageAndStartErrors(t *testing.T) {
	isolate(t)
	isolateData(t)
	closed := "http://127.0.0.1:9/v1"
	tests := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"run"}, 2, "give the objective"},
		{[]string{"run", "--max-turns", "900", "x"}, 2, "between 1 and 500"},
		{[]string{"run", "--llm-url", "localhost:1234", "x"}, 2, "is not a web address"},
		{[]string{"run", "--llm-url", closed, "--headless", "What is x?"}, 1, "Start the server in LM Studio"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errs := invoke(tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.says) {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
		})
	}
}

// TestRunModelGoneMidRun: the server fails after the first finding; the
// run ends "model unavailable" with exit 3 and the finding in the report.
func TestRunModelGoneMidRun(t *testing.T) {
	requireBrowser(t)
	isolate(t)
	isolateData(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	replies := llmtest.Replies(factualScript())
	replies["action"][3] = llmtest.Reply{Status: 503, Content: "Model unloaded"}
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(replies)})
	defer model.Close()
	out := filepath.Join(t.TempDir(), "run")
	code, _, stderr := invoke("run", "--llm-url", model.BaseURL(), "--search-url", web.URL+"/search/html/", "--allow-local", "--headless", "--out", out, objective)
	if code != 3 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	report := read(t, out, "report.md")
	for _, want := range []string{"model unavailable on turn 4", "Model unloaded", "## Findings (1)", "5,895 metres"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
}

// TestResumeOnThePageBeingRead: the server fails as the model is about to
// record what part 1 of the article says; scout resume opens the article
// again at that part in the real browser, shows it and the results in the
// rebuilt prompt, and the finding is recorded from it, citing text saved
// in pages/ (the part shown again saved apart, as a visit of its own).
func TestResumeOnThePageBeingRead(t *testing.T) {
	requireBrowser(t)
	isolate(t)
	isolateData(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	replies := llmtest.Replies(factualScript())
	replies["action"][2] = llmtest.Reply{Status: 503, Content: "Model unloaded"} // the DISCOVER
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(replies)})
	defer model.Close()
	out := filepath.Join(t.TempDir(), "run")
	if code, _, stderr := invoke("run", "--llm-url", model.BaseURL(), "--search-url", web.URL+"/search/html/", "--allow-local", "--headless", "--out", out, objective); code != 3 {
		t.Fatalf("exit %d: %s", code, stderr)
	}

	script := factualScript()
	script["action"] = script["action"][2:] // the DISCOVER the server failed, then FINISH
	queue := llmtest.Queue(script)
	var resumed []llmtest.Message // the resumed run's first action prompt
	again := llmtest.New(llmtest.Options{Script: func(kind string, msgs []llmtest.Message) llmtest.Reply {
		if kind == "action" && resumed == nil {
			resumed = msgs
		}
		return queue(kind, msgs)
	}})
	defer again.Close()
	if code, _, errs := invoke("resume", "--llm-url", again.BaseURL(), "--search-url", web.URL+"/search/html/", "--allow-local", "--headless", out); code != 0 {
		t.Fatalf("resume exit %d: %s", code, errs)
	}
	// scout run and scout resume each prepared one runner.Setup, which
	// asked its server what it serves; the run took its answer.
	for name, server := range map[string]*llmtest.Server{"run": model, "resume": again} {
		if asked := strings.Count(strings.Join(server.Requests(), "\n"), "GET /v1/models"); asked != 1 {
			t.Errorf("scout %s asked for the models %d times, want once:\n%s", name, asked, strings.Join(server.Requests(), "\n"))
		}
	}
	prompt := resumed[len(resumed)-1].Content
	for _, want := range []string{"R1. ", "Part 1 of ", "<page>", "Kilimanjaro"} {
		if !strings.Contains(prompt, want) {
			t.Fatalf("the resumed prompt lacks %q:\n%s", want, prompt)
		}
	}
	report := read(t, out, "report.md")
	if !strings.Contains(report, "finished by the agent on turn 5") || !strings.Contains(report, "## Findings (1)") {
		t.Fatalf("report after resume:\n%s", report)
	}
	var reopened, refused int
	var quote string
	for _, ev := range readJournal(t, out) {
		switch ev["type"] {
		case "page_reopened":
			reopened++
		case "refused":
			refused++
		case "finding_added":
			quote, _ = ev["finding"].(map[string]any)["quote"].(string)
		}
	}
	if reopened != 1 || refused != 0 {
		t.Fatalf("%d reopenings, %d refusals", reopened, refused)
	}
	if saved := read(t, out, filepath.Join("pages", "002-part-1.md")); quote == "" || !strings.Contains(saved, quote) {
		t.Fatalf("quote %q not in the part saved as shown again:\n%s", quote, saved)
	}
}

// TestRunInterruptWritesTheReport sends SIGINT to a real scout process
// while the model is thinking, and checks it stops cleanly with the report.
func TestRunInterruptWritesTheReport(t *testing.T) {
	requireBrowser(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	replies := llmtest.Replies(factualScript())
	replies["action"][3].Delay = time.Minute // the FINISH turn "thinks" for a minute
	queue := llmtest.QueueReplies(replies)
	finishAsked := make(chan struct{})
	var actions atomic.Int32
	model := llmtest.New(llmtest.Options{Script: func(kind string, msgs []llmtest.Message) llmtest.Reply {
		if kind == "action" && actions.Add(1) == 4 {
			close(finishAsked) // turn 4's call is on its way: interrupt it
		}
		return queue(kind, msgs)
	}})
	defer model.Close()

	bin := buildScout(t)
	out := filepath.Join(t.TempDir(), "run")
	cmd := exec.Command(bin, "run", "--llm-url", model.BaseURL(), "--search-url", web.URL+"/search/html/", "--allow-local", "--headless", "--out", out, objective)
	tag := fmt.Sprintf("SCOUT_TEST_TAG=%d", time.Now().UnixNano())
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir(), tag)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-finishAsked:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("no fourth turn within 30 s:\n%s", stderr.String())
	}
	start := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
		t.Fatalf("exit %v after SIGINT:\n%s", err, stderr.String())
	}
	if time.Since(start) > 10*time.Second {
		t.Errorf("stopping took %v", time.Since(start))
	}
	report := read(t, out, "report.md")
	if !strings.Contains(report, "interrupted on turn 4") || !strings.Contains(report, "## Findings (1)") {
		t.Fatalf("report:\n%s", report)
	}
	if left := processesWith(tag); len(left) > 0 {
		t.Errorf("processes left behind (driver or browser): %v", left)
	}

	// scout resume continues the same folder to the end.
	isolate(t)
	isolateData(t)
	script := factualScript()
	script["action"] = script["action"][3:] // the FINISH that was interrupted
	again := llmtest.New(llmtest.Options{Script: llmtest.Queue(script)})
	defer again.Close()
	before := len(readJournal(t, out))
	time.Sleep(2 * time.Second) // the run waits, stopped: not time it worked
	code, _, errs := invoke("resume", "--llm-url", again.BaseURL(), "--search-url", web.URL+"/search/html/", "--allow-local", "--headless", out)
	if code != 0 {
		t.Fatalf("resume exit %d: %s", code, errs)
	}
	report = read(t, out, "report.md")
	if !strings.Contains(report, "finished by the agent on turn 5") || !strings.Contains(report, "## Findings (1)") || !strings.Contains(report, "Mount Kilimanjaro [1]") {
		t.Fatalf("report after resume:\n%s", report)
	}
	events := readJournal(t, out)
	for i, ev := range events {
		if ev["seq"] != float64(i+1) {
			t.Fatalf("after resume, event %d has seq %v", i+1, ev["seq"])
		}
	}
	if len(events) <= before {
		t.Fatal("the journal was not continued")
	}
	var sum runs.Summary
	if err := json.Unmarshal([]byte(read(t, out, "run.json")), &sum); err != nil {
		t.Fatal(err)
	}
	first, _ := time.Parse(time.RFC3339Nano, events[0]["time"].(string))
	span := sum.FinishedAt.Sub(sum.StartedAt).Seconds()
	if !sum.StartedAt.Equal(first) || sum.WallSeconds > span-1.5 || sum.WallSeconds <= 0 {
		t.Fatalf("run.json after resume: started %v (first event %v), wall %.1f s of a %.1f s span", sum.StartedAt, first, sum.WallSeconds, span)
	}
}

// processesWith lists the pids whose environment holds tag; children
// inherit the environment, so this finds the driver and browser a run
// started, even after they were re-parented.
func processesWith(tag string) []string {
	var pids []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if e.Name()[0] < '0' || e.Name()[0] > '9' {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err == nil && bytes.Contains(env, []byte(tag)) {
			pids = append(pids, e.Name())
		}
	}
	return pids
}

// buildScout builds the scout program once for the tests that run it as a
// process of its own (signals reach a process, not a function).
func buildScout(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "scout-bin-")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "scout")
		build := exec.Command("go", "build", "-o", built.path, ".")
		build.Dir = filepath.Join("..", "..")
		if out, err := build.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

var built struct {
	once sync.Once
	path string
	err  error
}

// TestHangupWritesTheReport: closing the terminal (SIGHUP) while the model
// is thinking stops the run as Ctrl+C does, with report.md and run.json
// written, even though the terminal's end of stderr is gone by then (a
// write to it must not kill the process) and the hangup comes twice.
func TestHangupWritesTheReport(t *testing.T) {
	requireBrowser(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	replies := llmtest.Replies(factualScript())
	replies["action"][3].Delay = time.Minute
	queue := llmtest.QueueReplies(replies)
	finishAsked := make(chan struct{})
	var actions atomic.Int32
	model := llmtest.New(llmtest.Options{Script: func(kind string, msgs []llmtest.Message) llmtest.Reply {
		if kind == "action" && actions.Add(1) == 4 {
			close(finishAsked)
		}
		return queue(kind, msgs)
	}})
	defer model.Close()

	out := filepath.Join(t.TempDir(), "run")
	cmd := exec.Command(buildScout(t), "run", "--llm-url", model.BaseURL(), "--search-url", web.URL+"/search/html/", "--allow-local", "--headless", "--out", out, objective)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
	terminal, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, terminal)
	select {
	case <-finishAsked:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("no fourth turn within 30 s")
	}
	terminal.Close() // the terminal is gone: what the run prints next meets a closed pipe
	cmd.Process.Signal(syscall.SIGHUP)
	time.Sleep(100 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGHUP)
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
		t.Fatalf("exit %v after SIGHUP (stdout %q)", err, stdout.String())
	}
	if report := read(t, out, "report.md"); !strings.Contains(report, "interrupted on turn 4") || !strings.Contains(report, "## Findings (1)") {
		t.Fatalf("report:\n%s", report)
	}
	var sum runs.Summary
	if err := json.Unmarshal([]byte(read(t, out, "run.json")), &sum); err != nil || sum.Status != "interrupted" {
		t.Fatalf("run.json: %+v, %v", sum, err)
	}
}

// TestEarlySignalsStopCleanly: Ctrl+C, a hangup or SIGTERM sent to the
// process group in scout run's first second (as a terminal sends them)
// reaches the browser's driver too, which dies while the run is being set
// up. The run stops as an interrupted one: exit status 3 and a report,
// not exit 1 saying "please install the driver".
func TestEarlySignalsStopCleanly(t *testing.T) {
	requireBrowser(t)
	// The model writes as slowly as a small one on a CPU, so that no run
	// ends by itself (finished, or stuck on its unreachable search) before
	// the signal comes: on an idle machine 900 ms after scout catches
	// signals is past its setup.
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(llmtest.Replies(factualScript())), ReadRate: 200, WriteRate: 10})
	defer model.Close()
	bin := buildScout(t)
	// A run in this process ignored SIGPIPE, which scout would inherit:
	// catching reads scout's own ignoring of it.
	signal.Reset(syscall.SIGPIPE)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGHUP, syscall.SIGTERM} {
		for _, after := range []time.Duration{200 * time.Millisecond, 500 * time.Millisecond, 900 * time.Millisecond} {
			out := filepath.Join(t.TempDir(), "run")
			cmd := exec.Command(bin, "run", "--llm-url", model.BaseURL(), "--search-url", "http://127.0.0.1:9/html/", "--headless", "--out", out, objective)
			cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a group of its own, as a terminal's job
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Counted from when scout catches signals: before that the
			// default ends any program, and on a loaded machine loading
			// the program alone can take longer than 200 ms.
			catching(t, cmd.Process.Pid)
			time.Sleep(after)
			_ = syscall.Kill(-cmd.Process.Pid, sig)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(30 * time.Second):
				_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				t.Fatalf("%v after %v: still running 30 s later:\n%s", sig, after, stderr.String())
			}
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 || strings.Contains(stderr.String(), "driver") {
				t.Errorf("%v after %v: exit %v, want 3:\n%s", sig, after, err, stderr.String())
				continue
			}
			if report := read(t, out, "report.md"); !strings.Contains(report, "interrupted") {
				t.Errorf("%v after %v: report:\n%s", sig, after, report)
			}
		}
	}
}

// catching waits until scout run catches signals, failing the test after
// 20 s. stopOnSignals ignores SIGPIPE just after it catches the others,
// and an ignored signal shows in /proc/pid/status (SigIgn), which a caught
// one does not (Go's runtime has its handler on every signal from the
// start, for the program's default when none is caught).
func catching(t *testing.T, pid int) {
	t.Helper()
	bit := uint64(1) << (uint(syscall.SIGPIPE) - 1)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		if err != nil {
			t.Fatalf("reading the status of scout (pid %d): %v", pid, err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if mask, ok := strings.CutPrefix(line, "SigIgn:"); ok {
				if m, err := strconv.ParseUint(strings.TrimSpace(mask), 16, 64); err == nil && m&bit != 0 {
					return
				}
			}
		}
	}
	t.Fatalf("scout (pid %d) did not start catching signals within 20 s", pid)
}

// "Report: ..." names a report that was written; when writing it failed,
// scout run says what went wrong instead, and exits 1.
func TestNoReportLineWithoutAReport(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	for _, written := range []bool{true, false} {
		var stdout, stderr bytes.Buffer
		code := research(runFlags{context: -1}, runner.Options{Objective: "o"}, func(context.Context, settings.Settings, runner.Options) (*runner.Outcome, error) {
			out := &runner.Outcome{Dir: dir, Result: &agent.Result{Status: agent.StatusFinished}}
			if written {
				out.Report = filepath.Join(dir, "report.md")
				return out, nil
			}
			return out, errors.New("writing report.md: no space left on device")
		}, "run", &stdout, &stderr)
		if says := strings.Contains(stdout.String(), "Report: "); says != written || (code == exitOK) != written {
			t.Errorf("report written %v: exit %d, stdout %q, stderr %q", written, code, stdout.String(), stderr.String())
		}
	}
}
