package browser

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/netguard"
)

// aheadBenchPages is how many pages BenchmarkAheadMemory reads ahead, as a
// run that searched four times would (-short: a few, to check it runs).
const aheadBenchPages = 20

// BenchmarkAheadMemory reads 20 pages ahead and reports what they cost in
// memory: this process's private memory (what Scout's own process holds,
// the kept pages among it), its Go heap, and the private memory of the
// browser processes it started (the headless tabs reading ahead).
// Figures are printed, not asserted.
func BenchmarkAheadMemory(b *testing.B) {
	n := aheadBenchPages
	if testing.Short() {
		n = 3
	}
	var urls []string
	for i := 0; len(urls) < n; i++ {
		fp := fixturePages[i%len(fixturePages)]
		urls = append(urls, fmt.Sprintf("%s%s?copy=%d", fixtureSrv.URL, fp.path, i/len(fixturePages)))
	}
	guard := &netguard.Guard{}
	guard.Allow(fixtureSrv.URL)
	for i := 0; i < b.N; i++ {
		before := privateKB(os.Getpid())
		a, err := NewAhead(realBrowser(b), guard)
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		a.Start(urls)
		got := a.Read(context.Background(), urls, 5*time.Minute)
		took := time.Since(start)
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		self, browsers := privateKB(os.Getpid()), childrenPrivateKB(os.Getpid())
		a.Close()
		b.ReportMetric(float64(len(got)), "pages")
		b.ReportMetric(took.Seconds()/float64(len(urls)), "s/page")
		b.ReportMetric(float64(self)/1024, "MB-private-self")
		b.ReportMetric(float64(self-before)/1024, "MB-private-self-added")
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "MB-go-heap")
		b.ReportMetric(float64(browsers)/1024, "MB-private-browser")
	}
}

// privateKB is a process's private memory (clean and dirty pages no other
// process shares), from /proc; 0 where there is none to read.
func privateKB(pid int) int {
	f, err := os.Open(filepath.Join("/proc", strconv.Itoa(pid), "smaps_rollup"))
	if err != nil {
		return 0
	}
	defer f.Close()
	kb := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && strings.HasPrefix(fields[0], "Private_") {
			n, _ := strconv.Atoi(fields[1])
			kb += n
		}
	}
	return kb
}

// childrenPrivateKB sums the private memory of every process descended
// from pid: the Playwright driver and the browsers it started.
func childrenPrivateKB(pid int) int {
	parents := map[int]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so read after ')'.
		rest := string(data[strings.LastIndexByte(string(data), ')')+1:])
		if f := strings.Fields(rest); len(f) >= 2 {
			parents[p], _ = strconv.Atoi(f[1])
		}
	}
	descends := func(p int) bool {
		for i := 0; i < 64 && p > 1; i++ {
			if p = parents[p]; p == pid {
				return true
			}
		}
		return false
	}
	kb := 0
	for p := range parents {
		if descends(p) {
			kb += privateKB(p)
		}
	}
	return kb
}
