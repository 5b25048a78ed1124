package guitest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// guiKey is the key the keyed fake server below requires.
const guiKey = "sk-scout-gui-8a4c0f2b"

// The Key measure in the real window: a server that wants a key says so
// at Test connection; the key typed in Settings is used before it is
// saved, saved where the note says, and never shown again; a whole run
// goes through with it; then the app's log, its config folder (but the
// key file) and its data folder hold the key nowhere; Clear key removes
// it.
func TestAPIKeyInSettings(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, APIKey: guiKey, Script: llmtest.QueueReplies(runScript(0,
		"The tallest mountain in Africa is Mount Kilimanjaro [1]. It rises 5,895 metres (19,341 ft) above sea level [1]."))})
	defer model.Close()
	app := Start(t, bin, root, researchConfig(t, model.BaseURL(), web.URL, false))
	page := openPage(t, app.URL)

	click(t, page, "nav-settings")
	expectText(t, page, "hint-api_key", "--api-key")
	click(t, page, "test-connection")
	expectText(t, page, "connection-status", "wants an API key")
	fill(t, page, "#api_key", guiKey)
	click(t, page, "test-connection")
	expectText(t, page, "connection-status", "Connected to llama.cpp")
	expectText(t, page, "speed-when", "of model time")
	click(t, page, "save")
	expectText(t, page, "saved", "Saved")
	expectText(t, page, "hint-api_key", "stored in a file readable only by you")
	if v, _ := page.Locator("#api_key").InputValue(); v != "" {
		t.Errorf("the key field still holds %d characters after Save", len(v))
	}
	if typ, _ := page.Locator("#api_key").GetAttribute("type"); typ != "password" {
		t.Errorf("the key field is of type %q", typ)
	}
	keyFile := filepath.Join(app.ConfigHome, "scout", "api-key")
	if info, err := os.Stat(keyFile); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the key file: %v %v", info, err)
	}
	if err := page.Locator("#server_url").ScrollIntoViewIfNeeded(); err != nil {
		t.Fatal(err)
	}
	screenshot(t, page, "settings-api-key.png")

	click(t, page, "nav-home")
	fill(t, page, "#objective", objective)
	pressKey(t, page, "Control+Enter")
	expectText(t, page, "run-status", "finished")

	looked := 0
	for _, dir := range []string{app.ConfigHome, app.DataHome} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || path == keyFile {
				return err
			}
			looked++
			if b, _ := os.ReadFile(path); strings.Contains(string(b), guiKey) {
				t.Errorf("%s holds the key", path)
			}
			return nil
		})
	}
	if looked < 6 || strings.Contains(app.Log(), guiKey) {
		t.Errorf("%d files looked at; the app's log holds the key: %v", looked, strings.Contains(app.Log(), guiKey))
	}
	// The window's own state holds no key either.
	if html, _ := page.Content(); strings.Contains(html, guiKey) {
		t.Error("the page holds the key")
	}

	click(t, page, "nav-settings")
	click(t, page, "clear-key")
	expectText(t, page, "hint-api_key", "Only for a server that asks for one")
	if _, err := os.Stat(keyFile); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the key file is still there: %v", err)
	}
	if err := playwright.NewPlaywrightAssertions().Locator(page.GetByTestId("clear-key")).ToHaveCount(0, playwright.LocatorAssertionsToHaveCountOptions{Timeout: playwright.Float(float64(5 * time.Second / time.Millisecond))}); err != nil {
		t.Errorf("Clear key is still offered: %v", err)
	}
}
