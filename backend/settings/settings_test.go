package settings

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/internal/testenv"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
)

func TestDefaults(t *testing.T) {
	d := Defaults()
	want := Settings{
		ServerURL:   "http://127.0.0.1:1234/v1",
		Search:      Search{Provider: "duckduckgo", DuckDuckGoURL: "https://html.duckduckgo.com/html/"},
		ShowBrowser: true,
		MaxTurns:    100,
		ReadAhead:   true,
	}
	if !reflect.DeepEqual(d, want) {
		t.Fatalf("Defaults() = %+v, want %+v", d, want)
	}
	if errs := d.Validate(); errs != nil {
		t.Fatalf("defaults do not validate: %v", errs)
	}
}

func TestValidate(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(plain, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(*Settings)
		field  string // "" means valid
		says   string // part of the message
	}{
		{"defaults", func(*Settings) {}, "", ""},
		{"https server", func(s *Settings) { s.ServerURL = "https://llm.example.org/v1" }, "", ""},
		{"empty server", func(s *Settings) { s.ServerURL = " " }, FieldServerURL, "Enter the address"},
		{"server without scheme", func(s *Settings) { s.ServerURL = "127.0.0.1:1234/v1" }, FieldServerURL, "is not a web address"},
		{"server ftp", func(s *Settings) { s.ServerURL = "ftp://host/v1" }, FieldServerURL, "http:// or https://"},
		{"server no host", func(s *Settings) { s.ServerURL = "http:///v1" }, FieldServerURL, "name a host"},
		{"server port only", func(s *Settings) { s.ServerURL = "http://:1234/v1" }, FieldServerURL, "name a host"},
		{"context detect", func(s *Settings) { s.ContextLength = 0 }, "", ""},
		{"context minimum", func(s *Settings) { s.ContextLength = 2048 }, "", ""},
		{"context small", func(s *Settings) { s.ContextLength = 2047 }, FieldContextLength, "at least 2048"},
		{"context negative", func(s *Settings) { s.ContextLength = -1 }, FieldContextLength, "cannot be negative"},
		{"context huge", func(s *Settings) { s.ContextLength = 1<<20 + 1 }, FieldContextLength, "larger than any"},
		{"turns 1", func(s *Settings) { s.MaxTurns = 1 }, "", ""},
		{"turns 500", func(s *Settings) { s.MaxTurns = 500 }, "", ""},
		{"turns 0", func(s *Settings) { s.MaxTurns = 0 }, FieldMaxTurns, "between 1 and 500"},
		{"turns 501", func(s *Settings) { s.MaxTurns = 501 }, FieldMaxTurns, "you entered 501"},
		{"runs at once 0", func(s *Settings) { s.RunsAtOnce = 0 }, "", ""},
		{"runs at once 16", func(s *Settings) { s.RunsAtOnce = 16 }, "", ""},
		{"runs at once 17", func(s *Settings) { s.RunsAtOnce = 17 }, FieldRunsAtOnce, "you entered 17"},
		{"runs at once -1", func(s *Settings) { s.RunsAtOnce = -1 }, FieldRunsAtOnce, "between 0"},
		{"interface automatic", func(s *Settings) { s.InterfaceLanguage = "" }, "", ""},
		{"interface German", func(s *Settings) { s.InterfaceLanguage = "de" }, "", ""},
		{"interface Chinese", func(s *Settings) { s.InterfaceLanguage = "zh" }, "", ""},
		{"interface unknown", func(s *Settings) { s.InterfaceLanguage = "tlh" }, FieldInterface, "choose Automatic"},
		{"search language automatic", func(s *Settings) { s.Search.Language = "" }, "", ""},
		{"search language German", func(s *Settings) { s.Search.Language = "de" }, "", ""},
		{"search language traditional Chinese", func(s *Settings) { s.Search.Language = "zh-Hant" }, "", ""},
		{"search language unknown", func(s *Settings) { s.Search.Language = "xx" }, FieldSearchLang, "cannot search in"},
		{"provider unknown", func(s *Settings) { s.Search.Provider = "bing" }, FieldProvider, "choose DuckDuckGo or SearXNG"},
		{"searxng without url", func(s *Settings) { s.Search.Provider = ProviderSearXNG }, FieldSearXNGURL, "SearXNG"},
		{"searxng with url", func(s *Settings) {
			s.Search.Provider = ProviderSearXNG
			s.Search.SearXNGURL = "http://127.0.0.1:8888"
		}, "", ""},
		{"duckduckgo bad url", func(s *Settings) { s.Search.DuckDuckGoURL = "duck" }, FieldDuckDuckGoURL, "not a web address"},
		{"browser found", func(s *Settings) { s.BrowserPath = exe }, "", ""},
		{"browser missing", func(s *Settings) { s.BrowserPath = "/no/such/chromium" }, FieldBrowserPath, "No browser found"},
		{"browser by name only", func(s *Settings) { s.BrowserPath = "chromium" }, FieldBrowserPath, "full path"},
		{"browser folder", func(s *Settings) { s.BrowserPath = t.TempDir() }, FieldBrowserPath, "is a folder"},
		{"browser not executable", func(s *Settings) { s.BrowserPath = plain }, FieldBrowserPath, "not a program"},
	}
	window := phrasetest.Window(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Defaults()
			tc.change(&s)
			errs := s.Validate()
			// The window says each error in its language; in English
			// exactly as Go says it.
			for _, e := range errs {
				if e.Say == nil {
					t.Errorf("%q is no message of the window's", e.Message)
				} else if got, known := phrasetest.English(window, e.Say); !known || got != e.Message {
					t.Errorf("the window says %q (key %s known: %v), Go %q", got, e.Say.Key, known, e.Message)
				}
			}
			if tc.field == "" {
				if errs != nil {
					t.Fatalf("want valid, got %v", errs)
				}
				return
			}
			if len(errs) != 1 || errs[0].Field != tc.field {
				t.Fatalf("want one error on %s, got %v", tc.field, errs)
			}
			if !strings.Contains(errs[0].Message, tc.says) {
				t.Fatalf("message %q does not say %q", errs[0].Message, tc.says)
			}
		})
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	st := &Store{Path: filepath.Join(t.TempDir(), "scout", "settings.json")}
	want := Defaults()
	want.ServerURL = "http://10.0.0.5:8080/v1"
	want.Model = "qwen2.5-7b-instruct"
	want.ContextLength = 16384
	want.Search = Search{Provider: ProviderSearXNG, DuckDuckGoURL: DefaultDuckDuckGoURL, SearXNGURL: "http://127.0.0.1:8888", Language: "ja"}
	want.InterfaceLanguage = "de"
	want.ShowBrowser = false
	want.MaxTurns = 40
	want.AllowLocalNetwork = true
	if err := st.Save(want); err != nil {
		t.Fatal(err)
	}
	got := st.Load()
	if got.Warning != "" || !reflect.DeepEqual(got.Settings, want) {
		t.Fatalf("Load() = %+v, want %+v", got, want)
	}
	info, err := os.Stat(st.Path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want 0600", info.Mode().Perm())
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(st.Path), ".*.tmp"))
	if len(leftovers) > 0 {
		t.Fatalf("temporary files left behind: %v", leftovers)
	}
}

