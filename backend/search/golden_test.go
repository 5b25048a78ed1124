package search

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/scout-research/scout/backend/agent/port"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/search")

// fixtureDir holds the sample pages and golden results, shared with the
// fixture web.
const fixtureDir = "../../testdata/search"

// fixture returns the contents of a file in fixtureDir.
func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(fixtureDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkGolden compares results with the golden file name, or rewrites it
// under -update.
func checkGolden(t *testing.T, name string, results []port.SearchResult) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // keep "&" readable in the golden files
	enc.SetIndent("", "  ")
	if err := enc.Encode(results); err != nil {
		t.Fatal(err)
	}
	got := buf.Bytes()
	path := filepath.Join(fixtureDir, name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("results differ from %s (go test -update rewrites it)\ngot:\n%s\nwant:\n%s", name, got, want)
	}
}
