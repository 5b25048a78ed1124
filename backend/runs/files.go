package runs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/scout-research/scout/backend/atomicfile"
)

// A run folder holds what the user researched, the model's words and the
// settings used, so it is readable by the user alone, like the settings
// file. Its files are never opened through a symbolic link: a folder given
// with --out may hold anything, and a link named journal.jsonl must not
// send the journal's writes to a file outside it.
const (
	dirMode  = 0o700
	fileMode = 0o600
)

// errIsLink: a run file's name is a symbolic link.
var errIsLink = errors.New("the file is a symbolic link")

// Reasons a folder cannot take a new run, for errors.Is: both are the
// user's choice of folder, which the CLI reports as a usage error.
var (
	// ErrHoldsRun: the folder already holds a run's journal.
	ErrHoldsRun = errors.New("the folder already holds a run")
	// ErrNotRunFolder: the folder holds other files, which a run's
	// report.md and run.json could overwrite.
	ErrNotRunFolder = errors.New("the folder is not empty and holds no run")
)

// CheckNew returns nil when dir can take a new run: a missing folder, or an
// empty one. Create checks it too; a caller checks first to say so before
// the slower setup of a run.
func CheckNew(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("cannot use %s as the run folder: %w", dir, err)
	case len(entries) == 0:
		return nil
	}
	if _, err := os.Lstat(filepath.Join(dir, "journal.jsonl")); err == nil {
		return fmt.Errorf("%w: %s already holds a run. Continue it with: scout resume %s, or choose a new folder for --out", ErrHoldsRun, dir, dir)
	}
	return fmt.Errorf("%w: %s already holds other files, which the run's report.md and run.json could overwrite. Choose a new or empty folder for --out", ErrNotRunFolder, dir)
}

// makePrivateDir creates dir (and its parents) readable by the user alone,
// and narrows an existing one to that: a folder from an earlier version,
// or an empty one the user named.
func makePrivateDir(dir string) error {
	if err := os.MkdirAll(dir, dirMode); err != nil {
		return err
	}
	info, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if info.Mode()&os.ModeSymlink != 0 {
		return nil // the user's own link to a folder (--out): left as it is
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	return os.Chmod(dir, dirMode)
}

// makePagesDir creates the folder's pages/ and refuses one that is a link.
func makePagesDir(dir string) error {
	pages := filepath.Join(dir, "pages")
	if err := os.Mkdir(pages, dirMode); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	info, err := os.Lstat(pages)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a folder (a link, perhaps): Scout writes page text only into a folder of its own", pages)
	}
	return os.Chmod(pages, dirMode)
}

// openNoFollow opens a run file, refusing a symbolic link in its place.
func openNoFollow(path string, flag int) (*os.File, error) {
	f, err := openFileNoFollow(path, flag, fileMode)
	if errors.Is(err, errIsLink) {
		return nil, fmt.Errorf("%s is a link to another file: Scout writes a run's files only inside its folder; remove the link", path)
	}
	if err != nil {
		return nil, err
	}
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		// An existing file keeps its mode; a run folder's are private.
		if err := f.Chmod(fileMode); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

// writeAtomic writes data to path with mode, whole or not at all, never
// through a link planted with its name (atomicfile.Write).
func writeAtomic(path string, data []byte, mode os.FileMode) error {
	return atomicfile.Write(path, data, mode, path)
}
