package desktop

import (
	"os"
	"path/filepath"
	"strings"
)

// exportFolderFile, beside the settings file, keeps the folder a report
// was last saved to, so the save dialog opens there next time.
const exportFolderFile = "export-folder"

// ExportFolder is where the save dialog opens: the folder a report was
// last saved to while it still exists, else the user's Documents folder,
// else their home, never the folder the app happened to start in.
func (s *Service) ExportFolder() string {
	if data, err := os.ReadFile(s.exportFolderPath()); err == nil {
		if dir := strings.TrimSpace(string(data)); isDir(dir) {
			return dir
		}
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	if docs := documentsFolder(home); isDir(docs) {
		return docs
	}
	return home
}

// RememberExportFolder keeps the folder of path, a report just saved, for
// the next save; failing to keep it costs only that convenience.
func (s *Service) RememberExportFolder(path string) {
	_ = os.WriteFile(s.exportFolderPath(), []byte(filepath.Dir(path)+"\n"), 0o600)
}

func (s *Service) exportFolderPath() string {
	return filepath.Join(filepath.Dir(s.store.Path), exportFolderFile)
}

// documentsFolder is the user's Documents folder: the one their desktop
// names in user-dirs.dirs (XDG_DOCUMENTS_DIR, perhaps translated), else
// ~/Documents.
func documentsFolder(home string) string {
	config := os.Getenv("XDG_CONFIG_HOME")
	if config == "" {
		config = filepath.Join(home, ".config")
	}
	data, _ := os.ReadFile(filepath.Join(config, "user-dirs.dirs"))
	for _, line := range strings.Split(string(data), "\n") {
		value, ok := strings.CutPrefix(strings.TrimSpace(line), "XDG_DOCUMENTS_DIR=")
		if !ok {
			continue
		}
		value = strings.ReplaceAll(strings.Trim(value, `"`), "$HOME", home)
		if filepath.IsAbs(value) && value != home {
			return value
		}
	}
	return filepath.Join(home, "Documents")
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}
