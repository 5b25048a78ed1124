package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/internal/testenv"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/settings"
)

func writeTask(t *testing.T, dir string) {
	t.Helper()
	task := `{"id":"factual","kind":"factual question","objective":"How tall is Mount Meru in Tanzania, in metres?","turn_limit":20,
"checklist":[{"text":"the height of Mount Meru in metres","keywords":[["Meru","4,562 metres"]]},{"text":"the region Mount Meru is in","keywords":[["Meru","Arusha Region"]]}],
"queries":["Mount Meru height","Meru Tanzania elevation"],"must":["4,562"],"must_not":["4,565"]}`
	pages := map[string]string{
		"mount-meru": `<html><head><title>Mount Meru - Peaks of Tanzania</title></head><body><nav><a href="{{base}}/factual/arusha">Arusha</a></nav><main><h1>Mount Meru</h1>
<p>Mount Meru is a dormant stratovolcano in the Arusha Region of Tanzania.</p><p>Its summit, Socialist Peak, makes Mount Meru 4,562 metres high, the second highest in the country.</p></main><footer>Peaks of Tanzania</footer></body></html>`,
		"arusha":    `<html><head><title>Arusha National Park</title></head><body><main><h1>Arusha National Park</h1><p>The park covers Mount Meru's slopes and the Momella lakes.</p><p>Visitors often confuse Meru with its neighbour Kilimanjaro.</p></main></body></html>`,
		"meru-trek": `<html><head><title>Trekking Meru: a blog</title></head><body><main><h1>Our trek</h1><p>We climbed Meru in four days; our guide claimed the summit stands at 4,565 metres, but the map disagreed.</p></main></body></html>`,
	}
	os.MkdirAll(filepath.Join(dir, "factual", "pages"), 0o755)
	os.WriteFile(filepath.Join(dir, "factual", "task.json"), []byte(task), 0o644)
	for slug, body := range pages {
		os.WriteFile(filepath.Join(dir, "factual", "pages", slug+".html"), []byte(body), 0o644)
	}
}

func TestOfflineRunOfATask(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	dir := t.TempDir()
	writeTask(t, dir)
	tasks, _ := LoadTasks(dir)
	out := t.TempDir()
	if d := os.Getenv("BENCH_KEEP"); d != "" {
		out = d
	}
	results, err := Run(context.Background(), Options{Tasks: tasks, OutDir: out, NoCacheReuse: true, TaskTimeout: time.Minute, ReadRate: 7, WriteRate: 3.5})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 2 {
		t.Fatalf("%d results", len(results))
	}
	for _, r := range results {
		assertSolved(t, r)
		assertMistakesCaught(t, r)
		if r.Refusals[agent.EvTurnSkipped] != 0 {
			t.Errorf("%s: a turn was skipped: %v", r.Mode, r.Refusals)
		}
	}
	app, reb := results[0], results[1]
	if len(app.ListWaits) == 0 {
		t.Error("no wait from a SEARCH to its results list was measured")
	}
	if sp := app.Spending; sp == nil || sp.Thought <= 0 || sp.Thought >= sp.Written[agent.KindAction] {
		t.Errorf("spending %+v: want the thought a part of the action calls' writing", sp)
	}
	if app.ReuseRatio() <= reb.ReuseRatio() || app.ProjectedMinutes >= reb.ProjectedMinutes {
		t.Errorf("append %.2f reuse %.1f min; rebuild %.2f reuse %.1f min", app.ReuseRatio(), app.ProjectedMinutes, reb.ReuseRatio(), reb.ProjectedMinutes)
	}
	md, err := Summary{Mode: "offline", ReadRate: 7, WriteRate: 3.5, Results: results}.Write(out, nil)
	if err != nil || !strings.Contains(md, "| factual | oracle | append | agent |") || !strings.Contains(md, "less model time than rebuilding") ||
		!strings.Contains(md, "model calls: action ×") || !strings.Contains(md, "| Re-read | Written (action/checklist/coverage/writer) | Thought |") ||
		!strings.Contains(md, "From a SEARCH to its results list") {
		t.Fatalf("summary %v:\n%s", err, md)
	}
	t.Log("\n" + md)
}

