package guitest

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStartup starts the release binary under Xvfb and reports the
// time to the first painted screen and the idle memory of the app process
// (and, separately, of its WebKit helper processes). Targets: under 2 s,
// under 120 MB for the app.
func BenchmarkStartup(b *testing.B) {
	if _, err := exec.LookPath("xvfb-run"); err != nil {
		b.Skip("xvfb-run is not installed")
	}
	root, _ := filepath.Abs("../..")
	bin := filepath.Join(b.TempDir(), "scout")
	build := exec.Command("go", "build", "-tags", "desktop,production,webkit2_41", "-o", bin, ".")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	var paintMS, appMB, appPSS, webMB float64
	for i := 0; i < b.N; i++ {
		p, a, ps, w := startOnce(b, bin)
		paintMS += p
		appMB += a
		appPSS += ps
		webMB += w
	}
	n := float64(b.N)
	b.ReportMetric(paintMS/n, "ms-first-paint")
	b.ReportMetric(appMB/n, "MB-app-rss")
	b.ReportMetric(appPSS/n, "MB-app-pss")
	b.ReportMetric(webMB/n, "MB-webkit-rss")
}

func startOnce(b *testing.B, bin string) (paintMS, appMB, appPSS, webMB float64) {
	cmd := exec.Command("xvfb-run", "-a", "-s", "-screen 0 1280x900x24 -nolisten tcp", bin)
	cmd.Env = append(os.Environ(), envReportStartup+"=1", "XDG_CONFIG_HOME="+b.TempDir(), "XDG_DATA_HOME="+b.TempDir())
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		_ = cmd.Wait()
	}()
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
	case paintMS = <-found:
	case <-time.After(30 * time.Second):
		b.Fatal("no first paint within 30 s")
	}
	time.Sleep(2 * time.Second) // idle
	app := pidOf(bin)
	appMB = memMB(app, "status", "VmRSS:")
	appPSS = memMB(app, "smaps_rollup", "Pss:") // shared libraries counted once across processes
	for _, child := range childrenOf(app) {
		webMB += memMB(child, "status", "VmRSS:")
	}
	return paintMS, appMB, appPSS, webMB
}

func pidOf(exe string) int {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if target, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe")); err == nil && target == exe {
			return pid
		}
	}
	return 0
}

func childrenOf(pid int) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			out = append(out, child)
		}
	}
	return out
}

// memMB reads a kB figure from /proc/<pid>/<file>.
func memMB(pid int, file, key string) float64 {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), file))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, key); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}
