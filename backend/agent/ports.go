// The ports: what the agent needs from the world, as small interfaces the
// adapters (llm, browser, search, the run folder) implement.

package agent

import (
	"context"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
)

// Model completes a conversation. Implementations return the server's
// usage figures and never retry on their own.
type Model interface {
	Complete(ctx context.Context, req chat.Request) (chat.Reply, error)
}

// Browser opens a page and returns its readable content, or a
// *port.VisitError saying why it could not.
type Browser interface {
	Open(ctx context.Context, url string) (*port.Visit, error)
}

// Searcher runs a web search. An empty result is not an error.
type Searcher interface {
	Search(ctx context.Context, query string) ([]port.SearchResult, error)
}

// Sink receives events in order. Emit must not block for long, and must
// not drop events: the journal and the report are rebuilt from them.
type Sink interface {
	Emit(Event)
}
