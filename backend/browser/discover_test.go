package browser

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
	got, err := findIn("", []string{"/nowhere/chromium", notExec, "no-such-browser", "google-chrome", "/nowhere/edge"})
	if err != nil || got != chrome {
		t.Fatalf("findIn = %q, %v; want %s", got, err, chrome)
	}
}

func TestFindNothingListsWhatWasTried(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := findIn("", []string{"chromium", "/nowhere/chromium"})
	if !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), "Looked for: chromium, /nowhere/chromium.") ||
		!strings.Contains(err.Error(), "apt install chromium") {
		t.Fatalf("error %v", err)
	}
}

func TestCandidatesPerSystem(t *testing.T) {
	t.Setenv("PROGRAMFILES", `C:\Program Files`)
	for goos, want := range map[string]string{
		"linux":   "/usr/bin/chromium",
		"darwin":  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
		"windows": filepath.Join(`C:\Program Files`, "Microsoft", "Edge", "Application", "msedge.exe"),
	} {
		if !slices.Contains(candidates(goos), want) {
			t.Errorf("%s candidates lack %s", goos, want)
		}
	}
}
