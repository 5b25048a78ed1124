//go:build !windows

package runs

import (
	"errors"
	"os"
	"syscall"
)

// openFileNoFollow opens path without following a symbolic link in its
// place, which the kernel refuses with ELOOP.
func openFileNoFollow(path string, flag int, mode os.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NOFOLLOW, mode)
	if errors.Is(err, syscall.ELOOP) {
		return nil, errIsLink
	}
	return f, err
}
