package runner

import (
	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/lang"
	"github.com/scout-research/scout/backend/search"
	"github.com/scout-research/scout/backend/settings"
)

// searchLanguage is the language a run searches in: the one Settings fix
// (chosen), else the objective's.
func searchLanguage(s settings.Search, objective string) (t lang.Tag, chosen bool) {
	if s.Language != "" {
		return lang.Tag(s.Language), true
	}
	return lang.Detect(objective), false
}

// inLanguage has the search favour pages in language t: DuckDuckGo's
// region, SearXNG's language. An address in Settings that sets its own
// keeps it (search/language.go).
func inLanguage(s agent.Searcher, t lang.Tag, chosen bool) agent.Searcher {
	region, language := search.DuckDuckGoRegion, search.SearXNGLanguage
	if chosen {
		region, language = search.ChosenRegion, search.ChosenLanguage
	}
	switch p := s.(type) {
	case *search.DuckDuckGo:
		p.Region = region(string(t))
	case *search.SearXNG:
		p.Language = language(string(t))
	}
	return s
}
