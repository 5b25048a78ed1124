package guitest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// TestInterfaceLanguage starts the app with the interface language set to
// German in its settings (the browser's own locale is English: the setting
// wins) and finds German words on the research and settings screens; then
// chooses Chinese in Settings and finds the window speaking it at once,
// the choice saved. Every language fits the smallest window. With
// SCOUT_SCREENSHOTS set it saves research.de.png, settings.de.png,
// research.zh.png and settings.zh.png.
func TestInterfaceLanguage(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	_, web := fakeweb.Start(t, filepath.Join(root, "testdata", "web"))
	answer := "The tallest mountain in Africa is Mount Kilimanjaro [1]. It rises 5,895 metres (19,341 ft) above sea level [1]."
	replies := runScript(4*time.Second, answer)
	second := runScript(4*time.Second, answer)
	for k := range replies {
		replies[k] = append(replies[k], second[k]...)
	}
	model := llmtest.New(llmtest.Options{Script: llmtest.QueueReplies(replies)})
	defer model.Close()
	config := researchConfig(t, model.BaseURL(), web.URL, false)
	settingsFile := filepath.Join(config, "scout", "settings.json")
	setInterfaceLanguage(t, settingsFile, "de")

	app := Start(t, bin, root, config)
	page := openPage(t, app.URL)

	expectIn(t, page, "h1", "Was soll Scout herausfinden?")
	expectText(t, page, "nav-home", "Recherche")
	expectText(t, page, "nav-settings", "Einstellungen")
	expectText(t, page, "start-hint", "Strg+Eingabe startet.")
	screenshot(t, page, "start.de.png")
	if lang, _ := page.Locator("html").GetAttribute("lang"); lang != "de" {
		t.Errorf("the page's language is %q, want de", lang)
	}
	runInView(t, page, "Runde 4 von 100")
	// The model call's progress in Go's words speaks German (the last
	// turn's reply is held back four seconds).
	expectText(t, page, "call-progress", "Runde 4")
	expectText(t, page, "call-progress-text", "neue Tokens")
	expectIn(t, page, "section.checklist h3", "Checkliste")
	expectIn(t, page, "section.findings h3", "Funde (1)")
	// The journal's rows in Go's words speak German too; the page's and
	// the agent's own words (SEARCH, the query) stay as they are.
	expectIn(t, page, "[data-testid=journal-row]:first-child .title", "Recherche gestartet")
	expectIn(t, page, "[data-testid=journal]", "Lese Teil 1 von")
	expectIn(t, page, "[data-testid=journal]", "Fund [1]")
	expectIn(t, page, "[data-testid=journal]", "SEARCH")
	// The run's notes too: the speed measured (its time taken as German
	// writes it), the results read ahead (the pages' titles as written);
	// and the model's time.
	expectIn(t, page, "[data-testid=journal]", "Sek. gemessen: Es liest")
	expectText(t, page, "model-time", "Sek.")
	expectIn(t, page, "[data-testid=journal]", "der ersten 3 Ergebnisse vorab gelesen: Mount Kilimanjaro - Worldpedia: Enthält Punkt")
	screenshot(t, page, "research.de.png")
	expectText(t, page, "open-report", "Bericht lesen")
	assertFits(t, page, "research.de-900x600.png")

	click(t, page, "nav-settings")
	expectIn(t, page, "h1", "Einstellungen")
	expectIn(t, page, "label[for=interface_language]", "Sprache der Oberfläche")
	expectIn(t, page, "label[for=search_language]", "Suchsprache")
	expectText(t, page, "save", "Speichern")
	screenshot(t, page, "settings.de.png")
	languageFields(t, page, "de")
	assertFits(t, page, "settings.de-900x600.png")

	// Chinese, chosen and saved: the window speaks it without a restart.
	if _, err := page.Locator("#interface_language").SelectOption(playwright.SelectOptionValues{Values: &[]string{"zh"}}); err != nil {
		t.Fatal(err)
	}
	click(t, page, "save")
	expectText(t, page, "saved", "已保存")
	expectText(t, page, "nav-settings", "设置")
	expectIn(t, page, "label[for=interface_language]", "界面语言")
	if got := readInterfaceLanguage(t, settingsFile); got != "zh" {
		t.Errorf("settings.json holds interface_language %q, want zh", got)
	}
	screenshot(t, page, "settings.zh.png")
	languageFields(t, page, "zh")
	assertFits(t, page, "settings.zh-900x600.png")

	click(t, page, "nav-home")
	click(t, page, "new-research")
	expectIn(t, page, "h1", "要让 Scout 查找什么？")
	runInView(t, page, "第 4 轮，共 100 轮")
	expectText(t, page, "call-progress", "第 4 轮")
	expectText(t, page, "call-progress-text", "个新词元")
	expectIn(t, page, "section.checklist h3", "检查清单")
	expectIn(t, page, "[data-testid=journal]", "研究开始")
	expectIn(t, page, "[data-testid=journal]", "发现 [1]")
	// The speed measured for the first run, on a day written the Chinese
	// way.
	y, m, d := time.Now().Date()
	expectIn(t, page, "[data-testid=journal]", fmt.Sprintf("测于 %d年%d月%d日", y, m, d))
	expectText(t, page, "model-time", "秒")
	screenshot(t, page, "research.zh.png")
	expectText(t, page, "open-report", "阅读报告")
	assertFits(t, page, "research.zh-900x600.png")

	// Every language fits: Settings, the finished run, its report and
	// the history.
	for lang, save := range map[string]string{"de": "Speichern", "zh": "保存", "fr": "Enregistrer", "es": "Guardar", "ja": "保存", "en": "Save"} {
		click(t, page, "nav-settings")
		if _, err := page.Locator("#interface_language").SelectOption(playwright.SelectOptionValues{Values: &[]string{lang}}); err != nil {
			t.Fatal(err)
		}
		click(t, page, "save")
		expectText(t, page, "save", save)
		screenshot(t, page, "settings."+lang+".png")
		assertFits(t, page, "settings."+lang+"-900x600.png")
		for _, screen := range []string{"home", "report", "history"} {
			click(t, page, "nav-"+screen)
			screenshot(t, page, screen+"."+lang+".png")
			assertFits(t, page, screen+"."+lang+"-900x600.png")
		}
	}
}

