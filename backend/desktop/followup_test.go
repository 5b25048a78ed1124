package desktop

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/settings"
)

// A follow-up needs a question and an earlier run: without either the
// window is told what to do, before the model server is asked anything.
func TestFollowUpNeedsAQuestionAndARun(t *testing.T) {
	store := &settings.Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	set := settings.Defaults()
	set.ServerURL = "http://127.0.0.1:9/v1"
	store.Save(set)
	svc := New(store, func(string, any) {})
	if _, err := svc.FollowUp(context.Background(), t.TempDir(), "  "); err == nil || !strings.Contains(err.Error(), "type the follow-up question first") {
		t.Fatalf("empty question: %v", err)
	}
	empty := t.TempDir()
	_, err := svc.FollowUp(context.Background(), empty, "And then?")
	if err == nil || !strings.Contains(err.Error(), "no follow-up can be asked on this run") || strings.Contains(err.Error(), "LM Studio") {
		t.Fatalf("a follow-up of no run: %v", err)
	}
}
