package desktop

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/llm/llmtest"
)

// window is the research screen as the frontend's run store keeps it,
// fed the events in the order they reach it: the run it follows is the
// follow with the highest number, and only that run's end ends it.
type window struct {
	mu      sync.Mutex
	log     []string // the events' names as they arrived, for failures
	dir     string
	running bool
	followN int64
	// held is the first follow, kept back until the second has arrived:
	// two queued runs starting at once send theirs from two goroutines,
	// and Wails (the dev server in particular) may deliver them this way.
	second  chan struct{}
	follows int
}

// holdFollow is how long the first follow waits for the second: long
// enough for a loaded machine, as the second comes at once.
const holdFollow = 10 * time.Second

func (w *window) emit(name string, data any) {
	if name == EventRunFollow {
		w.mu.Lock()
		w.follows++
		if w.follows == 2 {
			close(w.second)
		}
		first := w.follows == 1
		w.mu.Unlock()
		if first {
			select {
			case <-w.second:
			case <-time.After(holdFollow):
			}
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.log = append(w.log, name)
	switch name {
	case EventRunFollow:
		if v := data.(RunView); v.FollowN > w.followN {
			w.dir, w.running, w.followN = v.Dir, v.Running, v.FollowN
		}
	case EventRunDone:
		if v := data.(RunView); v.Dir == w.dir {
			w.running = false
		}
	}
}

func (w *window) shows() (dir string, running bool, heard []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.dir, w.running, append([]string{}, w.log...)
}

// Two queued runs start at once and their follows reach the window in the
// other order than Go followed them: the window still shows the run Go
// follows, hears its end and stops showing a run going on. (Seen once in
// the app: the window kept the first run, "turn 0 of 100" and a Stop
// button, while Go sent only the second run's events.)
func TestTheWindowFollowsTheRunGoFollowsWhateverOrderFollowsArrive(t *testing.T) {
	svc, _, _ := setupWith(t, llmtest.Options{Flavour: llmtest.LlamaCpp, Slots: 2, Script: llmtest.QueueReplies(script(0))})
	w := &window{second: make(chan struct{})}
	svc.emit = w.emit
	st := newStand("a", "b")
	svc.q.do = st.run
	if _, err := svc.Queue(context.Background(), []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	// Each run sends its follow before it begins: both have arrived.
	st.next(t)
	st.next(t)
	if dir, running, heard := w.shows(); dir != svc.Current().Dir || !running {
		t.Errorf("the window shows %s (running %v), Go follows %s; it heard %v", dir, running, svc.Current().Dir, heard)
	}
	close(st.release["a"])
	close(st.release["b"])
	waitStates(t, svc, "1:finished 2:finished ")
	if dir, running, heard := w.shows(); running {
		t.Errorf("both runs ended, the window still shows %s going on; it heard %v", dir, heard)
	}
}

// A run the user picks in History outnumbers every follow sent before:
// one still on its way when the pick returns cannot take the window back.
func TestAPickedRunOutnumbersTheFollowsBeforeIt(t *testing.T) {
	svc, rec, _ := setupWith(t, llmtest.Options{Flavour: llmtest.LlamaCpp, Slots: 2, Script: llmtest.QueueReplies(script(0))})
	go func() {
		for range rec.done {
		}
	}()
	st := newStand("a", "b")
	svc.q.do = st.run
	if _, err := svc.Queue(context.Background(), []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	st.next(t)
	st.next(t)
	waitStates(t, svc, "1:running 2:running ")
	picked, err := svc.Follow(1)
	if err != nil {
		t.Fatal(err)
	}
	rec.mu.Lock()
	follows := append([]any{}, rec.events[EventRunFollow]...)
	rec.mu.Unlock()
	if len(follows) == 0 {
		t.Fatal("no run was followed as the queue started")
	}
	for _, f := range follows {
		if v := f.(RunView); v.FollowN >= picked.FollowN {
			t.Errorf("the follow of %s is numbered %d, the pick of %s after it %d", v.Dir, v.FollowN, picked.Dir, picked.FollowN)
		}
	}
	close(st.release["a"])
	close(st.release["b"])
	waitStates(t, svc, "1:finished 2:finished ")
}
