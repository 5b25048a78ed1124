package search

import "time"

// Limits and defaults, in one place.
const (
	// MaxResults caps the results given to the model: ten titles, URLs and
	// snippets are about 600 tokens, a fair price on a small context, and
	// results past the first page rarely beat reading one of the first ten.
	MaxResults = 10

	// BlockedRetryDelay is the pause before retrying a blocked DuckDuckGo
	// search: long enough that a momentary rate limit can lapse, short
	// enough that the user watching does not think the run hung.
	BlockedRetryDelay = 3 * time.Second

	// SearXNGTimeout bounds one SearXNG request when no client is given:
	// an instance waits for its slowest upstream engine, usually a few
	// seconds, and a dead instance should not stall the run for minutes.
	SearXNGTimeout = 20 * time.Second

	// maxJSONBytes caps a SearXNG response read into memory: a normal page
	// of results is tens of kilobytes, so anything beyond this is not one.
	maxJSONBytes = 4 << 20

	// Caps on a result, whatever page it came from: a real title stays
	// under about 150 characters and a snippet under 300 (the agent shows
	// less of it), and an address longer than maxResultURL is data, not a
	// page the model can name back. A results page cannot make the prompt
	// or the journal carry megabytes this way.
	maxResultTitle   = 200
	maxResultSnippet = 500
	maxResultURL     = 2048

	// DefaultDuckDuckGoURL is DuckDuckGo's HTML endpoint, used when
	// DuckDuckGo.HTMLURL is empty.
	DefaultDuckDuckGoURL = "https://html.duckduckgo.com/html/"
)