// TestFrozenWebSmoke runs two of the real benchmark tasks offline, so the
// benchmark cannot silently rot: both must finish with every answer check
// and citation passing.
func TestFrozenWebSmoke(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	results, err := Run(context.Background(), Options{Tasks: realTasks(t, "factual", "list"), OutDir: t.TempDir(), TaskTimeout: 2 * time.Minute, ReadRate: 7, WriteRate: 3.5})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		assertSolved(t, r)
		assertMistakesCaught(t, r)
	}
}

// realTasks loads the named tasks of the real benchmark.
func realTasks(t *testing.T, ids ...string) []Task {
	t.Helper()
	all, err := LoadTasks(filepath.Join("..", "..", "testdata", "bench"))
	if err != nil {
		t.Fatal(err)
	}
	var tasks []Task
	for _, id := range ids {
		for _, task := range all {
			if task.ID == id {
				tasks = append(tasks, task)
			}
		}
	}
	if len(tasks) != len(ids) {
		t.Fatalf("tasks %v not all found among %d", ids, len(all))
	}
	return tasks
}

// assertSolved fails unless the agent finished the task with every answer
// check and citation passing.
func assertSolved(t *testing.T, r Result) {
	t.Helper()
	if r.FinishedBy != "agent" || r.AnswerPassed != r.AnswerTotal || !r.CitationsValid {
		t.Errorf("%s (%s): ended %s (%s), answer %d/%d %v, citations %v", r.ID, r.Mode, r.FinishedBy, r.Error, r.AnswerPassed, r.AnswerTotal, r.AnswerMisses, r.CitationProblems)
	}
}

// mistakeKinds are the refusal kinds that catch each scripted mistake of
// the research; any one of a mistake's kinds counts. The writer's number
// in no finding is not refused but flagged.
var mistakeKinds = map[string][]string{
	mistakeRepeatSearch: {agent.RefusalRepeatedSearch},
	mistakeMalformed:    {agent.RefusalUnparseable},
	mistakeEmpty:        {agent.RefusalEmptyFinding},
	mistakeOffPage:      {agent.RefusalUngrounded, agent.RefusalLooseWording, agent.RefusalNotOnPage},
	mistakeEarlyFinish:  {agent.RefusalGaps, agent.RefusalNotCovered},
}

// assertMistakesCaught fails unless Scout caught every scripted mistake of
// the policy in r: each refused by its kind at least once, the invented
// number flagged.
func assertMistakesCaught(t *testing.T, r Result) {
	t.Helper()
	for _, m := range allMistakes {
		if m == mistakeNumber {
			if r.NumbersFlagged == 0 {
				t.Errorf("%s (%s): the writer's number in no finding was not flagged", r.ID, r.Mode)
			}
			continue
		}
		kinds, ok := mistakeKinds[m]
		if !ok {
			t.Fatalf("no refusal kind is known to catch the mistake %q: add it to mistakeKinds", m)
		}
		if refusedAs(r, kinds) == 0 {
			t.Errorf("%s (%s): the mistake %q was never refused as %v; refusals: %v", r.ID, r.Mode, m, kinds, r.Refusals)
		}
	}
}

// refusedAs counts r's refusals of the given kinds.
func refusedAs(r Result, kinds []string) int {
	n := 0
	for _, k := range kinds {
		n += r.Refusals[k]
	}
	return n
}

// TestFlawlessPolicy runs tasks with no scripted mistakes: a model that
// does everything right must finish without being sent back, and on the
// long how-to page it follows Scout's part hints past the background
// parts instead of reading every part in order.
func TestFlawlessPolicy(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	results, err := Run(context.Background(), Options{Tasks: realTasks(t, "explain", "howto"), OutDir: t.TempDir(), NoMistakes: true, TaskTimeout: 2 * time.Minute, ReadRate: 7, WriteRate: 3.5})
	if err != nil || len(results) != 2 {
		t.Fatalf("%d results, %v", len(results), err)
	}
	for _, r := range results {
		assertSolved(t, r)
		if r.Refusals[agent.RefusalGaps] != 0 {
			t.Errorf("%s: a complete FINISH was sent back: %v", r.ID, r.Refusals)
		}
		for m, kinds := range mistakeKinds {
			if refusedAs(r, kinds) != 0 {
				t.Errorf("%s: refused as if it made the mistake %q: %v", r.ID, m, r.Refusals)
			}
		}
		if r.NumbersFlagged != 0 {
			t.Errorf("%s: %d numbers flagged with no scripted mistakes", r.ID, r.NumbersFlagged)
		}
		if r.ID != "howto" {
			continue
		}
		read, _ := filepath.Glob(filepath.Join(r.Dir, "pages", "*.md"))
		for _, f := range read {
			if strings.HasSuffix(f, "part-2.md") || strings.HasSuffix(f, "part-3.md") {
				t.Errorf("howto: read %s, which the hints should have skipped (read: %v)", filepath.Base(f), read)
			}
		}
	}
}

