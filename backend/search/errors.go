package search

import (
	"errors"

	"github.com/scout-research/scout/backend/fault"
)

// Kinds of failure, for errors.Is. Every failure a provider explains is an
// *Error wrapping one of these; a cancelled context comes back as the
// context's own error.
var (
	// ErrBlocked: the search engine answered with a bot check instead of
	// results, even after retrying and trying its lite page.
	ErrBlocked = errors.New("search blocked by a bot check")
	// ErrNoJSON: the SearXNG instance does not give JSON results (JSON
	// output disabled, or the URL is not a SearXNG instance).
	ErrNoJSON = errors.New("search instance gives no JSON results")
	// ErrStatus: the search endpoint answered with an HTTP error status.
	ErrStatus = errors.New("search endpoint error status")
	// ErrUnreachable: the search endpoint could not be reached or did not
	// answer in time.
	ErrUnreachable = errors.New("search endpoint unreachable")
	// ErrBadURL: the endpoint URL in the settings is empty or malformed.
	ErrBadURL = errors.New("search endpoint URL invalid")
	// ErrEmptyQuery: there was nothing to search for.
	ErrEmptyQuery = errors.New("empty search query")
)

// Error is a search failure explained for the user: what happened and what
// to do. Kind is one of the Err* values above; errors.Is(err, ErrBlocked)
// works.
type Error = fault.Fault

func newError(kind error, format string, args ...any) *Error { return fault.New(kind, format, args...) }
