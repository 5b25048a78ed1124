package guitest

import (
	"testing"

	"github.com/scout-research/scout/backend/llm/llmtest"
)

// TestSettingsAcrossARestart: the model measured and the settings saved,
// a restarted app's Settings shows the measurement before any test; an
// edit is marked unsaved; a URL that just failed its test is saved with a
// word, not silently.
func TestSettingsAcrossARestart(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	server := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ReadRate: 4000, WriteRate: 200})
	defer server.Close()
	config := t.TempDir()
	first := Start(t, bin, root, config)
	page := openPage(t, first.URL)
	click(t, page, "nav-settings")
	fill(t, page, "#server_url", server.BaseURL())
	expectText(t, page, "unsaved", "Unsaved changes")
	click(t, page, "test-connection")
	expectText(t, page, "speed-when", "of model time")
	click(t, page, "save")
	expectText(t, page, "saved", "Saved")

	again := Start(t, bin, root, config, "XDG_DATA_HOME="+first.DataHome)
	page = openPage(t, again.URL)
	click(t, page, "nav-settings")
	expectText(t, page, "model-speed", "qwen2.5-7b-instruct")
	expectText(t, page, "speed-when", "of model time")
	screenshot(t, page, "settings-restarted.png")

	fill(t, page, "#server_url", "http://127.0.0.1:9/v1")
	click(t, page, "test-connection")
	expectText(t, page, "connection-status", "Nothing is listening at http://127.0.0.1:9")
	click(t, page, "save")
	expectText(t, page, "save-warning", "Saved, but this server URL failed its test just now: Nothing is listening")
	screenshot(t, page, "settings-saved-failing.png")
}
