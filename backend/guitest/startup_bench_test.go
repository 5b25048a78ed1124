package guitest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/internal/procmem"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// idleWait lets the app settle after its first paint, or after a run,
// before its memory is read.
const idleWait = 2 * time.Second

// BenchmarkStartup starts the release binary on a display of its own and
// reports the time to its first painted screen; the memory of the app
// process and of WebKit's web process, idle after start; the time from
// pressing Start (Ctrl+Enter in the window) to the fake model server's
// first action request; and, once per benchmark, the memory of both after
// a run that streams a journal of over 2,000 rows into the window.
//
// Memory is given three ways: private (Private_Clean + Private_Dirty of
// /proc/PID/smaps_rollup: what the process alone holds, the part Scout's
// code and data control), PSS (shared pages divided among the processes
// that map them) and RSS (every page mapped, shared libraries such as
// software GL's whole LLVM included). For the app, the part of its private
// memory that lies in shared libraries is given too: those pages are
// private only while no other process maps the same library, so on a
// machine running other GTK or WebKit programs it comes and goes, while
// the rest (Scout's binary, its heap and the libraries' own data) stays.
// Targets: the app's private memory at most 60 MB idle and 100 MB after
// the long run. Nothing is asserted.
func BenchmarkStartup(b *testing.B) {
	for _, tool := range []string{"Xvfb", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			b.Skipf("%s is not installed", tool)
		}
	}
	root := RepoRoot(b)
	bin := filepath.Join(b.TempDir(), "scout")
	build := exec.Command("go", "build", "-tags", "desktop,production,webkit2_41", "-trimpath", "-ldflags", "-w -s", "-o", bin, ".")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	_, web := fakeweb.Start(b, filepath.Join(root, "testdata", "web"))
	var paint, toAction float64
	var idle pair
	for i := 0; i < b.N; i++ {
		s := startOnce(b, bin, root, web.URL, afterLongRun == nil)
		paint += s.paintMS
		toAction += s.toActionMS
		idle = idle.plus(s.idle)
	}
	n := float64(b.N)
	b.ReportMetric(paint/n, "ms-first-paint")
	b.ReportMetric(toAction/n, "ms-start-to-action")
	idle.scaled(1/n).report(b, "idle")
	if afterLongRun != nil {
		afterLongRun.report(b, "long-run")
	}
}

// afterLongRun is the memory after the long run, measured in the
// benchmark's first round only (it takes minutes) and reported in each.
var afterLongRun *pair

// started is what one start of the app measured.
type started struct {
	paintMS, toActionMS float64
	idle                pair
}

// startOnce starts the app with a fake model server, measures it idle,
// starts a run, and when long is set lets the run stream its 2,000 rows
// and measures again.
func startOnce(b *testing.B, bin, root, webURL string, long bool) (s started) {
	firstAction := make(chan time.Time, 1)
	model := llmtest.New(llmtest.Options{Script: notingFirstAction(longRunScript(), firstAction)})
	defer model.Close()
	config := researchConfig(b, model.BaseURL(), webURL, false)
	turns := longRunTurns
	if testing.Short() {
		turns = longRunTurns / 10 // see BenchmarkLongJournal
	}
	mustWrite(b, filepath.Join(config, "scout", "settings.json"), strings.Replace(readFile(b, filepath.Join(config, "scout", "settings.json")),
		"{", fmt.Sprintf(`{"max_turns":%d,`, turns), 1))
	display := StartXvfb(b)
	data := b.TempDir()
	cmd := exec.Command(bin)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "DISPLAY="+display, envReportStartup+"=1", "XDG_CONFIG_HOME="+config, "XDG_DATA_HOME="+data)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // the app and its WebKit processes all go
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		_ = cmd.Wait()
	}()
	s.paintMS = firstPaintMS(b, stderr)
	time.Sleep(idleWait)
	s.idle = measure(cmd.Process.Pid)

	win := xdotool(b, display, "search", "--sync", "--name", "^Scout$")
	_, _ = xdotoolTry(display, "windowfocus", win) // without a window manager focus may already be there
	xdotool(b, display, "type", "--delay", "5", objective)
	pressed := time.Now()
	xdotool(b, display, "key", "ctrl+Return")
	select {
	case at := <-firstAction:
		s.toActionMS = float64(at.Sub(pressed).Microseconds()) / 1000
	case <-time.After(time.Minute):
		b.Fatal("no action request reached the fake server within a minute of Start")
	}
	if long {
		waitReport(b, data, 10*time.Minute)
		time.Sleep(idleWait)
		after := measure(cmd.Process.Pid)
		afterLongRun = &after
	}
	return s
}

