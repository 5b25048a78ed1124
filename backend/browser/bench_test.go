package browser

import (
	"context"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/netguard"
)

// BenchmarkStart measures driver plus browser start-up (headless).
func BenchmarkStart(b *testing.B) {
	exe, err := Find("")
	if err != nil {
		b.Skip(err)
	}
	for i := 0; i < b.N; i++ {
		br, err := Launch(Options{Executable: exe, Headless: true, Guard: &netguard.Guard{AllowLocal: true}})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		_ = br.Close()
		b.StartTimer()
	}
}

// BenchmarkOpen measures Open (navigation, guard, extraction) per fixture
// page, and reports the agent-side overhead: Open's time beyond a bare
// Playwright navigation of the same page.
func BenchmarkOpen(b *testing.B) {
	s := session(b)
	ctx := context.Background()
	for _, fp := range append(fixturePages, struct{ name, path string }{"big-5MB", "/big"}) {
		b.Run(fp.name, func(b *testing.B) {
			url := fixtureSrv.URL + fp.path
			var bare time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				bare += bareGoto(b, s, url)
				b.StartTimer()
				if _, err := s.Open(ctx, url); err != nil {
					b.Fatal(err)
				}
			}
			perOpen := float64(b.Elapsed().Milliseconds()) / float64(b.N)
			b.ReportMetric(perOpen, "ms/open")
			b.ReportMetric(perOpen-float64(bare.Milliseconds())/float64(b.N), "ms-overhead/open")
		})
	}
}

// BenchmarkExtract measures the DOM walker alone on a loaded page.
func BenchmarkExtract(b *testing.B) {
	s := session(b)
	for _, fp := range []struct{ name, path string }{{"kilimanjaro", "/wiki/Mount_Kilimanjaro"}, {"big-5MB", "/big"}} {
		b.Run(fp.name, func(b *testing.B) {
			if _, err := s.Open(context.Background(), fixtureSrv.URL+fp.path); err != nil {
				b.Fatal(err)
			}
			html, _ := s.page.Content()
			b.ReportMetric(float64(len(html))/1024, "KB-html")
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.extract(s.page); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func bareGoto(b *testing.B, s *Session, url string) time.Duration {
	p, err := s.tab()
	if err != nil {
		b.Fatal(err)
	}
	if _, err := p.Goto("about:blank"); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	if _, err := p.Goto(url, playwright.PageGotoOptions{WaitUntil: playwright.WaitUntilStateDomcontentloaded}); err != nil {
		b.Fatal(err)
	}
	_ = p.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateLoad})
	return time.Since(start)
}
