package browser

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestPDFTitles(t *testing.T) {
	for info, want := range map[string]string{
		"Title:           A Field Guide\nPages: 2\n":     "A Field Guide",
		"Title:           untitled\n":                    "",
		"Title:           Microsoft Word - draft.docx\n": "",
		"Title:           report-final.pdf\n":            "",
		"Pages: 2\n":                                     "",
	} {
		if got := infoTitle(info); got != want {
			t.Errorf("infoTitle(%q) = %q, want %q", info, got, want)
		}
	}
	for u, want := range map[string]string{
		"https://x.test/docs/Hut%20guide.pdf": "Hut guide.pdf",
		"https://x.test/":                     "x.test",
	} {
		if got := fileTitle(u); got != want {
			t.Errorf("fileTitle(%q) = %q, want %q", u, got, want)
		}
	}
}

// fakeTool puts a shell script named name first on PATH.
func fakeTool(t *testing.T, name, script string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// pdftotext's output is read up to a cap, and its failures are told in
// words: a small file may expand to gigabytes, or be locked.
func TestPDFToText(t *testing.T) {
	for _, c := range []struct {
		name, script string
		wantLen      int
		wantCut      bool
		wantErr      string
	}{
		{"a text past the cap is cut there", "head -c " + strconv.Itoa(2*maxPDFTextBytes) + " /dev/zero | tr '\\0' a", maxPDFTextBytes, true, ""},
		{"a text within the cap is whole", "printf 'Hello.'", 6, false, ""},
		{"a locked file", "exit 3", 0, false, "password"},
		{"a damaged file", "exit 1", 0, false, "damaged"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fakeTool(t, "pdftotext", c.script)
			text, cut, err := runPDFToText(context.Background(), "x.pdf")
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, c.wantErr)
				}
				return
			}
			if err != nil || len(text) != c.wantLen || cut != c.wantCut {
				t.Fatalf("%d bytes, cut %v, error %v; want %d bytes, cut %v", len(text), cut, err, c.wantLen, c.wantCut)
			}
		})
	}
}
