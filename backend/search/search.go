// Package search finds web pages for the agent. It has two providers:
// DuckDuckGo's JavaScript-free HTML results page, loaded in the user's
// visible browser through a Fetcher and parsed here, and a SearXNG
// instance's JSON API. A search that finds nothing returns an empty slice
// and no error; a search the engine refused returns an error wrapping
// ErrBlocked, so the agent can tell the two apart. Both providers implement
// the agent's Searcher and return its port.SearchResult.
package search

import (
	"context"

	"github.com/scout-research/scout/backend/agent/port"
)

// Page is an HTML document fetched by a browser: what a search provider
// needs to parse.
type Page struct {
	// Status is the HTTP status of the main document; 0 when unknown.
	Status int
	// URL is the final URL after redirects.
	URL string
	// HTML is the document's markup.
	HTML string
}

// Fetcher loads a URL in the user's visible browser and returns the
// document (the browser package implements it). Fetch returns an error only
// when no document arrived; an HTTP error status is reported in Page.Status.
type Fetcher interface {
	Fetch(ctx context.Context, url string) (Page, error)
}

// Provider searches. Search returns at most MaxResults results in the
// engine's order, without duplicates, each with an http(s) URL. No results
// is an empty slice and a nil error.
type Provider interface {
	Search(ctx context.Context, query string) ([]port.SearchResult, error)
}
