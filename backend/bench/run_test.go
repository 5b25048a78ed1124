package bench

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/report"
)

func TestCheckAnswer(t *testing.T) {
	task := Task{Must: []string{"4,562", "Arusha"}, MustNot: []string{"4,565"}}
	tests := []struct {
		name   string
		result string
		passed int
		misses string
	}{
		{"every check passes, whatever the case", "Mount Meru in ARUSHA is 4,562 metres high [1].", 3, ""},
		{"a must value missing", "Mount Meru is 4,562 metres high [1].", 2, "lacks Arusha"},
		{"a must_not value present", "Mount Meru in Arusha is 4,562 metres high, or 4,565 [1].", 2, "has 4,565"},
		{"both", "Mount Meru is 4,565 metres high [1].", 0, "lacks 4,562, lacks Arusha, has 4,565"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			// Only the result counts: the findings below it may quote what
			// the answer must not say.
			report := "# Meru\n\n## Result\n\n" + tc.result + "\n\n## Findings (1)\n\n1. A blog says 4,565 metres in Arusha.\n"
			if err := os.WriteFile(filepath.Join(dir, "report.md"), []byte(report), 0o644); err != nil {
				t.Fatal(err)
			}
			var res Result
			checkAnswer(&res, task, dir)
			if res.AnswerTotal != 3 || res.AnswerPassed != tc.passed || strings.Join(res.AnswerMisses, ", ") != tc.misses {
				t.Errorf("answer %d/%d, misses %q; want %d/3, %q", res.AnswerPassed, res.AnswerTotal, res.AnswerMisses, tc.passed, tc.misses)
			}
		})
	}
}

// A task may ask the report to name what the web does not hold as not
// found, and a thing that fails a condition as left out: those checks
// read the gap sections, not the result.
func TestCheckAnswerNamesTheGaps(t *testing.T) {
	task := Task{Must: []string{"3,412"}, NamedNotFound: []string{"Corvin"}, NamedLeftOut: []string{"Inkwell"}}
	for _, tc := range []struct {
		name, report, misses string
	}{
		{"both named", "## Result\n\nHarrowgate is 3,412 metres long [1].\n\n## Not found in the pages read\n\n- the length of the Corvin Tunnel in metres\n\n" +
			"## Left out, not shown to meet the conditions\n\n- Inkwell (shown not to be open source), for which apps\n\n## Findings (1)\n", ""},
		{"named in the result only", "## Result\n\nHarrowgate is 3,412 metres long [1]; Corvin's length is unknown, and Inkwell is proprietary.\n\n## Findings (1)\n",
			"does not name Corvin as not found, does not name Inkwell as left out"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "report.md"), []byte("# Tunnels\n\n"+tc.report), 0o644); err != nil {
				t.Fatal(err)
			}
			var res Result
			checkAnswer(&res, task, dir)
			if res.AnswerTotal != 3 || strings.Join(res.AnswerMisses, ", ") != tc.misses {
				t.Errorf("answer %d/%d, misses %q; want %q", res.AnswerPassed, res.AnswerTotal, res.AnswerMisses, tc.misses)
			}
		})
	}
}

// Every run's report.json is held to the report's promise: its items
// counted by how the report stands on each, and each breach named; a
// breach fails the task.
func TestCheckPromise(t *testing.T) {
	list := []agent.Item{{Number: 1, Text: "the length of the Harrowgate Tunnel in metres"}, {Number: 2, Text: "the length of the Corvin Tunnel in metres"}}
	found := []agent.Finding{{Number: 1, Text: "The Harrowgate Tunnel is 3,412 metres long.", Items: []int{1}}}
	kept := agent.Result{Objective: "How long are the Harrowgate and Corvin tunnels?", Checklist: list, Findings: found, Answer: "Harrowgate is 3,412 metres [1].",
		NotFound: []agent.Missing{{Item: list[1], Why: "no finding covers it"}}}
	silent := kept
	silent.NotFound = nil
	for _, tc := range []struct {
		name string
		res  agent.Result
		want Promise
	}{
		{"kept", kept, Promise{Answered: 1, NotFound: 1}},
		{"an item neither answered nor named", silent, Promise{Answered: 1, Breaches: []string{"item 2: neither answered nor named"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, report.DataFile), report.Encode(&tc.res, report.Figures{}), 0o644); err != nil {
				t.Fatal(err)
			}
			r := Result{FinishedBy: "agent", CitationsValid: true}
			checkPromise(&r, dir)
			if !reflect.DeepEqual(*r.Promise, tc.want) || r.Passed() != (len(tc.want.Breaches) == 0) {
				t.Errorf("promise %+v (passed %v), want %+v", *r.Promise, r.Passed(), tc.want)
			}
		})
	}
}

