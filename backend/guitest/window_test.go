package guitest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// TestRealWindow drives the app's own window, WebKitGTK rather than the
// Chromium the other tests use, with X key presses, as a user at the
// keyboard: the objective typed into the box that has the focus, Ctrl+Enter
// starts the run, the window title names the objective while it runs, and
// the run finishes with its report. With SCOUT_SCREENSHOTS set it also
// saves the window mid-run and, after Ctrl+2, the report: the README's
// pictures (only the pictures show that Ctrl+2 opened the report).
func TestRealWindow(t *testing.T) {
	root := RepoRoot(t)
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	const answer = "The tallest mountain in Africa is Mount Kilimanjaro [1]. It rises 5,895 metres (19,341 ft) above sea level [1]."
	// Speeds rather than delays make the run last long enough to be seen
	// mid-way, and the model probe measures them as they are (a delay on
	// top of a quick server reads as "59,248 tokens/s, slower than
	// measured" in the picture).
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, ReadRate: 200, WriteRate: 20, Script: llmtest.QueueReplies(runScript(0, answer))})
	defer model.Close()
	app, x, win := startWindow(t, researchConfig(t, model.BaseURL(), web.URL, false))

	x.run("type", "--delay", "10", objective)
	x.run("key", "ctrl+Return")
	x.waitTitle(win, "Scout: "+objective, app)
	waitRun(t, app, "finding_added")
	x.capture(win, "window-research.png")

	x.waitTitle(win, "Scout", app)
	report := waitRun(t, app, "finished by the agent")
	if !strings.Contains(report, "Mount Kilimanjaro [1]") {
		t.Errorf("the report lacks the cited result:\n%s", report)
	}
	if os.Getenv(envScreenshots) != "" {
		x.run("key", "ctrl+2")
		x.capture(win, "window-report.png")
	}
}

// TestBotCheckLeftToTheUser runs research with the browser window shown
// while the search answers with DuckDuckGo's bot check: the app says it
// waits for the user (a journal row, the window title), the user answers in
// the browser window (here: reloads it, which the fixture then answers),
// and the run goes on to its end.
func TestBotCheckLeftToTheUser(t *testing.T) {
	root := RepoRoot(t)
	fixtures, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	fixtures.ChallengeNext(1)
	const answer = "The tallest mountain in Africa is Mount Kilimanjaro [1], 5,895 metres (19,341 ft) high [1]."
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(runScript(0, answer))})
	defer model.Close()
	app, x, win := startWindow(t, researchConfig(t, model.BaseURL(), web.URL, true))

	page := openPage(t, app.URL)
	fill(t, page, "#objective", objective)
	pressKey(t, page, "Control+Enter")
	expectText(t, page, "journal", "Waiting for you")
	x.waitTitle(win, "Scout (waiting for you): "+objective, app)

	// The user answers in the browser window.
	browserWin := x.find("DuckDuckGo")
	x.focus(browserWin, app)
	x.run("key", "F5")
	expectText(t, page, "run-status", "finished")
	expectText(t, page, "journal", "3 results")
	x.waitTitle(win, "Scout", app)
}

// The app says when its first screen is painted when envReportStartup is
// set (see FrontendReady in app.go).
const (
	envReportStartup = "SCOUT_REPORT_STARTUP"
	firstPaint       = "scout: first paint after"
)

// startWindow runs the dev binary with the config home on a display of the
// test's own, and returns it with its window, focused and painted (the
// objective box has the focus from then on).
func startWindow(t *testing.T, config string) (*App, xdo, string) {
	t.Helper()
	Enabled(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatal("xdotool is missing: run make test, which installs it")
	}
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	display := StartXvfb(t)
	app := StartOn(t, display, bin, root, config, envReportStartup+"=1")
	x := xdo{t: t, display: display}
	win := x.find("^Scout$") // before its title changes
	x.focus(win, app)
	Eventually(t, "the app's first paint", app, func() bool { return strings.Contains(app.Log(), firstPaint) })
	return app, x, win
}

// waitRun waits until the only run's journal or report holds want, and
// returns its report (empty while there is none).
func waitRun(t *testing.T, app *App, want string) string {
	t.Helper()
	var report string
	Eventually(t, "run writing "+want, app, func() bool {
		dirs, _ := filepath.Glob(filepath.Join(app.DataHome, "scout", "runs", "*"))
		if len(dirs) != 1 {
			return false
		}
		journal, _ := os.ReadFile(filepath.Join(dirs[0], "journal.jsonl"))
		data, _ := os.ReadFile(filepath.Join(dirs[0], "report.md"))
		report = string(data)
		return strings.Contains(string(journal), want) || strings.Contains(report, want)
	})
	return report
}

// xdo runs xdotool on the test's display.
type xdo struct {
	t       *testing.T
	display string
}

func (x xdo) run(args ...string) string {
	x.t.Helper()
	out, err := x.try(args...)
	if err != nil {
		x.t.Fatalf("xdotool %s: %v", strings.Join(args, " "), err)
	}
	return out
}

func (x xdo) try(args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), windowWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// find waits for a shown window whose name matches pattern and returns its
// id. Only windows on screen count (a window GTK has made but not shown yet
// cannot take the focus), and xdotool's own --sync gives up when a window it
// looks at goes away while GTK starts, so this asks again until one is there.
func (x xdo) find(pattern string) string {
	x.t.Helper()
	var win string
	Eventually(x.t, "window named "+pattern, nil, func() bool {
		out, err := x.try("search", "--onlyvisible", "--name", pattern)
		win, _, _ = strings.Cut(out, "\n")
		return err == nil && win != ""
	})
	return win
}

// focus gives win the keyboard focus, for the key presses that follow, and
// waits until the X server says it has it. The test's Xvfb runs no window
// manager, so the focus is X's own (a SetInputFocus request) and no window
// manager hands it on. X refuses it (BadMatch) to a window not shown yet,
// which made xdotool's one-shot windowfocus --sync exit 1; this asks again
// until the focus is there.
func (x xdo) focus(win string, app *App) {
	x.t.Helper()
	Eventually(x.t, "the keyboard focus on window "+win, app, func() bool {
		if _, err := x.try("windowfocus", win); err != nil {
			return false
		}
		got, err := x.try("getwindowfocus", "-f")
		return err == nil && got == win
	})
}

// waitTitle waits for the window's title to be want.
func (x xdo) waitTitle(win, want string, app *App) {
	x.t.Helper()
	Eventually(x.t, "window title "+want, app, func() bool {
		got, err := x.try("getwindowname", win)
		return err == nil && got == want
	})
}

// captureSettle lets the window paint what it was last sent (a journal
// batch, a screen change) before it is captured.
const captureSettle = time.Second

// capture saves the window as name in the screenshots folder, if one is set.
func (x xdo) capture(win, name string) {
	x.t.Helper()
	dir := os.Getenv(envScreenshots)
	if dir == "" {
		return
	}
	time.Sleep(captureSettle)
	cmd := exec.Command("import", "-window", win, filepath.Join(dir, name))
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	if out, err := cmd.CombinedOutput(); err != nil {
		x.t.Errorf("capturing the window with ImageMagick's import (install imagemagick for screenshots): %v %s", err, out)
	}
}
