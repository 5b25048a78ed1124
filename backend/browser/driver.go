// Package browser drives a Chromium-family browser through playwright-go.
//
// playwright-go needs a "driver": Node.js plus the npm package
// playwright-core of the exact version it was built for. Scout uses a driver
// installed in the user cache (make installs one from the npm registry, and
// so does the app's setup card) run by the system's Node.js; on a machine
// without one (most Windows machines), playwright-go downloads the driver
// with a Node.js of its own.
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

// DriverInstalled reports whether the driver is present in DriverDir, with
// a Node.js to run it.
func DriverInstalled() bool {
	dir, err := DriverDir()
	if err != nil {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, "package", "cli.js"))
	return err == nil && thisHost.nodeFor(dir).path != ""
}

// InstallDriver installs the driver into DriverDir, reporting progress
// (which may be nil). With a system Node.js 20+ only the playwright-core
// package is fetched, from the npm registry, with the share done reported
// and its checksum verified; without one, playwright-go downloads the
// package and a Node.js of its own, reporting lines only.
func InstallDriver(progress func(Progress)) error {
	dir, err := DriverDir()
	if err != nil {
		return err
	}
	if progress == nil {
		progress = func(Progress) {}
	}
	line := func(s string) { progress(Progress{Line: s, Done: -1}) }
	node := thisHost.nodeFor(dir)
	if node.path == "" {
		line("No suitable Node.js found (" + node.why + "); downloading the driver with a Node.js of its own")
		// playwright-go would try to run a package already there, with no
		// Node.js to run it, and give up instead of downloading.
		if err := os.RemoveAll(filepath.Join(dir, "package")); err != nil {
			return fmt.Errorf("cannot replace the browser driver in %s: %w", dir, err)
		}
	} else {
		line("Downloading the browser driver (Playwright " + DriverVersion + ") into " + dir)
		if err := fetchPackage(context.Background(), packageURL(), packageIntegrity[DriverVersion], dir, progress); err != nil {
			return err
		}
		if err := node.use(); err != nil {
			return err
		}
	}
	// With the package in place this only checks and prepares it;
	// otherwise it downloads everything.
	w := &lineWriter{emit: line}
	err = playwright.Install(&playwright.RunOptions{DriverDirectory: dir, SkipInstallBrowsers: true, Stdout: w, Stderr: w})
	w.flush()
	if err != nil {
		return fmt.Errorf("installing the browser driver failed: %w. Check the internet connection and try again (from Scout's source folder, make run installs it too)", err)
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

// StartDriver starts the Playwright driver from DriverDir, run by the
// Node.js nodeFor chooses.
func StartDriver() (*playwright.Playwright, error) {
	dir, err := DriverDir()
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, "package", "cli.js")); err != nil {
		return nil, fmt.Errorf("the browser driver is not installed in %s: install it from the app's setup screen, or run `make run` in the source folder", dir)
	}
	node := thisHost.nodeFor(dir)
	if node.path == "" {
		return nil, fmt.Errorf("the browser driver in %s has no Node.js to run it (%s): install it again from the app's setup screen, which downloads one with it, or install Node.js %d or newer from https://nodejs.org", dir, node.why, minNodeMajor)
	}
	if err := node.use(); err != nil {
		return nil, err
	}
	pw, err := playwright.Run(&playwright.RunOptions{DriverDirectory: dir, SkipInstallBrowsers: true, Verbose: false})
	if err != nil {
		return nil, fmt.Errorf("cannot start the browser driver in %s: %w", dir, err)
	}
	return pw, nil
}

// driverNode is the Node.js that runs the driver.
type driverNode struct {
	// path is the program; empty when there is none to use, and the
	// driver must come with a Node.js of its own.
	path string
	// system marks the system's Node.js, which playwright-go learns of from
	// PLAYWRIGHT_NODEJS_PATH (it finds the driver's own by itself).
	system bool
	// why says, when path is empty, why the system's does not serve.
	why string
}

// nodeFor chooses the Node.js for the driver in dir: the one the user set
// in PLAYWRIGHT_NODEJS_PATH, else the driver's own (downloaded with it by
// playwright-go), else the system's if it is new enough.
func (h host) nodeFor(dir string) driverNode {
	if p := h.getenv("PLAYWRIGHT_NODEJS_PATH"); p != "" {
		return driverNode{path: p}
	}
	own := filepath.Join(dir, "node")
	if h.goos == "windows" {
		own += ".exe"
	}
	if h.isProgram(own) {
		return driverNode{path: own}
	}
	node, err := h.lookPath("node")
	if err != nil {
		return driverNode{why: "Node.js is not installed"}
	}
	out, err := h.output(node, "--version")
	if err != nil {
		return driverNode{why: fmt.Sprintf("%s does not run: %v", node, err)}
	}
	version := strings.TrimPrefix(strings.TrimSpace(string(out)), "v")
	major, err := strconv.Atoi(strings.SplitN(version, ".", 2)[0])
	if err != nil || major < minNodeMajor {
		return driverNode{why: fmt.Sprintf("%s is Node.js %s, and the driver needs %d or newer", node, version, minNodeMajor)}
	}
	return driverNode{path: node, system: true}
}

// use points playwright-go at the system's Node.js, when that is the one.
func (n driverNode) use() error {
	if !n.system {
		return nil
	}
	return os.Setenv("PLAYWRIGHT_NODEJS_PATH", n.path)
}
