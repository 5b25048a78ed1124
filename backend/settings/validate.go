package settings

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/lang"
)

// Field names used in FieldError, matching the JSON keys the frontend uses.
const (
	FieldServerURL     = "server_url"
	FieldContextLength = "context_length"
	FieldProvider      = "search.provider"
	FieldDuckDuckGoURL = "search.duckduckgo_url"
	FieldSearXNGURL    = "search.searxng_url"
	FieldBrowserPath   = "browser_path"
	FieldMaxTurns      = "max_turns"
	FieldRunsAtOnce    = "runs_at_once"
	FieldInterface     = "interface_language"
	FieldSearchLang    = "search.language"
)

// FieldError says what is wrong with one field, in words for the user.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Error implements error.
func (e FieldError) Error() string { return e.Field + ": " + e.Message }

// Validate checks every field and returns one error per bad field, in a
// stable order; nil means the settings can be saved.
func (s Settings) Validate() []FieldError {
	var errs []FieldError
	add := func(field, msg string) {
		if msg != "" {
			errs = append(errs, FieldError{Field: field, Message: msg})
		}
	}
	add(FieldServerURL, checkHTTPURL(s.ServerURL, "the model server"))
	add(FieldContextLength, checkContextLength(s.ContextLength))
	add(FieldProvider, checkProvider(s.Search.Provider))
	if s.Search.Provider != ProviderSearXNG || s.Search.DuckDuckGoURL != "" {
		add(FieldDuckDuckGoURL, checkHTTPURL(s.Search.DuckDuckGoURL, "DuckDuckGo"))
	}
	if s.Search.Provider == ProviderSearXNG || s.Search.SearXNGURL != "" {
		add(FieldSearXNGURL, checkHTTPURL(s.Search.SearXNGURL, "your SearXNG instance"))
	}
	add(FieldBrowserPath, checkExecutable(s.BrowserPath))
	add(FieldMaxTurns, checkMaxTurns(s.MaxTurns))
	add(FieldRunsAtOnce, checkRunsAtOnce(s.RunsAtOnce))
	add(FieldInterface, checkInterfaceLanguage(s.InterfaceLanguage))
	add(FieldSearchLang, checkSearchLanguage(s.Search.Language))
	return errs
}

func checkRunsAtOnce(n int) string {
	if n < 0 || n > MaxRunsAtOnce {
		return fmt.Sprintf("Runs at once is between 0 (as many as the model server has slots) and %d; you entered %d.", MaxRunsAtOnce, n)
	}
	return ""
}

func checkInterfaceLanguage(l string) string {
	if l == "" || slices.Contains(InterfaceLanguages, l) {
		return ""
	}
	return fmt.Sprintf("Scout's window does not speak %q: choose Automatic or one of %s.", l, strings.Join(InterfaceLanguages, ", "))
}

func checkSearchLanguage(l string) string {
	if l == "" || slices.Contains(lang.Tags, lang.Tag(l)) {
		return ""
	}
	return fmt.Sprintf("Scout cannot search in %q: choose Automatic (the objective's language) or a language of the list.", l)
}

func checkHTTPURL(raw, what string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return fmt.Sprintf("Enter the address of %s, for example http://127.0.0.1:1234/v1.", what)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Sprintf("%q is not a web address: it should start with http:// or https:// and name a host.", raw)
	}
	return ""
}

func checkContextLength(n int) string {
	switch {
	case n == 0:
		return ""
	case n < 0:
		return "The context length cannot be negative: enter 0 to detect it from the server."
	case n < MinContextLength:
		return fmt.Sprintf("A context of %d tokens is too small for research: use at least %d, or 0 to detect it.", n, MinContextLength)
	case n > MaxContextLength:
		return fmt.Sprintf("A context of %d tokens is larger than any local model offers: check the number.", n)
	}
	return ""
}

func checkProvider(p string) string {
	if p == ProviderDuckDuckGo || p == ProviderSearXNG {
		return ""
	}
	return fmt.Sprintf("Unknown search provider %q: choose DuckDuckGo or SearXNG.", p)
}

func checkExecutable(path string) string {
	if path == "" {
		return ""
	}
	info, err := os.Stat(path)
	switch {
	case !filepath.IsAbs(path):
		return "Give the browser program's full path, such as /usr/bin/chromium or /opt/google/chrome/chrome, or leave it empty."
	case err != nil:
		return fmt.Sprintf("No browser found at %s: fix the path, or leave it empty and Scout will find one.", path)
	case info.IsDir():
		return fmt.Sprintf("%s is a folder: choose the browser program itself, or leave it empty.", path)
	case info.Mode()&0o111 == 0 && !strings.HasSuffix(strings.ToLower(path), ".exe"):
		return fmt.Sprintf("%s is not a program that can be run: choose the browser executable, or leave it empty.", path)
	}
	return ""
}

func checkMaxTurns(n int) string {
	if n < MinMaxTurns || n > MaxMaxTurns {
		return fmt.Sprintf("The turn limit must be between %d and %d (you entered %d).", MinMaxTurns, MaxMaxTurns, n)
	}
	return ""
}

// Normalized returns s with surrounding spaces trimmed from text fields, so a
// pasted URL with a trailing newline saves as the user meant it.
func (s Settings) Normalized() Settings {
	s.ServerURL = strings.TrimSpace(s.ServerURL)
	s.Model = strings.TrimSpace(s.Model)
	s.Search.Provider = strings.TrimSpace(s.Search.Provider)
	s.Search.DuckDuckGoURL = strings.TrimSpace(s.Search.DuckDuckGoURL)
	s.Search.SearXNGURL = strings.TrimSpace(s.Search.SearXNGURL)
	s.Search.Language = strings.TrimSpace(s.Search.Language)
	s.InterfaceLanguage = strings.TrimSpace(s.InterfaceLanguage)
	s.BrowserPath = strings.TrimSpace(s.BrowserPath)
	return s
}
