package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/internal/testenv"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// isolate points the settings at an empty config home.
func isolate(t *testing.T) string { return testenv.IsolateConfig(t) }

func invoke(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

// scout check tests the connection, then measures the model (a slow
// server without prefix reuse here: the warning says so) and keeps the
// measurement for the runs that follow.
func TestCheck(t *testing.T) {
	isolate(t)
	data := testenv.IsolateData(t)
	srv := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, ContextLength: 12288, ReadRate: 300, WriteRate: 50, NoPrefixCache: true})
	defer srv.Close()
	code, out, errs := invoke("check", "--llm-url", srv.BaseURL())
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	for _, want := range []string{"(llama.cpp)", "Using:        qwen2.5-7b-instruct", "Context:      12288 tokens (from llama.cpp /props)",
		"Reading:      300 prompt tokens/s", "Writing:      50 tokens/s", "Prefix reuse: no (reported by the server)", "JSON schema:  followed",
		"Measured in:  ", "Warning: Scout is several times slower with this server",
		// Each of the probe's calls says what it finds out as it starts.
		"\n  call 1 of 3: whether the server holds the model to a JSON schema\n  call 2 of 3: how fast the model reads and writes\n  call 3 of 3: whether the server reuses the prompt it has just read\nReading:"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	book, err := os.ReadFile(filepath.Join(data, "scout", "speeds.json"))
	if err != nil || !strings.Contains(string(book), `"read_rate": 300`) {
		t.Errorf("the measurement was not kept: %v\n%s", err, book)
	}
}

func TestCheckUsesSettingsAndExplainsFailure(t *testing.T) {
	dir := isolate(t)
	srv := llmtest.New(llmtest.Options{Fault: llmtest.HTMLPage})
	defer srv.Close()
	path := filepath.Join(dir, "scout", "settings.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"server_url":"`+srv.BaseURL()+`"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errs := invoke("check")
	if code != 1 || !strings.Contains(errs, "answered with a web page") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
}

func TestCheckNeverWritesSettings(t *testing.T) {
	dir := isolate(t)
	isolateData(t)
	path := filepath.Join(dir, "scout", "settings.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("{damaged"), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := llmtest.New(llmtest.Options{})
	defer srv.Close()
	code, _, errs := invoke("check", "--llm-url", srv.BaseURL())
	if code != 0 || !strings.Contains(errs, "warning: Your settings file") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 || entries[0].Name() != "settings.json" {
		t.Fatalf("check changed the settings folder: %v", entries)
	}
}

func TestUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		out  string
		err  string
	}{
		{[]string{"help"}, 0, "scout check [flags]", ""},
		{[]string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{[]string{"check", "extra"}, 2, "", `unexpected argument "extra"`},
		{[]string{"check", "--bogus"}, 2, "", "flag provided but not defined"},
		{[]string{"check", "--help"}, 0, "", "Usage: scout check [flags]\n\nFlags:\n  -llm-key string\n    \tAPI key for the model server (default: $SCOUT_LLM_KEY, else the saved key)\n  -llm-url"},
		{[]string{"run", "-h"}, 0, "", "Usage: scout run [flags] \"objective\"\n\nFlags:\n  -allow-local"},
		{[]string{"resume", "--help"}, 0, "", "Usage: scout resume [flags] DIR"},
		{[]string{"bench"}, 2, "", `unknown command "bench"`}, // a development tool: go run ./backend/bench/cmd/bench
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			isolate(t)
			code, out, errs := invoke(tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errs, tc.err) {
				t.Fatalf("exit %d out %q err %q", code, out, errs)
			}
		})
	}
}

func TestVersionMatchesWailsJSON(t *testing.T) {
	data, err := os.ReadFile("../../wails.json")
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Info struct {
			ProductVersion string `json:"productVersion"`
		} `json:"info"`
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.Info.ProductVersion != Version {
		t.Fatalf("wails.json says %q, cli.Version %q", cfg.Info.ProductVersion, Version)
	}
	_, out, _ := invoke("version")
	if out != "scout "+Version+"\n" {
		t.Fatalf("version prints %q", out)
	}
}
