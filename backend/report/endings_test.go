package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/internal/goconst"
	"github.com/scout-research/scout/backend/internal/golden"
	"github.com/scout-research/scout/backend/lang"
)

// Every kind of ending the agent declares has its words in endingKeys,
// and every kind of refusal its own, in every language's file: a new
// ending or rule cannot show English in a French report.
func TestEveryEndingHasItsWordsInEveryLanguage(t *testing.T) {
	var keys []string
	for _, c := range goconst.Strings(t, filepath.Join("..", "agent")) {
		switch {
		case capitalAfter(c.Name, "Ending"):
			key, ok := endingKeys[c.Value]
			if !ok {
				t.Errorf("ending kind %q (%s) has no entry in endingKeys", c.Value, c.Name)
			}
			if key != "" {
				keys = append(keys, key)
			}
		case capitalAfter(c.Name, "Refusal"):
			keys = append(keys, refusalPrefix+c.Value)
		}
	}
	if len(keys) < 20 {
		t.Fatalf("only %d ending and refusal messages: the agent's constants were not read", len(keys))
	}
	for _, tag := range lang.Tags {
		for _, key := range keys {
			if _, ok := messageFiles[tag][key]; !ok {
				t.Errorf("messages/%s.json has no %q", tag, key)
			}
		}
	}
}

// capitalAfter reports whether name is prefix followed by a capital.
func capitalAfter(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	return ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z'
}

// endingCases are a run ending each way, with the words from outside
// that every language keeps as written.
var endingCases = []struct {
	name    string
	status  agent.Status
	ending  agent.Ending
	outside []string
}{
	{"stuck", agent.StatusStuck, agent.Ending{Kind: agent.EndingStuck, Action: "FINISH", Refusal: agent.RefusalNoFindings,
		Reason: "you have recorded no findings yet. Research first: SEARCH, open pages and DISCOVER what they say"}, []string{"FINISH"}},
	{"stuck on a rule this Scout does not know", agent.StatusStuck, agent.Ending{Kind: agent.EndingStuck, Action: "NAVIGATE", Refusal: "something_new",
		Reason: "a rule from a newer Scout"}, []string{"NAVIGATE", "a rule from a newer Scout"}},
	{"search down", agent.StatusSearchUnavailable, agent.Ending{Kind: agent.EndingSearch, Times: 3,
		Text: "DuckDuckGo asked Scout to prove it is human. Wait a few minutes"}, []string{"DuckDuckGo asked Scout to prove it is human. Wait a few minutes"}},
	{"search down once", agent.StatusSearchUnavailable, agent.Ending{Kind: agent.EndingSearch, Times: 1, Text: "offline"}, []string{"offline"}},
	{"browser closed", agent.StatusInterrupted, agent.Ending{Kind: agent.EndingBrowser, Text: "the browser is not running"}, []string{"the browser is not running"}},
	{"unusable", agent.StatusModelUnavailable, agent.Ending{Kind: agent.EndingUnusable}, nil},
	{"model gone", agent.StatusModelUnavailable, agent.Ending{Kind: agent.EndingModel, Text: "Turn 4: connection refused"}, []string{"Turn 4: connection refused"}},
	{"bug", agent.StatusFailed, agent.Ending{Kind: agent.EndingBug, Text: "runtime error: index out of range"}, []string{"runtime error: index out of range"}},
	{"writer failed at the turn limit", agent.StatusTurnLimit, agent.Ending{Unwritten: "Writing the report: the server stopped"}, []string{"Writing the report: the server stopped"}},
	{"writer failed after the browser closed", agent.StatusInterrupted, agent.Ending{Kind: agent.EndingBrowser, Text: "the browser is not running",
		Unwritten: "Writing the report: the server stopped"}, []string{"the browser is not running", "Writing the report: the server stopped"}},
}

// englishEndingWords are the fixed English words of the endings, none of
// which a report in another language may show.
var englishEndingWords = []string{"refused action", "again and again", "search failed", "times in a row", "browser closed", "resume the run",
	"usable answer", "could not be written", "recorded no findings"}

// Each way a run ends is said in every language's words, with what came
// from outside (the model's action, a search's, browser's or server's
// error) as written; testdata/golden/reports/endings.txt holds every line.
func TestEndingsInEveryLanguage(t *testing.T) {
	var sb strings.Builder
	for _, c := range endingCases {
		fmt.Fprintf(&sb, "# %s\n", c.name)
		for _, tag := range lang.Tags {
			w := words{tag: tag, m: messageFiles[tag]}
			e := c.ending
			line := statusLine(&agent.Result{Status: c.status, Turns: 7, Ending: &e, Error: e.English()}, w)
			fmt.Fprintf(&sb, "%s: %s\n", tag, line)
			for _, s := range c.outside {
				if !strings.Contains(line, s) {
					t.Errorf("%s, %s: %q lacks %q as written", c.name, tag, line, s)
				}
			}
			if tag == lang.English || c.ending.Refusal == "something_new" {
				continue
			}
			for _, s := range englishEndingWords {
				if strings.Contains(line, s) {
					t.Errorf("%s, %s: %q says %q in English", c.name, tag, line, s)
				}
			}
		}
		sb.WriteString("\n")
	}
	golden.Check(t, filepath.Join("..", "..", "testdata", "golden", "reports", "endings.txt"), sb.String())
}

// An English report says an ending word for word as the run's Error (the
// terminal's and the journal's words), so it reads as it did before
// endings were kept.
func TestEnglishEndingsAreTheError(t *testing.T) {
	for _, c := range endingCases {
		e := c.ending
		if got := english.why(&agent.Result{Ending: &e}); got != e.English() {
			t.Errorf("%s: %q\nwant %q", c.name, got, e.English())
		}
		withEnding := statusLine(&agent.Result{Status: c.status, Turns: 7, Ending: &e, Error: e.English()}, english)
		before := statusLine(&agent.Result{Status: c.status, Turns: 7, Error: e.English()}, english)
		if withEnding != before {
			t.Errorf("%s: %q\nbefore %q", c.name, withEnding, before)
		}
	}
}

// A report's data from before endings were kept loads, and its status
// says the run's Error as it did: in English, whatever the language,
// except that the result could not be written, which was said in it.
func TestDataWithoutAnEndingReadsAsBefore(t *testing.T) {
	for _, c := range []struct {
		objective, error, want string
	}{
		{"What is the highest mountain in Africa?", "search failed 3 times in a row: offline", "stopped on turn 7: search failed 3 times in a row: offline"},
		{"Quelle est la plus haute montagne d'Afrique ?", "search failed 3 times in a row: offline", "arrêté au tour 7 : search failed 3 times in a row: offline"},
		{"Quelle est la plus haute montagne d'Afrique ?", "the final result could not be written: the server stopped",
			"arrêté au tour 7 : le résultat final n'a pas pu être rédigé : the server stopped"},
	} {
		dir := t.TempDir()
		old := fmt.Sprintf(`{"result":{"objective":%q,"status":"search_unavailable","turns":7,"error":%q},"figures":{}}`, c.objective, c.error)
		if err := os.WriteFile(filepath.Join(dir, DataFile), []byte(old), 0o600); err != nil {
			t.Fatal(err)
		}
		res, _, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		if res.Ending != nil || res.Error != c.error {
			t.Errorf("loaded ending %+v, error %q", res.Ending, res.Error)
		}
		if got := statusLine(res, wordsOf(res)); got != c.want {
			t.Errorf("%q\nwant %q", got, c.want)
		}
	}
}
