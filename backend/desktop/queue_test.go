package desktop

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/runner"
)

// stand is a stand-in for runner.Run: each run says it started and holds
// until released or stopped.
type stand struct {
	started chan string
	release map[string]chan struct{}
}

func newStand(objectives ...string) *stand {
	s := &stand{started: make(chan string, len(objectives)), release: map[string]chan struct{}{}}
	for _, o := range objectives {
		s.release[o] = make(chan struct{})
	}
	return s
}

func (s *stand) run(ctx context.Context, o runner.Options) (*runner.Outcome, error) {
	s.started <- o.Objective
	select {
	case <-s.release[o.Objective]:
		return &runner.Outcome{Dir: o.OutDir, Result: &agent.Result{Status: agent.StatusFinished}}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *stand) next(t *testing.T) string {
	t.Helper()
	select {
	case o := <-s.started:
		return o
	case <-time.After(10 * time.Second):
		t.Fatal("no run started")
	}
	return ""
}

func states(svc *Service) string {
	out := ""
	for _, it := range svc.QueueItems().Items {
		out += fmt.Sprintf("%d:%s ", it.ID, it.State)
	}
	return out
}

func waitStates(t *testing.T, svc *Service, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for states(svc) != want {
		if time.Now().After(deadline) {
			t.Fatalf("queue %q, want %q", states(svc), want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Four objectives on a server with two slots: two run at once, each goes
// queued -> running -> done; stopping a running one ends it alone and
// frees its lane, stopping a queued one means it never starts; the window
// follows the newest run.
func TestQueueRunsUpToNAtOnceAndStopsOne(t *testing.T) {
	svc, rec, _ := setupWith(t, llmtest.Options{Flavour: llmtest.LlamaCpp, Slots: 2, Script: llmtest.QueueReplies(script(0))})
	go func() { // the window hears each followed run's end
		for range rec.done {
		}
	}()
	st := newStand("a", "b", "c", "d")
	svc.q.do = st.run
	view, err := svc.Queue(context.Background(), []string{"a", "", "  b ", "c", "d"})
	if err != nil {
		t.Fatal(err)
	}
	items := view.Items
	if len(items) != 4 || items[1].Objective != "b" || items[0].Dir == items[1].Dir {
		t.Fatalf("queued %+v", items)
	}
	first, second := st.next(t), st.next(t)
	if first+second != "ab" && first+second != "ba" {
		t.Fatalf("started %s and %s, want a and b", first, second)
	}
	waitStates(t, svc, "1:running 2:running 3:queued 4:queued ")
	select {
	case o := <-st.started:
		t.Fatalf("%s started while two ran", o)
	case <-time.After(300 * time.Millisecond):
	}
	// Neither run going may be resumed or deleted, followed or not; both open live.
	for _, it := range items[:2] {
		if _, err := svc.Resume(context.Background(), it.Dir); err == nil || !strings.Contains(err.Error(), "still going") {
			t.Errorf("resuming %s while it runs: %v", it.Objective, err)
		}
		if err := svc.Delete(it.Dir); err == nil || !strings.Contains(err.Error(), "still going") {
			t.Errorf("deleting %s while it runs: %v", it.Objective, err)
		}
		if v, err := svc.Open(it.Dir); err != nil || !v.Running || v.Dir != it.Dir {
			t.Errorf("opening %s while it runs: %v, %+v", it.Objective, err, v)
		}
	}
	if err := svc.StopQueued(4); err != nil {
		t.Fatal(err)
	}
	if err := svc.StopQueued(2); err != nil {
		t.Fatal(err)
	}
	if o := st.next(t); o != "c" {
		t.Fatalf("%s started after b stopped, want c", o)
	}
	waitStates(t, svc, "1:running 2:stopped 3:running 4:stopped ")
	if cur := svc.Current(); cur.Dir != items[2].Dir || !cur.Running {
		t.Errorf("the window follows %s, want the newest run %s", cur.Dir, items[2].Dir)
	}
	if v, err := svc.Follow(1); err != nil || v.Dir != items[0].Dir || svc.Current().Dir != items[0].Dir {
		t.Errorf("following a: %v, %s", err, svc.Current().Dir)
	}
	close(st.release["a"])
	close(st.release["c"])
	waitStates(t, svc, "1:finished 2:stopped 3:finished 4:stopped ")
	if err := svc.StopQueued(1); err == nil {
		t.Error("stopping a finished run said nothing")
	}
	select {
	case o := <-st.started:
		t.Fatalf("%s started after it was stopped in the queue", o)
	case <-time.After(100 * time.Millisecond):
	}
	if later := svc.QueueItems(); later.N <= view.N {
		t.Errorf("a later view is numbered %d, after %d", later.N, view.N)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.events[EventQueue]) < 6 || len(rec.events[EventRunFollow]) < 2 {
		t.Errorf("%d queue events, %d follows", len(rec.events[EventQueue]), len(rec.events[EventRunFollow]))
	}
}

// One run at once when the setting says so, whatever the server's slots.
func TestQueueRunsAtOnceSetting(t *testing.T) {
	svc, rec, _ := setupWith(t, llmtest.Options{Flavour: llmtest.LlamaCpp, Slots: 2, Script: llmtest.QueueReplies(script(0))})
	go func() {
		for range rec.done {
		}
	}()
	set := svc.store.Load().Settings
	set.RunsAtOnce = 1
	if err := svc.store.Save(set); err != nil {
		t.Fatal(err)
	}
	st := newStand("a", "b")
	svc.q.do = st.run
	if _, err := svc.Queue(context.Background(), []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	st.next(t)
	waitStates(t, svc, "1:running 2:queued ")
	close(st.release["a"])
	st.next(t)
	close(st.release["b"])
	waitStates(t, svc, "1:finished 2:finished ")
}

// A queued objective's state after its run says what the run's status
// says: finished only when the agent finished; ended by the model, the
// search or Scout (a stuck model among them) is failed; stopped by the
// user or the turn limit is stopped. Every status there is has a state.
func TestQueueStateOfEveryStatus(t *testing.T) {
	want := map[agent.Status]string{
		agent.StatusFinished:          QueueFinished,
		agent.StatusTurnLimit:         QueueStopped,
		agent.StatusInterrupted:       QueueStopped,
		agent.StatusModelUnavailable:  QueueFailed,
		agent.StatusStuck:             QueueFailed,
		agent.StatusSearchUnavailable: QueueFailed,
		agent.StatusFailed:            QueueFailed,
		agent.StatusRunning:           QueueFailed, // a run that never said how it ended
		"from_a_newer_scout":          QueueFailed,
	}
	for _, st := range agent.Statuses() {
		if _, ok := want[st]; !ok {
			t.Errorf("status %q has no state in this table", st)
		}
	}
	for st, state := range want {
		if got := queueState(st); got != state {
			t.Errorf("queueState(%q) = %q, want %q", st, got, state)
		}
	}
}

// A queue's runs keep the browser they were queued with when the settings
// name another browser program before the next objectives are queued: the
// first browser runs until its last run has ended, then closes, and the
// app keeps one browser, the new one.
func TestQueuedRunsKeepTheirBrowserThroughAChangeOfSettings(t *testing.T) {
	svc, rec, _ := setupWith(t, llmtest.Options{Flavour: llmtest.LlamaCpp, Slots: 2, Script: llmtest.QueueReplies(script(0))})
	go func() {
		for range rec.done {
		}
	}()
	st := newStand("a", "b")
	svc.q.do = st.run
	if _, err := svc.Queue(context.Background(), []string{"a"}); err != nil {
		t.Fatal(err)
	}
	st.next(t)
	exe, err := browser.Find(svc.store.Load().Settings.BrowserPath)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "chromium")
	if err := os.Symlink(exe, other); err != nil {
		t.Fatal(err)
	}
	set := svc.store.Load().Settings
	set.BrowserPath = other
	if err := svc.store.Save(set); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Queue(context.Background(), []string{"b"}); err != nil {
		t.Fatal(err)
	}
	st.next(t)
	if n := svc.browsers.Running(); n != 2 {
		t.Fatalf("%d browsers run while a run of each setup goes, want 2: the first was closed under its run", n)
	}
	close(st.release["a"])
	close(st.release["b"])
	waitStates(t, svc, "1:finished 2:finished ")
	deadline := time.Now().Add(10 * time.Second)
	for svc.browsers.Running() != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d browsers run after both runs ended, want the new one alone", svc.browsers.Running())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
