// Package atomicfile writes a file so that it is whole or absent: a
// reader, or a crash of Scout or of the computer, never sees half of it.
// Settings, the API key file, the book of model speeds and a run's
// reports are written through it.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// Write writes data to path with mode (whatever the umask) through a new
// temporary file beside it: never one that exists, so never through a
// link planted with its name. The temporary file is synced to disk, then
// renamed over path, which replaces a link rather than writing where it
// points. The folder must exist. what names the file in errors ("the
// settings file"); on an error nothing is left behind and path is as it
// was.
func Write(path string, data []byte, mode os.FileMode, what string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s in its folder: %w", what, err)
	}
	defer os.Remove(tmp.Name()) // nothing to remove after the rename
	if err := fill(tmp, data, mode); err != nil {
		return fmt.Errorf("cannot write %s (is the disk full?): %w", what, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("cannot replace %s: %w", what, err)
	}
	return nil
}

// fill gives f its mode and data, on disk, and closes it.
func fill(f *os.File, data []byte, mode os.FileMode) error {
	err := f.Chmod(mode)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
