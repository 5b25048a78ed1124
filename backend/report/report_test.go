package report

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/internal/golden"
)

func TestGoldenReports(t *testing.T) {
	finding := agent.Finding{Number: 1, Turn: 3, URL: "http://fixture.test/wiki/Mount_Kilimanjaro", Title: "Mount Kilimanjaro", Part: 1,
		Items: []int{1, 2, 3}, Text: "Mount Kilimanjaro is the highest mountain in Africa, rising 5,895 metres (19,341 ft).",
		Quote: "Mount Kilimanjaro is a dormant volcano in northeastern Tanzania and the highest mountain in Africa, rising 5,895 metres (19,341 ft) above sea level at Uhuru Peak."}
	base := agent.Result{
		Objective:    "What is the tallest mountain in Africa, and how tall is it in meters and in feet?",
		Checklist:    []agent.Item{{Number: 1, Text: "the tallest mountain in Africa"}, {Number: 2, Text: "height in meters"}, {Number: 3, Text: "height in feet"}},
		Calls:        map[string]int{agent.KindChecklist: 1, agent.KindAction: 4, agent.KindCoverage: 1, agent.KindWriter: 1},
		PromptTokens: 12000, CachedTokens: 10800, CompletionTokens: 420, ModelTime: 95 * time.Second,
	}
	finished := base
	finished.Status, finished.Turns, finished.Findings = agent.StatusFinished, 4, []agent.Finding{finding}
	finished.Answer = "The tallest mountain in Africa is Mount Kilimanjaro [1], at 5,895 metres (19,341 ft) [1], about 3.66 miles high."
	finished.Unsupported = []string{"3.66"}

	gaps := base
	gaps.Objective = "Name three free, open-source photo editors for Linux."
	gaps.Status, gaps.Turns, gaps.Findings = agent.StatusTurnLimit, 30, []agent.Finding{finding}
	gaps.NotFound = []agent.Missing{{Item: agent.Item{Number: 2, Text: "three editors"}, Why: "only 1 of 3 found"}}
	// A report.json from before Scout named the things it left out.
	gaps.LeftOut = []agent.LeftOut{{Item: agent.Item{Number: 1, Text: "free, open-source"}, Condition: "open source"}}

	// A list and a comparison as the report's promise has them: each
	// item answered, or its things named as not found or left out.
	promise := base
	promise.Objective = "Name three free and open-source office suites, and compare the heights of Kilimanjaro and Mount Kenya."
	promise.Status, promise.Turns = agent.StatusFinished, 9
	suites := agent.Item{Number: 1, Text: "three free and open-source office suites"}
	peaks := agent.Item{Number: 2, Text: "the heights of Kilimanjaro and Mount Kenya in metres"}
	promise.Checklist = []agent.Item{suites, peaks}
	promise.Findings = []agent.Finding{
		{Number: 1, Turn: 3, URL: "http://fixture.test/wiki/LibreOffice", Part: 1, Items: []int{1}, Text: "LibreOffice is a free and open-source office suite.", Quote: "LibreOffice is a free and open-source office suite."},
		{Number: 2, Turn: 5, URL: "http://fixture.test/wiki/Office_suites", Part: 2, Items: []int{1}, Text: "FreeOffice is free, but it is not open source.", Quote: "FreeOffice is free, but it is not open source."},
		{Number: 3, Turn: 7, URL: "http://fixture.test/wiki/Mount_Kilimanjaro", Part: 1, Items: []int{2}, Text: "Mount Kilimanjaro rises 5,895 metres.", Quote: "Mount Kilimanjaro rises 5,895 metres."},
	}
	promise.Answer = "LibreOffice is a free and open-source office suite [1]. Mount Kilimanjaro rises 5,895 metres [3]."
	promise.NotFound = []agent.Missing{{Item: suites, Why: "only 1 of 3 found", Partial: true},
		{Item: peaks, Why: "nothing found for Mount Kenya", Things: []string{"Mount Kenya"}, Partial: true}}
	promise.LeftOut = []agent.LeftOut{{Item: suites, Condition: "open source", Things: []string{"FreeOffice", "Calligra Suite"}, Denied: []string{"FreeOffice"}}}
	if b := agent.Breaches(&promise); len(b) > 0 {
		t.Fatalf("the golden report breaks the promise it pins: %v", b)
	}

	down := base
	down.Status, down.Turns, down.Error = agent.StatusModelUnavailable, 2, "Nothing is listening at http://127.0.0.1:1234."

	stuck := base
	stuck.Status, stuck.Turns = agent.StatusStuck, 4
	stuck.Error = "the model kept repeating a refused action: it sent FINISH again and again, refused each time (you have recorded no findings yet)"

	stuck.CacheEstimated = true // LM Studio does not report its cache use

	searchDown := base
	searchDown.Status, searchDown.Turns = agent.StatusSearchUnavailable, 3
	searchDown.Error = "search failed 3 times in a row: DuckDuckGo answered the search with HTTP 404 Not Found. Search again in a moment, or switch the search provider to SearXNG in Settings."

	// A follow-up: one finding taken over from the run it follows, whose
	// report it links, and one of its own.
	followUp := base
	followUp.Objective = "How tall is Mount Kilimanjaro in feet, and how tall is Mount Kenya in metres?"
	followUp.Parent = "../2026-11-30-090000-what-is-the-tallest mountain"
	followUp.Checklist = []agent.Item{{Number: 1, Text: "height of Mount Kilimanjaro in feet"}, {Number: 2, Text: "height of Mount Kenya in metres"}}
	earlier := finding
	earlier.Turn, earlier.Items = 0, []int{1}
	earlier.Earlier = &agent.EarlierFinding{Run: followUp.Parent, Number: 1, Turn: 3}
	followUp.Status, followUp.Turns = agent.StatusFinished, 3
	followUp.Findings = []agent.Finding{earlier, {Number: 2, Turn: 3, URL: "http://fixture.test/wiki/Mount_Kenya", Part: 1, Items: []int{2},
		Text: "Mount Kenya rises 5,199 metres.", Quote: "Mount Kenya rises 5,199 metres."}}
	followUp.Answer = "Mount Kilimanjaro is 19,341 ft high [1]; Mount Kenya rises 5,199 metres [2]."

	for name, res := range map[string]agent.Result{"followup": followUp, "finished": finished, "gaps": gaps, "promise": promise, "model-down": down, "stuck": stuck, "search-down": searchDown} {
		fig := Figures{Model: "qwen2.5-7b-instruct", ContextLength: 8192, Wall: 130 * time.Second}
		golden.Check(t, filepath.Join("..", "..", "testdata", "golden", "reports", name+".md"), Markdown(&res, fig))
		h, err := Fragment(&res, fig)
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("..", "..", "testdata", "golden", "reports", name+".html"), h)
	}
}
