package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/adrg/xdg"

	"github.com/scout-research/scout/backend/atomicfile"
)

// relPath is the settings file below the XDG config home.
const relPath = "scout/settings.json"

// fileMode keeps the file private: it names the user's servers.
const fileMode = 0o600

// badSuffix names the copy kept of a file that could not be read.
const badSuffix = ".bad"

// Store reads and writes the settings file at Path. It is safe for
// concurrent use.
type Store struct {
	Path string
	// ReadOnly stores never change anything on disk: a damaged file is
	// reported but left in place (the CLI never writes settings).
	ReadOnly bool

	mu sync.Mutex
	// warning is kept from the load that found the file damaged until a
	// save, so every later Load still reports it (the file is gone by then).
	warning string
}

// DefaultPath returns the settings file location under the XDG config home,
// $XDG_CONFIG_HOME/scout/settings.json. The folder is created on save.
func DefaultPath() string {
	return filepath.Join(xdg.ConfigHome, filepath.FromSlash(relPath))
}

// NewStore returns a Store at DefaultPath.
func NewStore() *Store {
	return &Store{Path: DefaultPath()}
}

// Loaded is the outcome of Load: settings that can always be used, and a
// warning for the user when the file was damaged.
type Loaded struct {
	Settings Settings `json:"settings"`
	// Warning is empty when the file was fine or absent.
	Warning string `json:"warning"`
}

// Load reads the settings. It never fails: a missing file gives defaults; a
// file that cannot be read or parsed gives defaults and is kept beside as
// settings.json.bad; fields with invalid values fall back to their defaults.
// Each case but the first leaves a Warning saying what happened.
func (s *Store) Load() Loaded {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.load()
	if l.Warning != "" {
		s.warning = l.Warning
	}
	l.Warning = s.warning
	return l
}

func (s *Store) load() Loaded {
	data, err := readSettings(s.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Loaded{Settings: Defaults()}
	case err != nil && !errors.Is(err, fs.ErrPermission) && !errors.As(err, new(notSettings)) && !isDirErr(s.Path):
		// Possibly passing (an I/O hiccup): keep the file where it is.
		return Loaded{Settings: Defaults(), Warning: fmt.Sprintf("Your settings file %s could not be read (%v). Scout is using the default settings for now; saving will replace the file.", s.Path, err)}
	case err == nil:
		got, derr := decode(data)
		if derr == nil {
			return repair(got)
		}
		err = derr
	}
	return Loaded{Settings: Defaults(), Warning: s.setAside(err)}
}

// maxSettingsBytes caps settings.json: real settings are a few hundred
// bytes; a file of megabytes is no settings file.
const maxSettingsBytes = 1 << 20

// notSettings says why a file cannot be settings whatever it holds: it
// is set aside as a damaged one is.
type notSettings string

func (e notSettings) Error() string { return string(e) }

// readSettings reads the settings file at path, which must be a regular
// file of at most maxSettingsBytes: opening a named pipe nobody writes to
// would block the start for good, and a device never ends.
func readSettings(path string) ([]byte, error) {
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case info.IsDir():
		return nil, notSettings("it is a folder")
	case !info.Mode().IsRegular():
		return nil, notSettings(fmt.Sprintf("it is not a regular file (%v)", info.Mode().Type()))
	case info.Size() > maxSettingsBytes:
		return nil, notSettings(fmt.Sprintf("it is too large for settings (%d bytes)", info.Size()))
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSettingsBytes+1))
	if err == nil && len(data) > maxSettingsBytes {
		return nil, notSettings("it is too large for settings")
	}
	return data, err
}

