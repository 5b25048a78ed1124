package runner

import (
	"maps"
	"slices"
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
//
// A setup holds the browser it got until it is closed. With One, a browser
// replaced by another (the settings now name another program, or the
// window is shown or hidden now) closes at once when no setup holds it,
// else when the last one that does lets it go: runs under way, and those
// queued with it, are not cut short by a change of settings.
type Browsers struct {
	// One keeps a single browser for new setups: asked for another
	// program or way of showing, it lets the one before go.
	One bool

	mu      sync.Mutex
	all     map[browserKind]*kept
	retired []*kept // replaced under One, still held
}

type browserKind struct {
	exe      string
	headless bool
}

// kept is a browser with the number of setups holding it.
type kept struct {
	br    *browser.Browser
	holds int
}

// Get returns the browser for set, starting it when none is running, and
// the function that lets it go (once; later calls do nothing).
func (b *Browsers) Get(set settings.Settings) (*browser.Browser, func(), error) {
	exe, err := browser.Find(set.BrowserPath)
	if err != nil {
		return nil, nil, err
	}
	kind := browserKind{exe: exe, headless: !set.ShowBrowser}
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.all[kind]
	if k == nil || k.br.Closed() {
		if b.One {
			b.retireLocked()
		}
		// Each run's session has the guard of its setup (NewSessionGuarded);
		// the browser's own refuses what it does not know.
		br, err := launchBrowser(browser.Options{Executable: exe, Headless: kind.headless, Guard: &netguard.Guard{}})
		if err != nil {
			return nil, nil, err
		}
		if b.all == nil {
			b.all = map[browserKind]*kept{}
		}
		k = &kept{br: br}
		b.all[kind] = k
	}
	k.holds++
	var once sync.Once
	return k.br, func() { once.Do(func() { b.release(k) }) }, nil
}

// release lets k go for one setup; a replaced browser no setup holds
// any more closes.
func (b *Browsers) release(k *kept) {
	b.mu.Lock()
	defer b.mu.Unlock()
	k.holds--
	if k.holds > 0 {
		return
	}
	for i, r := range b.retired {
		if r == k {
			_ = k.br.Close()
			b.retired = slices.Delete(b.retired, i, i+1)
			return
		}
	}
}

// retireLocked lets every browser go for new setups: those no setup
// holds close now, the others when their last holder lets them go.
func (b *Browsers) retireLocked() {
	for kind, k := range b.all {
		delete(b.all, kind)
		if k.holds > 0 && !k.br.Closed() {
			b.retired = append(b.retired, k)
			continue
		}
		_ = k.br.Close()
	}
}

// Close stops every browser started, held or not, and their drivers.
func (b *Browsers) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for kind, k := range b.all {
		_ = k.br.Close()
		delete(b.all, kind)
	}
	for _, k := range b.retired {
		_ = k.br.Close()
	}
	b.retired = nil
}

// Running is how many of the browsers started are still running.
func (b *Browsers) Running() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, k := range append(slices.Collect(maps.Values(b.all)), b.retired...) {
		if !k.br.Closed() {
			n++
		}
	}
	return n
}
