package runner

import (
	"sync"

	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/settings"
)

// launchBrowser starts a browser; tests count the calls.
var launchBrowser = browser.Launch

// Browsers are browsers kept across setups, one for each program and way
// of showing (a window, or headless) the settings ask for, each started
// the first time it is asked for: N runs, or N setups, start one browser,
// not N. Each run opens a fresh session (context, no cookies) in it. The
// zero value is ready to use.
type Browsers struct {
	// One keeps a single browser: asked for another program or way of
	// showing, it stops the one before (the app's one window).
	One bool

	mu  sync.Mutex
	all map[browserKind]*browser.Browser
}

type browserKind struct {
	exe      string
	headless bool
}

// Get returns the browser for set, starting it when none is running.
func (b *Browsers) Get(set settings.Settings) (*browser.Browser, error) {
	exe, err := browser.Find(set.BrowserPath)
	if err != nil {
		return nil, err
	}
	kind := browserKind{exe: exe, headless: !set.ShowBrowser}
	b.mu.Lock()
	defer b.mu.Unlock()
	if br := b.all[kind]; br != nil && !br.Closed() {
		return br, nil
	}
	if b.One {
		b.closeLocked()
	}
	// Each run's session has the guard of its setup (NewSessionGuarded);
	// the browser's own refuses what it does not know.
	br, err := launchBrowser(browser.Options{Executable: exe, Headless: kind.headless, Guard: &netguard.Guard{}})
	if err != nil {
		return nil, err
	}
	if b.all == nil {
		b.all = map[browserKind]*browser.Browser{}
	}
	b.all[kind] = br
	return br, nil
}

// Close stops every browser started, and their drivers.
func (b *Browsers) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closeLocked()
}

func (b *Browsers) closeLocked() {
	for kind, br := range b.all {
		_ = br.Close()
		delete(b.all, kind)
	}
}

// Running is how many of the browsers started are still running.
func (b *Browsers) Running() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, br := range b.all {
		if !br.Closed() {
			n++
		}
	}
	return n
}
