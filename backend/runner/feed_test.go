package runner

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
)

// A fed batch runs what it is sent up to Parallel at once, each lane on a
// slot of its own, and ends when the feed closes.
func TestFeedRunsUpToParallelAtOnce(t *testing.T) {
	b := Batch{Parallel: 2, KeepSlots: true}
	var now, most atomic.Int32
	release := make(chan struct{})
	var mu sync.Mutex
	slots := map[int]bool{}
	started := make(chan int, 3)
	b.Started = func(i int) { started <- i }
	do := func(ctx context.Context, j Job) (*Outcome, error) {
		n := now.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		mu.Lock()
		slots[j.Options.Slot] = true
		mu.Unlock()
		<-release
		now.Add(-1)
		return &Outcome{}, nil
	}
	jobs := make(chan Job)
	done := make(chan struct{})
	go func() { b.Feed(context.Background(), jobs, do); close(done) }()
	for i := range 3 { // no setup: do stands for the run
		go func() { jobs <- Job{N: i} }()
	}
	<-started
	<-started
	select {
	case i := <-started:
		t.Fatalf("job %d started while two ran", i)
	default:
	}
	close(release)
	<-started
	close(jobs)
	<-done
	if most.Load() != 2 {
		t.Errorf("at most %d ran at once, want 2", most.Load())
	}
	if !slots[0] || !slots[1] || len(slots) != 2 {
		t.Errorf("slots used %v, want 0 and 1", slots)
	}
}
