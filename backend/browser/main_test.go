package browser

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/netguard"
)

// The real-browser tests share one headless Chromium, as chromedp's tests
// do; each test opens a session (a fresh context and tab) of its own.
var (
	shared     *Browser
	sharedErr  error
	fixtureSrv *httptest.Server
	fixtures   *fakeweb.Web
)

// envRequire makes a missing browser or driver a failure instead of a skip;
// make test sets it so CI cannot silently skip the browser layer.
const envRequire = "SCOUT_GUI_E2E"

func TestMain(m *testing.M) {
	web := fakeweb.New(filepath.Join("..", "..", "testdata", "web"))
	fixtureSrv = httptest.NewServer(web)
	fixtures = web
	code := m.Run()
	if shared != nil {
		if err := shared.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "closing the browser:", err)
		}
	}
	fixtureSrv.Close()
	os.Exit(code)
}

// realBrowser returns the shared browser, launching it on first use. The
// guard allows the fixture server's origin only, as the app allows its
// search endpoint: other loopback addresses stay refused.
func realBrowser(t testing.TB) *Browser {
	t.Helper()
	if shared == nil && sharedErr == nil {
		exe, err := Find("")
		if err == nil {
			guard := &netguard.Guard{}
			guard.Allow(fixtureSrv.URL)
			shared, err = Launch(Options{Executable: exe, Headless: true, Guard: guard, NavigationTimeout: navTimeoutForTests})
		}
		sharedErr = err
	}
	if sharedErr != nil {
		if os.Getenv(envRequire) == "1" {
			t.Fatalf("real browser unavailable: %v", sharedErr)
		}
		t.Skipf("real browser unavailable (run make test to install it): %v", sharedErr)
	}
	return shared
}

// navTimeoutForTests keeps the slow-page test short.
const navTimeoutForTests = 4_000_000_000 // 4 s

func session(t testing.TB) *Session {
	t.Helper()
	s, err := realBrowser(t).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}
