package desktop

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/settings"
)

// Pointing at an installed browser saves it when it can be run, and saves
// nothing otherwise.
func TestUseBrowser(t *testing.T) {
	dir := t.TempDir()
	program := filepath.Join(dir, "chrome")
	notProgram := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(program, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(notProgram, []byte("hi"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path, wantErr, saved string
	}{
		{"a program", program, "", program},
		{"a file that cannot run", notProgram, "is not a program that can be run", ""},
		{"a folder", dir, "is a folder", ""},
		{"nothing chosen", "", "choose the browser's program file", ""},
		{"a relative path", "chrome", "full path", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			store := &settings.Store{Path: filepath.Join(t.TempDir(), "settings.json")}
			svc := New(store, func(string, any) {})
			st, err := svc.UseBrowser(c.path)
			switch {
			case c.wantErr == "" && err != nil:
				t.Fatalf("error %v", err)
			case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
				t.Fatalf("error %v, want one saying %q", err, c.wantErr)
			}
			if got := store.Load().Settings.BrowserPath; got != c.saved {
				t.Errorf("saved browser %q, want %q", got, c.saved)
			}
			if c.saved != "" && st.Browser != c.saved {
				t.Errorf("status names browser %q, want %q", st.Browser, c.saved)
			}
		})
	}
}

// The setup status says whether PDF documents can be read.
func TestSetupTellsWhetherPDFsCanBeRead(t *testing.T) {
	svc := New(&settings.Store{Path: filepath.Join(t.TempDir(), "settings.json")}, func(string, any) {})
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	if svc.Setup().ReadsPDF {
		t.Error("reads PDFs without pdftotext on the PATH")
	}
	if err := os.WriteFile(filepath.Join(dir, "pdftotext"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if !svc.Setup().ReadsPDF {
		t.Error("does not read PDFs with pdftotext on the PATH")
	}
}