func isDirErr(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

func decode(data []byte) (Settings, error) {
	got := Defaults() // fields absent from the file keep their defaults
	if err := json.Unmarshal(data, &got); err != nil {
		return Settings{}, fmt.Errorf("it is not valid settings JSON (%v)", err)
	}
	return got, nil
}

// maxBadCopies bounds the numbered .bad copies kept of damaged files.
const maxBadCopies = 100

// setAside moves the unusable file out of the way, to a name no earlier
// copy has, so the next save destroys nothing the user may want back.
func (s *Store) setAside(cause error) string {
	msg := fmt.Sprintf("Your settings file %s could not be read: %v. Scout is using the default settings.", s.Path, cause)
	if s.ReadOnly {
		return msg
	}
	bad := s.Path + badSuffix
	for n := 2; n <= maxBadCopies; n++ {
		if _, err := os.Lstat(bad); errors.Is(err, fs.ErrNotExist) {
			break
		}
		bad = fmt.Sprintf("%s%s.%d", s.Path, badSuffix, n)
	}
	if err := os.Rename(s.Path, bad); err != nil {
		return msg + fmt.Sprintf(" The file could not be moved aside (%v); saving will replace it.", err)
	}
	return msg + fmt.Sprintf(" The old file was kept as %s.", bad)
}

// repair resets each invalid field to its default and says which ones.
func repair(got Settings) Loaded {
	errs := got.Validate()
	if len(errs) == 0 {
		return Loaded{Settings: got}
	}
	def := Defaults()
	var fields []string
	for _, e := range errs {
		resetField(&got, def, e.Field)
		fields = append(fields, e.Field)
	}
	return Loaded{
		Settings: got,
		Warning: fmt.Sprintf("Some saved settings were not valid and were reset to their defaults: %s. Check them and save.",
			strings.Join(fields, ", ")),
	}
}

func resetField(s *Settings, def Settings, field string) {
	switch field {
	case FieldServerURL:
		s.ServerURL = def.ServerURL
	case FieldContextLength:
		s.ContextLength = def.ContextLength
	case FieldProvider:
		s.Search.Provider = def.Search.Provider
	case FieldDuckDuckGoURL:
		s.Search.DuckDuckGoURL = def.Search.DuckDuckGoURL
	case FieldSearXNGURL:
		s.Search.SearXNGURL = def.Search.SearXNGURL
		if s.Search.Provider == ProviderSearXNG {
			s.Search.Provider = def.Search.Provider
		}
	case FieldBrowserPath:
		s.BrowserPath = def.BrowserPath
	case FieldMaxTurns:
		s.MaxTurns = def.MaxTurns
	case FieldRunsAtOnce:
		s.RunsAtOnce = def.RunsAtOnce
	case FieldInterface:
		s.InterfaceLanguage = def.InterfaceLanguage
	case FieldSearchLang:
		s.Search.Language = def.Search.Language
	}
}

// ErrInvalid is returned by Save when the settings fail validation; the
// error also carries the FieldErrors (see Invalid).
var ErrInvalid = errors.New("settings are not valid")

// Invalid is the error Save returns for settings that fail validation.
type Invalid struct {
	Fields []FieldError
}

// Error implements error.
func (e *Invalid) Error() string {
	parts := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		parts[i] = f.Message
	}
	return strings.Join(parts, " ")
}

// Unwrap lets errors.Is(err, ErrInvalid) match.
func (e *Invalid) Unwrap() error { return ErrInvalid }

// Save validates and writes the settings atomically: to a temporary file in
// the same folder, synced, then renamed over the old file, so a crash never
// leaves a half-written file.
func (s *Store) Save(set Settings) error {
	set = set.Normalized()
	if errs := set.Validate(); len(errs) > 0 {
		return &Invalid{Fields: errs}
	}
	data, err := json.MarshalIndent(set, "", "  ")
	if err != nil {
		return fmt.Errorf("cannot encode settings: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := writeAtomic(s.Path, append(data, '\n'), fileMode, "settings"); err != nil {
		return err
	}
	s.warning = ""
	return nil
}

// writeAtomic writes data to path with mode (atomicfile.Write), making
// its folder private if new. what names the file in errors ("settings",
// "API key").
func writeAtomic(path string, data []byte, mode os.FileMode, what string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("cannot create the %s folder %s: %w", what, dir, err)
	}
	return atomicfile.Write(path, data, mode, "the "+what+" file")
}
