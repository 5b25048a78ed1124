package atomicfile

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// crashEnv names the file a helper process rewrites until it is killed.
const crashEnv = "ATOMICFILE_CRASH_PATH"

// version is the content of the n-th write: one letter, many times, so a
// half-written file shows as a short one or as two letters.
func version(n int) []byte { return bytes.Repeat([]byte{byte('a' + n%26)}, 4<<20) }

// TestHelperRewrites is the helper process of the crash test: it rewrites
// the file until it is killed.
func TestHelperRewrites(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("runs as the crash test's helper")
	}
	for n := 1; ; n++ {
		if err := Write(path, version(n), 0o600, "the file"); err != nil {
			t.Fatal(err)
		}
		if n == 1 {
			os.Stdout.WriteString("writing\n") // the parent kills from now on
		}
	}
}

// A process killed while it writes leaves the file whole: an earlier
// version or the new one, never part of one, and no temporary file the
// next write trips on.
func TestKilledMidWriteLeavesTheFileWhole(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	if err := Write(path, version(0), 0o600, "the file"); err != nil {
		t.Fatal(err)
	}
	for i, after := range []time.Duration{0, 3 * time.Millisecond, 7 * time.Millisecond, 15 * time.Millisecond, 40 * time.Millisecond} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperRewrites$")
		cmd.Env = append(os.Environ(), crashEnv+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
			t.Fatalf("the helper did not start writing: %v", err)
		}
		time.Sleep(after)
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("kill %d: the file is gone: %v", i, err)
		}
		if len(data) != len(version(0)) || len(bytes.Trim(data, string(data[:1]))) != 0 {
			t.Fatalf("kill %d: the file is half written: %d bytes, starting %q", i, len(data), data[:min(len(data), 8)])
		}
	}
	// What the killed writes left behind does not stop the next one.
	if err := Write(path, version(1), 0o600, "the file"); err != nil {
		t.Fatal(err)
	}
}

// The file gets the mode asked for whatever the umask and the mode of the
// file it replaces, and a link planted with its name is replaced, not
// written through.
func TestModeAndLinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix modes and links")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "api-key")
	if err := os.WriteFile(path, []byte("old"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []os.FileMode{0o600, 0o644} {
		if err := Write(path, []byte("new"), mode, "the API key file"); err != nil {
			t.Fatal(err)
		}
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != mode {
			t.Errorf("written with %v: %v, %v", mode, info.Mode(), err)
		}
	}
	target := filepath.Join(dir, "elsewhere")
	if err := os.WriteFile(target, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "report.md")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, []byte("report"), 0o600, "report.md"); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(target); string(data) != "keep" {
		t.Errorf("written through the link: %q", data)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink != 0 {
		t.Errorf("the link is still there: %v, %v", info.Mode(), err)
	}
}

// A write that fails says which file and leaves no temporary file.
func TestFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	if err := os.Mkdir(path, 0o700); err != nil { // a folder where the file should go
		t.Fatal(err)
	}
	err := Write(path, []byte("{}"), 0o600, "the settings file")
	if err == nil || !strings.HasPrefix(err.Error(), "cannot replace the settings file: ") {
		t.Fatalf("error %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
	if err := Write(filepath.Join(dir, "no-folder", "x"), nil, 0o600, "x"); err == nil || !strings.Contains(err.Error(), "cannot write x in its folder") {
		t.Errorf("no folder: %v", err)
	}
}
