package browser

// Reading a loaded page: waiting for it to settle, then running the DOM
// walker (walker.js) in a world of its own, out of the page's scripts'
// reach, within a time limit that a busy page cannot stretch.

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/content"
	"github.com/scout-research/scout/backend/page"
)

//go:embed walker.js
var walkerJS string

// read waits for the page to finish loading and, when it can change after
// that (settle), to go quiet, then extracts its text. A page whose scripts
// keep the browser busy never lets the extraction run: after the read
// timeout (or when ctx ends) the tab is dropped and the visit fails, so
// neither the run nor Stop waits on it.
func (s *Session) read(ctx context.Context, p playwright.Page, rawURL string, settle bool) (page.Document, error) {
	doc, err := within(ctx, s, p, s.readTimeout, func() (page.Document, error) { return s.settleAndExtract(p, settle) })
	switch {
	case ctx.Err() != nil:
		return page.Document{}, ctx.Err()
	case errors.Is(err, errTookTooLong):
		return page.Document{}, port.Failure(port.ErrTimeout, rawURL, "the page kept the browser busy and could not be read within %s", s.readTimeout)
	}
	return doc, err
}

// errTookTooLong: the browser did not answer within the limit.
var errTookTooLong = errors.New("the browser took too long")

// within runs f, which talks to the tab p, as await does; the tab is
// dropped when f fails or is given up on.
func within[T any](ctx context.Context, s *Session, p playwright.Page, limit time.Duration, f func() (T, error)) (T, error) {
	v, err := await(ctx, limit, f)
	if err != nil {
		s.discard(p)
	}
	return v, err
}

// await runs f and gives up when ctx ends or limit passes (errTookTooLong),
// leaving f to finish on its own: nothing the browser does can keep the
// caller waiting longer.
func await[T any](ctx context.Context, limit time.Duration, f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	var zero T
	select {
	case r := <-done:
		return r.v, r.err
	case <-timer.C:
		return zero, errTookTooLong
	case <-ctx.Done():
		return zero, ctx.Err()
	}
}

// settleAndExtract waits for the load event and, when settle is set, for
// the page to stop changing (scripts filling it in, a script or meta
// refresh moving on), then extracts the text. When the page navigated away
// while being read, it reads the page it landed on, settling it, up to
// maxReadAttempts reads in all.
func (s *Session) settleAndExtract(p playwright.Page, settle bool) (page.Document, error) {
	for attempt := 1; ; attempt++ {
		_ = p.WaitForLoadState(playwright.PageWaitForLoadStateOptions{
			State: playwright.LoadStateLoad, Timeout: playwright.Float(float64(settleTimeout.Milliseconds())),
		})
		if settle || attempt > 1 {
			s.waitQuiet(p)
		}
		s.waitShown(p)
		doc, err := s.extract(p)
		if err == nil || attempt == maxReadAttempts || !navigatedAway(err) {
			return doc, err
		}
		// The load state answered for the page being left: give the next
		// one time to commit before waiting on it.
		time.Sleep(navigationCommitPause)
	}
}

// waitQuiet waits, at most quietCap, for the document to stop changing.
// The wait runs in the page, whose scripts could keep it from ever ending
// (a page replacing setTimeout), so it is bounded from here too; an
// unfinished wait does not block the extraction that follows.
func (s *Session) waitQuiet(p playwright.Page) {
	_, _ = await(context.Background(), quietCap+quietFor, func() (any, error) {
		return p.Evaluate(quietJS, map[string]any{"quiet": quietFor.Milliseconds(), "max": quietCap.Milliseconds()})
	})
}

// quietJS resolves once the document has gone quiet ms without a change,
// or after max milliseconds.
const quietJS = `({quiet, max}) => new Promise(resolve => {
  let timer;
  const done = () => { obs.disconnect(); clearTimeout(timer); clearTimeout(cap); resolve(); };
  const obs = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quiet); });
  const cap = setTimeout(done, max);
  timer = setTimeout(done, quiet);
  obs.observe(document.documentElement, {childList: true, subtree: true, characterData: true});
})`

// waitShown waits, at most shownWait, while the page's <html> or <body>
// is hidden as a whole (an anti-flicker snippet waiting for a script that
// may never come), then shows it as the snippet would when it gives up.
// Text hidden inside the page stays hidden: the walker judges it as ever.
func (s *Session) waitShown(p playwright.Page) {
	deadline := time.Now().Add(shownWait)
	for {
		var hidden bool
		if err := evaluateIsolated(p, rootHiddenJS, nil, &hidden); err != nil || !hidden {
			return
		}
		if time.Now().After(deadline) {
			var done bool
			_ = evaluateIsolated(p, showRootJS, nil, &done)
			return
		}
		time.Sleep(shownPoll)
	}
}

