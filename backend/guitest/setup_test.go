package guitest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/browser"
)

// TestSetupCardInstallsTheDriver starts the app with no browser driver: the
// research screen explains and installs it (from the npm registry, with the
// system Node.js), and the card goes away.
func TestSetupCardInstallsTheDriver(t *testing.T) {
	Enabled(t)
	if os.Getenv("SCOUT_TEST_DRIVER_INSTALL") != "1" {
		t.Skip("set SCOUT_TEST_DRIVER_INSTALL=1 (make test does) to install a driver from the npm registry")
	}
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	driverDir := filepath.Join(t.TempDir(), "driver", browser.DriverVersion)
	mirror := slowMirror(t)
	app := Start(t, bin, root, t.TempDir(), "PLAYWRIGHT_DRIVER_PATH="+driverDir, "PLAYWRIGHT_GO_NPM_REGISTRY="+mirror)
	page := openPage(t, app.URL)

	expectText(t, page, "setup-card", "browser driver")
	screenshot(t, page, "setup.png")
	click(t, page, "install-driver")
	// The slow mirror leaves time to see the bar part-way.
	bar := page.GetByTestId("install-progress")
	if err := playwright.NewPlaywrightAssertions().Locator(bar).ToHaveAttribute("aria-valuenow", regexp.MustCompile(`^([1-9]|[1-9][0-9])$`),
		playwright.LocatorAssertionsToHaveAttributeOptions{Timeout: playwright.Float(expectTimeoutMS)}); err != nil {
		t.Fatalf("no download percentage shown: %v", err)
	}
	screenshot(t, page, "setup-progress.png")
	card := page.GetByTestId("setup-card")
	if err := playwright.NewPlaywrightAssertions().Locator(card).ToHaveCount(0, playwright.LocatorAssertionsToHaveCountOptions{Timeout: playwright.Float(120000)}); err != nil {
		t.Fatalf("the setup card stayed: %v\n%s", err, app.Log())
	}
	if _, err := os.Stat(filepath.Join(driverDir, "package", "cli.js")); err != nil {
		t.Fatalf("driver not installed: %v", err)
	}
}

// slowMirror serves the playwright-core tarball, fetched once from the npm
// registry, in small slow pieces, as a slow connection would.
func slowMirror(t *testing.T) string {
	t.Helper()
	path := "/playwright-core/-/playwright-core-" + browser.DriverVersion + ".tgz"
	resp, err := http.Get("https://registry.npmjs.org" + path)
	if err != nil {
		t.Fatalf("the npm registry cannot be reached: %v", err)
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("fetching playwright-core: %s %v", resp.Status, err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != path {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(data)))
		for rest := data; len(rest) > 0; {
			n := min(len(rest), len(data)/40+1) // about 40 pieces
			if _, err := w.Write(rest[:n]); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			rest = rest[n:]
			time.Sleep(75 * time.Millisecond)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
