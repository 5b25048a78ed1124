package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/internal/testenv"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/settings"
)

// runKey is the key the keyed fake servers below require.
const runKey = "sk-scout-run-5b2f9c1e7d"

// keyedServer is a llama-server started with --api-key runKey (its model
// list public, everything else refused without the key), scripted for the
// mountain objective.
func keyedServer(t *testing.T) *llmtest.Server {
	t.Helper()
	srv := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, ContextLength: 8192, APIKey: runKey, Script: llmtest.Queue(factualScript())})
	t.Cleanup(srv.Close)
	return srv
}

// saveKey keeps runKey for the server at serverURL as the app's settings
// screen would: the address in the settings, the key in the key file
// (tests never use the keyring: testenv turns it off).
func saveKey(t *testing.T, serverURL string) {
	t.Helper()
	set := settings.Defaults()
	set.ServerURL = serverURL
	if err := settings.NewStore().Save(set); err != nil {
		t.Fatalf("saving the settings: %v", err)
	}
	if st, err := settings.NewKeyStore().Save(runKey); err != nil || st.Where != settings.KeyInFile {
		t.Fatalf("saving the key: %+v, %v", st, err)
	}
}

// The Key measure: a whole run with a key against a server that requires
// it, the key given each way a user gives it; then no file the run wrote,
// no file in Scout's data folder (the speed book) and nothing Scout
// printed holds the key.
func TestTheKeyIsInNothingARunWrites(t *testing.T) {
	requireBrowser(t)
	tests := []struct {
		name  string
		given func(t *testing.T, serverURL string) []string // extra arguments
	}{
		{"SCOUT_LLM_KEY", func(t *testing.T, _ string) []string { t.Setenv("SCOUT_LLM_KEY", runKey); return nil }},
		{"the saved key", func(t *testing.T, serverURL string) []string { saveKey(t, serverURL); return nil }},
		{"--llm-key", func(*testing.T, string) []string { return []string{"--llm-key", runKey} }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			config := isolate(t)
			data := testenv.IsolateData(t)
			_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
			model := keyedServer(t)
			out := filepath.Join(t.TempDir(), "run")
			args := append([]string{"run", "--llm-url", model.BaseURL(), "--search-url", web.URL + "/search/html/", "--allow-local", "--headless", "--out", out}, tc.given(t, model.BaseURL())...)
			code, stdout, stderr := invoke(append(args, objective)...)
			if code != 0 {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
			}
			if calls := len(model.Calls()); calls < 6 { // the probe's 3, checklist, actions, writer
				t.Fatalf("the keyed server answered %d chat calls", calls)
			}
			if !strings.Contains(read(t, out, "report.md"), "finished by the agent") {
				t.Errorf("the run did not finish:\n%s", read(t, out, "report.md"))
			}
			if strings.Contains(stdout+stderr, runKey) {
				t.Errorf("the terminal showed the key:\n%s\n%s", stdout, stderr)
			}
			keyFile := settings.DefaultKeyPath()
			files := 0
			for _, dir := range []string{out, data, config} {
				filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
					if err != nil || d.IsDir() || path == keyFile {
						return err
					}
					files++
					if b, _ := os.ReadFile(path); strings.Contains(string(b), runKey) {
						t.Errorf("%s holds the key", path)
					}
					return nil
				})
			}
			if files < 6 { // report.md, report.json, run.json, journals, calls, pages, speeds.json
				t.Errorf("only %d files were looked at", files)
			}
		})
	}
}

// A missing or wrong key ends the run before it starts, with a message
// that says what is wrong and where the key goes; the key tried is not
// repeated back.
func TestAMissingOrWrongKeyIsToldClearly(t *testing.T) {
	tests := []struct {
		name string
		args []string
		says []string
	}{
		{"no key", nil, []string{"wants an API key", "--llm-key", "SCOUT_LLM_KEY", "Settings"}},
		{"wrong key", []string{"--llm-key", "sk-wrong-1234"}, []string{"refused the API key", "HTTP 401", "--api-key"}},
	}
	for _, tc := range tests {
		for _, cmd := range []string{"run", "check"} {
			t.Run(tc.name+"/"+cmd, func(t *testing.T) {
				isolate(t)
				isolateData(t)
				model := keyedServer(t)
				args := append([]string{cmd, "--llm-url", model.BaseURL()}, tc.args...)
				if cmd == "run" {
					args = append(args, "--headless", "--out", filepath.Join(t.TempDir(), "run"), objective)
				}
				code, stdout, stderr := invoke(args...)
				if code != exitError {
					t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
				}
				for _, s := range tc.says {
					if !strings.Contains(stderr, s) {
						t.Errorf("stderr does not say %q:\n%s", s, stderr)
					}
				}
				if strings.Contains(stderr, "sk-wrong-1234") || strings.Contains(stderr, "Turn off") {
					t.Errorf("stderr: %s", stderr)
				}
			})
		}
	}
}

// scout check uses the key, whichever way it is given, and says where it
// came from (never what it is).
func TestCheckSendsTheKey(t *testing.T) {
	tests := []struct {
		name  string
		given func(t *testing.T, serverURL string) []string
		from  string
	}{
		{"flag", func(*testing.T, string) []string { return []string{"--llm-key", runKey} }, "from --llm-key"},
		{"environment", func(t *testing.T, _ string) []string { t.Setenv("SCOUT_LLM_KEY", runKey); return nil }, "from SCOUT_LLM_KEY"},
		{"saved", func(t *testing.T, serverURL string) []string { saveKey(t, serverURL); return nil }, "stored in a file readable only by you"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			isolateData(t)
			model := keyedServer(t)
			code, stdout, stderr := invoke(append([]string{"check", "--llm-url", model.BaseURL()}, tc.given(t, model.BaseURL())...)...)
			if code != 0 {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
			}
			if !strings.Contains(stdout, "API key:      sent, "+tc.from) || !strings.Contains(stdout, "Context:      8192 tokens (from llama.cpp /props)") {
				t.Errorf("stdout:\n%s", stdout)
			}
			if strings.Contains(stdout+stderr, runKey) {
				t.Errorf("the key was printed:\n%s%s", stdout, stderr)
			}
		})
	}
}

// A key saved for one server is not sent to another that --llm-url
// names: the run is refused by the keyed server as having no key, and a
// warning says why and how to give that server its key.
func TestTheSavedKeyStaysWithItsServer(t *testing.T) {
	isolate(t)
	isolateData(t)
	saveKey(t, "http://127.0.0.1:1234/v1")
	model := keyedServer(t)
	code, stdout, stderr := invoke("check", "--llm-url", model.BaseURL())
	if code == 0 {
		t.Fatalf("check passed without the key\nstdout: %s\nstderr: %s", stdout, stderr)
	}
	want := "warning: the saved API key is for http://127.0.0.1:1234/v1, so it is not sent to " + model.BaseURL()
	if !strings.Contains(stderr, want) || !strings.Contains(stderr, "SCOUT_LLM_KEY or --llm-key") {
		t.Errorf("stderr does not say why no key was sent:\n%s", stderr)
	}
	if strings.Contains(stdout+stderr, runKey) {
		t.Errorf("the key was printed:\n%s%s", stdout, stderr)
	}
}

// The help says how to give a key, and that the environment keeps it out
// of the process list.
func TestUsageTellsOfTheKey(t *testing.T) {
	_, out, _ := invoke("help")
	for _, want := range []string{"--llm-key KEY", "SCOUT_LLM_KEY", "process list", "system keyring", "https://"} {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q", want)
		}
	}
}
