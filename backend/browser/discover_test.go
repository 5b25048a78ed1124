package browser

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestFindConfigured(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "my-chrome")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := Find(exe); err != nil || got != exe {
		t.Fatalf("Find(%s) = %q, %v", exe, got, err)
	}
	_, err := Find(filepath.Join(dir, "missing"))
	if !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), "set in Settings") {
		t.Fatalf("missing configured browser: %v", err)
	}
}

func TestFindInOrder(t *testing.T) {
	dir := t.TempDir()
	chrome := filepath.Join(dir, "google-chrome")
	if err := os.WriteFile(chrome, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	notExec := filepath.Join(dir, "chromium")
	if err := os.WriteFile(notExec, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	got, err := thisHost.find("", []string{"/nowhere/chromium", notExec, "no-such-browser", "google-chrome", "/nowhere/edge"})
	if err != nil || got != chrome {
		t.Fatalf("findIn = %q, %v; want %s", got, err, chrome)
	}
}

func TestFindNothingListsWhatWasTried(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := thisHost.find("", []string{"chromium", "/nowhere/chromium"})
	if !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), "Looked for: chromium, /nowhere/chromium.") ||
		!strings.Contains(err.Error(), "apt install chromium") {
		t.Fatalf("error %v", err)
	}
}

func TestCandidatesPerSystem(t *testing.T) {
	for goos, want := range map[string]string{
		"linux":  "/usr/bin/chromium",
		"darwin": "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
	} {
		if !slices.Contains(host{goos: goos}.candidates(), want) {
			t.Errorf("%s candidates lack %s", goos, want)
		}
	}
}

// windowsEnv is a 64-bit Windows user's environment.
var windowsEnv = map[string]string{
	"LOCALAPPDATA":      `C:\Users\ann\AppData\Local`,
	"PROGRAMFILES":      `C:\Program Files`,
	"PROGRAMFILES(X86)": `C:\Program Files (x86)`,
}

// windowsHost is Windows with env, where only the files in installed exist.
func windowsHost(env map[string]string, installed ...string) host {
	files := fstest.MapFS{}
	for _, f := range installed {
		files[f] = &fstest.MapFile{Data: []byte("MZ")} // no execute bit: Windows has none
	}
	return host{
		goos:     "windows",
		getenv:   func(k string) string { return env[k] },
		lookPath: func(string) (string, error) { return "", exec.ErrNotFound },
		stat:     files.Stat,
	}
}

func TestWindowsCandidates(t *testing.T) {
	got := windowsHost(windowsEnv).candidates()
	want := []string{
		`C:\Users\ann\AppData\Local\Chromium\Application\chrome.exe`,
		`C:\Program Files\Chromium\Application\chrome.exe`,
		`C:\Program Files (x86)\Chromium\Application\chrome.exe`,
		`C:\Users\ann\AppData\Local\Google\Chrome\Application\chrome.exe`,
		`C:\Program Files\Google\Chrome\Application\chrome.exe`,
		`C:\Program Files (x86)\Google\Chrome\Application\chrome.exe`,
		`C:\Users\ann\AppData\Local\Microsoft\Edge\Application\msedge.exe`,
		`C:\Program Files\Microsoft\Edge\Application\msedge.exe`,
		`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("candidates:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	// 32-bit Windows has no PROGRAMFILES(X86); a trailing backslash is not doubled.
	got = windowsHost(map[string]string{"PROGRAMFILES": `C:\Program Files\`}).candidates()
	if want := `C:\Program Files\Microsoft\Edge\Application\msedge.exe`; len(got) != 3 || got[2] != want {
		t.Errorf("32-bit Windows: %q; want three, the last %s", got, want)
	}
}

func TestFindOnWindows(t *testing.T) {
	const (
		edge       = `C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`
		userChrome = `C:\Users\ann\AppData\Local\Google\Chrome\Application\chrome.exe`
		chrome     = `C:\Program Files\Google\Chrome\Application\chrome.exe`
	)
	tests := []struct {
		name      string
		installed []string
		want      string
	}{
		{"only Edge, which comes with Windows", []string{edge}, edge},
		{"Chrome for everyone, and Edge", []string{edge, chrome}, chrome},
		{"Chrome for the user before Chrome for everyone", []string{edge, chrome, userChrome}, userChrome},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := windowsHost(windowsEnv, tc.installed...)
			if got, err := h.find("", h.candidates()); err != nil || got != tc.want {
				t.Errorf("find = %q, %v; want %s", got, err, tc.want)
			}
		})
	}
	h := windowsHost(windowsEnv)
	_, err := h.find("", h.candidates())
	if !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), edge) || !strings.Contains(err.Error(), "repair Microsoft Edge") {
		t.Errorf("nothing installed: %v", err)
	}
	if got, err := windowsHost(windowsEnv, `D:\Apps\chrome.exe`).find(`D:\Apps\chrome.exe`, nil); err != nil || got != `D:\Apps\chrome.exe` {
		t.Errorf("a browser set in Settings: %q, %v", got, err)
	}
}

// The browser chooser opens where the system's browsers are.
func TestProgramFolder(t *testing.T) {
	for _, tc := range []struct {
		h    host
		want string
	}{
		{windowsHost(windowsEnv), `C:\Program Files`},
		{windowsHost(map[string]string{"LOCALAPPDATA": `C:\Users\ann\AppData\Local`}), `C:\Users\ann\AppData\Local`},
		{host{goos: "darwin"}, "/Applications"},
		{host{goos: "linux"}, "/usr/bin"},
	} {
		if got := tc.h.programFolder(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.h.goos, got, tc.want)
		}
	}
}
