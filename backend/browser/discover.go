package browser

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// ErrNoBrowser is returned by Find when no usable browser exists.
var ErrNoBrowser = errors.New("no Chromium, Chrome or Edge found")

// windowsFolders are the environment variables naming where Windows
// programs are installed: per user (Chrome installed without
// administrator rights, Chromium builds), then for everyone, 64-bit and
// 32-bit (Edge lives in the latter even on 64-bit Windows).
var windowsFolders = []string{"LOCALAPPDATA", "PROGRAMFILES", "PROGRAMFILES(X86)"}

// windowsBrowsers are the browsers' paths under those folders, in the order
// Scout prefers them.
var windowsBrowsers = [][]string{
	{"Chromium", "Application", "chrome.exe"},
	{"Google", "Chrome", "Application", "chrome.exe"},
	{"Microsoft", "Edge", "Application", "msedge.exe"},
}

// candidates lists where Chromium-family browsers live on the host's
// system, in the order Scout prefers them: Chromium first (no sign-in
// prompts), then Chrome, then Edge. Names without a slash are looked up on
// PATH.
func (h host) candidates() []string {
	switch h.goos {
	case "darwin":
		return []string{
			"/Applications/Chromium.app/Contents/MacOS/Chromium",
			"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
			"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
		}
	case "windows":
		var out []string
		for _, browser := range windowsBrowsers {
			for _, env := range windowsFolders {
				if base := h.getenv(env); base != "" {
					out = append(out, h.join(append([]string{base}, browser...)...))
				}
			}
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
	return thisHost.find(configured, thisHost.candidates())
}

func (h host) find(configured string, tried []string) (string, error) {
	if configured != "" {
		if h.isProgram(configured) {
			return configured, nil
		}
		return "", fmt.Errorf("%w: the browser set in Settings, %s, is not a program that can be run: fix the path, or clear it so Scout looks for one", ErrNoBrowser, configured)
	}
	for _, c := range tried {
		if p := h.lookup(c); p != "" {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w. Looked for: %s. %s, or set the browser program in Settings",
		ErrNoBrowser, strings.Join(tried, ", "), h.installHint())
}

// ProgramFolder is where the file dialog for choosing a browser opens:
// where the system's browsers are installed.
func ProgramFolder() string { return thisHost.programFolder() }

func (h host) programFolder() string {
	switch h.goos {
	case "windows":
		for _, env := range windowsFolders[1:] { // for everyone, where Edge is
			if dir := h.getenv(env); dir != "" {
				return dir
			}
		}
		return h.getenv("LOCALAPPDATA")
	case "darwin":
		return "/Applications"
	}
	return "/usr/bin"
}

// installHint says how to get a browser on the host's system.
func (h host) installHint() string {
	switch h.goos {
	case "windows":
		return "Install Google Chrome, or repair Microsoft Edge (it comes with Windows)"
	case "darwin":
		return "Install Google Chrome or Chromium"
	}
	return "Install Chromium (on Debian or Ubuntu: sudo apt install chromium) or Google Chrome"
}

func (h host) lookup(c string) string {
	if !strings.ContainsAny(c, `/\`) {
		p, err := h.lookPath(c)
		if err != nil {
			return ""
		}
		// Ubuntu's chromium-browser may be a wrapper asking to install a snap.
		if resolved, err := filepath.EvalSymlinks(p); err == nil {
			p = resolved
		}
		return p
	}
	if h.isProgram(c) {
		return c
	}
	return ""
}
