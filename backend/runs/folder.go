// Package runs keeps a run's folder: the journal (JSON lines and a readable
// copy, each event written as it happens), the text of every page part the
// model was shown, the summary and the report.
//
//	report.md      the report, written however the run ends
//	journal.jsonl  one JSON object per event, written after every event
//	journal.txt    the same, one readable line per event
//	run.json       the summary
//	pages/         page parts as shown to the model
package runs

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/adrg/xdg"

	"github.com/scout-research/scout/backend/agent"
)

// Folder is an open run folder. Emit is safe for concurrent use.
type Folder struct {
	Dir string

	mu      sync.Mutex
	jsonl   *os.File
	txt     *os.File
	visits  int   // pages opened so far: each visit gets its own files
	current int   // the visit whose parts are being shown
	err     error // the first write error, reported by Close
}

// DefaultDir returns a new folder name under $XDG_DATA_HOME/scout/runs:
// the start time and a slug of the objective.
func DefaultDir(objective string, now time.Time) string {
	return filepath.Join(xdg.DataHome, "scout", "runs", now.Format("2006-01-02-150405")+"-"+slug(objective))
}

var nonWord = regexp.MustCompile(`[^a-z0-9]+`)

func slug(s string) string {
	s = strings.Trim(nonWord.ReplaceAllString(strings.ToLower(s), "-"), "-")
	if len(s) > 40 {
		s = strings.TrimRight(s[:40], "-")
	}
	if s == "" {
		s = "run"
	}
	return s
}

// Create makes the folder (it may exist but must hold no journal) and opens
// the journal files for appending.
func Create(dir string) (*Folder, error) {
	if err := os.MkdirAll(filepath.Join(dir, "pages"), 0o755); err != nil {
		return nil, fmt.Errorf("cannot create the run folder %s: %w", dir, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "journal.jsonl")); err == nil {
		return nil, fmt.Errorf("%s already holds a run: choose another folder (or resume that run)", dir)
	}
	return openFiles(dir)
}

func openFiles(dir string) (*Folder, error) {
	open := func(name string) (*os.File, error) {
		return os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	}
	jsonl, err := open("journal.jsonl")
	if err != nil {
		return nil, fmt.Errorf("cannot write the journal in %s: %w", dir, err)
	}
	txt, err := open("journal.txt")
	if err != nil {
		jsonl.Close()
		return nil, fmt.Errorf("cannot write the journal in %s: %w", dir, err)
	}
	return &Folder{Dir: dir, jsonl: jsonl, txt: txt}, nil
}

// Emit appends ev to the journal; a page part's text goes to pages/ and
// the journal names the file. Each event is written with one write call,
// so a killed process loses at most the event in flight.
func (f *Folder) Emit(ev agent.Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if ev.Type == agent.EvPageOpened {
		f.visits++
		f.current = f.visits
	}
	if ev.Type == agent.EvPartShown && ev.Text != "" {
		ev.File = f.savePart(ev)
		ev.Text = ""
	}
	data, err := json.Marshal(ev)
	if err == nil {
		_, err = f.jsonl.Write(append(data, '\n'))
	}
	if err == nil {
		_, err = f.txt.WriteString(Line(ev) + "\n")
	}
	if err != nil && f.err == nil {
		f.err = fmt.Errorf("writing the journal: %w", err)
	}
}

// savePart writes a part as pages/NNN-part-K.md, NNN counting page
// visits (a page opened again may be cut into different parts), and
// returns that path.
func (f *Folder) savePart(ev agent.Event) string {
	rel := filepath.Join("pages", fmt.Sprintf("%03d-part-%d.md", max(f.current, 1), ev.Part))
	body := fmt.Sprintf("<!-- %s | %s | part %d of %d -->\n%s\n", ev.URL, ev.Title, ev.Part, ev.Parts, ev.Text)
	if err := os.WriteFile(filepath.Join(f.Dir, rel), []byte(body), 0o644); err != nil && f.err == nil {
		f.err = fmt.Errorf("saving page text: %w", err)
	}
	return filepath.ToSlash(rel)
}

// WriteFile writes name in the folder atomically (temporary file, rename).
func (f *Folder) WriteFile(name string, data []byte) error {
	return WriteAtomic(filepath.Join(f.Dir, name), data)
}

// WriteAtomic writes data to path through a temporary file beside it, so a
// reader (or a crash) never sees half a file.
func WriteAtomic(path string, data []byte) error {
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// Close closes the journal and reports the first write error, if any.
func (f *Folder) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	e1, e2 := f.jsonl.Close(), f.txt.Close()
	if f.err != nil {
		return f.err
	}
	if e1 != nil {
		return e1
	}
	return e2
}
