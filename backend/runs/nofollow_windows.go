package runs

import "os"

// openFileNoFollow opens path unless a symbolic link stands in its place.
// Windows has no flag for it, so the name is looked at first; making a
// link there needs rights an ordinary program seldom has.
func openFileNoFollow(path string, flag int, mode os.FileMode) (*os.File, error) {
	if info, err := os.Lstat(path); err == nil && info.Mode()&os.ModeSymlink != 0 {
		return nil, errIsLink
	}
	return os.OpenFile(path, flag, mode)
}
