package search

// Searching in the objective's language: DuckDuckGo's region (kl) and
// SearXNG's language follow it, so a German objective finds German pages
// first. An address in Settings that already sets one (a DuckDuckGo URL
// with ?kl=uk-en, a SearXNG URL with ?language=fr) is the user's choice
// and is kept. English sets none: the engines' defaults, as before.

// ddgRegions are DuckDuckGo's regions for the languages Scout detects, by
// BCP 47 tag. Portuguese is Brazil's, the most of its readers.
var ddgRegions = map[string]string{
	"de": "de-de", "fr": "fr-fr", "es": "es-es", "pt": "br-pt", "ru": "ru-ru",
	"zh-Hans": "cn-zh", "zh-Hant": "tw-tzh", "ja": "jp-jp",
}

// searxngLanguages are SearXNG's language codes for them.
var searxngLanguages = map[string]string{
	"de": "de", "fr": "fr", "es": "es", "pt": "pt", "ru": "ru",
	"zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "ja": "ja",
}

// DuckDuckGoRegion is the kl region for a language tag, "" for none.
func DuckDuckGoRegion(tag string) string { return ddgRegions[tag] }

// SearXNGLanguage is the language parameter for a language tag, "" for
// none.
func SearXNGLanguage(tag string) string { return searxngLanguages[tag] }
