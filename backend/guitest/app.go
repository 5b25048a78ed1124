// Package guitest runs the real Scout desktop app in tests: it builds the
// dev-tag binary, starts it under Xvfb with its own config folder, and lets
// a test drive the real frontend and Go bindings from headless Chromium
// through the dev server's port. See ../../../shared/ENVIRONMENT.md.
package guitest

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// EnvEnable turns the GUI tests on; make test sets it. Without it they skip,
// so `go test ./...` stays quick and needs no display tools.
const EnvEnable = "SCOUT_GUI_E2E"

// startTimeout covers Xvfb, GTK and WebKit start-up on a slow machine; the
// port usually answers within half a second.
const startTimeout = 30 * time.Second

// windowWait bounds each wait on a window: a run with the fake model takes
// a few seconds, start-up under load a few more.
const windowWait = 60 * time.Second

// pollEvery is how often Eventually looks again: often enough that a test
// waits little past the moment, rarely enough to leave the CPU to the app.
const pollEvery = 200 * time.Millisecond

// App is a running dev-tag Scout under Xvfb.
type App struct {
	// URL serves the real frontend with live Go bindings.
	URL string
	// ConfigHome and DataHome are the app's XDG folders.
	ConfigHome, DataHome string
	cmd                  *exec.Cmd
	log                  *os.File
}

// Enabled skips t unless EnvEnable is set.
func Enabled(t *testing.T) {
	t.Helper()
	if os.Getenv(EnvEnable) != "1" {
		t.Skipf("GUI end-to-end test: set %s=1 to run it (make test does)", EnvEnable)
	}
}

// RepoRoot returns the checkout's top folder.
func RepoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "wails.json")); err != nil {
		t.Fatalf("repository root not found from %s: %v", root, err)
	}
	return root
}

// DevBuild is the command BuildDev builds with, but for its -o. make test
// runs the same before go test, so that the first build (minutes of cgo on
// a fresh machine) is not made under go test's deadline.
var DevBuild = []string{"go", "build", "-tags", "dev,webkit2_41"}

// BuildDev builds the dev-tag binary into dir.
func BuildDev(t testing.TB, root, dir string) string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(root, "frontend", "dist", "index.html")); err != nil {
		t.Fatalf("the frontend is not built (frontend/dist/index.html missing): run make test, which builds it")
	}
	bin := filepath.Join(dir, "scout-dev")
	cmd := exec.Command(DevBuild[0], append(DevBuild[1:], "-o", bin, ".")...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the dev binary: %v\n%s", err, out)
	}
	return bin
}

// Start runs bin on a virtual display of its own (StartXvfb) with a fresh
// config home (seeded by the caller before start if wanted) and a fresh
// data home, and waits for its dev server.
func Start(t testing.TB, bin, root, configHome string, env ...string) *App {
	t.Helper()
	return StartOn(t, StartXvfb(t), bin, root, configHome, env...)
}

// StartOn is Start on an X display the caller runs (see StartXvfb), so the
// test can reach the app's own window there.
func StartOn(t testing.TB, display, bin, root, configHome string, env ...string) *App {
	t.Helper()
	addr := freeAddr(t)
	logf, err := os.Create(filepath.Join(t.TempDir(), "app.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-assetdir", filepath.Join(root, "frontend", "dist"), "-devserver", addr, "-loglevel", "Warning")
	dataHome := t.TempDir()
	// SCOUT_KEYRING=off: the app under test never reads or changes the
	// keyring of whoever runs the tests; an API key goes to its config home.
	cmd.Env = append(append(os.Environ(), "DISPLAY="+display, "XDG_CONFIG_HOME="+configHome, "XDG_DATA_HOME="+dataHome, "SCOUT_KEYRING=off"), env...)
	cmd.Stdout, cmd.Stderr = logf, logf
	// Own process group: the app and the WebKit processes it starts all go.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the app: %v", err)
	}
	app := &App{URL: "http://" + addr, ConfigHome: configHome, DataHome: dataHome, cmd: cmd, log: logf}
	t.Cleanup(app.stop)
	if err := waitPort(addr, startTimeout); err != nil {
		t.Fatalf("the app did not serve %s: %v\napp log:\n%s", addr, err, app.Log())
	}
	return app
}

// StartXvfb runs a virtual X display for the test and returns its name
// (":N", the number Xvfb chose).
func StartXvfb(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		t.Fatalf("Xvfb is missing: run make test, which installs xvfb")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x900x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w} // fd 3: Xvfb writes the display number there
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting Xvfb: %v", err)
	}
	w.Close()
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			t.Fatal("Xvfb did not say which display it runs")
		}
		return ":" + n
	case <-time.After(startTimeout):
		t.Fatal("Xvfb did not start")
	}
	return ""
}

// Log returns what the app printed so far.
func (a *App) Log() string {
	data, _ := os.ReadFile(a.log.Name())
	return string(data)
}

func (a *App) stop() {
	pgid := a.cmd.Process.Pid
	_ = syscall.Kill(-pgid, syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = a.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		<-done
	}
	a.log.Close()
}

func freeAddr(t testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func waitPort(addr string, limit time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	var d net.Dialer
	for {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			c.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("no answer within %s (last: %s)", limit, strings.TrimSpace(err.Error()))
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Eventually waits, up to a minute, for cond; what names it when it never
// holds, with app's log (app may be nil). Every wait on a window goes
// through it: polling the state wanted needs no window manager's events.
func Eventually(t testing.TB, what string, app *App, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(windowWait)
	for !cond() {
		if time.Now().After(deadline) {
			log := "(not started)"
			if app != nil {
				log = app.Log()
			}
			t.Fatalf("no %s within %s\napp log:\n%s", what, windowWait, log)
		}
		time.Sleep(pollEvery)
	}
}
