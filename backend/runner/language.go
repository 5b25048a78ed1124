package runner

import (
	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/lang"
	"github.com/scout-research/scout/backend/search"
)

// inLanguage has the search favour pages in the objective's language
// (t): DuckDuckGo's region, SearXNG's language. An address in Settings
// that sets its own keeps it (search/language.go).
func inLanguage(s agent.Searcher, t lang.Tag) agent.Searcher {
	switch p := s.(type) {
	case *search.DuckDuckGo:
		p.Region = search.DuckDuckGoRegion(string(t))
	case *search.SearXNG:
		p.Language = search.SearXNGLanguage(string(t))
	}
	return s
}
