// Package browser drives a Chromium-family browser through playwright-go.
//
// playwright-go needs a "driver": Node.js plus the npm package
// playwright-core of the exact version it was built for. Scout uses a driver
// installed in the user cache (make installs one from the npm registry) and
// the system's Node.js, so nothing is downloaded from a CDN at run time.
//
// Each run reads the web through a Session: a fresh browser context whose
// every connection goes through a netguard.Proxy (so redirects, scripts and
// WebSockets meet the same guard as the pages the agent opens), with one
// tab that is read once the page has settled. No page can hold a run: a tab
// that stops answering is dropped, not waited for.
package browser

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/mxschmitt/playwright-go"
)

// DriverVersion is the playwright-core version that playwright-go
// v0.6401.0 speaks to; build/deps.sh installs the same one.
const DriverVersion = "1.64.1"

// minNodeMajor is the oldest Node.js that playwright-core 1.64 runs on.
const minNodeMajor = 20

// DriverDir returns where the driver lives: $PLAYWRIGHT_DRIVER_PATH, else
// the user cache folder playwright-go itself uses.
func DriverDir() (string, error) {
	if d := os.Getenv("PLAYWRIGHT_DRIVER_PATH"); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find your home folder for the browser driver: %w", err)
	}
	cache := filepath.Join(home, ".cache")
	switch runtime.GOOS {
	case "darwin":
		cache = filepath.Join(home, "Library", "Caches")
	case "windows":
		cache = filepath.Join(home, "AppData", "Local")
	}
	return filepath.Join(cache, "ms-playwright-go", DriverVersion), nil
}

// DriverInstalled reports whether the driver is present in DriverDir.
func DriverInstalled() bool {
	dir, err := DriverDir()
	if err != nil {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, "package", "cli.js"))
	return err == nil
}

// InstallDriver installs the driver into DriverDir, reporting progress
// (which may be nil). With a system Node.js 20+ only the playwright-core
// package is fetched, from the npm registry, with the share done reported
// and its checksum verified; without one, playwright-go downloads a Node.js
// of its own as well, reporting lines only.
func InstallDriver(progress func(Progress)) error {
	dir, err := DriverDir()
	if err != nil {
		return err
	}
	if progress == nil {
		progress = func(Progress) {}
	}
	line := func(s string) { progress(Progress{Line: s, Done: -1}) }
	if nodeErr := useSystemNode(dir); nodeErr != nil {
		line("No suitable Node.js found (" + nodeErr.Error() + "); downloading the driver with a Node.js of its own")
	} else {
		line("Downloading the browser driver (Playwright " + DriverVersion + ") into " + dir)
		if err := fetchPackage(context.Background(), packageURL(), packageIntegrity[DriverVersion], dir, progress); err != nil {
			return err
		}
	}
	// With the package in place this only checks and prepares it;
	// otherwise it downloads everything.
	w := &lineWriter{emit: line}
	err = playwright.Install(&playwright.RunOptions{DriverDirectory: dir, SkipInstallBrowsers: true, Stdout: w, Stderr: w})
	w.flush()
	if err != nil {
		return fmt.Errorf("installing the browser driver failed: %w. Check the internet connection, or install it with `make run` from the source folder", err)
	}
	progress(Progress{Line: "Browser driver installed", Done: 1})
	return nil
}

// lineWriter turns written bytes into progress lines.
type lineWriter struct {
	emit func(string)
	buf  []byte
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := strings.IndexByte(string(w.buf), '\n')
		if i < 0 {
			return len(p), nil
		}
		if line := strings.TrimSpace(string(w.buf[:i])); line != "" {
			w.emit(line)
		}
		w.buf = w.buf[i+1:]
	}
}

func (w *lineWriter) flush() {
	if line := strings.TrimSpace(string(w.buf)); line != "" {
		w.emit(line)
	}
	w.buf = nil
}

// StartDriver starts the Playwright driver from DriverDir. When the driver
// has no Node.js of its own, the system's is used.
func StartDriver() (*playwright.Playwright, error) {
	dir, err := DriverDir()
	if err != nil {
		return nil, err
	}
	if !DriverInstalled() {
		return nil, fmt.Errorf("the browser driver is not installed in %s: install it from the app's setup screen, or run `make run` in the source folder", dir)
	}
	if err := useSystemNode(dir); err != nil {
		return nil, err
	}
	pw, err := playwright.Run(&playwright.RunOptions{DriverDirectory: dir, SkipInstallBrowsers: true, Verbose: false})
	if err != nil {
		return nil, fmt.Errorf("cannot start the browser driver in %s: %w", dir, err)
	}
	return pw, nil
}

// useSystemNode points playwright-go at the system Node.js unless the
// driver folder has its own or the user chose one.
func useSystemNode(dir string) error {
	if os.Getenv("PLAYWRIGHT_NODEJS_PATH") != "" {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, "node")); err == nil {
		return nil
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("the browser driver needs Node.js %d or newer, and none is installed: install Node.js from https://nodejs.org", minNodeMajor)
	}
	out, err := exec.Command(node, "-p", "process.versions.node").Output()
	if err != nil {
		return fmt.Errorf("cannot run Node.js at %s: %w", node, err)
	}
	version := strings.TrimSpace(string(out))
	major, _ := strconv.Atoi(strings.SplitN(version, ".", 2)[0])
	if major < minNodeMajor {
		return fmt.Errorf("the browser driver needs Node.js %d or newer, but %s is %s: install a newer Node.js", minNodeMajor, node, version)
	}
	return os.Setenv("PLAYWRIGHT_NODEJS_PATH", node)
}
