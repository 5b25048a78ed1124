package runner

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/internal/testenv"
	"github.com/scout-research/scout/backend/settings"
)

// With One, a browser replaced by another (the settings now name another
// program) closes at once when no setup holds it, else when the last
// setup holding it lets it go: a run under way, or queued, keeps its
// browser through a change of settings. Without One, both stay.
func TestReplacedBrowserStaysWhileHeld(t *testing.T) {
	testenv.RequireBrowser(t)
	exe, err := browser.Find("")
	if err != nil {
		t.Fatal(err)
	}
	// The same browser under a second path is another program to Browsers.
	other := filepath.Join(t.TempDir(), "chromium")
	if err := os.Symlink(exe, other); err != nil {
		t.Fatal(err)
	}
	first, second := settings.Defaults(), settings.Defaults()
	first.BrowserPath, second.BrowserPath = exe, other
	first.ShowBrowser, second.ShowBrowser = false, false

	for _, tc := range []struct {
		name       string
		one        bool
		releaseNow bool // the first setup lets its browser go before the second asks
		openAfter  bool // the first browser runs once the second is taken
	}{
		{"one, held: stays until let go", true, false, true},
		{"one, not held: closes at once", true, true, false},
		{"several: both stay", false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &Browsers{One: tc.one}
			defer b.Close()
			a, releaseA, err := b.Get(first)
			if err != nil {
				t.Fatal(err)
			}
			if tc.releaseNow {
				releaseA()
			}
			if again, releaseAgain, _ := b.Get(first); again != a {
				t.Fatal("the same settings started a second browser")
			} else {
				releaseAgain()
			}
			_, releaseB, err := b.Get(second)
			if err != nil {
				t.Fatal(err)
			}
			defer releaseB()
			if open := !a.Closed(); open != tc.openAfter {
				t.Fatalf("the first browser runs after the second was taken: %v, want %v", open, tc.openAfter)
			}
			releaseA()
			releaseA() // letting go twice counts once
			if tc.one && !a.Closed() {
				t.Fatal("the replaced browser still runs once its last holder let it go")
			}
			if !tc.one && (a.Closed() || b.Running() != 2) {
				t.Fatalf("without One: first closed %v, %d running", a.Closed(), b.Running())
			}
			b.Close()
			if b.Running() != 0 || !a.Closed() {
				t.Fatalf("Close left %d running", b.Running())
			}
		})
	}
}
