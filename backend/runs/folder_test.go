package runs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/agent/port"
)

// A new run goes only into a new or empty folder: one holding a run, or
// anything else, is refused before a file is written (a link named
// journal.jsonl included, which is never followed).
func TestCreateTakesOnlyANewOrEmptyFolder(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "elsewhere.jsonl")
	tests := []struct {
		name    string
		prepare func(dir string)
		want    error // nil: the run is created
	}{
		{"missing", func(string) {}, nil},
		{"empty", func(dir string) { os.Mkdir(dir, 0o755) }, nil},
		{"other files", func(dir string) {
			os.Mkdir(dir, 0o755)
			os.WriteFile(filepath.Join(dir, "report.md"), []byte("my notes"), 0o644)
		}, ErrNotRunFolder},
		{"a run", func(dir string) {
			os.Mkdir(dir, 0o755)
			os.WriteFile(filepath.Join(dir, "journal.jsonl"), []byte(`{"seq":1,"type":"run_started"}`+"\n"), 0o644)
		}, ErrHoldsRun},
		{"dangling journal link", func(dir string) {
			os.Mkdir(dir, 0o755)
			os.Symlink(outside, filepath.Join(dir, "journal.jsonl"))
		}, ErrHoldsRun},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			tc.prepare(dir)
			f, err := Create(dir)
			if tc.want == nil {
				if err != nil {
					t.Fatal(err)
				}
				f.Close()
				return
			}
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), "--out") {
				t.Fatalf("got %v, want %v with advice", err, tc.want)
			}
			if data, err := os.ReadFile(filepath.Join(dir, "report.md")); err == nil && string(data) != "my notes" {
				t.Errorf("the folder's own report.md was changed: %q", data)
			}
			if _, err := os.Lstat(outside); err == nil {
				t.Error("the link was followed: a file was created outside the folder")
			}
		})
	}
}

// A run folder is the user's alone (0700, files 0600), like the settings
// file, and no write goes through a link planted in it.
func TestRunFolderIsPrivateAndFollowsNoLinks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	f, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	f.Emit(agent.Event{Seq: 1, Time: at, Type: agent.EvRunStarted, Objective: "o"})
	f.Emit(agent.Event{Seq: 2, Time: at, Turn: 1, Type: agent.EvPageOpened, URL: "http://a.test/", Parts: 1})
	f.Emit(agent.Event{Seq: 3, Time: at, Turn: 1, Type: agent.EvPartShown, URL: "http://a.test/", Part: 1, Parts: 1, Text: "t"})
	if err := f.WriteFile("run.json", []byte("{}\n")); err != nil {
		t.Fatal(err)
	}
	// A link planted where the report goes is replaced, not written through.
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("untouched"), 0o644)
	os.Symlink(victim, filepath.Join(dir, "report.md"))
	if err := f.WriteFile("report.md", []byte("# report\n")); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if data, _ := os.ReadFile(victim); string(data) != "untouched" {
		t.Errorf("the report was written through a link: %q", data)
	}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		info, err := os.Lstat(path)
		if err != nil {
			t.Fatal(err)
		}
		want := fs.FileMode(fileMode)
		if d.IsDir() {
			want = dirMode
		}
		if got := info.Mode().Perm(); got != want || info.Mode()&fs.ModeSymlink != 0 {
			t.Errorf("%s: mode %v, want %v", path, info.Mode(), want)
		}
		return nil
	})

	// A journal replaced by a link is not continued through it.
	os.Remove(filepath.Join(dir, "journal.jsonl"))
	os.Symlink(victim, filepath.Join(dir, "journal.jsonl"))
	if _, err := Reopen(dir); err == nil || !strings.Contains(err.Error(), "link") {
		t.Errorf("reopened through a link: %v", err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "untouched" {
		t.Errorf("the journal was written through a link: %q", data)
	}
}

// A run folder from an older version (0755) becomes private when resumed.
func TestReopenMakesAnOldFolderPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	os.MkdirAll(filepath.Join(dir, "pages"), 0o755)
	os.WriteFile(filepath.Join(dir, "journal.jsonl"), []byte(`{"seq":1,"type":"run_started"}`+"\n"), 0o644)
	f, err := Reopen(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	for path, want := range map[string]fs.FileMode{dir: dirMode, filepath.Join(dir, "pages"): dirMode, filepath.Join(dir, "journal.jsonl"): fileMode} {
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != want {
			t.Errorf("%s: %v, %v", path, info.Mode(), err)
		}
	}
}

// A run killed mid-event leaves a torn last line; resuming it drops the
// partial line, so the journal still reads whole after the resumed run
// (and a resume of that one), and journal.txt starts a line of its own.
func TestResumeAfterATornLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	f, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	f.Emit(agent.Event{Seq: 1, Time: at, Type: agent.EvRunStarted, Objective: "o"})
	f.Emit(agent.Event{Seq: 2, Time: at, Turn: 1, Type: agent.EvTurnStarted})
	f.Close()
	for name, torn := range map[string]string{"journal.jsonl": `{"seq":3,"time":"2026-11-30T09:00:00Z","ty`, "journal.txt": "09:00:00 T1   SEAR"} {
		file, _ := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_APPEND, 0)
		file.WriteString(torn)
		file.Close()
	}
	for stretch := 0; stretch < 2; stretch++ {
		f, err := Reopen(dir)
		if err != nil {
			t.Fatal(err)
		}
		f.Emit(agent.Event{Seq: 3 + stretch, Time: at, Turn: 2 + stretch, Type: agent.EvTurnStarted})
		f.Close()
		events, err := ReadJournal(dir)
		if err != nil || len(events) != 3+stretch {
			t.Fatalf("after resume %d: %d events, %v", stretch+1, len(events), err)
		}
	}
	txt := readFile(t, filepath.Join(dir, "journal.txt"))
	if !strings.Contains(txt, "SEAR\n") || strings.Count(txt, "\n") != 5 {
		t.Errorf("journal.txt:\n%s", txt)
	}
}

