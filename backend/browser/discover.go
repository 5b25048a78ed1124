package browser

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// ErrNoBrowser is returned by Find when no usable browser exists.
var ErrNoBrowser = errors.New("no Chromium, Chrome or Edge found")

// candidates lists where Chromium-family browsers live, per system, in the
// order Scout prefers them: Chromium first (no sign-in prompts), then
// Chrome, then Edge. Names without a slash are looked up on PATH.
func candidates(goos string) []string {
	switch goos {
	case "darwin":
		return []string{
			"/Applications/Chromium.app/Contents/MacOS/Chromium",
			"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
			"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
		}
	case "windows":
		var out []string
		for _, env := range []string{"LOCALAPPDATA", "PROGRAMFILES", "PROGRAMFILES(X86)"} {
			base := os.Getenv(env)
			if base == "" {
				continue
			}
			out = append(out,
				filepath.Join(base, "Chromium", "Application", "chrome.exe"),
				filepath.Join(base, "Google", "Chrome", "Application", "chrome.exe"),
				filepath.Join(base, "Microsoft", "Edge", "Application", "msedge.exe"))
		}
		return out
	}
	return []string{
		"chromium", "chromium-browser", "/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium",
		"google-chrome", "google-chrome-stable", "/opt/google/chrome/chrome",
		"microsoft-edge", "microsoft-edge-stable", "/opt/microsoft/msedge/msedge",
	}
}

// Find returns the browser to drive: configured when set (it must exist),
// else the first installed candidate. The error lists what was tried and
// how to fix it.
func Find(configured string) (string, error) {
	return findIn(configured, candidates(runtime.GOOS))
}

func findIn(configured string, tried []string) (string, error) {
	if configured != "" {
		if isExecutable(configured) {
			return configured, nil
		}
		return "", fmt.Errorf("%w: the browser set in Settings, %s, is not a program that can be run: fix the path, or clear it so Scout looks for one", ErrNoBrowser, configured)
	}
	for _, c := range tried {
		if p := lookup(c); p != "" {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w. Looked for: %s. Install Chromium (on Debian or Ubuntu: sudo apt install chromium) or Google Chrome, or set the browser program in Settings",
		ErrNoBrowser, strings.Join(tried, ", "))
}

func lookup(c string) string {
	if !strings.ContainsAny(c, `/\`) {
		p, err := exec.LookPath(c)
		if err != nil {
			return ""
		}
		// Ubuntu's chromium-browser may be a wrapper asking to install a snap.
		if resolved, err := filepath.EvalSymlinks(p); err == nil {
			p = resolved
		}
		return p
	}
	if isExecutable(c) {
		return c
	}
	return ""
}

func isExecutable(path string) bool {
	info, err := os.Stat(path)
	if err != nil || info.IsDir() {
		return false
	}
	return runtime.GOOS == "windows" || info.Mode()&0o111 != 0
}
