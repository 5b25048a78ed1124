// The ports: what the agent needs from the world, as small interfaces the
// adapters (llm, browser, search, the run folder) implement.

package agent

import (
	"context"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/search"
	"github.com/scout-research/scout/backend/web"
)

// Model completes a conversation. Implementations return the server's
// usage figures and never retry on their own.
type Model interface {
	Complete(ctx context.Context, req chat.Request) (chat.Reply, error)
}

// Browser opens a page and returns its readable content, or a
// *web.VisitError saying why it could not.
type Browser interface {
	Open(ctx context.Context, url string) (*web.Visit, error)
}

// Searcher runs a web search. An empty result is not an error.
type Searcher interface {
	Search(ctx context.Context, query string) ([]search.Result, error)
}

// Sink receives events in order. Emit must not block for long, and must
// not drop events: the journal and the report are rebuilt from them.
type Sink interface {
	Emit(Event)
}