func TestCheckCitations(t *testing.T) {
	const meru, trek = "http://site.test/factual/mount-meru", "http://site.test/factual/meru-trek"
	quote := "Its summit makes Mount Meru 4,562 metres high."
	finding := func(n int, url, quote string) agent.Finding {
		return agent.Finding{Number: n, URL: url, Quote: quote}
	}
	tests := []struct {
		name     string
		answer   string
		findings []agent.Finding
		problems string // the problems, "" for valid citations
	}{
		{"every citation and quote valid", "Meru is 4,562 metres high [1].", []agent.Finding{finding(1, meru, quote)}, ""},
		{"a citation naming no finding", "Meru is 4,562 metres high [1][2].", []agent.Finding{finding(1, meru, quote)}, "[2] names no finding"},
		{"citation zero", "Meru is 4,562 metres high [0].", []agent.Finding{finding(1, meru, quote)}, "[0] names no finding"},
		{"a quote the page does not hold", "Meru is 4,565 metres high [1].", []agent.Finding{finding(1, meru, "Mount Meru is 4,565 metres high.")},
			"finding [1]'s quote is not in the pages saved from " + meru},
		{"a quote from another page", "Meru is 4,562 metres high [1].", []agent.Finding{finding(1, trek, quote)},
			"finding [1]'s quote is not in the pages saved from " + trek},
		{"an empty quote", "Meru is high [1].", []agent.Finding{finding(1, meru, "")},
			"finding [1]'s quote is not in the pages saved from " + meru},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			savePart(t, dir, "001-part-1.md", meru, "# Mount Meru\n\nMount Meru is a stratovolcano. "+quote)
			savePart(t, dir, "002-part-1.md", "http://site.test/factual/arusha", "# Arusha\n\n"+quote)
			var res Result
			checkCitations(&res, &agent.Result{Answer: tc.answer, Findings: tc.findings}, dir)
			if got := strings.Join(res.CitationProblems, "; "); got != tc.problems || res.CitationsValid != (tc.problems == "") {
				t.Errorf("valid %v, problems %q; want %q", res.CitationsValid, got, tc.problems)
			}
		})
	}
}

