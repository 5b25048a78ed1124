package runs

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/scout-research/scout/backend/agent"
)

// maxEventLine bounds one journal line; events never hold page text, so
// this is generous.
const maxEventLine = 4 << 20

// ReadJournal reads the events of a run folder. A last line cut short by a
// killed process is skipped, as the journal's promise is to lose at most
// the event in flight. A damaged line before the end is an error, returned
// with the events read up to it.
func ReadJournal(dir string) ([]agent.Event, error) {
	f, err := os.Open(filepath.Join(dir, "journal.jsonl"))
	if err != nil {
		return nil, fmt.Errorf("%s is not a run folder (no journal.jsonl): %w", dir, err)
	}
	defer f.Close()
	var events []agent.Event
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), maxEventLine)
	var pendingErr error
	for sc.Scan() {
		if pendingErr != nil {
			return events, pendingErr // a damaged line in the middle
		}
		var ev agent.Event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			pendingErr = fmt.Errorf("journal line %d of %s is damaged: %w", len(events)+1, dir, err)
			continue
		}
		events = append(events, ev)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the journal of %s: %w", dir, err)
	}
	return events, nil
}

// Reopen opens an existing run folder to append to its journal.
func Reopen(dir string) (*Folder, error) {
	if _, err := os.Stat(filepath.Join(dir, "journal.jsonl")); err != nil {
		return nil, fmt.Errorf("%s is not a run folder (no journal.jsonl)", dir)
	}
	f, err := openFiles(dir)
	if err != nil {
		return nil, err
	}
	// Continue the visit numbering of pages/.
	names, _ := filepath.Glob(filepath.Join(dir, "pages", "*-part-*.md"))
	for _, n := range names {
		var visit, part int
		if _, err := fmt.Sscanf(filepath.Base(n), "%03d-part-%d.md", &visit, &part); err == nil {
			f.visits = max(f.visits, visit)
		}
	}
	return f, nil
}
