// Package settings holds what a user configures in Scout: where the model
// server is, which model and context length to use, how to search, which
// browser to drive and the agent's limits. Settings are stored as JSON in the
// XDG config folder and validated field by field with messages meant for the
// person in front of the settings screen.
package settings

// Search providers a user can choose.
const (
	ProviderDuckDuckGo = "duckduckgo"
	ProviderSearXNG    = "searxng"
)

// Defaults shared by the GUI, the CLI and tests.
const (
	// DefaultServerURL is where LM Studio serves its OpenAI-compatible API
	// out of the box.
	DefaultServerURL = "http://127.0.0.1:1234/v1"
	// DefaultDuckDuckGoURL is DuckDuckGo's HTML endpoint, which needs no key
	// and renders without JavaScript.
	DefaultDuckDuckGoURL = "https://html.duckduckgo.com/html/"
	// DefaultMaxTurns bounds a run: the ancestor finished factual objectives
	// in under 30 turns, so 100 leaves room for wide ones without letting a
	// looping model run all night.
	DefaultMaxTurns = 100
)

// Limits enforced by Validate.
const (
	// MinContextLength is the smallest context in which the agent's system
	// prompt, one page part and a reply still fit.
	MinContextLength = 2048
	// MaxContextLength is far above any local model today; larger values
	// are typing mistakes.
	MaxContextLength = 1 << 20
	// MinMaxTurns and MaxMaxTurns bound the turn limit; beyond 500 turns a
	// small model is looping, not researching.
	MinMaxTurns = 1
	MaxMaxTurns = 500
	// MaxRunsAtOnce bounds the queue's runs at once: each holds a browser
	// session and a model slot, and a model server with more slots than
	// this is not on a desktop.
	MaxRunsAtOnce = 16
)

// Settings is everything a user configures. The zero value is not useful:
// start from Defaults.
type Settings struct {
	// ServerURL is the OpenAI-compatible base URL, normally ending in /v1.
	ServerURL string `json:"server_url"`
	// Model is the model id; empty means the first model the server lists.
	Model string `json:"model"`
	// ContextLength in tokens; 0 means detect it from the server.
	ContextLength int `json:"context_length"`
	// Search selects and configures the search provider.
	Search Search `json:"search"`
	// ShowBrowser opens a visible browser window so the user can watch.
	ShowBrowser bool `json:"show_browser"`
	// BrowserPath is a Chromium, Chrome or Edge executable; empty means
	// discover one.
	BrowserPath string `json:"browser_path"`
	// MaxTurns is the most model turns one run may take.
	MaxTurns int `json:"max_turns"`
	// AllowLocalNetwork lets the agent open loopback and private-network
	// addresses, which are refused by default.
	AllowLocalNetwork bool `json:"allow_local_network"`
	// ReadAhead reads the top results of each search in the background,
	// so the results are ordered by what they hold for the checklist.
	ReadAhead bool `json:"read_ahead"`
	// RunsAtOnce is how many objectives of the queue run at once; 0 means
	// as many as the model server has slots (llama-server's /props), else 1.
	RunsAtOnce int `json:"runs_at_once"`
	// InterfaceLanguage is the language of the app's own words, one of
	// InterfaceLanguages; "" follows the desktop's locale.
	InterfaceLanguage string `json:"interface_language"`
	// APIKey is sent to the model server; "" sends none. It is never
	// saved with the other settings (see KeyStore) nor sent to the
	// window: the key store, --llm-key or SCOUT_LLM_KEY fill it.
	APIKey Key `json:"-"`
}

// Search configures the search provider.
type Search struct {
	// Provider is ProviderDuckDuckGo or ProviderSearXNG.
	Provider string `json:"provider"`
	// DuckDuckGoURL is the DuckDuckGo-HTML-compatible endpoint.
	DuckDuckGoURL string `json:"duckduckgo_url"`
	// SearXNGURL is the base URL of a SearXNG instance with JSON output on.
	SearXNGURL string `json:"searxng_url"`
	// Language is the language results are asked in (DuckDuckGo's region,
	// SearXNG's language), a tag of lang.Tags; "" follows each
	// objective's language.
	Language string `json:"language"`
}

// InterfaceLanguages are the languages the app's window speaks (the
// frontend's frontend/src/i18n/<tag>.json files).
var InterfaceLanguages = []string{"en", "zh", "de", "fr", "es", "ja"}

// Defaults returns the settings a new user starts with.
func Defaults() Settings {
	return Settings{
		ServerURL: DefaultServerURL,
		Search: Search{
			Provider:      ProviderDuckDuckGo,
			DuckDuckGoURL: DefaultDuckDuckGoURL,
		},
		ShowBrowser: true,
		MaxTurns:    DefaultMaxTurns,
		ReadAhead:   true,
	}
}
