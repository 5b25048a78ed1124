package cli

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// TestReplaySendsTheSameRequest runs a research, lists its model calls,
// and sends one of them again to another server: that server must get
// exactly the request the run's server got, and the output sets its reply
// beside the run's.
func TestReplaySendsTheSameRequest(t *testing.T) {
	requireBrowser(t)
	isolate(t)
	isolateData(t)
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	first := llmtest.New(llmtest.Options{Flavour: llmtest.LMStudio04, ContextLength: 8192, Script: llmtest.Queue(factualScript())})
	defer first.Close()
	out := filepath.Join(t.TempDir(), "run")
	if code, _, errs := invoke("run", "--llm-url", first.BaseURL(), "--search-url", web.URL+"/search/html/", "--headless", "--allow-local", "--out", out, objective); code != 0 {
		t.Fatalf("run: exit %d, %s", code, errs)
	}
	ran := runCalls(first.Calls())

	code, list, errs := invoke("replay", out)
	if code != 0 || strings.Count(list, "\n") != len(ran)+1 || !strings.Contains(list, "    3  ") || !strings.Contains(list, `{"thought_process":"The encyclopedia article`) {
		t.Fatalf("list: exit %d, stderr %s, %d calls run:\n%s", code, errs, len(ran), list)
	}

	if code, _, errs := invoke("replay", out, "99"); code != exitUsage || !strings.Contains(errs, fmt.Sprintf(`the run has no call "99": its calls are numbered 1 to %d`, len(ran))) {
		t.Errorf("a call the run does not have: exit %d, %s", code, errs)
	}

	again := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, ContextLength: 8192, Script: llmtest.Queue(map[string][]string{
		"action": {action("READ_MORE", "", "A different answer.")}})})
	defer again.Close()
	code, sent, errs := invoke("replay", "--llm-url", again.BaseURL(), "--show-request", out, "3")
	if code != 0 {
		t.Fatalf("replay: exit %d, stderr %s", code, errs)
	}
	got := again.Calls()
	if len(got) != 1 {
		t.Fatalf("the server got %d calls", len(got))
	}
	want := ran[2]
	if got[0].Kind != want.Kind || !reflect.DeepEqual(got[0].Messages, want.Messages) || got[0].MaxTokens != want.MaxTokens ||
		got[0].Temperature != want.Temperature || got[0].Strict != want.Strict {
		t.Errorf("replayed request differs:\n got %+v\nwant %+v", got[0], want)
	}
	for _, w := range []string{"Call 3 (action), sent again to " + again.BaseURL(), `"A different answer."`, "The run got another reply:", want.Reply,
		"--- system ---", fmt.Sprintf("--- response schema %q ---", "action")} {
		if !strings.Contains(sent, w) {
			t.Errorf("the replay's output lacks %q:\n%s", w, sent)
		}
	}
}

func TestReplayArguments(t *testing.T) {
	isolate(t)
	for _, tc := range []struct {
		name string
		args []string
		err  string
	}{
		{"no folder", nil, "give a run folder"},
		{"a folder without calls", []string{t.TempDir()}, "holds no recorded model calls"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := invoke(append([]string{"replay"}, tc.args...)...)
			if code != exitUsage || !strings.Contains(errs, tc.err) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, exitUsage, tc.err)
			}
		})
	}
}

// runCalls leaves out the model probe's calls, made before a run.
func runCalls(all []llmtest.ChatCall) []llmtest.ChatCall {
	var out []llmtest.ChatCall
	for _, c := range all {
		if !strings.HasPrefix(c.Kind, llmtest.ProbePrefix) {
			out = append(out, c)
		}
	}
	return out
}
