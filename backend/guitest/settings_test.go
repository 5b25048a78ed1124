package guitest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// envScreenshots names a folder to save screenshots of the screens in, for
// the README and for looking at the app.
const envScreenshots = "SCOUT_SCREENSHOTS"

func TestSettingsScreen(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())

	// A damaged settings file: the app must start on defaults and say so.
	configHome := t.TempDir()
	settingsFile := filepath.Join(configHome, "scout", "settings.json")
	mustWrite(t, settingsFile, "{this is not json")

	// As fast as a fast CPU: the model probe takes a few seconds.
	server := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192, ReadRate: 400, WriteRate: 25})
	defer server.Close()

	app := Start(t, bin, root, configHome)
	page := openPage(t, app.URL)

	click(t, page, "nav-settings")
	expectText(t, page, "settings-warning", "settings.json.bad")
	if _, err := os.Stat(settingsFile + ".bad"); err != nil {
		t.Fatalf("damaged file not kept aside: %v", err)
	}

	// A server that is not running gives the fix, not a stack trace.
	fill(t, page, "#server_url", "http://127.0.0.1:9/v1")
	click(t, page, "test-connection")
	expectText(t, page, "connection-status", "Nothing is listening at http://127.0.0.1:9. Start the server in LM Studio")

	// The fake LM Studio: models listed, context detected, the model
	// measured.
	fill(t, page, "#server_url", server.BaseURL())
	click(t, page, "test-connection")
	expectText(t, page, "connection-status", "Connected to LM Studio: 2 models, context 8192 tokens.")
	expectText(t, page, "hint-context_length", "detected: 8192 tokens")
	expectText(t, page, "model-speed", "Measuring how fast the model reads and writes")
	expectText(t, page, "speed-when", "of model time")
	expectSpeed(t, page, "qwen2.5-7b-instruct")
	// Another model has not been measured; Measure does it.
	if _, err := page.Locator("#model").SelectOption(playwright.SelectOptionValues{Values: &[]string{"llama-3.1-8b-instruct"}}); err != nil {
		t.Fatalf("choosing a model: %v", err)
	}
	expectText(t, page, "model-speed", "Not measured yet")
	click(t, page, "measure")
	expectText(t, page, "speed-when", "of model time")
	expectSpeed(t, page, "llama-3.1-8b-instruct")
	fill(t, page, "#max_turns", "60")
	screenshot(t, page, "settings-edited.png")
	click(t, page, "save")
	expectText(t, page, "saved", "Saved")
	if n, _ := page.GetByTestId("settings-warning").Count(); n != 0 {
		t.Errorf("the damaged-file warning is still shown after saving")
	}

	saved := readSettings(t, settingsFile)
	if saved.ServerURL != server.BaseURL() || saved.Model != "llama-3.1-8b-instruct" || saved.MaxTurns != 60 {
		t.Fatalf("settings on disk %+v", saved)
	}

	// An invalid URL is refused inline and the file keeps the good values.
	fill(t, page, "#server_url", "localhost:1234")
	click(t, page, "save")
	expectText(t, page, "error-server_url", "is not a web address")
	if again := readSettings(t, settingsFile); again != saved {
		t.Fatalf("an invalid save changed the file: %+v", again)
	}
	screenshot(t, page, "settings-error.png")
}

// expectSpeed waits for the measurement of model on the settings screen
// and checks it: the fake's speeds within a sane factor, its prefix reuse
// and schema following, and no warning.
func expectSpeed(t *testing.T, page playwright.Page, model string) {
	t.Helper()
	expectText(t, page, "model-speed", model)
	for id, want := range map[string]string{"speed-reuse": "yes", "speed-schema": "yes"} {
		expectText(t, page, id, want)
	}
	for id, want := range map[string]float64{"speed-read": 400, "speed-write": 25} {
		got, _ := page.GetByTestId(id).InnerText()
		var rate float64
		if _, err := fmt.Sscanf(got, "%f tokens/s", &rate); err != nil || rate < want/2 || rate > want*2 {
			t.Errorf("%s shows %q; the fake runs at %v tokens/s", id, got, want)
		}
	}
	if n, _ := page.GetByTestId("speed-warning").Count(); n != 0 {
		t.Errorf("%d warnings for a good server", n)
	}
}