// savePart writes a page part as a run folder saves it: a comment line
// naming its page, then its text.
func savePart(t *testing.T, dir, name, url, text string) {
	t.Helper()
	path := filepath.Join(dir, "pages", name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("<!-- "+url+" | a title | part 1 of 1 -->\n"+text+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// An answer check holds whatever spelling of a unit the writer used.
func TestCheckAnswerUnits(t *testing.T) {
	task := Task{Must: []string{"50 grams", "5,895 metres"}, MustNot: []string{"100 grams"}}
	dir := t.TempDir()
	report := "# x\n\n## Result\n\nMix 50 g of flour; keep 100 g back. Kibo rises 5,895 m [1].\n\n## Findings (1)\n\n1. x\n"
	if err := os.WriteFile(filepath.Join(dir, "report.md"), []byte(report), 0o644); err != nil {
		t.Fatal(err)
	}
	var res Result
	checkAnswer(&res, task, dir)
	if res.AnswerPassed != 2 || strings.Join(res.AnswerMisses, ", ") != "has 100 grams" {
		t.Errorf("answer %d/%d, misses %q", res.AnswerPassed, res.AnswerTotal, res.AnswerMisses)
	}
	if !(Item{Keywords: [][]string{{"day 1", "50 grams"}}}).Serves("On day 1, stir 50g of flour") {
		t.Error("a keyword in grams does not serve a sentence in g")
	}
}

// TestWrittenAsCounted: the ledger's written tokens are Scout's count where
// the fake's calls and the journal's are the same calls, and the fake's
// otherwise.
func TestWrittenAsCounted(t *testing.T) {
	fake := func() []ledgerRow {
		return []ledgerRow{{Kind: "checklist", Written: 20}, {Kind: "action", Written: 90}, {Kind: "writer", Written: 40}}
	}
	for _, tc := range []struct {
		name    string
		journal []ledgerRow
		want    []int
	}{
		{"the same calls", []ledgerRow{{Kind: "checklist", Written: 20}, {Kind: "action", Written: 31}, {Kind: "writer", Written: 40}}, []int{20, 31, 40}},
		{"a call missing", []ledgerRow{{Kind: "checklist", Written: 20}, {Kind: "action", Written: 31}}, []int{20, 90, 40}},
		{"other calls", []ledgerRow{{Kind: "checklist", Written: 20}, {Kind: "coverage", Written: 31}, {Kind: "writer", Written: 40}}, []int{20, 90, 40}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int
			for _, r := range writtenAsCounted(fake(), tc.journal) {
				got = append(got, r.Written)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("written %v, want %v", got, tc.want)
			}
		})
	}
}

// A report follows its objective's language, headings too: the answer
// checks read its sections in German and Chinese as in English, and the
// queue's comparison leaves out its figures of time.
func TestCheckAnswerReadsReportsInOtherLanguages(t *testing.T) {
	task := Task{Must: []string{"3,412"}, MustNot: []string{"9,999"}, NamedNotFound: []string{"Corvin"}, NamedLeftOut: []string{"Inkwell"}}
	for _, objective := range []string{
		"Wie lang sind der Harrowgate-Tunnel und der Corvin-Tunnel, und welche Apps sind Open Source?",
		"Harrowgate 隧道和 Corvin 隧道有多长？哪些应用是开源的？",
	} {
		t.Run(objective, func(t *testing.T) {
			list := []agent.Item{{Number: 1, Text: "Harrowgate"}, {Number: 2, Text: "Corvin"}, {Number: 3, Text: "Apps"}}
			res := &agent.Result{Objective: objective, Status: agent.StatusFinished, Turns: 4, Checklist: list,
				Findings: []agent.Finding{{Number: 1, Turn: 2, URL: "https://t.test/", Text: "Harrowgate 3,412 m; ein Blog sagt 9,999 m.", Items: []int{1}}},
				Answer:   "Harrowgate: 3,412 m [1].",
				NotFound: []agent.Missing{{Item: list[1], Why: "no finding covers it"}},
				LeftOut:  []agent.LeftOut{{Item: list[2], Condition: "open source", Things: []string{"Inkwell"}, Denied: []string{"Inkwell"}}},
			}
			md := report.Markdown(res, report.Figures{Wall: 7e9})
			if strings.Contains(md, "## Result") || strings.Contains(md, "## Not found") {
				t.Fatalf("the report is not in the objective's language:\n%s", md)
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "report.md"), []byte(md), 0o644); err != nil {
				t.Fatal(err)
			}
			var got Result
			checkAnswer(&got, task, dir)
			if got.AnswerTotal != 4 || got.AnswerPassed != 4 {
				t.Errorf("answer %d/%d, misses %q; want 4/4 from:\n%s", got.AnswerPassed, got.AnswerTotal, got.AnswerMisses, md)
			}
			if c := comparable(md); strings.Contains(c, "7s") || !strings.Contains(c, "Inkwell") {
				t.Errorf("the comparison kept the figures or lost the rest:\n%s", c)
			}
		})
	}
}
