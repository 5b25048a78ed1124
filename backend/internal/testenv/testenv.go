// Package testenv holds what tests across packages share about their
// environment: isolated XDG folders, and whether the real browser may be
// skipped.
package testenv

import (
	"fmt"
	"os"
	"testing"

	"github.com/adrg/xdg"

	"github.com/scout-research/scout/backend/browser"
)

// EnvRequire makes a missing browser or driver a failure instead of a skip;
// make test sets it, so CI cannot silently skip the browser-backed tests.
const EnvRequire = "SCOUT_GUI_E2E"

// RequireBrowser skips t unless a browser and the Playwright driver are
// installed, or fails it when EnvRequire is set.
func RequireBrowser(t testing.TB) {
	t.Helper()
	_, err := browser.Find("")
	if err == nil && !browser.DriverInstalled() {
		err = fmt.Errorf("the browser driver is not installed")
	}
	if err == nil {
		return
	}
	if os.Getenv(EnvRequire) == "1" {
		t.Fatalf("real browser unavailable: %v", err)
	}
	t.Skipf("real browser unavailable (make test installs it): %v", err)
}

// IsolateConfig points $XDG_CONFIG_HOME at a fresh folder for t and
// returns it. The system keyring is turned off too (SCOUT_KEYRING=off):
// an API key a test keeps goes to the file in that folder, and no test
// reads or changes the key of the user who runs it.
func IsolateConfig(t testing.TB) string {
	t.Setenv(envKeyring, "off")
	return isolate(t, "XDG_CONFIG_HOME")
}

// envKeyring is settings.EnvKeyring, named here as testenv does not
// import settings.
const envKeyring = "SCOUT_KEYRING"

// IsolateData points $XDG_DATA_HOME at a fresh folder for t and returns it.
func IsolateData(t testing.TB) string { return isolate(t, "XDG_DATA_HOME") }

func isolate(t testing.TB, env string) string {
	t.Helper()
	dir := t.TempDir()
	t.Cleanup(xdg.Reload) // registered before Setenv, so it runs after its restore
	t.Setenv(env, dir)
	xdg.Reload()
	return dir
}
