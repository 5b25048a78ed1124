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
	secrets concealer
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

// Create makes the folder for a new run and opens the journal files. The
// folder may exist only if it is empty: one that holds a run is refused
// (ErrHoldsRun), and so is one holding anything else (ErrNotRunFolder),
// whose files the run's would overwrite.
func Create(dir string) (*Folder, error) {
	if err := CheckNew(dir); err != nil {
		return nil, err
	}
	if err := makePrivateDir(dir); err != nil {
		return nil, fmt.Errorf("cannot create the run folder %s: %w", dir, err)
	}
	if err := makePagesDir(dir); err != nil {
		return nil, fmt.Errorf("cannot create the run folder %s: %w", dir, err)
	}
	return openFiles(dir, os.O_EXCL)
}

// openFiles opens the journal files for appending, with extra flags.
func openFiles(dir string, flag int) (*Folder, error) {
	open := func(name string) (*os.File, error) {
		return openNoFollow(filepath.Join(dir, name), os.O_CREATE|os.O_WRONLY|os.O_APPEND|flag)
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

// Conceal keeps the credentials of the given URLs (the model server's and
// the search endpoint's as the user configured them) out of everything
// the folder writes from now on.
func (f *Folder) Conceal(urls ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.secrets = newConcealer(urls...)
}

// ConcealSecret keeps secret (the model server's API key; "" is none)
// out of everything written to the folder from now on, as Conceal keeps
// the URLs' credentials. Call it after Conceal, which starts afresh.
func (f *Folder) ConcealSecret(secret string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.secrets = f.secrets.with(secret)
}

// Emit appends ev to the journal; a page part's text goes to pages/ and
// the journal names the file. Each event is written with one write call,
// so a killed process loses at most the event in flight.
func (f *Folder) Emit(ev agent.Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if ev.Type == agent.EvPageOpened || (ev.Type == agent.EvPageReopened && ev.Reason == "") {
		f.visits++ // the page may say something else now, or be split otherwise
		f.current = f.visits
	}
	if ev.Type == agent.EvPartShown && ev.Text != "" {
		ev.File = f.savePart(ev)
		ev.Text = ""
	}
	ev = bounded(ev)
	data, err := json.Marshal(ev)
	if err == nil {
		_, err = f.jsonl.WriteString(f.secrets.conceal(string(data)) + "\n")
	}
	if err == nil {
		_, err = f.txt.WriteString(f.secrets.conceal(Line(ev)) + "\n")
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
	if err := f.writePart(filepath.Join(f.Dir, rel), f.secrets.conceal(body)); err != nil && f.err == nil {
		f.err = fmt.Errorf("saving page text: %w", err)
	}
	return filepath.ToSlash(rel)
}

func (f *Folder) writePart(path, body string) error {
	file, err := openNoFollow(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC)
	if err != nil {
		return err
	}
	_, err = file.WriteString(body)
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	return err
}

// WriteFile writes name in the folder atomically (temporary file, rename),
// readable by the user alone and without the concealed credentials.
func (f *Folder) WriteFile(name string, data []byte) error {
	f.mu.Lock()
	secrets := f.secrets
	f.mu.Unlock()
	return writeAtomic(filepath.Join(f.Dir, name), []byte(secrets.conceal(string(data))), fileMode)
}

// WriteAtomic writes data to path through a temporary file beside it, so a
// reader (or a crash) never sees half a file. It is for files the user
// saves outside run folders (an exported report), readable by others as
// any file the user saves.
func WriteAtomic(path string, data []byte) error {
	return writeAtomic(path, data, 0o644)
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

// QueuedDir returns the folder of the n-th run (from 1) of a batch started
// at now, under parent ("" for $XDG_DATA_HOME/scout/runs): numbered, so
// runs started in the same second with alike objectives have one each.
func QueuedDir(parent, objective string, n int, now time.Time) string {
	if parent == "" {
		parent = filepath.Dir(DefaultDir(objective, now))
	}
	return filepath.Join(parent, fmt.Sprintf("%s-%02d-%s", now.Format("2006-01-02-150405"), n, slug(objective)))
}
