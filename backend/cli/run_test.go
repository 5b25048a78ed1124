package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/internal/testenv"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/speed"
)

const objective = "What is the tallest mountain in Africa, and how tall is it in meters and in feet?"

func action(act, param, thought string) string {
	return fmt.Sprintf(`{"thought_process":%q,"action":%q,"parameter":%q}`, thought, act, param)
}

// factualScript is what a well-behaved model answers for the mountain
// objective on the fixture web.
func factualScript() map[string][]string {
	return map[string][]string{
		"checklist": {`{"items":["the tallest mountain in Africa","its height in meters","its height in feet"]}`},
		"action": {
			action("SEARCH", "tallest mountain in Africa", "I will search first."),
			action("NAVIGATE", "R1", "The encyclopedia article should have the height."),
			action("DISCOVER", "[1,2,3] Mount Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level at Uhuru Peak.", "Part 1 answers every item."),
			action("FINISH", "Mount Kilimanjaro, 5,895 m (19,341 ft).", "Item 1 covered by [1], item 2 by [1], item 3 by [1]."),
		},
		"coverage": {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":""},{"item":2,"findings":[1],"covered":true,"missing":""},{"item":3,"findings":[1],"covered":true,"missing":""}]}`},
		"writer":   {`{"result":"The tallest mountain in Africa is Mount Kilimanjaro [1]. It rises 5,895 metres (19,341 ft) above sea level [1]."}`},
	}
}

func requireBrowser(t *testing.T) { testenv.RequireBrowser(t) }

func isolateData(t *testing.T) { testenv.IsolateData(t) }

// TestRunEndToEnd runs `scout run` against the fake model server and the
// fixture web with real headless Chromium, and checks the run folder.
func TestRunEndToEnd(t *testing.T) {
	requireBrowser(t)
	isolate(t)
	isolateData(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192, Script: llmtest.Queue(factualScript())})
	defer model.Close()
	out := filepath.Join(t.TempDir(), "run")

	code, stdout, stderr := invoke("run", "--llm-url", model.BaseURL(), "--search-url", web.URL+"/search/html/", "--allow-local",
		"--headless", "--out", out, objective)
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, filepath.Join(out, "report.md")) {
		t.Errorf("stdout does not name the report: %q", stdout)
	}

	report := read(t, out, "report.md")
	for _, want := range []string{"# " + objective, "finished by the agent on turn 4", "Mount Kilimanjaro [1]", "5,895 metres (19,341 ft)",
		"1. Turn 3, from <" + web.URL + "/wiki/Mount_Kilimanjaro>:", "## Findings (1)"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}

	events := readJournal(t, out)
	for i, ev := range events {
		if ev["seq"] != float64(i+1) {
			t.Fatalf("event %d has seq %v", i+1, ev["seq"])
		}
	}
	if last := events[len(events)-1]; last["type"] != "report_written" {
		t.Errorf("last event %v", last)
	}
	if n := strings.Count(read(t, out, "journal.txt"), "\n"); n != len(events) {
		t.Errorf("journal.txt has %d lines for %d events", n, len(events))
	}
	// The model was measured first, once, and each call's start is one
	// line in the terminal, with what it reads and how long it should take.
	calls := 0
	for _, ev := range events {
		if ev["type"] == "model_call" {
			calls++
		}
	}
	if strings.Count(stderr, "Measuring how fast qwen2.5-7b-instruct reads and writes") != 1 || !strings.Contains(stderr, "note: Measured the model in ") ||
		strings.Count(stderr, "\n  call ") != 3 || !strings.Contains(stderr, "  call 3 of 3: whether the server reuses the prompt it has just read\n") ||
		strings.Count(stderr, " call: reading ") != calls || !strings.Contains(stderr, "model checklist call: reading ") {
		t.Errorf("%d model calls; the terminal showed:\n%s", calls, stderr)
	}

	var summary struct {
		Status             string `json:"status"`
		Turns, Findings    int
		PromptTokens       int `json:"prompt_tokens"`
		CachedPromptTokens int `json:"cached_prompt_tokens"`
	}
	if err := json.Unmarshal([]byte(read(t, out, "run.json")), &summary); err != nil {
		t.Fatal(err)
	}
	if summary.Status != "finished" || summary.Turns != 4 || summary.Findings != 1 || summary.CachedPromptTokens == 0 {
		t.Errorf("run.json %+v", summary)
	}

	// Citation validity: the finding's quote is in the page text saved.
	page := read(t, out, filepath.Join("pages", "001-part-1.md"))
	var quote string
	for _, ev := range events {
		if f, ok := ev["finding"].(map[string]any); ok {
			quote, _ = f["quote"].(string)
		}
	}
	if quote == "" || !strings.Contains(page, quote) {
		t.Errorf("quote %q not in the saved page text", quote)
	}
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func readJournal(t *testing.T, dir string) []map[string]any {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var ev map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("journal line %d is not JSON: %v", len(out)+1, err)
		}
		out = append(out, ev)
	}
	return out
}

