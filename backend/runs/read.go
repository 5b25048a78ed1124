package runs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/scout-research/scout/backend/agent"
)

// maxEventLine bounds one journal line held in memory. Events are cut well
// below it (maxFieldBytes); a longer line comes from an older version of
// Scout or from damage, and is passed over rather than read.
const maxEventLine = 4 << 20

// ErrDamaged is the kind of error ReadJournal returns beside the events it
// could read, for errors.Is.
var ErrDamaged = errors.New("the journal is damaged")

// ReadJournal reads the events of a run folder. A last line cut short by a
// killed process is skipped, as the journal's promise is to lose at most
// the event in flight. A damaged line elsewhere, or one too long to hold
// (over maxEventLine), is passed over and the reading goes on: the events
// read are returned with an error wrapping ErrDamaged that names the lines
// left out.
func ReadJournal(dir string) ([]agent.Event, error) {
	f, err := openNoFollow(filepath.Join(dir, "journal.jsonl"), os.O_RDONLY)
	if err != nil {
		return nil, fmt.Errorf("%s is not a run folder (no journal.jsonl): %w", dir, err)
	}
	defer f.Close()
	var events []agent.Event
	var problems []string
	r := bufio.NewReaderSize(f, 64<<10)
	for n := 1; ; n++ {
		line, ended, tooLong, err := readLine(r)
		if err != nil && !errors.Is(err, io.EOF) {
			return events, fmt.Errorf("reading the journal of %s: %w", dir, err)
		}
		last := errors.Is(err, io.EOF)
		var ev agent.Event
		switch {
		case tooLong:
			problems = append(problems, fmt.Sprintf("line %d is over %d MB and was left out", n, maxEventLine>>20))
		case len(bytes.TrimSpace(line)) == 0:
		case json.Unmarshal(line, &ev) != nil:
			if !(last && !ended) { // a torn last line is the event in flight
				problems = append(problems, fmt.Sprintf("line %d is damaged and was left out", n))
			}
		default:
			events = append(events, ev)
		}
		if last {
			break
		}
	}
	if len(problems) > 0 {
		return events, fmt.Errorf("%w: in %s, journal %s", ErrDamaged, dir, strings.Join(problems, "; "))
	}
	return events, nil
}

// readLine reads one line without its newline. ended says a newline ended
// it; a line over maxEventLine is read through but not kept (tooLong).
// err is io.EOF at the end of the file, with the last line if it had no
// newline.
func readLine(r *bufio.Reader) (line []byte, ended, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > maxEventLine+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil:
			return line, false, tooLong, err
		}
		return bytes.TrimSuffix(line, []byte("\n")), true, tooLong, nil
	}
}

// Reopen opens an existing run folder to append to its journal. A journal
// whose last line a killed process cut short loses that partial line (the
// reader already leaves it out), so the next event starts a line of its
// own and every line stays one event.
func Reopen(dir string) (*Folder, error) {
	if _, err := os.Lstat(filepath.Join(dir, "journal.jsonl")); err != nil {
		return nil, fmt.Errorf("%s is not a run folder (no journal.jsonl)", dir)
	}
	if err := makePrivateDir(dir); err != nil {
		return nil, fmt.Errorf("cannot write in the run folder %s: %w", dir, err)
	}
	if err := makePagesDir(dir); err != nil {
		return nil, fmt.Errorf("cannot write in the run folder %s: %w", dir, err)
	}
	if err := mendTornEnd(filepath.Join(dir, "journal.jsonl"), true); err != nil {
		return nil, fmt.Errorf("cannot continue the journal in %s: %w", dir, err)
	}
	if err := mendTornEnd(filepath.Join(dir, "journal.txt"), false); err != nil {
		return nil, fmt.Errorf("cannot continue the journal in %s: %w", dir, err)
	}
	f, err := openFiles(dir, 0)
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

// tailChunk is how much of a file's end is searched at a time for the last
// newline.
const tailChunk = 64 << 10

// mendTornEnd makes path end with a newline, if it holds anything: drop
// cuts the unfinished last line off (journal.jsonl, whose every line must
// be an event), else a newline ends it (journal.txt, for people, which
// keeps what it had). A missing file is left missing.
func mendTornEnd(path string, drop bool) error {
	f, err := openNoFollow(path, os.O_RDWR)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || info.Size() == 0 {
		return err
	}
	end := info.Size()
	last := make([]byte, 1)
	if _, err := f.ReadAt(last, end-1); err != nil {
		return err
	}
	if last[0] == '\n' {
		return nil
	}
	if !drop {
		_, err := f.WriteAt([]byte("\n"), end)
		return err
	}
	buf := make([]byte, tailChunk)
	for at := end; at > 0; {
		from := max(at-tailChunk, 0)
		chunk := buf[:at-from]
		if _, err := f.ReadAt(chunk, from); err != nil {
			return err
		}
		if i := bytes.LastIndexByte(chunk, '\n'); i >= 0 {
			return f.Truncate(from + int64(i) + 1)
		}
		at = from
	}
	return f.Truncate(0)
}
