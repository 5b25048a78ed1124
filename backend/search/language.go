package search

// Searching in the objective's language: DuckDuckGo's region (kl) and
// SearXNG's language follow it, so a German objective finds German pages
// first. An address in Settings that already sets one (a DuckDuckGo URL
// with ?kl=uk-en, a SearXNG URL with ?language=fr) is the user's choice
// and is kept. An English objective sets none: the engines' defaults, as
// before. A language fixed in Settings (search.language) is asked for
// whatever the objective's, English's too.

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

// English's region and language, asked for only when Settings fix
// English: an English objective followed automatically asks for none.
const (
	englishRegion   = "us-en"
	englishLanguage = "en"
)

// ChosenRegion is the kl region for a language Settings fix.
func ChosenRegion(tag string) string {
	if tag == "en" {
		return englishRegion
	}
	return ddgRegions[tag]
}

// ChosenLanguage is SearXNG's language parameter for a language Settings
// fix.
func ChosenLanguage(tag string) string {
	if tag == "en" {
		return englishLanguage
	}
	return searxngLanguages[tag]
}
