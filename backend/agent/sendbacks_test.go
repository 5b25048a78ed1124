package agent

import (
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
