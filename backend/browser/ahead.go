package browser

import (
	"context"
	"net/url"
	"slices"
	"sync"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/netguard"
)

// Reading ahead: the pages of a results list read in the background, in
// headless sessions of their own behind the same guard, while the model
// reads the list. The window the user watches keeps showing what the
// model does.
const (
	// aheadTabs pages are read at once: two cores, and the model server
	// busy on the same machine.
	aheadTabs = 2
	// maxAheadPages are kept for the run, the oldest dropped first: a page
	// holds up to DefaultMaxTextChars, and a run opens a few dozen.
	maxAheadPages = 24
)

// Ahead reads pages ahead. Its methods are safe for concurrent use.
type Ahead struct {
	ctx    context.Context
	cancel context.CancelFunc
	own    *Browser // a headless browser of its own, when the run's shows a window
	tabs   []*Session

	mu     sync.Mutex
	wake   *sync.Cond
	queue  []string
	busy   map[string]bool // sites being read
	pages  map[string]*ahead
	order  []string // pages by age, for dropping the oldest
	closed bool
}

type ahead struct {
	done  chan struct{}
	visit *port.Visit
}

// NewAhead starts reading ahead beside br: in contexts of br when it is
// headless, else in a headless browser of its own, started from the same
// program.
func NewAhead(br *Browser, guard *netguard.Guard) (*Ahead, error) {
	a := &Ahead{busy: map[string]bool{}, pages: map[string]*ahead{}}
	a.wake = sync.NewCond(&a.mu)
	a.ctx, a.cancel = context.WithCancel(context.Background())
	host := br
	if !br.Headless() {
		b, err := br.pw.Chromium.Launch(playwright.BrowserTypeLaunchOptions{
			ExecutablePath: playwright.String(br.opts.Executable), Headless: playwright.Bool(true), Args: chromiumArgs,
		})
		if err != nil {
			return nil, err
		}
		opts := br.opts
		opts.Headless = true
		a.own = &Browser{opts: opts, pw: br.pw, b: b}
		host = a.own
	}
	for range aheadTabs {
		s, err := host.NewSessionGuarded(guard)
		if err != nil {
			a.Close()
			return nil, err
		}
		a.tabs = append(a.tabs, s)
		go a.work(s)
	}
	return a, nil
}

// Start queues urls to be read, in order, skipping those read or queued.
func (a *Ahead) Start(urls []string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, u := range urls {
		if a.closed || a.pages[u] != nil {
			continue
		}
		a.pages[u] = &ahead{done: make(chan struct{})}
		a.order = append(a.order, u)
		a.queue = append(a.queue, u)
	}
	a.dropOldest()
	a.wake.Broadcast()
}

// Read returns the pages of urls read by the time ctx ends or wait has
// passed; a page that could not be read is left out.
func (a *Ahead) Read(ctx context.Context, urls []string, wait time.Duration) map[string]*port.Visit {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	out := map[string]*port.Visit{}
	for _, u := range urls {
		a.mu.Lock()
		p := a.pages[u]
		a.mu.Unlock()
		if p == nil {
			continue
		}
		select {
		case <-p.done:
		case <-timer.C:
			return a.ready(urls, out)
		case <-ctx.Done():
			return a.ready(urls, out)
		}
		if p.visit != nil {
			out[u] = p.visit
		}
	}
	return out
}

// ready adds to out the pages of urls read already.
func (a *Ahead) ready(urls []string, out map[string]*port.Visit) map[string]*port.Visit {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, u := range urls {
		if p := a.pages[u]; p != nil && p.visit != nil {
			out[u] = p.visit
		}
	}
	return out
}

// work reads queued pages in tab s, one site at a time across the tabs.
func (a *Ahead) work(s *Session) {
	for {
		u, ok := a.next()
		if !ok {
			return
		}
		v, err := s.Open(a.ctx, u)
		a.mu.Lock()
		delete(a.busy, siteOf(u))
		if p := a.pages[u]; p != nil {
			if err == nil {
				p.visit = v
			}
			close(p.done)
		}
		a.wake.Broadcast()
		a.mu.Unlock()
	}
}

// next takes the first queued page whose site no tab is reading, waiting
// for one; false once closed.
func (a *Ahead) next() (string, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for {
		if a.closed {
			return "", false
		}
		for i, u := range a.queue {
			if site := siteOf(u); !a.busy[site] {
				a.busy[site] = true
				a.queue = slices.Delete(a.queue, i, i+1)
				return u, true
			}
		}
		a.wake.Wait()
	}
}

// dropOldest forgets the oldest pages read beyond maxAheadPages.
func (a *Ahead) dropOldest() {
	for len(a.order) > maxAheadPages {
		u := a.order[0]
		p := a.pages[u]
		select {
		case <-p.done:
		default:
			return // still being read: dropped later
		}
		a.order = a.order[1:]
		delete(a.pages, u)
	}
}

// Close stops reading and closes the tabs, and the browser of its own.
func (a *Ahead) Close() {
	a.mu.Lock()
	a.closed = true
	for _, u := range a.queue {
		close(a.pages[u].done)
	}
	a.queue = nil
	a.wake.Broadcast()
	a.mu.Unlock()
	a.cancel()
	for _, s := range a.tabs {
		_ = s.Close()
	}
	if a.own != nil {
		_ = a.own.b.Close()
	}
}

func siteOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Hostname()
}
