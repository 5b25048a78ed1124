package desktop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/fault"
	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/settings"
)

const appKey = "sk-scout-app-3e8d2a61"

// The Key measure in the app: the key saved in Settings (here to the key
// file: tests never use the keyring), a whole run against a server that
// requires it, then no file of the run, of Scout's data folder or beside
// the settings (but the key file itself), and nothing sent to the window,
// holds the key.
func TestTheAppSendsTheSavedKeyAndShowsItNowhere(t *testing.T) {
	svc, rec, model := setupWith(t, llmtest.Options{Flavour: llmtest.LlamaCpp, APIKey: appKey, Script: llmtest.QueueReplies(script(0))})
	if _, err := svc.Start(context.Background(), "What is the tallest mountain in Africa?"); !errors.Is(err, llm.ErrUnauthorized) ||
		!strings.Contains(err.Error(), "Settings → Model server → API key") {
		t.Fatalf("a run without the key: %v", err)
	}
	st, err := svc.SaveKey("  " + appKey + "\n")
	if err != nil || !st.Set || st.Where != settings.KeyInFile || !strings.Contains(st.Note, "readable only by you") {
		t.Fatalf("saving the key: %+v, %v", st, err)
	}
	if got := svc.KeyStatus(); !got.Set || got.Where != settings.KeyInFile {
		t.Fatalf("key status %+v", got)
	}
	if _, err := svc.Start(context.Background(), "What is the tallest mountain in Africa, and how tall is it in meters and in feet?"); err != nil {
		t.Fatal(err)
	}
	var done RunView
	select {
	case done = <-rec.done:
	case <-time.After(60 * time.Second):
		t.Fatal("the run did not end")
	}
	if g := done.Progress.Glance; g.Status != "finished" || len(model.Calls()) < 4 {
		t.Fatalf("the run with the key: %+v, %d calls", g, len(model.Calls()))
	}
	sent, _ := json.Marshal(rec.events)
	if strings.Contains(string(sent), appKey) {
		t.Error("the window was sent the key")
	}
	keyFile := filepath.Join(filepath.Dir(svc.store.Path), "api-key")
	looked := 0
	for _, dir := range []string{done.Dir, filepath.Dir(svc.store.Path), os.Getenv("XDG_DATA_HOME")} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || path == keyFile {
				return err
			}
			looked++
			if b, _ := os.ReadFile(path); strings.Contains(string(b), appKey) {
				t.Errorf("%s holds the key", path)
			}
			return nil
		})
	}
	if looked < 6 {
		t.Errorf("only %d files looked at", looked)
	}
	// Test connection uses the saved key, or one typed but not saved yet.
	if _, err := svc.TestConnection(context.Background(), model.BaseURL(), "", ""); err != nil {
		t.Errorf("testing with the saved key: %v", err)
	}
	if _, err := svc.TestConnection(context.Background(), model.BaseURL(), "", "sk-typed-wrong"); !errors.Is(err, llm.ErrUnauthorized) || strings.Contains(err.Error(), "sk-typed-wrong") {
		t.Errorf("testing with a wrong typed key: %v", err)
	}
	if st, err := svc.ClearKey(); err != nil || st.Set {
		t.Errorf("after clearing: %+v, %v", st, err)
	}
	if _, err := os.Stat(keyFile); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the key file is left: %v", err)
	}
}

// A connection test's failure reaches the window as the window's message
// with Go's English beside it; an error in words of its own as its text.
func TestWindowErrorSaysTheMessage(t *testing.T) {
	refused := fault.New(errors.New("refused"), "the keyring is locked")
	if got := WindowError(refused); got != "the keyring is locked" {
		t.Errorf("a plain error reaches the window as %#v", got)
	}
	_, err := (&Service{}).TestConnection(context.Background(), "http://127.0.0.1:9/v1", "", "sk-typed")
	got, ok := WindowError(err).(Failure)
	if !ok || got.Say == nil || got.Say.Key != "llm.notListening" || got.Say.Args["host"] != "http://127.0.0.1:9" || got.Message != err.Error() {
		t.Fatalf("the failed connection test reaches the window as %#v (the error: %v)", WindowError(err), err)
	}
	if wrapped := fmt.Errorf("testing: %w", err); WindowError(wrapped) != wrapped.Error() {
		t.Errorf("an error wrapped in words reaches the window as %#v", WindowError(wrapped))
	}
}