// TestBackToBackRunsReuseTheSystemPrompt: each run's last prompt (the
// writer's) and the next run's first (the checklist) open with the same
// system prompt, so a server that keeps its prompt cache between requests
// skips it when research follows research.
func TestBackToBackRunsReuseTheSystemPrompt(t *testing.T) {
	requireBrowser(t)
	isolate(t)
	isolateData(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	script := factualScript()
	for kind, replies := range factualScript() {
		script[kind] = append(script[kind], replies...)
	}
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192, Script: llmtest.Queue(script)})
	defer model.Close()
	for run := 0; run < 2; run++ {
		code, _, stderr := invoke("run", "--llm-url", model.BaseURL(), "--search-url", web.URL+"/search/html/", "--allow-local",
			"--headless", "--out", filepath.Join(t.TempDir(), "run"), objective)
		if code != 0 {
			t.Fatalf("run %d: exit %d: %s", run+1, code, stderr)
		}
	}
	var checklists []llmtest.ChatCall
	for _, c := range model.Calls() {
		if c.Kind == "checklist" {
			checklists = append(checklists, c)
		}
	}
	if len(checklists) != 2 {
		t.Fatalf("%d checklist calls for two runs", len(checklists))
	}
	system := len(checklists[0].Messages[0].Content) / 4 // the fake counts 4 characters a token
	// The first run's checklist follows the model probe, which shares
	// only the chat template's opening with it.
	if checklists[0].CachedTokens > 8 || checklists[1].CachedTokens < system {
		t.Fatalf("checklist calls reused %d and %d tokens; the system prompt is about %d", checklists[0].CachedTokens, checklists[1].CachedTokens, system)
	}
}

// --out names a folder for a new run: one that holds other files (whose
// report.md and run.json the run would overwrite) or a run (resumed with
// scout resume instead) is a usage error that says what to do, before
// anything is written, and a link named journal.jsonl is never followed.
func TestOutMustBeANewOrEmptyFolder(t *testing.T) {
	isolate(t)
	isolateData(t)
	outside := filepath.Join(t.TempDir(), "elsewhere")
	tests := []struct {
		name, says string
		prepare    func(dir string)
	}{
		{"other files", "Choose a new or empty folder for --out", func(dir string) {
			os.WriteFile(filepath.Join(dir, "report.md"), []byte("my notes"), 0o644)
			os.WriteFile(filepath.Join(dir, "run.json"), []byte("{}"), 0o644)
		}},
		{"a run", "scout resume", func(dir string) {
			os.WriteFile(filepath.Join(dir, "journal.jsonl"), []byte(`{"seq":1,"type":"run_started"}`+"\n"), 0o644)
		}},
		{"dangling journal link", "scout resume", func(dir string) {
			os.Symlink(outside, filepath.Join(dir, "journal.jsonl"))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.prepare(dir)
			code, _, stderr := invoke("run", "--llm-url", "http://127.0.0.1:9/v1", "--headless", "--out", dir, objective)
			if code != 2 || !strings.Contains(stderr, tc.says) {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if data, err := os.ReadFile(filepath.Join(dir, "report.md")); err == nil && string(data) != "my notes" {
				t.Errorf("report.md overwritten: %q", data)
			}
			if _, err := os.Lstat(outside); err == nil {
				t.Error("a file was created through the journal link")
			}
		})
	}
}

// Credentials in --llm-url never reach the run folder, which only the user
// can read.
func TestRunFolderHoldsNoCredentials(t *testing.T) {
	requireBrowser(t)
	isolate(t)
	isolateData(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192, Script: llmtest.Queue(factualScript())})
	defer model.Close()
	withKey := strings.Replace(model.BaseURL(), "http://", "http://scout:sk-LiveKey42@", 1)
	out := filepath.Join(t.TempDir(), "run")
	code, _, stderr := invoke("run", "--llm-url", withKey, "--search-url", web.URL+"/search/html/?api_key=sk-OtherKey7", "--allow-local", "--headless", "--out", out, objective)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		info, _ := os.Lstat(path)
		if want := fs.FileMode(0o600); d.IsDir() && info.Mode().Perm() != 0o700 || !d.IsDir() && info.Mode().Perm() != want {
			t.Errorf("%s: mode %v", path, info.Mode())
		}
		if !d.IsDir() {
			data, _ := os.ReadFile(path)
			for _, secret := range []string{"sk-LiveKey42", "sk-OtherKey7"} {
				if strings.Contains(string(data), secret) {
					t.Errorf("%s holds the credential %s", path, secret)
				}
			}
		}
		return nil
	})
	if summary := read(t, out, "run.json"); !strings.Contains(summary, `"server_url": "`+model.BaseURL()+`"`) || !strings.Contains(summary, "/search/html/?api_key=REDACTED") {
		t.Errorf("run.json's server_url:\n%s", summary)
	}
}

// A run takes the read speed the speed book holds for the model: on a
// slow reader (7 tokens/s) page parts are what it reads in two minutes,
// about 840 tokens, not the 8k context's share; the fresh measurement
// spares the run a probe.
func TestMeasuredSpeedSizesPageParts(t *testing.T) {
	requireBrowser(t)
	isolate(t)
	isolateData(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	model := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192, Script: llmtest.Queue(factualScript())})
	defer model.Close()
	book, err := runner.SpeedBook()
	if err != nil {
		t.Fatal(err)
	}
	if err := book.Put(speed.Measurement{ServerURL: model.BaseURL(), Model: "qwen2.5-7b-instruct", ReadRate: 7, WriteRate: 3, Measured: time.Now()}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "run")
	code, _, stderr := invoke("run", "--llm-url", model.BaseURL(), "--search-url", web.URL+"/search/html/", "--allow-local",
		"--headless", "--out", out, objective)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(stderr, "Measuring how fast") || !strings.Contains(stderr, "note: Model speed, measured ") {
		t.Errorf("the run did not take the kept measurement:\n%s", stderr)
	}
	// The encyclopedia article is 9 parts at the context's share (1,228
	// tokens), about 14 at 840.
	parts := 0.0
	for _, ev := range readJournal(t, out) {
		if ev["type"] == "page_opened" {
			parts, _ = ev["parts"].(float64)
			break
		}
	}
	if parts < 12 {
		t.Errorf("at 7 tokens/s the article was cut into %v parts, want about 14", parts)
	}
}
