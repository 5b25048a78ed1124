package guitest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestBindingsUpToDate regenerates the Wails bindings from app.go into a
// scratch folder and compares them with the committed frontend/wailsjs, so
// a bound method changed without `make bindings` fails here rather than in
// the user's window.
func TestBindingsUpToDate(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	scratch := t.TempDir()
	bin := filepath.Join(scratch, "scout-bindings")
	build := exec.Command("go", "build", "-tags", "bindings", "-o", bin, ".")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the bindings generator: %v\n%s", err, out)
	}
	// The generator writes to <wailsjsdir>/wailsjs of the wails.json in its
	// working folder.
	mustWrite(t, filepath.Join(scratch, "wails.json"), `{"name":"scout","frontend:dir":"frontend","wailsjsdir":"./out"}`)
	gen := exec.Command(bin)
	gen.Dir = scratch
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("generating bindings: %v\n%s", err, out)
	}
	for _, f := range []string{"go/main/App.d.ts", "go/main/App.js", "go/models.ts"} {
		want, err := os.ReadFile(filepath.Join(scratch, "out", "wailsjs", f))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(root, "frontend", "wailsjs", f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("frontend/wailsjs/%s is out of date with app.go: run `make bindings` and commit the result", f)
		}
	}
}
