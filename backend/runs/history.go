package runs

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/adrg/xdg"

	"github.com/scout-research/scout/backend/agent"
)

// Root is the folder past runs live in: $XDG_DATA_HOME/scout/runs.
func Root() string {
	return filepath.Join(xdg.DataHome, "scout", "runs")
}

// Entry is one past run as the history lists it.
type Entry struct {
	Dir       string       `json:"dir"`
	Objective string       `json:"objective"`
	Status    agent.Status `json:"status"`
	// Words and Resumable are as the run's Glance has them.
	Words     string    `json:"status_words"`
	Resumable bool      `json:"resumable"`
	Started   time.Time `json:"started"`
	Turns     int       `json:"turns"`
	Findings  int       `json:"findings"`
	HasReport bool      `json:"has_report"`
	// Damaged says what could not be read; the rest is what could.
	Damaged string `json:"damaged"`
	// Parent is the folder of the run a follow-up follows (as Dir names
	// folders), "" for another run: History shows the thread.
	Parent string `json:"parent,omitempty"`
}

// Fill takes the entry's status and figures from how the run stands (a
// run read from its journal, or the one going on).
func (e *Entry) Fill(g Glance) {
	e.Objective, e.Status, e.Words, e.Resumable = g.Objective, g.Status, g.Words, g.Resumable
	e.Turns, e.Findings = g.Figures.Turns, g.Figures.Findings
	e.Parent = parentDir(e.Dir, g.Parent)
}

// parentDir is the folder of the run a follow-up in dir follows, as dir
// names folders, from parent as the follow-up recorded it (relative to
// its own folder, or absolute); "" for none.
func parentDir(dir, parent string) string {
	switch {
	case parent == "":
		return ""
	case filepath.IsAbs(parent):
		return filepath.Clean(parent)
	}
	return filepath.Join(dir, parent)
}

// List returns the runs under root, newest first. A folder whose summary
// or journal cannot be read is listed as damaged with what was readable.
func List(root string) ([]Entry, error) {
	dirs, err := os.ReadDir(root)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the runs folder %s: %w", root, err)
	}
	var out []Entry
	for _, d := range dirs {
		if d.IsDir() {
			out = append(out, readEntry(filepath.Join(root, d.Name())))
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Started.After(out[j].Started) || (out[i].Started.Equal(out[j].Started) && out[i].Dir > out[j].Dir)
	})
	return out, nil
}

func readEntry(dir string) Entry {
	e := Entry{Dir: dir}
	if _, err := os.Stat(filepath.Join(dir, "report.md")); err == nil {
		e.HasReport = true
	}
	var problems []string
	if data, err := os.ReadFile(filepath.Join(dir, "run.json")); err == nil {
		var s Summary
		if err := json.Unmarshal(data, &s); err == nil {
			e.Objective, e.Status, e.Started, e.Turns, e.Findings = s.Objective, s.Status, s.StartedAt, s.Turns, s.Findings
			e.Words, e.Resumable = s.Status.Words(), s.Status.Resumable()
			e.Parent = parentDir(dir, s.Parent)
			return e
		}
		problems = append(problems, "run.json is damaged")
	}
	// No summary (the process was killed) or a damaged one: the journal.
	events, err := ReadJournal(dir)
	if err != nil {
		problems = append(problems, err.Error())
	}
	v := Replay(events)
	e.Fill(v.Glance())
	e.Started = v.Started()
	if e.Objective == "" {
		problems = append(problems, "no run found in the journal")
	}
	e.Damaged = strings.Join(problems, "; ")
	return e
}

// Delete removes the run folder dir, which must be directly under root.
func Delete(root, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	rootAbs, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	if filepath.Dir(abs) != rootAbs {
		return fmt.Errorf("%s is not a run folder of Scout's; nothing was deleted", dir)
	}
	if err := os.RemoveAll(abs); err != nil {
		return fmt.Errorf("cannot delete %s: %w", dir, err)
	}
	return nil
}
