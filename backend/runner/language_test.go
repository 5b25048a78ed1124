package runner

import (
	"testing"

	"github.com/scout-research/scout/backend/lang"
	"github.com/scout-research/scout/backend/search"
	"github.com/scout-research/scout/backend/settings"
)

// The search favours pages in the objective's language.
func TestSearchInTheObjectivesLanguage(t *testing.T) {
	s := settings.Defaults()
	for objective, want := range map[string]string{
		"Wie hoch ist die Zugspitze?": "de-de", "富士山有多高？": "cn-zh", "富士山の高さは？": "jp-jp", "How tall is the Zugspitze?": "",
	} {
		ddg := inLanguage(provider(s, nil, nil), lang.Detect(objective)).(*search.DuckDuckGo)
		if ddg.Region != want {
			t.Errorf("%q searches region %q, want %q", objective, ddg.Region, want)
		}
	}
	s.Search.Provider = settings.ProviderSearXNG
	s.Search.SearXNGURL = "http://localhost:8888"
	if sx := inLanguage(provider(s, nil, nil), lang.French).(*search.SearXNG); sx.Language != "fr" {
		t.Errorf("a French objective searches SearXNG in %q", sx.Language)
	}
}
