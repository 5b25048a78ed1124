package agent

import (
	"context"
	"fmt"
	"maps"
	"testing"
)

// TestSendBacksLog: what the rules read of the run's send-backs comes from
// the one log: repeats since the last accepted action (a reworded thought
// or other spacing is the same reply), FINISH's counts over the whole run,
// the wordings warned about, and the cheap retries spent.
func TestSendBacksLog(t *testing.T) {
	search := func(q, thought string) Action { return Action{Name: ActSearch, Param: q, Thought: thought} }
	finish := Action{Name: ActFinish}
	type step struct {
		act     Action
		v       verdict // zero: the action is accepted
		retried bool
		repeats int // add's answer, for a send-back
	}
	cases := []struct {
		name      string
		steps     []step
		gapsSince int // gap send-backs since the last accepted action
		gaps      int
		loose     map[string]bool
		retries   int
	}{
		{name: "nothing sent back", loose: map[string]bool{}},
		{
			name: "the same reply twice counts once as a repeat, reworded or respaced",
			steps: []step{
				{act: search("kili  height", "a"), v: verdict{kind: RefusalRepeatedSearch}, retried: true, repeats: 0},
				{act: search("Kili height", "b"), v: verdict{kind: RefusalRepeatedSearch}, retried: true, repeats: 1},
				{act: search("kili height", "c"), v: verdict{kind: RefusalRepeatedSearch}, repeats: 2},
			},
			loose: map[string]bool{}, retries: 2,
		},
		{
			name: "an accepted action starts the repeats again, not FINISH's counts",
			steps: []step{
				{act: finish, v: verdict{kind: RefusalGaps}, repeats: 0},
				{act: search("a", "")},
				{act: finish, v: verdict{kind: RefusalGaps}, repeats: 0},
				{act: finish, v: verdict{kind: RefusalGaps}, repeats: 1},
			},
			gapsSince: 2, gaps: 3, loose: map[string]bool{},
		},
		{
			name: "a gap send-back before an accepted action is not since it",
			steps: []step{
				{act: finish, v: verdict{kind: RefusalGaps}},
				{act: search("a", "")},
				{act: search("b", "")},
			},
			gaps: 1, loose: map[string]bool{},
		},
		{
			name: "wordings warned about are kept by their key",
			steps: []step{
				{act: Action{Name: ActDiscover, Param: "x"}, v: verdict{kind: RefusalLooseWording, key: "x"}, retried: true},
				{act: search("a", "")},
				{act: Action{Name: ActDiscover, Param: "y"}, v: verdict{kind: RefusalUngrounded, key: "y"}},
			},
			loose: map[string]bool{"x": true}, retries: 1,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var l sendBacks
			for i, s := range c.steps {
				if s.v.kind == "" {
					l.accepted()
					continue
				}
				if got := l.add(s.act, s.v); got != s.repeats {
					t.Errorf("step %d: %d repeats, want %d", i+1, got, s.repeats)
				}
				if s.retried {
					l.retried()
				}
			}
			if got := l.sinceAccepted().count(RefusalGaps); got != c.gapsSince {
				t.Errorf("gap send-backs since the last accepted action: %d, want %d", got, c.gapsSince)
			}
			if got := l.count(RefusalGaps); got != c.gaps {
				t.Errorf("gap send-backs: %d, want %d", got, c.gaps)
			}
			if got := l.keys(RefusalLooseWording); !maps.Equal(got, c.loose) {
				t.Errorf("wordings warned about: %v, want %v", got, c.loose)
			}
			if got := l.retries(); got != c.retries {
				t.Errorf("retries: %d, want %d", got, c.retries)
			}
		})
	}
}

// TestTheRunsBoundsOnSendBacks: what the turn reads of the log holds a
// run to its bounds. A finding's loose wording is asked about once, then
// taken; a FINISH's own "not covered" is sent back maxNotCoveredSendBacks
// times a run; and once maxRetriesPerRun cheap retries are spent, each
// refused reply ends its turn.
func TestTheRunsBoundsOnSendBacks(t *testing.T) {
	loose := act(ActDiscover, "[2] Kilimanjaro in Tanzania is the highest mountain of the continent, about 5,895 metres tall.", "")
	t.Run("a loose wording is asked about once", func(t *testing.T) {
		rec := runScript(t, 5, search1, openKili, loose, loose)
		if n := refusals(rec, RefusalLooseWording); n != 1 {
			t.Errorf("%d send-backs for the wording, want 1", n)
		}
		if n := len(rec.of(EvFinding)); n != 1 {
			t.Errorf("%d findings, want the loose one taken when sent again", n)
		}
	})
	t.Run("a FINISH's own 'not covered' is sent back a bounded number of times", func(t *testing.T) {
		rec := runScript(t, 10, search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "Kilimanjaro", "Item 3 is not covered yet."))
		if n := refusals(rec, RefusalNotCovered); n != maxNotCoveredSendBacks {
			t.Errorf("%d send-backs for 'not covered', want %d", n, maxNotCoveredSendBacks)
		}
	})
	t.Run("cheap retries are bounded per run", func(t *testing.T) {
		const turns = 30
		actions := []string{search1}
		for i := 0; i < 3*turns; i++ { // each a different address, so none repeats
			actions = append(actions, act(ActNavigate, fmt.Sprintf("http://wiki.test/wiki/Peak_%d", i), ""))
		}
		cfg, m, _, _ := newRun(t, map[string][]string{KindChecklist: {kiliChecklist()}, KindAction: actions, KindWriter: {`{"result":"x"}`}})
		cfg.MaxTurns = turns
		if _, err := Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		retryTurns := maxRetriesPerRun / maxRetriesPerTurn
		want := 1 + retryTurns*(1+maxRetriesPerTurn) + (turns - 1 - retryTurns)
		if n := len(m.calls(KindAction)); n != want {
			t.Errorf("%d action calls, want %d: %d turns retried %d times each, then one call a turn", n, want, retryTurns, maxRetriesPerTurn)
		}
	})
}

// runScript runs the scripted actions (the last one repeated) for at most
// turns turns, with a coverage check that finds everything covered.
func runScript(t *testing.T, turns int, actions ...string) *recorder {
	t.Helper()
	cfg, _, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    actions,
		KindCoverage:  {`{"items":[{"item":1,"findings":[1],"covered":true,"missing":""},{"item":2,"findings":[1],"covered":true,"missing":""},{"item":3,"findings":[1],"covered":true,"missing":""}]}`},
		KindWriter:    {`{"result":"x"}`},
	})
	cfg.MaxTurns = turns
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	return rec
}

// refusals counts the send-backs of kind in the journal.
func refusals(rec *recorder, kind string) int {
	n := 0
	for _, e := range rec.of(EvRefused) {
		if e.Kind == kind {
			n++
		}
	}
	return n
}
