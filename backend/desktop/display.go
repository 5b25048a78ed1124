package desktop

import (
	"errors"
	"os"
	"runtime"
)

// ErrNoDisplay: the window has no screen to open on.
var ErrNoDisplay = errors.New("no graphical display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): " +
	"start Scout from your desktop session, or research from this terminal with `scout run` (see `scout help`)")

// CheckDisplay says whether the window can open: on Linux and the BSDs GTK
// needs an X or Wayland display, and without one it panics with a stack
// trace rather than saying so. The bindings generator needs none.
func CheckDisplay() error {
	if !opensWindow {
		return nil
	}
	return checkDisplay(runtime.GOOS, os.Getenv)
}

func checkDisplay(goos string, getenv func(string) string) error {
	switch goos {
	case "windows", "darwin":
		return nil
	}
	if getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
		return ErrNoDisplay
	}
	return nil
}
