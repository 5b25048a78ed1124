package runs

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/chat"
)

func TestRedactURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://127.0.0.1:1234/v1", "http://127.0.0.1:1234/v1"},
		{"http://user:sk-secret@127.0.0.1:1234/v1", "http://127.0.0.1:1234/v1"},
		{"https://token@llm.example.org/v1", "https://llm.example.org/v1"},
		{"http://h/v1?api_key=sk-1&model=x&token=t&apiKey=k&key=a", "http://h/v1?api_key=REDACTED&model=x&token=REDACTED&apiKey=REDACTED&key=REDACTED"},
		{"https://searx.example.org/search/?access_token=abc", "https://searx.example.org/search/?access_token=REDACTED"},
		{"https://html.duckduckgo.com/html/?kl=de-de", "https://html.duckduckgo.com/html/?kl=de-de"},
		{"not a url", "not a url"},
		// Credentials by other names: short forms, parts of longer names,
		// signed URLs' parameters, and an OAuth token in the fragment.
		{"http://h/v1?pwd=1&sig=2&pass=3&passphrase=4&Password=5&client_secret=6&auth=7&signature=8", "http://h/v1?pwd=REDACTED&sig=REDACTED&pass=REDACTED&passphrase=REDACTED&Password=REDACTED&client_secret=REDACTED&auth=REDACTED&signature=REDACTED"},
		{"http://h/?X-Amz-Credential=AKIA&X-Amz-Signature=ab12&X-Goog-Signature=cd&sessionid=s&user_pwd=p&jwt=j&PHPSESSID=x", "http://h/?X-Amz-Credential=REDACTED&X-Amz-Signature=REDACTED&X-Goog-Signature=REDACTED&sessionid=REDACTED&user_pwd=REDACTED&jwt=REDACTED&PHPSESSID=REDACTED"},
		{"http://h/v1#access_token=abc&state=1", "http://h/v1#access_token=REDACTED&state=1"},
		{"http://h/search?q=password&passage=2&signal=3&format=json", "http://h/search?q=password&passage=2&signal=3&format=json"},
	}
	for _, tc := range tests {
		if got := RedactURL(tc.in); got != tc.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Whatever quotes the configured URLs (an error message in the journal,
// the report, run.json) is written without their credentials.
func TestFolderConcealsCredentials(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	f, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	server := "http://scout:sk-LiveKey42@127.0.0.1:1234/v1"
	search := "http://127.0.0.1:8888/search?api_key=Search<Key>&lang=en&pwd=Hunter2#access_token=Frag9"
	f.Conceal(server, search)
	f.Emit(agent.Event{Seq: 1, Type: agent.EvRunFinished, Status: agent.StatusFailed,
		Message: "The server answered 404: not the API at this URL. Try " + server + "/v1."})
	f.Emit(agent.Event{Seq: 2, Type: agent.EvRefused, Action: "SEARCH", Reason: "could not load " + search})
	if err := f.WriteFile("report.md", []byte("model unavailable: "+server)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, name := range []string{"journal.jsonl", "journal.txt", "report.md"} {
		text := readFile(t, filepath.Join(dir, name))
		for _, secret := range []string{"sk-LiveKey42", "Search<Key>", `Search\u003cKey\u003e`, "scout:", "Hunter2", "Frag9"} {
			if strings.Contains(text, secret) {
				t.Errorf("%s holds %q:\n%s", name, secret, text)
			}
		}
		if !strings.Contains(text, "127.0.0.1:1234") {
			t.Errorf("%s lost the address itself:\n%s", name, text)
		}
	}
}

// The app's report written mid-run conceals them too, and is private.
func TestFilesConceal(t *testing.T) {
	dir := t.TempDir()
	if err := (Files{Dir: dir, Conceal: []string{"http://u:sk-Key9@h:1/v1"}}).WriteFile("report.md", []byte("model unavailable at http://u:sk-Key9@h:1/v1")); err != nil {
		t.Fatal(err)
	}
	if text := readFile(t, filepath.Join(dir, "report.md")); strings.Contains(text, "sk-Key9") || !strings.Contains(text, "http://h:1/v1") {
		t.Fatalf("report: %q", text)
	}
}

// The API key, which is no part of a URL, is concealed wherever it is
// quoted in the journal, a page part or the call log, as the key itself
// and as JSON writes it.
func TestTheAPIKeyIsConcealed(t *testing.T) {
	const key = `sk-Run<Key>"7"`
	dir := filepath.Join(t.TempDir(), "run")
	f, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.Conceal("http://127.0.0.1:1234/v1")
	f.ConcealSecret(key)
	f.ConcealSecret("")
	f.Emit(agent.Event{Seq: 1, Type: agent.EvRunFinished, Status: agent.StatusFailed, Message: "the server said: bad key " + key})
	if err := f.WriteFile("report.md", []byte("model unavailable: bad key "+key)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	calls, err := OpenCallLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	calls.ConcealSecret(key)
	calls.Record(time.Now(), "m", chat.Request{Kind: "action", Messages: []chat.Message{{Role: "user", Content: "hi"}}}, chat.Reply{}, errors.New("refused "+key))
	calls.Close()
	quoted, _ := json.Marshal(key)
	for _, name := range []string{"journal.jsonl", "journal.txt", "report.md", CallsFile} {
		text := readFile(t, filepath.Join(dir, name))
		for _, secret := range []string{key, string(quoted[1 : len(quoted)-1]), "sk-Run"} {
			if strings.Contains(text, secret) {
				t.Errorf("%s holds %q:\n%s", name, secret, text)
			}
		}
	}
}
