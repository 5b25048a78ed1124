package search

import (
	"context"
	"testing"
)

// DuckDuckGo's region follows the objective's language, unless the
// address in Settings sets its own.
func TestDuckDuckGoRegion(t *testing.T) {
	for _, c := range []struct{ url, region, want string }{
		{"", "de-de", "https://html.duckduckgo.com/html/?kl=de-de&q=zugspitze"},
		{"", "", "https://html.duckduckgo.com/html/?q=zugspitze"},
		{"https://html.duckduckgo.com/html/?kl=uk-en", "de-de", "https://html.duckduckgo.com/html/?kl=uk-en&q=zugspitze"},
	} {
		f := &scriptedFetcher{pages: []Page{{Status: 200}}}
		d := &DuckDuckGo{HTMLURL: c.url, Region: c.region, Fetcher: f}
		if _, err := d.Search(context.Background(), "zugspitze", nil); err != nil {
			t.Fatal(err)
		}
		if len(f.fetched) != 1 || f.fetched[0] != c.want {
			t.Errorf("%q in region %q fetched %q, want %q", c.url, c.region, f.fetched, c.want)
		}
	}
}

// SearXNG's language follows the objective's, unless the address sets
// its own.
func TestSearXNGLanguage(t *testing.T) {
	for _, c := range []struct{ base, language, want string }{
		{"http://localhost:8888", "de", "http://localhost:8888/search?format=json&language=de&q=zugspitze"},
		{"http://localhost:8888/", "", "http://localhost:8888/search?format=json&q=zugspitze"},
		{"http://localhost:8888/?language=fr", "de", "http://localhost:8888/search?format=json&language=fr&q=zugspitze"},
	} {
		s := &SearXNG{BaseURL: c.base, Language: c.language}
		if got, err := s.searchURL("zugspitze"); err != nil || got != c.want {
			t.Errorf("%q in %q: %q, %v; want %q", c.base, c.language, got, err, c.want)
		}
	}
}

func TestRegionsOfLanguages(t *testing.T) {
	for tag, want := range map[string][2]string{"en": {"", ""}, "de": {"de-de", "de"}, "zh-Hans": {"cn-zh", "zh-CN"},
		"zh-Hant": {"tw-tzh", "zh-TW"}, "ja": {"jp-jp", "ja"}, "pt": {"br-pt", "pt"}} {
		if got := [2]string{DuckDuckGoRegion(tag), SearXNGLanguage(tag)}; got != want {
			t.Errorf("%s: %q, want %q", tag, got, want)
		}
	}
}

// A language Settings fix is asked for, English's too.
func TestChosenRegions(t *testing.T) {
	for tag, want := range map[string][2]string{"en": {"us-en", "en"}, "de": {"de-de", "de"}, "zh-Hans": {"cn-zh", "zh-CN"}, "ja": {"jp-jp", "ja"}} {
		if got := [2]string{ChosenRegion(tag), ChosenLanguage(tag)}; got != want {
			t.Errorf("%s fixed: %q, want %q", tag, got, want)
		}
	}
}