func TestSaveTrimsAndRefusesInvalid(t *testing.T) {
	st := &Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	s := Defaults()
	s.ServerURL = "  http://127.0.0.1:1234/v1\n"
	if err := st.Save(s); err != nil {
		t.Fatal(err)
	}
	if got := st.Load().Settings.ServerURL; got != "http://127.0.0.1:1234/v1" {
		t.Fatalf("server URL saved as %q", got)
	}

	s.MaxTurns = 0
	s.ServerURL = "nonsense"
	err := st.Save(s)
	var inv *Invalid
	if !errors.Is(err, ErrInvalid) || !errors.As(err, &inv) || len(inv.Fields) != 2 {
		t.Fatalf("Save(invalid) = %v, want an *Invalid with two fields", err)
	}
	if got := st.Load().Settings.MaxTurns; got != DefaultMaxTurns {
		t.Fatalf("invalid save changed the file: max turns %d", got)
	}
}

func TestLoadMissingFileGivesDefaults(t *testing.T) {
	st := &Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	got := st.Load()
	if got.Warning != "" || !reflect.DeepEqual(got.Settings, Defaults()) {
		t.Fatalf("Load() = %+v", got)
	}
}

func TestLoadPartialFileKeepsDefaults(t *testing.T) {
	st := &Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	if err := os.WriteFile(st.Path, []byte(`{"model":"mistral-7b"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	want := Defaults()
	want.Model = "mistral-7b"
	if got := st.Load(); got.Warning != "" || !reflect.DeepEqual(got.Settings, want) {
		t.Fatalf("Load() = %+v, want %+v", got, want)
	}
}

func TestLoadDamagedFile(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(path string) error
		says    string
	}{
		{"not json", func(p string) error { return os.WriteFile(p, []byte("{server_url: oops"), 0o600) }, "not valid settings JSON"},
		{"wrong types", func(p string) error { return os.WriteFile(p, []byte(`{"max_turns":"many"}`), 0o600) }, "not valid settings JSON"},
		{"unreadable (a folder)", func(p string) error { return os.Mkdir(p, 0o700) }, "could not be read"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := &Store{Path: filepath.Join(t.TempDir(), "settings.json")}
			if err := tc.prepare(st.Path); err != nil {
				t.Fatal(err)
			}
			got := st.Load()
			if !reflect.DeepEqual(got.Settings, Defaults()) {
				t.Fatalf("settings %+v, want defaults", got.Settings)
			}
			if !strings.Contains(got.Warning, tc.says) || !strings.Contains(got.Warning, "settings.json.bad") {
				t.Fatalf("warning %q should say %q and name the .bad copy", got.Warning, tc.says)
			}
			if _, err := os.Stat(st.Path + ".bad"); err != nil {
				t.Fatalf("bad file not kept: %v", err)
			}
			if again := st.Load(); again.Warning != got.Warning {
				t.Fatalf("a second load forgot the warning: %q", again.Warning)
			}
			if err := st.Save(Defaults()); err != nil {
				t.Fatalf("saving after a damaged file: %v", err)
			}
			if again := st.Load(); again.Warning != "" {
				t.Fatalf("warning after save: %q", again.Warning)
			}
		})
	}
}

func TestLoadResetsInvalidFields(t *testing.T) {
	st := &Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	body := `{"model":"m","max_turns":9999,"context_length":100,"interface_language":"tlh","search":{"provider":"searxng","searxng_url":"","language":"xx"}}`
	if err := os.WriteFile(st.Path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	got := st.Load()
	want := Defaults()
	want.Model = "m"
	if !reflect.DeepEqual(got.Settings, want) {
		t.Fatalf("settings %+v, want %+v", got.Settings, want)
	}
	for _, f := range []string{FieldMaxTurns, FieldContextLength, FieldSearXNGURL, FieldInterface, FieldSearchLang} {
		if !strings.Contains(got.Warning, f) {
			t.Errorf("warning %q does not name %s", got.Warning, f)
		}
	}
	if _, err := os.Stat(st.Path + ".bad"); err == nil {
		t.Fatal("a readable file with bad values should stay in place")
	}
}

func TestDefaultPathFollowsXDG(t *testing.T) {
	dir := testenv.IsolateConfig(t)
	st := NewStore()
	if want := filepath.Join(dir, "scout", "settings.json"); st.Path != want {
		t.Fatalf("path %s, want %s", st.Path, want)
	}
	if _, err := os.Stat(filepath.Dir(st.Path)); err == nil {
		t.Fatal("the settings folder was created before anything was saved")
	}
	if err := st.Save(Defaults()); err != nil {
		t.Fatalf("first save must create the folder: %v", err)
	}
}

func TestDamagedCopiesAreNotOverwritten(t *testing.T) {
	st := &Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	for i, body := range []string{"{first", "{second", "{third"} {
		mustWriteFile(t, st.Path, body)
		w := st.Load().Warning
		want := []string{"settings.json.bad", "settings.json.bad.2", "settings.json.bad.3"}[i]
		if !strings.HasSuffix(w, want+".") {
			t.Fatalf("warning %q should name %s", w, want)
		}
	}
	for name, body := range map[string]string{".bad": "{first", ".bad.2": "{second", ".bad.3": "{third"} {
		got, err := os.ReadFile(st.Path + name)
		if err != nil || string(got) != body {
			t.Errorf("%s holds %q (%v), want %q", name, got, err, body)
		}
	}
}

func TestReadOnlyStoreLeavesDamagedFile(t *testing.T) {
	st := &Store{Path: filepath.Join(t.TempDir(), "settings.json"), ReadOnly: true}
	mustWriteFile(t, st.Path, "{broken")
	got := st.Load()
	if got.Warning == "" || strings.Contains(got.Warning, ".bad") {
		t.Fatalf("warning %q", got.Warning)
	}
	if data, _ := os.ReadFile(st.Path); string(data) != "{broken" {
		t.Fatalf("read-only load changed the file: %q", data)
	}
}

func TestSaveFailureLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	st := &Store{Path: filepath.Join(dir, "settings.json")}
	if err := os.Mkdir(st.Path, 0o700); err != nil { // a folder where the file should go
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(st.Path, "keep"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := st.Save(Defaults())
	if err == nil || !strings.Contains(err.Error(), "cannot replace the settings file") {
		t.Fatalf("Save = %v", err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if len(leftovers) > 0 {
		t.Fatalf("temporary files left behind: %v", leftovers)
	}
}

func mustWriteFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}
