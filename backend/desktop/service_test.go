package desktop

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/internal/testenv"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
	"github.com/scout-research/scout/backend/settings"
)

// recorder collects what the service emits.
type recorder struct {
	mu     sync.Mutex
	events map[string][]any
	done   chan RunView
}

func newRecorder() *recorder {
	return &recorder{events: map[string][]any{}, done: make(chan RunView, 1)}
}

func (r *recorder) emit(name string, data any) {
	r.mu.Lock()
	r.events[name] = append(r.events[name], data)
	r.mu.Unlock()
	if name == EventRunDone {
		r.done <- data.(RunView)
	}
}

func act(a, p string) string {
	return fmt.Sprintf(`{"thought_process":"t","action":%q,"parameter":%q}`, a, p)
}

func script(finishDelay time.Duration) map[string][]llmtest.Reply {
	r := func(s string) llmtest.Reply { return llmtest.Reply{Content: s} }
	return map[string][]llmtest.Reply{
		"checklist": {r(`{"items":["the tallest mountain in Africa","its height in meters","its height in feet"]}`)},
		"action": {r(act("SEARCH", "tallest mountain in Africa")), r(act("NAVIGATE", "R1")),
			r(act("DISCOVER", "[1,2,3] Mount Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level at Uhuru Peak.")),
			{Content: act("FINISH", "Kilimanjaro"), Delay: finishDelay}, r(act("FINISH", "Kilimanjaro"))},
		"coverage": {r(`{"items":[{"item":1,"findings":[1],"covered":true,"missing":""},{"item":2,"findings":[1],"covered":true,"missing":""},{"item":3,"findings":[1],"covered":true,"missing":""}]}`)},
		"writer":   {r(`{"result":"The tallest mountain in Africa is Mount Kilimanjaro [1], 5,895 metres (19,341 ft) high [1]."}`)},
	}
}

func setup(t *testing.T, finishDelay time.Duration) (*Service, *recorder, *llmtest.Server) {
	t.Helper()
	return setupWith(t, llmtest.Options{Script: llmtest.QueueReplies(script(finishDelay))})
}

// setupWith is setup with a model server of these options.
func setupWith(t *testing.T, opts llmtest.Options) (*Service, *recorder, *llmtest.Server) {
	t.Helper()
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	t.Setenv(settings.EnvKeyring, "off") // never the keyring of whoever runs the tests
	_, web := fakeweb.Start(t, filepath.Join("..", "..", "testdata", "web"))
	model := llmtest.New(opts)
	t.Cleanup(model.Close)
	store := &settings.Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	set := settings.Defaults()
	set.ServerURL, set.ShowBrowser = model.BaseURL(), false
	set.Search.DuckDuckGoURL = web.URL + "/search/html/"
	set.AllowLocalNetwork = true // the fixture web's pages are on loopback
	if err := store.Save(set); err != nil {
		t.Fatal(err)
	}
	rec := newRecorder()
	svc := New(store, rec.emit)
	t.Cleanup(svc.Shutdown)
	return svc, rec, model
}