// One line too long to hold (from an older version: a 5 MB page title)
// leaves the rest of the run readable, and says which line it was.
func TestReadJournalPassesOverAnOversizedLine(t *testing.T) {
	dir := t.TempDir()
	huge := `{"seq":2,"type":"page_opened","title":"` + strings.Repeat("x", 5<<20) + `"}`
	body := `{"seq":1,"type":"run_started","objective":"o"}` + "\n" + huge + "\n" + `{"seq":3,"type":"turn_started"}` + "\n"
	os.WriteFile(filepath.Join(dir, "journal.jsonl"), []byte(body), 0o600)
	events, err := ReadJournal(dir)
	if len(events) != 2 || events[1].Seq != 3 {
		t.Fatalf("read %d events: %+v", len(events), events)
	}
	if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "line 2 is over 4 MB") {
		t.Fatalf("error %v", err)
	}
}

// No event makes a line anywhere near the reader's limit: a hostile
// page's 5 MB title or address is cut in the journal.
func TestEventsAreBounded(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	f, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("標", 2<<20) // 6 MB of UTF-8
	finding := &agent.Finding{Number: 1, Text: "t", Quote: big}
	f.Emit(agent.Event{Seq: 1, Type: agent.EvPageOpened, URL: "http://a.test/?" + big, Title: big})
	results := []port.SearchResult{{Title: big, URL: "http://a.test/", Snippet: "s"}}
	f.Emit(agent.Event{Seq: 2, Type: agent.EvSearched, Query: "q", URLs: []string{"http://a.test/" + big}, Results: results})
	f.Emit(agent.Event{Seq: 3, Type: agent.EvFinding, Finding: finding})
	f.Close()
	if finding.Quote != big || results[0].Title != big {
		t.Error("the agent's own finding or results were changed")
	}
	for _, line := range strings.Split(readFile(t, filepath.Join(dir, "journal.jsonl")), "\n") {
		if len(line) > 4*maxFieldBytes {
			t.Errorf("a journal line of %d bytes", len(line))
		}
	}
	events, err := ReadJournal(dir)
	if err != nil || len(events) != 3 || !strings.Contains(events[0].Title, "more bytes not kept") || !strings.Contains(events[1].Results[0].Title, "more bytes not kept") {
		t.Fatalf("%d events, %v", len(events), err)
	}
}
