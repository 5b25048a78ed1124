package browser

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/internal/procmem"
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
		before := procmem.PrivateKB(os.Getpid())
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
		self, browsers := procmem.PrivateKB(os.Getpid()), childrenPrivateKB(os.Getpid())
		a.Close()
		b.ReportMetric(float64(len(got)), "pages")
		b.ReportMetric(took.Seconds()/float64(len(urls)), "s/page")
		b.ReportMetric(float64(self)/1024, "MB-private-self")
		b.ReportMetric(float64(self-before)/1024, "MB-private-self-added")
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "MB-go-heap")
		b.ReportMetric(float64(browsers)/1024, "MB-private-browser")
	}
}

// childrenPrivateKB sums the private memory of every process descended
// from pid: the Playwright driver and the browsers it started.
func childrenPrivateKB(pid int) float64 {
	kb := 0.0
	for _, p := range procmem.Descendants(pid) {
		kb += procmem.PrivateKB(p)
	}
	return kb
}