func TestRunInTheBackground(t *testing.T) {
	svc, rec, model := setup(t, 0)
	view, err := svc.Start(context.Background(), "  What is the tallest mountain in Africa, and how tall is it in meters and in feet? ")
	if err != nil {
		t.Fatal(err)
	}
	if !view.Running || view.ContextLength != 8192 || view.MaxTurns != 100 || !strings.HasPrefix(view.Progress.Glance.Objective, "What") ||
		view.Progress.Glance.Status != agent.StatusRunning {
		t.Fatalf("start view %+v", view)
	}
	if _, err := svc.Start(context.Background(), "another"); err != ErrBusy {
		t.Fatalf("second start: %v", err)
	}
	var done RunView
	select {
	case done = <-rec.done:
	case <-time.After(60 * time.Second):
		t.Fatal("the run did not end")
	}
	if g := done.Progress.Glance; done.Running || g.Status != agent.StatusFinished || g.Words != "finished" || g.Figures.Turns != 4 || len(done.Progress.Findings) != 1 {
		t.Fatalf("done %+v", done)
	}
	// The checklist says what the report says, at the end and when the
	// run is opened again from the history.
	for _, it := range done.Progress.Glance.Checklist {
		if it.State != runs.ItemAnswered || it.Words != "[1]" {
			t.Errorf("checklist item at the end: %+v", it)
		}
	}
	if past, err := svc.Open(done.Dir); err != nil || !reflect.DeepEqual(past.Progress.Glance.Checklist, done.Progress.Glance.Checklist) {
		t.Errorf("opened again (%v): %+v, at the end %+v", err, past.Progress.Glance.Checklist, done.Progress.Glance.Checklist)
	}
	probes := 0
	for _, r := range model.Requests() {
		if r == "GET /v1/models" {
			probes++
		}
	}
	if probes != 1 {
		t.Errorf("the model list was asked for %d times for one run, want 1", probes)
	}
	// Rows arrived in batches, in order, ending with the report; each
	// finding once; each batch with the glance after it.
	var seqs []int
	var found []int
	for _, b := range rec.events[EventRunEvents] {
		p := b.(Progress)
		for _, r := range p.Rows {
			seqs = append(seqs, r.Seq)
		}
		for _, f := range p.Findings {
			found = append(found, f.Number)
		}
		if p.Glance.Status != agent.StatusRunning || (len(p.Rows) > 0 && p.Glance.Seq < p.Rows[len(p.Rows)-1].Seq) {
			t.Errorf("a batch's glance: %+v", p.Glance)
		}
	}
	if !slices.IsSorted(seqs) || len(slices.Compact(slices.Clone(seqs))) != len(seqs) {
		t.Fatalf("rows out of order: %v", seqs)
	}
	if len(found) != 1 || found[0] != 1 {
		t.Errorf("findings sent %v, want [1]", found)
	}
	if len(rec.events[EventRunEvents]) >= len(seqs) {
		t.Errorf("%d rows in %d batches: not batched", len(seqs), len(rec.events[EventRunEvents]))
	}
	if cur := svc.Current(); !slices.Equal(rowSeqs(cur), seqs) || cur.Progress.Rows[len(seqs)-1].Title != "Report written" {
		t.Fatalf("current view has rows %v, the batches had %v", rowSeqs(cur), seqs)
	}
	if rows := done.Progress.Rows; len(rows) != len(seqs) {
		t.Fatalf("the run's end holds %d rows, the batches %d", len(rows), len(seqs))
	}

	r, err := svc.Report(done.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.HTML, `class="cite"`) || !strings.HasPrefix(r.Title, "What is the tallest") {
		t.Fatalf("report view %+v", r.Title)
	}
	for _, format := range []string{FormatMarkdown, FormatHTML} {
		path, err := svc.Export(done.Dir, format, filepath.Join(t.TempDir(), "report"))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(path)
		if !strings.HasSuffix(path, "."+format) || !strings.Contains(string(data), "5,895 metres") {
			t.Errorf("%s export %s: %.80q", format, path, data)
		}
	}
	pdf, err := svc.Export(done.Dir, FormatPDF, filepath.Join(t.TempDir(), "report.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(pdf)
	if !strings.HasPrefix(string(data), "%PDF-") || len(data) < 5000 {
		t.Errorf("PDF export: %d bytes starting %.8q", len(data), data)
	}
	if text := pdfText(t, pdf); text != "" && !strings.Contains(text, "5,895") {
		t.Errorf("the PDF does not show the result:\n%.400s", text)
	}
}

func TestStopWritesTheReport(t *testing.T) {
	svc, rec, _ := setup(t, time.Minute)
	if _, err := svc.Start(context.Background(), "What is the tallest mountain in Africa, and how tall is it in meters and in feet?"); err != nil {
		t.Fatal(err)
	}
	waitForFinding(t, svc)
	now, err := svc.WriteReportNow()
	if err != nil || !strings.Contains(now.Markdown, "still running, written on turn") || !strings.Contains(now.Markdown, "## Findings (1)") {
		t.Fatalf("report while running: %v\n%s", err, now.Markdown)
	}
	// Its result is a draft from the finding, not a word that the run ended.
	if !strings.Contains(now.Markdown, "A draft from the findings so far") || !strings.Contains(now.Markdown, "[1]") ||
		strings.Contains(now.Markdown, "before the run ended") {
		t.Errorf("the report written while running contradicts itself or has no draft:\n%s", now.Markdown)
	}
	if !svc.Current().Running {
		t.Fatal("writing the report stopped the run")
	}
	if err := svc.Stop(); err != nil {
		t.Fatal(err)
	}
	done := <-rec.done
	if g := done.Progress.Glance; g.Status != agent.StatusInterrupted || g.Words != "stopped" || !g.Resumable {
		t.Fatalf("glance %+v", g)
	}
	r, err := svc.Report(done.Dir)
	if err != nil || !strings.Contains(r.Markdown, "interrupted on turn 4: stopped before the agent finished") {
		t.Fatalf("report %v:\n%s", err, r.Markdown)
	}
}

func TestStartChecksTheServerFirst(t *testing.T) {
	store := &settings.Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	set := settings.Defaults()
	set.ServerURL = "http://127.0.0.1:9/v1"
	store.Save(set)
	svc := New(store, func(string, any) {})
	_, err := svc.Start(context.Background(), "anything")
	if err == nil || !strings.Contains(err.Error(), "Start the server in LM Studio") {
		t.Fatalf("start with no server: %v", err)
	}
	if _, err := svc.Start(context.Background(), "   "); err == nil {
		t.Fatal("empty objective accepted")
	}
}

func hasFinding(v RunView) bool { return len(v.Progress.Findings) > 0 }

func rowSeqs(v RunView) []int {
	var seqs []int
	for _, r := range v.Progress.Rows {
		seqs = append(seqs, r.Seq)
	}
	return seqs
}

func TestHistoryOpenResumeDelete(t *testing.T) {
	svc, rec, model := setup(t, time.Minute)
	if _, err := svc.Start(context.Background(), "What is the tallest mountain in Africa, and how tall is it in meters and in feet?"); err != nil {
		t.Fatal(err)
	}
	waitForFinding(t, svc)
	// The run going on has no run.json yet: it is listed as running.
	if list, err := svc.History(); err != nil || len(list) != 1 || list[0].Status != agent.StatusRunning || list[0].Words != "running now" ||
		list[0].Resumable || list[0].Findings != 1 || list[0].Turns < 3 {
		t.Fatalf("history while running: %+v, %v", list, err)
	}
	svc.Stop()
	stopped := <-rec.done

	list, err := svc.History()
	if err != nil || len(list) != 1 || list[0].Status != agent.StatusInterrupted || !list[0].Resumable || list[0].Findings != 1 || !list[0].HasReport {
		t.Fatalf("history %+v, %v", list, err)
	}
	past, err := svc.Open(stopped.Dir)
	if g := past.Progress.Glance; err != nil || g.Objective == "" || g.Status != agent.StatusInterrupted || !g.Resumable || !hasFinding(past) ||
		!slices.Equal(rowSeqs(past), rowSeqs(stopped)) {
		t.Fatalf("open: %+v, %v", g, err)
	}
	if err := svc.Delete(filepath.Dir(stopped.Dir)); err == nil {
		t.Fatal("deleted the runs folder itself")
	}

	// A copy whose journal is damaged partway opens with what could be
	// read, and is not resumed.
	damaged := filepath.Join(filepath.Dir(stopped.Dir), "damaged")
	damageJournal(t, stopped.Dir, damaged)
	if v, err := svc.Open(damaged); err != nil || !strings.Contains(v.Progress.Glance.Error, "damaged") || len(v.Progress.Rows) == 0 {
		t.Fatalf("open a damaged run: %v with %d rows, %v", v.Progress.Glance.Error, len(v.Progress.Rows), err)
	}
	if _, err := svc.Resume(context.Background(), damaged); err == nil || !strings.Contains(err.Error(), "cannot be resumed") {
		t.Fatalf("resuming a damaged run: %v", err)
	}
	if err := svc.Delete(damaged); err != nil {
		t.Fatal(err)
	}

	// Resume: the scripted model answers FINISH (without the delay now).
	rec.mu.Lock()
	batches := len(rec.events[EventRunEvents])
	rec.mu.Unlock()
	view, err := svc.Resume(context.Background(), stopped.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if !view.Running || !slices.Equal(rowSeqs(view), rowSeqs(stopped)) || len(view.Progress.Findings) != 1 || view.Progress.Glance.Status != agent.StatusRunning {
		t.Fatalf("resume view running=%v with rows %v, findings %d", view.Running, rowSeqs(view), len(view.Progress.Findings))
	}
	// Elapsed time goes on from the time worked so far, not from the first
	// start: the wait while stopped does not count.
	if view.PriorSeconds <= 0 || time.Since(view.Started) > 10*time.Second {
		t.Fatalf("resumed view: prior %.1f s, started %v ago", view.PriorSeconds, time.Since(view.Started))
	}
	if list, _ := svc.History(); len(list) != 1 || list[0].Status != agent.StatusRunning {
		t.Fatalf("history while resumed: %+v", list)
	}
	if err := svc.Delete(stopped.Dir); err == nil {
		t.Fatal("deleted a running run")
	}
	var done RunView
	select {
	case done = <-rec.done:
	case <-time.After(2 * time.Minute):
		t.Fatal("resumed run did not end")
	}
	if g := done.Progress.Glance; g.Status != agent.StatusFinished || len(done.Progress.Findings) != 1 || g.Figures.Turns <= 4 {
		t.Fatalf("resumed run ended %s (%s), %d findings, %d turns", g.Status, g.Error, len(done.Progress.Findings), g.Figures.Turns)
	}
	// The findings the window had when the run was resumed are not sent again.
	for _, b := range rec.events[EventRunEvents][batches:] {
		if f := b.(Progress).Findings; len(f) != 0 {
			t.Errorf("a batch of the resumed run sends findings %+v", f)
		}
	}
	if err := svc.Delete(stopped.Dir); err != nil {
		t.Fatal(err)
	}
	if svc.browsers.Running() != 1 {
		t.Fatal("the app-session browser was not kept across runs")
	}
	// The start and the resume each made a runner.Setup, which asked the
	// model server what it serves; their runs took its answer.
	if asked := strings.Count(strings.Join(model.Requests(), "\n"), "GET /v1/models"); asked != 2 {
		t.Errorf("the model server was asked for its models %d times, want twice (the start's setup, the resume's):\n%s", asked, strings.Join(model.Requests(), "\n"))
	}
	if list, _ := svc.History(); len(list) != 0 {
		t.Fatalf("history after delete: %+v", list)
	}
}

// damageJournal copies the journal of the run in from to a new run folder
// to, with its third line broken.
func damageJournal(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(from, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	lines[2] = "{broken"
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(to, "journal.jsonl"), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// pdfText extracts the PDF's text with pdftotext when it is installed.
func pdfText(t *testing.T, path string) string {
	out, err := exec.Command("pdftotext", path, "-").Output()
	if err != nil {
		if os.Getenv("SCOUT_GUI_E2E") == "1" {
			t.Fatalf("pdftotext: %v (make test installs poppler-utils)", err)
		}
		t.Logf("pdftotext unavailable (%v): the PDF's text is not checked", err)
		return ""
	}
	return string(out)
}

// waitForFinding waits until the run has recorded a finding and its model
// has started the next (slow, scripted) turn.
func waitForFinding(t *testing.T, svc *Service) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !hasFinding(svc.Current()) {
		if time.Now().After(deadline) {
			t.Fatal("no finding in time")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
}

// How the window tells a run's end, from what the runner returned.
func TestEnding(t *testing.T) {
	finished := &runner.Outcome{Result: &agent.Result{Status: agent.StatusFinished}}
	stuck := &runner.Outcome{Result: &agent.Result{Status: agent.StatusStuck, Error: "the same reply"}}
	for _, tc := range []struct {
		name   string
		out    *runner.Outcome
		err    error
		status agent.Status
		inWord string
	}{
		{"finished", finished, nil, agent.StatusFinished, ""},
		{"ended early, in the model's words", stuck, nil, agent.StatusStuck, "the same reply"},
		{"stopped during the setup", nil, context.Canceled, agent.StatusInterrupted, "before the research began"},
		{"could not start", nil, errors.New("Nothing is listening"), agent.StatusFailed, "Nothing is listening"},
		{"its report could not be written", finished, errors.New("cannot write report.md"), agent.StatusFailed, "cannot write"},
	} {
		status, message := ending(tc.out, tc.err)
		if status != tc.status || !strings.Contains(message, tc.inWord) {
			t.Errorf("%s: %s, %q", tc.name, status, message)
		}
	}
}

// A run written by Scout before the journal had one reader opens as it did.
func TestOpenAnOldRun(t *testing.T) {
	svc := New(&settings.Store{Path: filepath.Join(t.TempDir(), "settings.json")}, func(string, any) {})
	v, err := svc.Open(filepath.Join("..", "..", "testdata", "journals", "resumed"))
	if err != nil {
		t.Fatal(err)
	}
	if g := v.Progress.Glance; g.Status != agent.StatusFinished || g.Words != "finished" || g.Figures.Turns != 4 || len(v.Progress.Findings) != 1 ||
		len(v.Progress.Rows) != 18 || v.Running || v.Started.IsZero() {
		t.Errorf("old run: %+v, %d rows, %d findings", g, len(v.Progress.Rows), len(v.Progress.Findings))
	}
}
