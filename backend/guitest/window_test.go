package guitest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/fixtureweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// windowWait bounds each wait on the window: a run with the fake model
// takes a few seconds, start-up under load a few more.
const windowWait = 60 * time.Second

// TestRealWindow drives the app's own window, WebKitGTK rather than the
// Chromium the other tests use, with X key presses, as a user at the
// keyboard: the objective typed into the box that has the focus, Ctrl+Enter
// starts the run, the window title names the objective while it runs, and
// the run finishes with its report. With SCOUT_SCREENSHOTS set it saves the
// window mid-run and, after Ctrl+2, the report: the README's pictures.
func TestRealWindow(t *testing.T) {
	Enabled(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatal("xdotool is missing: run make test, which installs it")
	}
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fixtureweb.Start(t, filepath.Join(root, "testdata", "web"))
	const answer = "The tallest mountain in Africa is Mount Kilimanjaro [1]. It rises 5,895 metres (19,341 ft) above sea level [1]."
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, Script: llmtest.QueueReplies(runScript(4*time.Second, answer))})
	defer model.Close()

	display := StartXvfb(t)
	app := StartOn(t, display, bin, root, researchConfig(t, model.BaseURL(), web.URL), envReportStartup+"=1")
	x := xdo{t: t, display: display}
	win := x.find("^Scout$")
	x.run("windowfocus", "--sync", win)
	waitLog(t, app, firstPaint) // the box has the focus from then on

	x.run("type", "--delay", "10", objective)
	x.run("key", "ctrl+Return")
	x.waitTitle(win, "Scout: "+objective, app)
	waitFile(t, app, "finding_added")
	time.Sleep(time.Second) // the journal's batch reaches the window
	x.capture(win, "window-research.png")

	x.waitTitle(win, "Scout", app)
	report := waitFile(t, app, "finished by the agent")
	if !strings.Contains(report, "Mount Kilimanjaro [1]") {
		t.Errorf("the report lacks the cited result:\n%s", report)
	}
	if os.Getenv(envScreenshots) != "" {
		x.run("key", "ctrl+2")
		time.Sleep(time.Second) // the report screen paints
		x.capture(win, "window-report.png")
	}
}

// The app says when its first screen is painted when envReportStartup is
// set (see FrontendReady in app.go).
const (
	envReportStartup = "SCOUT_REPORT_STARTUP"
	firstPaint       = "scout: first paint after"
)

func waitLog(t *testing.T, app *App, want string) {
	t.Helper()
	deadline := time.Now().Add(windowWait)
	for !strings.Contains(app.Log(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("the app never printed %q\napp log:\n%s", want, app.Log())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestBotCheckLeftToTheUser runs research with the browser window shown
// while the search answers with DuckDuckGo's bot check: the app says it
// waits for the user (a journal row, the window title), the user answers in
// the browser window (here: reloads it, which the fixture then answers),
// and the run goes on to its end.
func TestBotCheckLeftToTheUser(t *testing.T) {
	Enabled(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatal("xdotool is missing: run make test, which installs it")
	}
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	fixtures, web := fixtureweb.Start(t, filepath.Join(root, "testdata", "web"))
	fixtures.ChallengeNext(1)
	const answer = "The tallest mountain in Africa is Mount Kilimanjaro [1], 5,895 metres (19,341 ft) high [1]."
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(runScript(0, answer))})
	defer model.Close()
	config := t.TempDir()
	mustWrite(t, filepath.Join(config, "scout", "settings.json"), fmt.Sprintf(
		`{"server_url":%q,"show_browser":true,"search":{"provider":"duckduckgo","duckduckgo_url":%q}}`,
		model.BaseURL(), web.URL+"/search/html/"))

	display := StartXvfb(t)
	app := StartOn(t, display, bin, root, config)
	x := xdo{t: t, display: display}
	win := x.find("^Scout$") // the app's window, before its title changes
	page := openPage(t, app.URL)
	fill(t, page, "#objective", objective)
	pressKey(t, page, "Control+Enter")
	expectText(t, page, "journal", "Waiting for you")
	x.waitTitle(win, "Scout (waiting for you): "+objective, app)

	// The user answers in the browser window.
	browserWin := x.find("DuckDuckGo")
	x.run("windowfocus", "--sync", browserWin)
	x.run("key", "F5")
	expectText(t, page, "run-status", "finished")
	expectText(t, page, "journal", "3 results")
	x.waitTitle(win, "Scout", app)
}

// xdo runs xdotool on the test's display.
type xdo struct {
	t       *testing.T
	display string
}

func (x xdo) run(args ...string) string {
	x.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), windowWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	out, err := cmd.Output()
	if err != nil {
		x.t.Fatalf("xdotool %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out))
}

// find waits for a window whose name matches pattern and returns its id.
// xdotool's own --sync gives up when a window it looks at goes away while
// GTK starts, so this asks again until the window is there.
func (x xdo) find(pattern string) string {
	x.t.Helper()
	deadline := time.Now().Add(windowWait)
	for time.Now().Before(deadline) {
		cmd := exec.Command("xdotool", "search", "--name", pattern)
		cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
		if out, err := cmd.Output(); err == nil {
			if first, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n"); first != "" {
				return first
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	x.t.Fatalf("no window named %q within %s", pattern, windowWait)
	return ""
}

// waitTitle waits for the window's title to be want.
func (x xdo) waitTitle(win, want string, app *App) {
	x.t.Helper()
	deadline := time.Now().Add(windowWait)
	got := ""
	for time.Now().Before(deadline) {
		if got = x.run("getwindowname", win); got == want {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	x.t.Fatalf("the window title is %q, want %q\napp log:\n%s", got, want, app.Log())
}

// capture saves the window as name in the screenshots folder, if one is set.
func (x xdo) capture(win, name string) {
	x.t.Helper()
	dir := os.Getenv(envScreenshots)
	if dir == "" {
		return
	}
	cmd := exec.Command("import", "-window", win, filepath.Join(dir, name))
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	if out, err := cmd.CombinedOutput(); err != nil {
		x.t.Errorf("capturing the window with ImageMagick's import (install imagemagick for screenshots): %v %s", err, out)
	}
}

// waitFile waits until the only run's journal or report holds want, and
// returns its report (empty while there is none).
func waitFile(t *testing.T, app *App, want string) string {
	t.Helper()
	deadline := time.Now().Add(windowWait)
	for time.Now().Before(deadline) {
		dirs, _ := filepath.Glob(filepath.Join(app.DataHome, "scout", "runs", "*"))
		if len(dirs) == 1 {
			journal, _ := os.ReadFile(filepath.Join(dirs[0], "journal.jsonl"))
			report, _ := os.ReadFile(filepath.Join(dirs[0], "report.md"))
			if strings.Contains(string(journal), want) || strings.Contains(string(report), want) {
				return string(report)
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("no run wrote %q within %s\napp log:\n%s", want, windowWait, app.Log())
	return ""
}
