package port

// SearchResult is one result of a web search, in the engine's order.
type SearchResult struct {
	Title   string `json:"title"`
	URL     string `json:"url"`
	Snippet string `json:"snippet"`
}
