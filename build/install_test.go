package build

import (
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/scout-research/scout/backend/guitest"
)

// TestInstall installs Scout with `make install` into a home folder of the
// test's own, checks the desktop entry and the icons, launches the entry as
// a desktop does (gio launch) on a display of its own, finds the window by
// the entry's StartupWMClass (how docks tell which entry a window belongs
// to), and uninstalls again.
func TestInstall(t *testing.T) {
	guitest.Enabled(t)
	for _, tool := range []string{"desktop-file-validate", "gio", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: run make test, which installs it", tool)
		}
	}
	home := t.TempDir()
	prefix := filepath.Join(home, ".local")
	data := filepath.Join(prefix, "share")
	runMake(t, "install", "PREFIX="+prefix)

	bin := filepath.Join(prefix, "bin", "scout")
	if info, err := os.Stat(bin); err != nil || info.Mode()&0o111 == 0 {
		t.Fatalf("the program is not installed as one: %v", err)
	}
	entry := filepath.Join(data, "applications", "scout.desktop")
	run(t, "", "desktop-file-validate", entry)
	if got := desktopKey(t, entry, "Exec"); got != bin {
		t.Errorf("the entry runs %q, want %s", got, bin)
	}
	icon := desktopKey(t, entry, "Icon")
	for _, size := range iconSizes {
		checkIcon(t, filepath.Join(data, "icons", "hicolor", size, "apps", icon+".png"), size)
	}
	if _, err := os.Stat(filepath.Join(data, "icons", "hicolor", "scalable", "apps", icon+".svg")); err != nil {
		t.Error(err)
	}

	display := guitest.StartXvfb(t)
	launch := exec.Command("gio", "launch", entry)
	launch.Env = append(os.Environ(), "DISPLAY="+display, "HOME="+home, "XDG_DATA_HOME="+data,
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "XDG_CACHE_HOME="+filepath.Join(home, ".cache"),
		"XDG_STATE_HOME="+filepath.Join(home, ".local", "state"))
	// A file, not a pipe: the app gets gio's output and keeps it open, so
	// a pipe would not close while the app runs.
	logPath := filepath.Join(home, "launch.log")
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	launch.Stdout, launch.Stderr = logf, logf
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("what gio and the app printed:\n%s", readFile(logPath))
		}
	})
	if err := launch.Run(); err != nil {
		t.Fatalf("gio launch %s: %v\n%s", entry, err, readFile(logPath))
	}
	class := desktopKey(t, entry, "StartupWMClass")
	var win string
	guitest.Eventually(t, "window of WM_CLASS "+class+" (the entry's StartupWMClass)", nil, func() bool {
		out, err := xdotool(display, "search", "--onlyvisible", "--classname", "^"+class+"$")
		win, _, _ = strings.Cut(out, "\n")
		return err == nil && win != ""
	})
	pid, err := xdotool(display, "getwindowpid", win)
	if err != nil {
		t.Fatalf("the window's process: %v", err)
	}
	n, err := strconv.Atoi(pid)
	if err != nil {
		t.Fatalf("the window's process %q: %v", pid, err)
	}
	// The app outlives gio; the display going away would end it too.
	t.Cleanup(func() { _ = syscall.Kill(n, syscall.SIGTERM) })
	if exe, err := os.Readlink("/proc/" + pid + "/exe"); err != nil || exe != bin {
		t.Errorf("the window belongs to %s (%v), want the installed %s", exe, err, bin)
	}
	// Shown before Wails names it, the window carries the program's name
	// for a moment.
	guitest.Eventually(t, "window "+win+" named Scout", nil, func() bool {
		name, err := xdotool(display, "getwindowname", win)
		return err == nil && name == "Scout"
	})

	runMake(t, "uninstall", "PREFIX="+prefix)
	filepath.WalkDir(prefix, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), "scout") {
			t.Errorf("make uninstall left %s", path)
		}
		return nil
	})
}

// checkIcon checks that path is a PNG of size ("48x48").
func checkIcon(t *testing.T, path, size string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Error(err)
		return
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil || strconv.Itoa(cfg.Width)+"x"+strconv.Itoa(cfg.Height) != size {
		t.Errorf("%s: %dx%d (%v), want %s", path, cfg.Width, cfg.Height, err, size)
	}
}

// xdotool runs xdotool on display and returns what it printed.
func xdotool(display string, args ...string) (string, error) {
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

func readFile(path string) string {
	data, _ := os.ReadFile(path)
	return string(data)
}
