package guitest

import (
	"fmt"
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
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// TestSetupCardInstallsTheDriver starts the app with no browser driver: the
// research screen explains and installs it (from the npm registry, with the
// system Node.js), and the card then says it is installed.
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
	// Installed, the card says so rather than vanish.
	done := page.GetByTestId("driver-installed")
	if err := playwright.NewPlaywrightAssertions().Locator(done).ToContainText("The browser driver is installed", playwright.LocatorAssertionsToContainTextOptions{Timeout: playwright.Float(120000)}); err != nil {
		t.Fatalf("the card does not say the driver is installed: %v\n%s", err, app.Log())
	}
	if n, _ := page.GetByTestId("install-driver").Count(); n != 0 {
		t.Error("the install button stayed after the driver was installed")
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

// TestFirstStartNamesTheModelServer starts the app as a new user does, with
// no run yet: the setup card says a model server is needed and which URL
// Scout uses, tests it on the spot, and says the browser driver is there.
func TestFirstStartNamesTheModelServer(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	server := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192})
	defer server.Close()
	config := t.TempDir()
	mustWrite(t, filepath.Join(config, "scout", "settings.json"), fmt.Sprintf(`{"server_url":%q}`, server.BaseURL()))
	app := Start(t, bin, root, config)
	page := openPage(t, app.URL)

	expectText(t, page, "setup-server", "A model server")
	expectText(t, page, "setup-server", server.BaseURL())
	expectText(t, page, "driver-installed", "The browser driver is installed")
	click(t, page, "setup-test-server")
	expectText(t, page, "setup-server-status", "Connected to LM Studio: 2 models, context 8192 tokens.")
	screenshot(t, page, "first-start.png")
	assertFits(t, page, "first-start-900x600.png")
}
