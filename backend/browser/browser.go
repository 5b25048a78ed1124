package browser

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/netguard"
)

// Defaults for Options.
const (
	// DefaultNavigationTimeout: slow sites answer within 30 s; beyond that
	// the agent's turn is better spent elsewhere.
	DefaultNavigationTimeout = 30 * time.Second
	// DefaultMaxTextChars caps extracted text at about 2 MB: far more than
	// any article, small enough that a runaway page cannot fill memory.
	DefaultMaxTextChars = 2_000_000
	// settleTimeout is how long to wait, after the document is parsed, for
	// the page to finish loading (late scripts fill in content); pages that
	// never settle are read as they are.
	settleTimeout = 3 * time.Second
	// quietFor: a page whose document has not changed for this long has
	// finished filling itself in (client-side rendering, a late redirect).
	quietFor = 300 * time.Millisecond
	// quietCap bounds that wait: a ticking clock or a carousel never goes
	// quiet, and reading it a second later finds the same text.
	quietCap = 1500 * time.Millisecond
	// maxReadAttempts: a page that navigates while being read (a meta
	// refresh, a script redirect) is read where it lands; a chain of such
	// moves is followed this far.
	maxReadAttempts = 3
	// navigationCommitPause lets a navigation that cut a read short commit
	// before the next read waits for the new page to load.
	navigationCommitPause = 100 * time.Millisecond
	// shownWait bounds waiting for a page kept hidden while it loads (an
	// anti-flicker snippet holding <html> or <body> at opacity 0 or
	// visibility:hidden until a script answers): the snippets give up
	// after 2-4 s themselves, and a page still hidden after this is shown
	// by Scout as they would show it.
	shownWait = 3 * time.Second
	// shownPoll is how often the hidden page is looked at again.
	shownPoll = 100 * time.Millisecond
	// readTimeout bounds waiting for and extracting a loaded page: a
	// page whose scripts never yield would otherwise hold the run forever.
	// Reading a 5 MB page with a 40,000-row table took about 20 s on a
	// two-core machine; ordinary pages take well under a second.
	readTimeout = 45 * time.Second
	// walkTimeout bounds the walker's reading of a page of very many
	// elements, well inside a DevTools call's 30 s.
	walkTimeout = 15 * time.Second
	// closeTimeout bounds closing a session's tabs at the end of a run.
	closeTimeout = 5 * time.Second
)

// chromiumArgs keep the browser quiet: no first-run pages, no background
// traffic to Google, no GPU process that can fail on virtual displays.
var chromiumArgs = []string{
	"--disable-gpu", "--no-first-run", "--no-default-browser-check",
	"--disable-background-networking", "--disable-component-update", "--disable-sync",
	"--disable-features=Translate,MediaRouter", "--disable-quic",
}

// Options configure Launch. The zero value is usable except for Executable.
type Options struct {
	// Executable is the browser program (see Find).
	Executable string
	// Headless hides the window; the default shows it so the user watches.
	Headless bool
	// Guard decides which addresses may be opened; nil refuses private
	// addresses and non-web schemes.
	Guard *netguard.Guard
	// NavigationTimeout bounds one navigation; 0 means the default.
	NavigationTimeout time.Duration
	// MaxTextChars caps extracted text; 0 means the default.
	MaxTextChars int
}

// Browser is one running browser for the app session. Runs use sessions of
// their own (NewSession). Close it to stop the browser and the driver.
type Browser struct {
	opts Options
	pw   *playwright.Playwright
	b    playwright.Browser

	mu     sync.Mutex
	closed bool
}

// Launch starts the driver and the browser.
func Launch(opts Options) (*Browser, error) {
	if opts.Executable == "" {
		return nil, errors.New("no browser program given: call Find first")
	}
	if opts.Guard == nil {
		opts.Guard = &netguard.Guard{}
	}
	if opts.NavigationTimeout == 0 {
		opts.NavigationTimeout = DefaultNavigationTimeout
	}
	if opts.MaxTextChars == 0 {
		opts.MaxTextChars = DefaultMaxTextChars
	}
	if !opts.Headless && !hasDisplay() {
		return nil, errors.New("there is no screen to show the browser window on: run headless (scout run --headless, or turn off \"Show the browser window\" in Settings)")
	}
	pw, err := StartDriver()
	if err != nil {
		return nil, err
	}
	b, err := pw.Chromium.Launch(playwright.BrowserTypeLaunchOptions{
		ExecutablePath: playwright.String(opts.Executable),
		Headless:       playwright.Bool(opts.Headless),
		Args:           chromiumArgs,
	})
	if err != nil {
		_ = pw.Stop()
		return nil, fmt.Errorf("cannot start the browser %s: %w", opts.Executable, err)
	}
	return &Browser{opts: opts, pw: pw, b: b}, nil
}

// Close stops the browser and its driver; no process is left behind.
func (br *Browser) Close() error {
	br.mu.Lock()
	defer br.mu.Unlock()
	if br.closed {
		return nil
	}
	br.closed = true
	errB := br.b.Close()
	errP := br.pw.Stop()
	return errors.Join(errB, errP)
}

// hasDisplay reports whether a window can be shown: always on macOS and
// Windows, and on Linux when an X11 or Wayland display is set.
func hasDisplay() bool {
	if runtime.GOOS != "linux" {
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// Headless reports whether the browser runs without a window.
func (br *Browser) Headless() bool { return br.opts.Headless }

// Executable is the browser program running.
func (br *Browser) Executable() string { return br.opts.Executable }

// Closed reports whether Close was called.
func (br *Browser) Closed() bool {
	br.mu.Lock()
	defer br.mu.Unlock()
	return br.closed || !br.b.IsConnected()
}
