// Package search finds web pages for the agent. It has two providers:
// DuckDuckGo's JavaScript-free HTML results page, loaded in the user's
// visible browser through a Fetcher and parsed here, and a SearXNG
// instance's JSON API. A search that finds nothing returns an empty slice
// and no error; a search the engine refused returns an error wrapping
// ErrBlocked, so the agent can tell the two apart. Both providers implement
// the agent's Searcher: Search returns at most MaxResults results
// (port.SearchResult) in the engine's order, without duplicates, each with
// an http(s) URL.
package search

import (
	"context"
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
