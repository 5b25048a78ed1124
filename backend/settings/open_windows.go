//go:build windows

package settings

import "os"

// openNonBlocking opens path for reading: Windows has no named pipes among
// files, so nothing waits.
func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }
