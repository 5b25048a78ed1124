package desktop

import (
	"sync"
	"time"

	"github.com/scout-research/scout/backend/agent"
)

// batchInterval: the UI gets events at most ten times a second, so a burst
// (a page part, a check, a model call) is one update and long runs stay
// smooth.
const batchInterval = 100 * time.Millisecond

// batcher collects events and hands them to flush in batches; events that
// end a run are flushed at once and never dropped.
type batcher struct {
	flush func([]agent.Event)

	mu      sync.Mutex
	pending []agent.Event
	// sendMu keeps flushes in order: the ticker and an immediate flush of a
	// run's last events must not overtake each other.
	sendMu sync.Mutex
	stop   chan struct{}
	done   chan struct{}
}

func newBatcher(flush func([]agent.Event)) *batcher {
	b := &batcher{flush: flush, stop: make(chan struct{}), done: make(chan struct{})}
	go b.loop()
	return b
}

// Emit implements agent.Sink.
func (b *batcher) Emit(ev agent.Event) {
	b.mu.Lock()
	b.pending = append(b.pending, ev)
	b.mu.Unlock()
	if ev.Type == agent.EvRunFinished || ev.Type == agent.EvReportWritten {
		b.send()
	}
}

func (b *batcher) loop() {
	defer close(b.done)
	t := time.NewTicker(batchInterval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			b.send()
		case <-b.stop:
			b.send()
			return
		}
	}
}

func (b *batcher) send() {
	b.sendMu.Lock()
	defer b.sendMu.Unlock()
	b.mu.Lock()
	batch := b.pending
	b.pending = nil
	b.mu.Unlock()
	if len(batch) > 0 {
		b.flush(batch)
	}
}

// Close flushes what is left and stops the loop.
func (b *batcher) Close() {
	close(b.stop)
	<-b.done
}
