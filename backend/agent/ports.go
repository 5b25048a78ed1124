// Package agent is Scout's research loop: it turns an objective into
// findings with their sources and a cited result, keeping a small model on
// track with rules enforced in code. It talks to the world only through the
// small interfaces below and imports no SDK.
//
// One turn is one model call returning one action as JSON:
//
//	{"thought_process": "...", "action": "SEARCH|NAVIGATE|READ_MORE|DISCOVER|FINISH", "parameter": "..."}
//
// The conversation only grows: every earlier byte stays as it was so the
// model server's prompt cache can skip it, and each turn appends what
// changed. The checklist is the conversation's first exchange; the coverage
// check before a FINISH is appended to it too. Only the writer gets a fresh
// prompt, because it must not see page text that was never recorded. A
// refused action is answered inside the same conversation (a cheap retry)
// instead of costing a turn.
//
// Long pages are read part by part. After each part the agent names the
// unread parts that best match the checklist items still open (BM25 over
// the parts, see hints.go), so a small model can jump there instead of
// reading every part in order.
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
