package settings

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/lang"
	"github.com/scout-research/scout/backend/phrase"
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
	// Say is Message as the window's message, for it to say in its
	// language.
	Say *phrase.Said `json:"say,omitempty"`
}

// Error implements error.
func (e FieldError) Error() string { return e.Field + ": " + e.Message }

// Validate checks every field and returns one error per bad field, in a
// stable order; nil means the settings can be saved.
func (s Settings) Validate() []FieldError {
	var errs []FieldError
	add := func(field string, c check) {
		if c.english != "" {
			errs = append(errs, FieldError{Field: field, Message: c.english, Say: c.said})
		}
	}
	add(FieldServerURL, checkHTTPURL(s.ServerURL, "the model server", "server"))
	add(FieldContextLength, checkContextLength(s.ContextLength))
	add(FieldProvider, checkProvider(s.Search.Provider))
	if s.Search.Provider != ProviderSearXNG || s.Search.DuckDuckGoURL != "" {
		add(FieldDuckDuckGoURL, checkHTTPURL(s.Search.DuckDuckGoURL, "DuckDuckGo", "duckduckgo"))
	}
	if s.Search.Provider == ProviderSearXNG || s.Search.SearXNGURL != "" {
		add(FieldSearXNGURL, checkHTTPURL(s.Search.SearXNGURL, "your SearXNG instance", "searxng"))
	}
	add(FieldBrowserPath, checkExecutable(s.BrowserPath))
	add(FieldMaxTurns, checkMaxTurns(s.MaxTurns))
	add(FieldRunsAtOnce, checkRunsAtOnce(s.RunsAtOnce))
	add(FieldInterface, checkInterfaceLanguage(s.InterfaceLanguage))
	add(FieldSearchLang, checkSearchLanguage(s.Search.Language))
	return errs
}

// check is what is wrong with a field, in English and as the window's
// message ("invalid.<key>"); none when english is "".
type check struct {
	english string
	said    *phrase.Said
}

func ok() check { return check{} }

// wrong is a field's error. Its numbers go to the window as Go writes
// them here, ungrouped ("4096"), as they are typed in the field.
func wrong(english, key string, args ...any) check {
	for i, a := range args {
		if n, isInt := a.(int); isInt {
			args[i] = strconv.Itoa(n)
		}
	}
	return check{english: english, said: phrase.Of("invalid."+key, args...)}
}

func checkRunsAtOnce(n int) check {
	if n < 0 || n > MaxRunsAtOnce {
		return wrong(fmt.Sprintf("Runs at once is between 0 (as many as the model server has slots) and %d; you entered %d.", MaxRunsAtOnce, n),
			"runsAtOnce", "max", MaxRunsAtOnce, "entered", n)
	}
	return ok()
}

func checkInterfaceLanguage(l string) check {
	if l == "" || slices.Contains(InterfaceLanguages, l) {
		return ok()
	}
	list := strings.Join(InterfaceLanguages, ", ")
	return wrong(fmt.Sprintf("Scout's window does not speak %q: choose Automatic or one of %s.", l, list),
		"interfaceLanguage", "language", strconv.Quote(l), "list", list)
}

func checkSearchLanguage(l string) check {
	if l == "" || slices.Contains(lang.Tags, lang.Tag(l)) {
		return ok()
	}
	return wrong(fmt.Sprintf("Scout cannot search in %q: choose Automatic (the objective's language) or a language of the list.", l),
		"searchLanguage", "language", strconv.Quote(l))
}

// checkHTTPURL checks the address of what (key names it to the window).
func checkHTTPURL(raw, what, key string) check {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return wrong(fmt.Sprintf("Enter the address of %s, for example http://127.0.0.1:1234/v1.", what), "address."+key)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return wrong(fmt.Sprintf("%q is not a web address: it should start with http:// or https:// and name a host.", raw),
			"notAddress", "address", strconv.Quote(raw))
	}
	return ok()
}

func checkContextLength(n int) check {
	switch {
	case n == 0:
		return ok()
	case n < 0:
		return wrong("The context length cannot be negative: enter 0 to detect it from the server.", "contextNegative")
	case n < MinContextLength:
		return wrong(fmt.Sprintf("A context of %d tokens is too small for research: use at least %d, or 0 to detect it.", n, MinContextLength),
			"contextSmall", "n", n, "min", MinContextLength)
	case n > MaxContextLength:
		return wrong(fmt.Sprintf("A context of %d tokens is larger than any local model offers: check the number.", n), "contextLarge", "n", n)
	}
	return ok()
}

func checkProvider(p string) check {
	if p == ProviderDuckDuckGo || p == ProviderSearXNG {
		return ok()
	}
	return wrong(fmt.Sprintf("Unknown search provider %q: choose DuckDuckGo or SearXNG.", p), "provider", "provider", strconv.Quote(p))
}

func checkExecutable(path string) check {
	if path == "" {
		return ok()
	}
	info, err := os.Stat(path)
	switch {
	case !filepath.IsAbs(path):
		return wrong("Give the browser program's full path, such as /usr/bin/chromium or /opt/google/chrome/chrome, or leave it empty.", "browserRelative")
	case err != nil:
		return wrong(fmt.Sprintf("No browser found at %s: fix the path, or leave it empty and Scout will find one.", path), "browserMissing", "path", path)
	case info.IsDir():
		return wrong(fmt.Sprintf("%s is a folder: choose the browser program itself, or leave it empty.", path), "browserFolder", "path", path)
	case info.Mode()&0o111 == 0 && !strings.HasSuffix(strings.ToLower(path), ".exe"):
		return wrong(fmt.Sprintf("%s is not a program that can be run: choose the browser executable, or leave it empty.", path), "browserNotProgram", "path", path)
	}
	return ok()
}

func checkMaxTurns(n int) check {
	if n < MinMaxTurns || n > MaxMaxTurns {
		return wrong(fmt.Sprintf("The turn limit must be between %d and %d (you entered %d).", MinMaxTurns, MaxMaxTurns, n),
			"maxTurns", "min", MinMaxTurns, "max", MaxMaxTurns, "entered", n)
	}
	return ok()
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