// notingFirstAction passes script's replies on and sends the time of the
// first action request to at.
func notingFirstAction(script llmtest.Script, at chan<- time.Time) llmtest.Script {
	var once sync.Once
	return func(kind string, msgs []llmtest.Message) llmtest.Reply {
		if kind == "action" {
			once.Do(func() { at <- time.Now() })
		}
		return script(kind, msgs)
	}
}

// firstPaintMS reads the app's report of its first paint from its stderr.
func firstPaintMS(b *testing.B, stderr io.Reader) float64 {
	found := make(chan float64, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if ms, ok := strings.CutPrefix(sc.Text(), firstPaint+" "); ok {
				v, _ := strconv.ParseFloat(strings.TrimSuffix(ms, " ms"), 64)
				found <- v
			}
		}
	}()
	select {
	case ms := <-found:
		return ms
	case <-time.After(30 * time.Second):
		b.Fatal("no first paint within 30 s")
	}
	return 0
}

// waitReport waits for the only run under the data home to write its
// report.
func waitReport(b *testing.B, dataHome string, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		dirs, _ := filepath.Glob(filepath.Join(dataHome, "scout", "runs", "*", "run.json"))
		if len(dirs) == 1 {
			return
		}
		time.Sleep(time.Second)
	}
	b.Fatalf("the long run did not end within %v", limit)
}

func xdotool(b *testing.B, display string, args ...string) string {
	out, err := xdotoolTry(display, args...)
	if err != nil {
		b.Fatalf("xdotool %s: %v", strings.Join(args, " "), err)
	}
	return out
}

func xdotoolTry(display string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, err := cmd.Output()
	first, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return first, err
}

// memory is one process's memory in MB; inLibs is the part of private
// that lies in shared libraries' files.
type memory struct{ private, pss, rss, inLibs float64 }

// pair is the memory of the app process and of WebKit's web process.
type pair struct{ app, web memory }

// measure reads the memory of the app process pid and of the WebKit web
// process among its descendants.
func measure(pid int) pair {
	p := pair{app: memoryOf(pid)}
	for _, d := range procmem.Descendants(pid) {
		if comm, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(d), "comm")); strings.HasPrefix(string(comm), "WebKitWebProces") {
			p.web = memoryOf(d)
		}
	}
	return p
}

// memoryOf reads /proc/PID/smaps_rollup.
func memoryOf(pid int) memory {
	kb := procmem.Rollup(pid)
	return memory{private: (kb["Private_Clean"] + kb["Private_Dirty"]) / 1024, pss: kb["Pss"] / 1024, rss: kb["Rss"] / 1024,
		inLibs: privateInLibs(pid) / 1024}
}

// privateInLibs adds up the private kB of /proc/PID/smaps's mappings of
// shared libraries.
func privateInLibs(pid int) float64 {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "smaps"))
	if err != nil {
		return 0
	}
	var kb float64
	lib := false
	for _, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0:
		case strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":"): // a mapping's header line
			path := fields[len(fields)-1]
			lib = len(fields) >= 6 && (strings.HasSuffix(path, ".so") || strings.Contains(path, ".so."))
		case lib && (fields[0] == "Private_Clean:" || fields[0] == "Private_Dirty:"):
			v, _ := strconv.ParseFloat(fields[1], 64)
			kb += v
		}
	}
	return kb
}

func (m memory) plus(n memory) memory {
	return memory{m.private + n.private, m.pss + n.pss, m.rss + n.rss, m.inLibs + n.inLibs}
}

func (m memory) scaled(f float64) memory {
	return memory{m.private * f, m.pss * f, m.rss * f, m.inLibs * f}
}

func (p pair) plus(q pair) pair      { return pair{p.app.plus(q.app), p.web.plus(q.web)} }
func (p pair) scaled(f float64) pair { return pair{p.app.scaled(f), p.web.scaled(f)} }

// report adds the pair's figures to the benchmark's, named after when.
func (p pair) report(b *testing.B, when string) {
	for _, m := range []struct {
		proc string
		mem  memory
	}{{"app", p.app}, {"web", p.web}} {
		b.ReportMetric(m.mem.private, fmt.Sprintf("MB-%s-private-%s", m.proc, when))
		b.ReportMetric(m.mem.pss, fmt.Sprintf("MB-%s-pss-%s", m.proc, when))
		b.ReportMetric(m.mem.rss, fmt.Sprintf("MB-%s-rss-%s", m.proc, when))
	}
	b.ReportMetric(p.app.inLibs, "MB-app-private-in-libs-"+when)
}
