package agent

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// Every way a run ends early keeps its Ending beside its Error, and the
// Error is the Ending's English word for word, as the terminal and the
// journal said it before endings were kept.
func TestEndingsAreKeptAsData(t *testing.T) {
	blocked := errors.New("DuckDuckGo asked Scout to prove it is human. Wait a few minutes")
	finish := act(ActFinish, "Kilimanjaro.", "Done.")
	found := []string{search1, openKili, act(ActDiscover, finding1, "")}
	cases := []struct {
		name    string
		actions []string
		setup   func(*Config, *scripted)
		ending  *Ending
		err     string
	}{
		{"stuck", []string{finish}, nil,
			&Ending{Kind: EndingStuck, Action: ActFinish, Refusal: RefusalNoFindings, Reason: "you have recorded no findings yet. Research first: SEARCH, open pages and DISCOVER what they say"},
			"the model kept repeating a refused action: it sent FINISH again and again, refused each time (no findings were recorded yet)"},
		{"search down", []string{act(ActSearch, "a", "")}, func(c *Config, _ *scripted) { c.Search = down{ok: kiliResults, err: blocked} },
			&Ending{Kind: EndingSearch, Times: maxSearchFailures, Text: blocked.Error()},
			"search failed 3 times in a row: " + blocked.Error()},
		{"browser closed", append(found, act(ActNavigate, "L1", "")), func(c *Config, _ *scripted) { c.Browser = &closing{Browser: c.Browser} },
			&Ending{Kind: EndingBrowser, Text: "the browser is not running"},
			"the browser closed (the browser is not running): resume the run to go on with a new browser window"},
		{"unusable", []string{"I think I should search for the mountain."}, nil,
			&Ending{Kind: EndingUnusable}, "the model gave no usable answer for several turns in a row"},
		{"model gone", append(found, act(ActReadMore, "", "")), func(_ *Config, m *scripted) { m.err = map[int]error{4: fmt.Errorf("connection refused")} },
			&Ending{Kind: EndingModel, Text: "Turn 4: connection refused"}, "Turn 4: connection refused"},
		{"writer failed at the turn limit", found, func(c *Config, m *scripted) { c.MaxTurns, c.Model = 3, noWriter{m} },
			&Ending{Unwritten: "Writing the report: the model server stopped answering"}, "the final result could not be written: Writing the report: the model server stopped answering"},
		{"writer failed after the browser closed", append(found, act(ActNavigate, "L1", "")), func(c *Config, m *scripted) { c.Browser, c.Model = &closing{Browser: c.Browser}, noWriter{m} },
			&Ending{Kind: EndingBrowser, Text: "the browser is not running", Unwritten: "Writing the report: the model server stopped answering"},
			"the browser closed (the browser is not running): resume the run to go on with a new browser window; the final result could not be written: Writing the report: the model server stopped answering"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, m, rec, _ := newRun(t, map[string][]string{KindChecklist: {kiliChecklist()}, KindAction: c.actions,
				KindCoverage: {coverageAll()}, KindWriter: {`{"result":"Mount Kilimanjaro [1]."}`}})
			if c.setup != nil {
				c.setup(&cfg, m)
			}
			res, _ := Run(context.Background(), cfg)
			if !reflect.DeepEqual(res.Ending, c.ending) {
				t.Errorf("ending %+v, want %+v", res.Ending, c.ending)
			}
			if res.Error != c.err {
				t.Errorf("error %q\nwant  %q", res.Error, c.err)
			}
			if last := rec.events[len(rec.events)-1]; last.Message != c.err || !reflect.DeepEqual(last.Ending, c.ending) {
				t.Errorf("run_finished says %q, ending %+v", last.Message, last.Ending)
			}
		})
	}
}

// A run that ends as it should has no Ending.
func TestARunThatFinishesHasNoEnding(t *testing.T) {
	cfg, _, _, _ := newRun(t, map[string][]string{KindChecklist: {kiliChecklist()},
		KindAction:   {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "Kilimanjaro, 5,895 m (19,341 ft).", "")},
		KindCoverage: {coverageAll()}, KindWriter: {`{"result":"Mount Kilimanjaro [1]."}`}})
	if res, _ := Run(context.Background(), cfg); res.Status != StatusFinished || res.Ending != nil || res.Error != "" {
		t.Errorf("status %s, ending %+v, error %q", res.Status, res.Ending, res.Error)
	}
}
