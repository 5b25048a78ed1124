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
	Dir       string    `json:"dir"`
	Objective string    `json:"objective"`
	Status    string    `json:"status"`
	Started   time.Time `json:"started"`
	Turns     int       `json:"turns"`
	Findings  int       `json:"findings"`
	HasReport bool      `json:"has_report"`
	// Damaged says what could not be read; the rest is what could.
	Damaged string `json:"damaged"`
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
			return e
		}
		problems = append(problems, "run.json is damaged")
	}
	// No summary (the process was killed) or a damaged one: the journal.
	events, err := ReadJournal(dir)
	if err != nil {
		problems = append(problems, err.Error())
	}
	d := Digest(events)
	e.Objective, e.Started, e.Status, e.Turns, e.Findings = d.Objective, d.Started, d.Status, d.Turns, d.Findings
	if e.Status == "" && len(events) > 0 {
		e.Status = agent.StatusInterrupted // killed before it could say
	}
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

// Digested is what a journal says of its run at a glance.
type Digested struct {
	Objective string
	Started   time.Time // the first start
	// Status is how the last stretch ended, "" when it has not (yet).
	Status          string
	Message         string // the error the run ended with, if any
	Turns, Findings int
}

// Digest reads the run's objective, start, end, turns and findings from its
// events: the one place the history, the app and a resume get them.
func Digest(events []agent.Event) Digested {
	var d Digested
	for _, ev := range events {
		switch ev.Type {
		case agent.EvRunStarted:
			if d.Objective == "" {
				d.Objective, d.Started = ev.Objective, ev.Time
			}
			d.Status, d.Message = "", "" // a resumed stretch has not ended yet
		case agent.EvFinding:
			d.Findings++
		case agent.EvRunFinished:
			d.Status, d.Message = ev.Status, ev.Message
		}
		d.Turns = max(d.Turns, ev.Turn)
	}
	return d
}
