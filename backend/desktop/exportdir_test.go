package desktop

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/scout-research/scout/backend/settings"
)

// The save dialog opens in Documents (as the desktop names it), else home,
// never the app's working folder; then where the last report went, while
// that folder is there.
func TestExportFolder(t *testing.T) {
	home, config := t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", config)
	svc := New(&settings.Store{Path: filepath.Join(config, "scout", "settings.json")}, func(string, any) {})
	if err := os.MkdirAll(filepath.Join(config, "scout"), 0o700); err != nil {
		t.Fatal(err)
	}
	if got := svc.ExportFolder(); got != home {
		t.Errorf("without Documents: %q, want the home %q", got, home)
	}
	docs := filepath.Join(home, "Dokumente")
	mkdir(t, docs)
	mkdir(t, filepath.Join(home, "Documents"))
	if got := svc.ExportFolder(); got != filepath.Join(home, "Documents") {
		t.Errorf("with ~/Documents: %q", got)
	}
	if err := os.WriteFile(filepath.Join(config, "user-dirs.dirs"), []byte("# written by xdg-user-dirs-update\nXDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := svc.ExportFolder(); got != docs {
		t.Errorf("with the desktop's own name for Documents: %q, want %q", got, docs)
	}
	reports := filepath.Join(t.TempDir(), "reports")
	mkdir(t, reports)
	svc.RememberExportFolder(filepath.Join(reports, "kilimanjaro.pdf"))
	if got := svc.ExportFolder(); got != reports {
		t.Errorf("after a save: %q, want %q", got, reports)
	}
	if err := os.Remove(reports); err != nil {
		t.Fatal(err)
	}
	if got := svc.ExportFolder(); got != docs {
		t.Errorf("the last folder gone: %q, want %q", got, docs)
	}
}

func mkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
}