// TestLiveModeUsesTheServerInSettings runs --live against a server that is
// not the bench's own: the model in settings answers, and the reusable
// tokens are what that server reports as cached.
// With llama.cpp that is its own count; LM Studio does not report one, so
// the figure is Scout's estimate, close to what the cache reused and marked
// as estimated in the summary.
func TestLiveModeUsesTheServerInSettings(t *testing.T) {
	testenv.RequireBrowser(t)
	for _, flavour := range []llmtest.Flavour{llmtest.LlamaCpp, llmtest.LMStudio04} {
		t.Run(flavour.String(), func(t *testing.T) { liveRun(t, flavour) })
	}
}

func liveRun(t *testing.T, flavour llmtest.Flavour) {
	testenv.IsolateData(t)
	dir := t.TempDir()
	writeTask(t, dir)
	tasks, _ := LoadTasks(dir)
	server := llmtest.New(llmtest.Options{Flavour: flavour, ContextLength: 16384, Script: NewPolicy(tasks[0]).Script()})
	defer server.Close()
	set := settings.Defaults()
	set.ServerURL = server.BaseURL()
	opts := Options{Tasks: tasks, OutDir: t.TempDir(), Live: true, Settings: set, TaskTimeout: time.Minute, ReadRate: 7, WriteRate: 3.5}
	results, err := Run(context.Background(), opts)
	if err != nil || len(results) != 1 {
		t.Fatalf("%d results, %v", len(results), err)
	}
	r := results[0]
	if r.FinishedBy != "agent" || r.AnswerPassed != r.AnswerTotal {
		t.Fatalf("ended %s (%s), answer %d/%d", r.FinishedBy, r.Error, r.AnswerPassed, r.AnswerTotal)
	}
	calls, cached := server.Calls(), 0
	for _, c := range calls {
		cached += c.CachedTokens
	}
	estimated := flavour != llmtest.LlamaCpp
	tolerance := 0
	if estimated {
		tolerance = r.PromptTokens / 25
	}
	if len(calls) == 0 || r.PromptTokens == 0 || r.Reusable < cached-tolerance || r.Reusable > cached+tolerance || r.ReuseEstimated != estimated {
		t.Fatalf("live run: %d calls to the server in settings, reusable %d (estimated %v), server cached %d", len(calls), r.Reusable, r.ReuseEstimated, cached)
	}
	if md := (Summary{Mode: "live", Results: results}).Markdown(nil); strings.Contains(md, "≈") != estimated {
		t.Errorf("the summary marks the reuse as estimated: %v, want %v\n%s", strings.Contains(md, "≈"), estimated, md)
	}
	data, _ := os.ReadFile(filepath.Join(r.Dir, "run.json"))
	if !strings.Contains(string(data), `"context_length": 16384`) {
		t.Errorf("the context length was not taken from the server:\n%s", data)
	}
	// The live ledger has a row per call, with the server's own counts.
	ledger, _ := os.ReadFile(filepath.Join(r.Dir, "model-calls.md"))
	if rows := strings.Count(string(ledger), "\n| "); rows != len(calls)+1 { // +1: the header's separator row
		t.Errorf("the ledger has %d rows for %d calls:\n%s", rows-1, len(calls), ledger)
	}
	first := calls[0]
	if !strings.Contains(string(ledger), fmt.Sprintf("| 1 | %s | %d | %d |", first.Kind, first.PromptTokens, first.CachedTokens)) {
		t.Errorf("the ledger's first row does not show the server's counts:\n%s", ledger)
	}
}

