// The ports: what the agent needs from the world, as small interfaces the
// adapters (llm, browser, search, the run folder) implement.

package agent

import (
	"context"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
)

// Model completes a conversation. Implementations return the server's
// usage figures and never retry on their own. While the call runs, they
// tell the user what it waits for through notify (see port.Notify).
type Model interface {
	Complete(ctx context.Context, req chat.Request, notify port.Notify) (chat.Reply, error)
}

// Browser opens a page and returns its readable content, or a
// *port.VisitError saying why it could not.
type Browser interface {
	Open(ctx context.Context, url string) (*port.Visit, error)
}

// ReadAhead reads pages in the background while the model works, in a
// browser context of its own behind the same guard: Start queues urls to
// be read (at once, a site at a time) and returns; Read returns those of
// urls read by when ctx ends or wait passes, without waiting for the rest
// after that. A page that could not be read is not returned.
type ReadAhead interface {
	Start(urls []string)
	Read(ctx context.Context, urls []string, wait time.Duration) map[string]*port.Visit
}

// Shower may be implemented by a Browser: Show loads a page in the window
// the user watches without reading it, when the agent already has it
// (read ahead). It returns at once.
type Shower interface {
	Show(url string)
}

// Searcher runs a web search. An empty result is not an error. While the
// search runs, it tells the user what it does or waits for them to do
// through notify (see port.Notify).
type Searcher interface {
	Search(ctx context.Context, query string, notify port.Notify) ([]port.SearchResult, error)
}

// Sink receives events in order. Emit must not block for long, and must
// not drop events: the journal and the report are rebuilt from them.
type Sink interface {
	Emit(Event)
}

// Watcher may be implemented by a Sink that shows model calls in
// progress (the app's research view). It hears how each call goes about
// once a second. These updates are not events: they carry no number, are
// not journaled and may be dropped; a call's start and end are events
// (EvModelWait, EvModelCall).
type Watcher interface {
	Watch(CallProgress)
}

// CallProgress is a model call in progress, as the research view shows
// it: the step of the run it serves, the time left for that step, and what
// the server is doing (see chat.Wait).
type CallProgress struct {
	Turn int    `json:"turn"`
	Kind string `json:"kind"`
	// Stage names the step: "Making the checklist", "Turn 5", "Checking
	// coverage", "Writing the report".
	Stage string `json:"stage"`
	// StageLeft is the time left for the step in words ("about 3 min
	// left"); "" when the speeds are not known yet.
	StageLeft string    `json:"stage_left"`
	Wait      chat.Wait `json:"wait"`
}