// languageFields scrolls Settings to the search language, then to the
// interface language at the end, below the first screen, for screenshots
// named settings-search.<lang>.png and settings-interface.<lang>.png.
func languageFields(t *testing.T, page playwright.Page, lang string) {
	t.Helper()
	if err := page.Locator("#search_language").ScrollIntoViewIfNeeded(); err != nil {
		t.Fatal(err)
	}
	screenshot(t, page, "settings-search."+lang+".png")
	scrollMain(t, page, "m.scrollHeight")
	screenshot(t, page, "settings-interface."+lang+".png")
	scrollMain(t, page, "0")
}

// scrollMain scrolls the screen to the height the JavaScript expression
// to gives (m is the screen's element).
func scrollMain(t *testing.T, page playwright.Page, to string) {
	t.Helper()
	if _, err := page.Evaluate(`() => { const m = document.querySelector('main'); m.scrollTo(0, ` + to + `); }`); err != nil {
		t.Fatal(err)
	}
}

// runInView starts the mountain run and waits for its last turn, whose
// figures read turn.
func runInView(t *testing.T, page playwright.Page, turn string) {
	t.Helper()
	fill(t, page, "#objective", objective)
	click(t, page, "start")
	expectText(t, page, "finding-card", "5,895 metres (19,341 ft)")
	expectText(t, page, "figures", turn)
}

// expectIn waits until the first element matching selector contains want.
func expectIn(t testing.TB, page playwright.Page, selector, want string) {
	t.Helper()
	loc := page.Locator(selector).First()
	if err := playwright.NewPlaywrightAssertions().Locator(loc).ToContainText(want, playwright.LocatorAssertionsToContainTextOptions{Timeout: playwright.Float(expectTimeoutMS)}); err != nil {
		got, _ := loc.InnerText()
		t.Fatalf("%s should contain %q; it shows %q", selector, want, got)
	}
}

// setInterfaceLanguage sets interface_language in the settings file at path.
func setInterfaceLanguage(t *testing.T, path, lang string) {
	t.Helper()
	s := map[string]any{}
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, &s)
	}
	if err != nil {
		t.Fatal(err)
	}
	s["interface_language"] = lang
	data, _ = json.Marshal(s)
	mustWrite(t, path, string(data))
}

// readInterfaceLanguage is the interface language the settings file at path holds.
func readInterfaceLanguage(t *testing.T, path string) string {
	t.Helper()
	var s struct {
		InterfaceLanguage string `json:"interface_language"`
	}
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, &s)
	}
	if err != nil {
		t.Fatal(err)
	}
	return s.InterfaceLanguage
}

// TestAFailedConnectionSpeaksTheWindowsLanguage: a connection test that
// fails says what happened and what to do in the window's language (Go's
// error reaches it as the window's message), the address as written; in
// German, then in Chinese chosen in Settings. With SCOUT_SCREENSHOTS set
// it saves connection-failed.de.png and connection-failed.zh.png.
func TestAFailedConnectionSpeaksTheWindowsLanguage(t *testing.T) {
	Enabled(t)
	root := RepoRoot(t)
	bin := BuildDev(t, root, t.TempDir())
	config := researchConfig(t, "http://127.0.0.1:9/v1", "http://127.0.0.1:9", false)
	setInterfaceLanguage(t, filepath.Join(config, "scout", "settings.json"), "de")
	app := Start(t, bin, root, config)
	page := openPage(t, app.URL)

	click(t, page, "nav-settings")
	click(t, page, "test-connection")
	expectText(t, page, "connection-status", "Unter http://127.0.0.1:9 lauscht nichts. Starten Sie den Server in LM Studio")
	screenshot(t, page, "connection-failed.de.png")

	if _, err := page.Locator("#interface_language").SelectOption(playwright.SelectOptionValues{Values: &[]string{"zh"}}); err != nil {
		t.Fatal(err)
	}
	click(t, page, "save")
	expectText(t, page, "saved", "已保存")
	// The failure already shown, and the save's word on it, speak the
	// language chosen since.
	expectText(t, page, "connection-status", "http://127.0.0.1:9 上没有任何服务在监听。")
	expectText(t, page, "save-warning", "http://127.0.0.1:9 上没有任何服务在监听。")
	click(t, page, "test-connection")
	expectText(t, page, "connection-status", "http://127.0.0.1:9 上没有任何服务在监听。")
	screenshot(t, page, "connection-failed.zh.png")
}
