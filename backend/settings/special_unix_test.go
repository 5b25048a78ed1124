//go:build unix

package settings

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A settings.json that is no regular file (a named pipe nobody writes to,
// a device) or is far too big for settings never holds up the start: it
// is set aside like a damaged file, and the defaults are used.
func TestLoadNeverBlocksOnASpecialFile(t *testing.T) {
	for name, c := range map[string]struct {
		prepare func(path string) error
		says    string
	}{
		"a named pipe": {func(p string) error { return syscall.Mkfifo(p, 0o600) }, "not a regular file"},
		"a device":     {func(p string) error { return os.Symlink("/dev/zero", p) }, "not a regular file"},
		"huge": {func(p string) error {
			return os.WriteFile(p, []byte(`{"model":"`+strings.Repeat("m", 2<<20)+`"}`), 0o600)
		}, "too large"},
	} {
		t.Run(name, func(t *testing.T) {
			st := &Store{Path: filepath.Join(t.TempDir(), "settings.json")}
			if err := c.prepare(st.Path); err != nil {
				t.Fatal(err)
			}
			done := make(chan Loaded, 1)
			go func() { done <- st.Load() }()
			var got Loaded
			select {
			case got = <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("loading the settings did not return within 5 s")
			}
			if !reflect.DeepEqual(got.Settings, Defaults()) || !strings.Contains(got.Warning, c.says) {
				t.Fatalf("defaults %v, warning %q; want the defaults and a warning saying %q", reflect.DeepEqual(got.Settings, Defaults()), got.Warning, c.says)
			}
		})
	}
}