// rootHiddenJS says whether the whole page is hidden by its root or body
// being transparent or invisible.
const rootHiddenJS = `() => {
  const hid = (e) => { if (!e) return false; const s = getComputedStyle(e); return s.visibility === 'hidden' || parseFloat(s.opacity) < 0.1; };
  return hid(document.documentElement) || hid(document.body);
}`

// showRootJS shows the root and body, over any stylesheet's !important,
// and drops the class Google Optimize's snippet hides the page with.
const showRootJS = `() => {
  for (const e of [document.documentElement, document.body]) {
    if (!e) continue;
    e.classList.remove('async-hide');
    e.style.setProperty('visibility', 'visible', 'important');
    e.style.setProperty('opacity', '1', 'important');
  }
  return true;
}`

// navigatedAway recognises an evaluation cut short by the page navigating.
func navigatedAway(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Execution context was destroyed") || strings.Contains(msg, "navigat") ||
		strings.Contains(msg, "Cannot find context with specified id")
}

func (s *Session) extract(p playwright.Page) (page.Document, error) {
	var w walked
	// The walk gets a third of the read's time (at most walkTimeout): what
	// it gathered by then is read rather than the visit failing.
	opts := map[string]any{"maxChars": s.br.opts.MaxTextChars, "maxMillis": min(s.readTimeout/3, s.walkTimeout).Milliseconds()}
	err := evaluateIsolated(p, walkerJS, opts, &w)
	if err != nil {
		return page.Document{}, port.Failure(port.ErrNotReadable, p.URL(), "the page could not be read: %v", firstLine(err))
	}
	return plainDocument(w.document()), nil
}

// walked is what the walker returns: a web page's visible DOM, or a text
// file's blocks.
type walked struct {
	URL       string       `json:"url"`
	Title     string       `json:"title"`
	HTML      string       `json:"html"`
	Blocks    []page.Block `json:"blocks"`
	Links     []page.Link  `json:"links"`
	Truncated bool         `json:"truncated"`
}

// document reads a web page's main content from its visible DOM
// (package content); a text file is read as the walker laid it out.
func (w walked) document() page.Document {
	if w.HTML == "" {
		return page.Document{URL: w.URL, Title: w.Title, Blocks: w.Blocks, Links: w.Links, Truncated: w.Truncated}
	}
	return content.Read(content.Page{URL: w.URL, Title: w.Title, HTML: w.HTML, Truncated: w.Truncated})
}

// evaluateIsolated calls the JavaScript function fn with arg in a world of
// its own in p's main frame, and decodes what it returns into out. The
// world shares the page's DOM but none of its JavaScript: a page that
// replaces getComputedStyle, getBoundingClientRect, the hidden property or
// Array.prototype.push sees its changes only in its own world, so it can
// neither make hidden text pass for shown nor keep the walker from reading.
func evaluateIsolated(p playwright.Page, fn string, arg, out any) error {
	cdp, err := p.Context().NewCDPSession(p)
	if err != nil {
		return err
	}
	defer func() { _ = cdp.Detach() }()
	var tree struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	if err := send(cdp, "Page.getFrameTree", nil, &tree); err != nil {
		return err
	}
	var world struct {
		ExecutionContextID int `json:"executionContextId"`
	}
	err = send(cdp, "Page.createIsolatedWorld", map[string]any{"frameId": tree.FrameTree.Frame.ID, "worldName": "scout"}, &world)
	if err != nil {
		return err
	}
	args, err := json.Marshal(arg)
	if err != nil {
		return err
	}
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err = send(cdp, "Runtime.evaluate", map[string]any{
		"expression": "(" + fn + "\n)(" + string(args) + ")", "contextId": world.ExecutionContextID, "returnByValue": true,
	}, &res)
	if err != nil {
		return err
	}
	if e := res.ExceptionDetails; e != nil {
		return fmt.Errorf("%s %s", e.Text, e.Exception.Description)
	}
	if err := json.Unmarshal(res.Result.Value, out); err != nil {
		return fmt.Errorf("decoding extracted text: %w", err)
	}
	return nil
}

// send makes one DevTools protocol call and decodes its answer into out.
func send(cdp playwright.CDPSession, method string, params map[string]any, out any) error {
	raw, err := cdp.Send(method, params)
	if err != nil {
		return err
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, out)
}
