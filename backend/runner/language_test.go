package runner

import (
	"testing"

	"github.com/scout-research/scout/backend/search"
	"github.com/scout-research/scout/backend/settings"
)

// The search favours pages in the objective's language, unless Settings
// fix one: then that one, whatever the objective's.
func TestSearchLanguage(t *testing.T) {
	for _, c := range []struct {
		setting, objective string
		region, language   string // DuckDuckGo's kl, SearXNG's language
	}{
		{"", "Wie hoch ist die Zugspitze?", "de-de", "de"},
		{"", "富士山有多高？", "cn-zh", "zh-CN"},
		{"", "富士山の高さは？", "jp-jp", "ja"},
		{"", "How tall is the Zugspitze?", "", ""},
		{"fr", "Wie hoch ist die Zugspitze?", "fr-fr", "fr"},
		{"de", "How tall is the Zugspitze?", "de-de", "de"},
		{"ja", "富士山有多高？", "jp-jp", "ja"},
		{"en", "Wie hoch ist die Zugspitze?", "us-en", "en"},
		{"en", "How tall is the Zugspitze?", "us-en", "en"},
	} {
		s := settings.Defaults()
		s.Search.Language = c.setting
		ddg := searcher(s, c.objective).(*search.DuckDuckGo)
		s.Search.Provider, s.Search.SearXNGURL = settings.ProviderSearXNG, "http://localhost:8888"
		sx := searcher(s, c.objective).(*search.SearXNG)
		if ddg.Region != c.region || sx.Language != c.language {
			t.Errorf("setting %q, objective %q: region %q, language %q; want %q, %q", c.setting, c.objective, ddg.Region, sx.Language, c.region, c.language)
		}
	}
}

// searcher is the search a run on objective makes with s.
func searcher(s settings.Settings, objective string) any {
	tag, chosen := searchLanguage(s.Search, objective)
	return inLanguage(provider(s, nil, nil), tag, chosen)
}
