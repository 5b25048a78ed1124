// The ports: what the agent needs from the world, as small interfaces the
// adapters (llm, browser, search, the run folder) implement.

package agent

import (
	"context"

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