// TestModelZoo plays the factual task and seed 000's own run in every
// style of the zoo, and replays seed 000's actions: each style must finish
// with every answer check and citation passing, or (the stubborn one, which
// on the factual task gives up even after the step Scout takes for it) with
// a report naming what it lacks; the replay must finish as the ancestor's run did, on turn 4,
// with the model's finding recorded as it wrote it. No report may break
// the report's promise.
func TestModelZoo(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	results, err := Run(context.Background(), Options{Tasks: realTasks(t, "factual", "seed"), OutDir: t.TempDir(), Styles: Styles,
		TaskTimeout: 2 * time.Minute, ReadRate: 7, WriteRate: 3.5})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 2*len(Styles)+1 {
		t.Fatalf("%d results", len(results))
	}
	for _, r := range results {
		if r.Breaches() > 0 {
			t.Errorf("%s (%s): the report breaks its promise: %v", r.ID, r.Style, r.Promise.Breaches)
		}
		switch {
		case r.Style == Stubborn && !r.Passed():
			if r.FinishedBy != "agent" || r.GapsNamed == 0 || !r.CitationsValid {
				t.Errorf("%s (stubborn): ended %s with %d gaps named, citations %v", r.ID, r.FinishedBy, r.GapsNamed, r.CitationProblems)
			}
		case r.Style == Replay:
			assertSolved(t, r)
			if r.Turns != 4 || len(r.Refusals) != 0 {
				t.Errorf("the replay of seed 000 took %d turns with refusals %v", r.Turns, r.Refusals)
			}
		default:
			if !r.Passed() {
				t.Errorf("%s (%s): ended %s (%s), answer %d/%d %v, citations %v", r.ID, r.Style, r.FinishedBy, r.Error, r.AnswerPassed, r.AnswerTotal, r.AnswerMisses, r.CitationProblems)
			}
		}
	}
}

// TestTheReportNamesWhatIsMissing plays the two tasks of issue 22 in the
// styles that trust Scout's notes most: sibling tunnels whose items share
// their attribute words, one length on no page, and three apps one of
// which fails the condition asked. Each report must give what the pages
// hold, name the missing length as not found and the app as left out,
// and keep the report's promise.
func TestTheReportNamesWhatIsMissing(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	results, err := Run(context.Background(), Options{Tasks: realTasks(t, "siblings", "condition"), OutDir: t.TempDir(),
		Styles: []Style{Oracle, Transcript, Parrot}, TaskTimeout: 2 * time.Minute, ReadRate: 7, WriteRate: 3.5})
	if err != nil || len(results) != 6 {
		t.Fatalf("%d results, %v", len(results), err)
	}
	for _, r := range results {
		if !r.Passed() {
			t.Errorf("%s (%s): ended %s (%s), answer %d/%d %v, citations %v, promise %+v", r.ID, r.Style, r.FinishedBy, r.Error,
				r.AnswerPassed, r.AnswerTotal, r.AnswerMisses, r.CitationProblems, r.Promise)
		}
	}
}

// TestTasksInOtherLanguages plays the German and the Chinese task (issue
// 24) in every style of the zoo: pages in those languages with their
// distractors, a count and a condition, German numbers ("189,5 m").
// Every style answers every check with valid citations: the stubborn one
// too, which sends its FINISH again right after the send-back and goes on
// from the step Scout then takes itself (agent/insist.go).
func TestTasksInOtherLanguages(t *testing.T) {
	testenv.RequireBrowser(t)
	testenv.IsolateData(t)
	results, err := Run(context.Background(), Options{Tasks: realTasks(t, "german", "chinese"), OutDir: t.TempDir(), Styles: Styles,
		TaskTimeout: 2 * time.Minute, ReadRate: 7, WriteRate: 3.5})
	if err != nil || len(results) != 2*len(Styles) {
		t.Fatalf("%d results, %v", len(results), err)
	}
	for _, r := range results {
		if r.Breaches() > 0 {
			t.Errorf("%s (%s): the report breaks its promise: %v", r.ID, r.Style, r.Promise.Breaches)
		}
		if !r.Passed() {
			t.Errorf("%s (%s): ended %s (%s), answer %d/%d %v, citations %v", r.ID, r.Style, r.FinishedBy, r.Error, r.AnswerPassed, r.AnswerTotal, r.AnswerMisses, r.CitationProblems)
		}
	}
}
