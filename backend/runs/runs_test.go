package runs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
)

func TestJournalRoundTripAndPages(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	f, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	events := []agent.Event{
		{Seq: 1, Time: at, Type: agent.EvRunStarted, Objective: "o"},
		{Seq: 2, Time: at, Turn: 1, Type: agent.EvPageOpened, URL: "http://a.test/", Title: "A", Parts: 2},
		{Seq: 3, Time: at, Turn: 1, Type: agent.EvPartShown, URL: "http://a.test/", Title: "A", Part: 1, Parts: 2, Text: "first visit"},
		{Seq: 4, Time: at, Turn: 2, Type: agent.EvPageOpened, URL: "http://a.test/", Title: "A", Parts: 2},
		{Seq: 5, Time: at, Turn: 2, Type: agent.EvPartShown, URL: "http://a.test/", Title: "A", Part: 1, Parts: 2, Text: "second visit"},
	}
	for _, ev := range events {
		f.Emit(ev)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"pages/001-part-1.md": "first visit", "pages/002-part-1.md": "second visit"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !strings.Contains(string(data), want) {
			t.Errorf("%s: %v %q", name, err, data)
		}
	}
	got, err := ReadJournal(dir)
	if err != nil || len(got) != len(events) {
		t.Fatalf("read %d events: %v", len(got), err)
	}
	if got[2].Text != "" || got[2].File != "pages/001-part-1.md" {
		t.Errorf("journal keeps page text or lacks the file: %+v", got[2])
	}
	if _, err := Create(dir); err == nil {
		t.Error("Create reused a folder that holds a run")
	}

	// A resumed run appends, continuing the visit numbers.
	f2, err := Reopen(dir)
	if err != nil {
		t.Fatal(err)
	}
	f2.Emit(agent.Event{Seq: 6, Time: at, Turn: 3, Type: agent.EvPageOpened, URL: "http://b.test/"})
	f2.Emit(agent.Event{Seq: 7, Time: at, Turn: 3, Type: agent.EvPartShown, URL: "http://b.test/", Part: 1, Parts: 1, Text: "b"})
	f2.Close()
	if _, err := os.Stat(filepath.Join(dir, "pages", "003-part-1.md")); err != nil {
		t.Errorf("resumed visit not numbered 3: %v", err)
	}
	lines := strings.Count(readFile(t, filepath.Join(dir, "journal.txt")), "\n")
	if lines != 7 {
		t.Errorf("journal.txt has %d lines, want 7", lines)
	}
}

func TestReadJournalToleratesATornLastLine(t *testing.T) {
	dir := t.TempDir()
	body := `{"seq":1,"type":"run_started","objective":"o"}` + "\n" + `{"seq":2,"type":"chec`
	os.WriteFile(filepath.Join(dir, "journal.jsonl"), []byte(body), 0o644)
	got, err := ReadJournal(dir)
	if err != nil || len(got) != 1 {
		t.Fatalf("got %d events, %v", len(got), err)
	}
	body = `{"seq":1,"type":"run_started"}` + "\n" + `garbage` + "\n" + `{"seq":3,"type":"checklist"}` + "\n"
	os.WriteFile(filepath.Join(dir, "journal.jsonl"), []byte(body), 0o644)
	if _, err := ReadJournal(dir); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("a damaged middle line: %v", err)
	}
}

func TestDefaultDir(t *testing.T) {
	d := DefaultDir("What is the tallest mountain in Africa, and how tall is it?", time.Date(2026, 11, 30, 9, 5, 7, 0, time.UTC))
	if !strings.HasSuffix(d, filepath.Join("scout", "runs", "2026-11-30-090507-what-is-the-tallest-mountain-in-africa-a")) {
		t.Fatalf("dir %s", d)
	}
}

func readFile(t *testing.T, p string) string {
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
