package guitest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mxschmitt/playwright-go"
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
	driverDir := filepath.Join(t.TempDir(), "driver", "1.64.1")
	app := Start(t, bin, root, t.TempDir(), "PLAYWRIGHT_DRIVER_PATH="+driverDir)
	page := openPage(t, app.URL)

	expectText(t, page, "setup-card", "browser driver")
	screenshot(t, page, "setup.png")
	click(t, page, "install-driver")
	card := page.GetByTestId("setup-card")
	if err := playwright.NewPlaywrightAssertions().Locator(card).ToHaveCount(0, playwright.LocatorAssertionsToHaveCountOptions{Timeout: playwright.Float(120000)}); err != nil {
		t.Fatalf("the setup card stayed: %v\n%s", err, app.Log())
	}
	if _, err := os.Stat(filepath.Join(driverDir, "package", "cli.js")); err != nil {
		t.Fatalf("driver not installed: %v", err)
	}
}