// Test connection measures the model: a good server's figures (the
// screen the README shows), then a server that reads every prompt anew
// and one that ignores the JSON schema, each with its warning and what to
// do.
func TestSettingsMeasureTheModel(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	good := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ReadRate: 400, WriteRate: 25})
	defer good.Close()
	noCache := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, ReadRate: 400, WriteRate: 25, NoPrefixCache: true})
	defer noCache.Close()
	noSchema := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, IgnoreSchema: true})
	defer noSchema.Close()
	app := Start(t, bin, root, t.TempDir())
	page := openPage(t, app.URL)
	click(t, page, "nav-settings")

	fill(t, page, "#server_url", good.BaseURL())
	click(t, page, "test-connection")
	// The probe's calls show as they go, so a minute on a CPU is not a
	// still screen.
	expectText(t, page, "probe-progress", " of 3, ")
	screenshot(t, page, "settings-measuring.png")
	expectText(t, page, "speed-when", "of model time")
	expectSpeed(t, page, "qwen2.5-7b-instruct")
	screenshot(t, page, "settings.png")

	// Measuring again can be stopped; what was measured before stays.
	click(t, page, "measure")
	expectText(t, page, "probe-progress", " of 3, ")
	click(t, page, "cancel-measure")
	expectText(t, page, "speed-when", "of model time")
	if n, _ := page.GetByTestId("probe-progress").Count(); n != 0 {
		t.Error("the probe's progress stayed after it was stopped")
	}

	fill(t, page, "#server_url", noCache.BaseURL())
	click(t, page, "test-connection")
	expectText(t, page, "speed-reuse", "no")
	expectText(t, page, "speed-warning", "Scout is several times slower with this server")
	screenshot(t, page, "settings-slow-server.png")

	fill(t, page, "#server_url", noSchema.BaseURL())
	click(t, page, "test-connection")
	expectText(t, page, "speed-schema", "no")
	expectText(t, page, "speed-warning", "did not hold the model to the JSON schema")
}

type savedSettings struct {
	ServerURL string `json:"server_url"`
	Model     string `json:"model"`
	MaxTurns  int    `json:"max_turns"`
}

func readSettings(t *testing.T, path string) savedSettings {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading the saved settings: %v", err)
	}
	var s savedSettings
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("saved settings are not JSON: %v\n%s", err, data)
	}
	return s
}

// openPage starts headless Chromium through Playwright and opens url.
func openPage(t testing.TB, url string) playwright.Page {
	t.Helper()
	pw, err := browser.StartDriver()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pw.Stop() })
	exe, err := browser.Find("")
	if err != nil {
		t.Fatal(err)
	}
	b, err := pw.Chromium.Launch(playwright.BrowserTypeLaunchOptions{
		ExecutablePath: playwright.String(exe),
		Headless:       playwright.Bool(true),
		Args:           []string{"--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"},
	})
	if err != nil {
		t.Fatalf("launching %s: %v", exe, err)
	}
	t.Cleanup(func() { _ = b.Close() })
	// An English locale, whoever runs the tests: the window follows it
	// unless Settings choose a language (TestInterfaceLanguage).
	page, err := b.NewPage(playwright.BrowserNewPageOptions{Viewport: &playwright.Size{Width: 1180, Height: 900}, Locale: playwright.String("en-US")})
	if err != nil {
		t.Fatal(err)
	}
	page.SetDefaultTimeout(15000)
	if _, err := page.Goto(url); err != nil {
		t.Fatalf("opening the app at %s: %v", url, err)
	}
	return page
}

func click(t testing.TB, page playwright.Page, testID string) {
	t.Helper()
	if err := page.GetByTestId(testID).Click(); err != nil {
		t.Fatalf("clicking %s: %v", testID, err)
	}
}

func fill(t testing.TB, page playwright.Page, selector, value string) {
	t.Helper()
	if err := page.Locator(selector).Fill(value); err != nil {
		t.Fatalf("filling %s: %v", selector, err)
	}
}

// expectTimeoutMS bounds how long an expectation waits for the window.
const expectTimeoutMS = 30000

// expectText waits until the element with testID contains want.
func expectText(t testing.TB, page playwright.Page, testID, want string) {
	t.Helper()
	loc := page.GetByTestId(testID)
	// Assertions wait 5 s unless told; a model's slow turn takes longer.
	if err := playwright.NewPlaywrightAssertions().Locator(loc).ToContainText(want, playwright.LocatorAssertionsToContainTextOptions{Timeout: playwright.Float(expectTimeoutMS)}); err != nil {
		got, _ := loc.AllInnerTexts()
		t.Fatalf("%s should contain %q; it shows %q", testID, want, strings.Join(got, " | "))
	}
}

func screenshot(t testing.TB, page playwright.Page, name string) {
	t.Helper()
	dir := os.Getenv(envScreenshots)
	if dir == "" {
		return
	}
	if _, err := page.Screenshot(playwright.PageScreenshotOptions{Path: playwright.String(filepath.Join(dir, name)), FullPage: playwright.Bool(true)}); err != nil {
		t.Errorf("screenshot %s: %v", name, err)
	}
}

func mustWrite(t testing.TB, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}
