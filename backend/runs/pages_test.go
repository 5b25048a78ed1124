package runs

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/agent/port"
)

// What a resume takes over of the page the run was on, and of its last
// search, read back from a run folder: the journal names the parts' files
// and pages/ holds their text, as the model was shown it. A reopening in a
// resumed stretch is no visit, and the parts it shows again are saved
// apart from those shown before.
func TestPastHoldsThePageBeingRead(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	f, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	const u = "http://a.test/kili"
	results := []port.SearchResult{{Title: "Kili", URL: u, Snippet: "the highest"}, {Title: "Kenya", URL: "http://a.test/kenya"}}
	for _, ev := range []agent.Event{
		{Type: agent.EvRunStarted, Objective: "o"},
		{Turn: 1, Type: agent.EvSearched, Query: "q", Count: 2, URLs: []string{u, "http://a.test/kenya"}, Results: results},
		{Turn: 2, Type: agent.EvPageOpened, URL: u, Title: "Kili", Parts: 3},
		{Turn: 2, Type: agent.EvPartShown, URL: u, Title: "Kili", Part: 1, Parts: 3, Text: "Kilimanjaro rises 5,895 metres."},
		{Turn: 3, Type: agent.EvFinding, URL: u, Finding: &agent.Finding{Number: 1, Turn: 3, Text: "5,895 metres", URL: u, Part: 1}},
		{Turn: 4, Type: agent.EvSearched, Query: "q2", Message: "blocked"}, // failed: the results before stay on offer
		{Turn: 4, Type: agent.EvPartShown, URL: u, Title: "Kili", Part: 2, Parts: 3, Text: "Its glaciers are shrinking.\n\n- fast"},
		// A resumed stretch reopens it, and is stopped.
		{Turn: 4, Type: agent.EvRunStarted, Objective: "o", Message: "resumed"},
		{Turn: 4, Type: agent.EvPageReopened, URL: u, Title: "Kili", Part: 2, Parts: 3},
		{Turn: 4, Type: agent.EvPartShown, URL: u, Title: "Kili", Part: 2, Parts: 3, Text: "Its glaciers are gone."},
	} {
		ev.Time = at
		f.Emit(ev)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	events, err := ReadJournal(dir)
	if err != nil {
		t.Fatal(err)
	}
	past, err := Replay(events).Past()
	if err != nil {
		t.Fatal(err)
	}
	snap := past.Snapshot
	ReadShown(dir, &snap)
	want := &agent.PageRead{URL: u, Title: "Kili", Part: 2, Parts: 3, Findings: 1, Shown: []agent.ShownPart{
		{Part: 1, Text: "Kilimanjaro rises 5,895 metres.", File: "pages/001-part-1.md", Found: true},
		{Part: 2, Text: "Its glaciers are shrinking.\n\n- fast", File: "pages/001-part-2.md"},
		{Part: 2, Text: "Its glaciers are gone.", File: "pages/002-part-2.md"},
	}}
	if !reflect.DeepEqual(snap.Page, want) {
		t.Fatalf("page\n%+v, want\n%+v", snap.Page, want)
	}
	if past.Snapshot.Page.Shown[0].Text != "" {
		t.Error("ReadShown changed the snapshot the caller holds")
	}
	if ls := snap.LastSearch; ls == nil || ls.Turn != 1 || ls.Query != "q" || !reflect.DeepEqual(ls.Results, results) {
		t.Fatalf("last search %+v", snap.LastSearch)
	}
	if snap.Visits[u] != 1 || len(snap.Opened) != 1 {
		t.Fatalf("visits %v, opened %v: the reopening counted as one", snap.Visits, snap.Opened)
	}
}

// Only a file a run folder names its parts by is read back, and one that
// is gone leaves its part without text.
func TestReadShownReadsOnlyTheFolderPages(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "pages"), 0o700)
	os.WriteFile(filepath.Join(dir, "pages", "001-part-1.md"), []byte("<!-- u | t | part 1 of 2 -->\nsaved\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "secret.md"), []byte("<!-- x -->\nsecret\n"), 0o600)
	snap := agent.Snapshot{Page: &agent.PageRead{Shown: []agent.ShownPart{
		{Part: 1, File: "pages/001-part-1.md"}, {Part: 2, File: "pages/001-part-2.md"},
		{Part: 1, File: "pages/../secret.md"}, {Part: 1, File: "/etc/passwd"},
	}}}
	ReadShown(dir, &snap)
	var texts []string
	for _, s := range snap.Page.Shown {
		texts = append(texts, s.Text)
	}
	if !reflect.DeepEqual(texts, []string{"saved", "", "", ""}) {
		t.Fatalf("texts %q", texts)
	}
}

// What a follow-up knows of the pages its earlier run read: every page
// opened, with the text of each part shown read back from pages/, and the
// findings recorded from it.
func TestReadPagesReadsEveryPageRead(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	f, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	const kili, kenya = "http://a.test/kili", "http://a.test/kenya"
	for _, ev := range []agent.Event{
		{Type: agent.EvRunStarted, Objective: "o"},
		{Turn: 2, Type: agent.EvPageOpened, URL: kili, Title: "Kili", Parts: 2},
		{Turn: 2, Type: agent.EvPartShown, URL: kili, Title: "Kili", Part: 1, Parts: 2, Text: "Kilimanjaro rises 5,895 metres."},
		{Turn: 3, Type: agent.EvFinding, URL: kili, Finding: &agent.Finding{Number: 1, Turn: 3, Text: "5,895 metres", URL: kili, Part: 1}},
		{Turn: 4, Type: agent.EvPageOpened, URL: kenya, Title: "Kenya", Parts: 1},
		{Turn: 4, Type: agent.EvPartShown, URL: kenya, Title: "Kenya", Part: 1, Parts: 1, Text: "Mount Kenya rises 5,199 metres."},
	} {
		ev.Time = at
		f.Emit(ev)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	events, _ := ReadJournal(dir)
	past, err := Replay(events).Past()
	if err != nil {
		t.Fatal(err)
	}
	snap := past.Snapshot
	ReadPages(dir, &snap)
	want := []*agent.PageRead{
		{URL: kili, Title: "Kili", Part: 1, Parts: 2, Findings: 1, Shown: []agent.ShownPart{{Part: 1, Text: "Kilimanjaro rises 5,895 metres.", File: "pages/001-part-1.md", Found: true}}},
		{URL: kenya, Title: "Kenya", Part: 1, Parts: 1, Shown: []agent.ShownPart{{Part: 1, Text: "Mount Kenya rises 5,199 metres.", File: "pages/002-part-1.md"}}},
	}
	if !reflect.DeepEqual(snap.Pages, want) {
		t.Fatalf("pages read:\n%+v\nwant\n%+v", snap.Pages, want)
	}
	if past.Snapshot.Pages[0].Shown[0].Text != "" {
		t.Fatal("ReadPages changed the pages the caller holds")
	}
}
