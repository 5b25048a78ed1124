package build

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// iconSizes are the hicolor sizes build/icons makes, which make install and
// the .deb put in place.
var iconSizes = []string{"16x16", "24x24", "32x32", "48x48", "64x64", "128x128", "256x256", "512x512"}

// desktopKey returns key's value in a desktop entry's main group.
func desktopKey(t *testing.T, path, key string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for s := bufio.NewScanner(f); s.Scan(); {
		if value, ok := strings.CutPrefix(s.Text(), key+"="); ok {
			return value
		}
	}
	t.Fatalf("%s has no %s key", path, key)
	return ""
}

// runMake runs make in the repository with args.
func runMake(t *testing.T, args ...string) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return run(t, root, "make", append([]string{"-s", "--no-print-directory"}, args...)...)
}

// run runs a program in dir (the test's own when empty) and returns its
// standard output; it fails the test with everything it printed if it
// fails.
func run(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out, stderr.String())
	}
	return string(out)
}

// command runs a program in dir and returns everything it printed, for a
// program whose exit status is not the verdict.
func command(dir, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}
