package llmtest

import (
	"context"
	"sync"
)

// A llama-server started with --parallel N has N slots: it works on N
// requests at once (continuous batching, each at nearly the speed of one
// alone) and queues the rest until a slot is free. Each slot keeps its own
// prompt cache, the last prompt it read and the reply it wrote, and a
// request goes to the free slot whose cache shares the longest start with
// its prompt, else to the one used least recently, so conversations taking
// turns each keep their prefix. The fake does the same, at its set speeds
// per slot.

// slot is one of the fake's slots.
type slot struct {
	busy  bool
	cache string // what its prompt cache holds: last prompt + reply
	used  uint64 // when it was last taken, in takings
}

// slots hands out a server's slots in the order requests arrive.
type slots struct {
	mu      sync.Mutex
	all     []slot
	taken   uint64          // takings so far, the slots' clock
	waiting []chan struct{} // requests waiting for a free slot, first first
}

func newSlots(n int) *slots { return &slots{all: make([]slot, max(1, n))} }

// take waits for a free slot, its turn in the queue kept, and returns the
// slot for prompt; false when ctx ends first (the client left), which
// gives up its place in the queue.
func (s *slots) take(ctx context.Context, prompt string) (int, bool) {
	s.mu.Lock()
	if len(s.waiting) == 0 {
		if i, ok := s.pick(prompt); ok {
			s.mu.Unlock()
			return i, true
		}
	}
	turn := make(chan struct{})
	s.waiting = append(s.waiting, turn)
	s.mu.Unlock()
	for {
		select {
		case <-turn:
			s.mu.Lock()
			i, ok := s.pick(prompt)
			if !ok { // taken again before it woke: wait at the head
				turn = make(chan struct{})
				s.waiting = append([]chan struct{}{turn}, s.waiting...)
			}
			s.mu.Unlock()
			if ok {
				return i, true
			}
		case <-ctx.Done():
			s.mu.Lock()
			s.leave(turn)
			s.mu.Unlock()
			return 0, false
		}
	}
}

// similarShare is how much of a prompt a free slot's cache must hold for
// the request to go to it rather than to the slot used least recently:
// llama-server's --slot-prompt-similarity. A shared chat template alone
// never takes a slot from the conversation it holds.
const similarShare = 0.5

// pick takes the free slot for prompt, for a caller holding s.mu.
func (s *slots) pick(prompt string) (int, bool) {
	best, bestLen, oldest := -1, 0, -1
	for i, sl := range s.all {
		if sl.busy {
			continue
		}
		if oldest < 0 || sl.used < s.all[oldest].used {
			oldest = i
		}
		if n := commonPrefix(sl.cache, prompt); n > bestLen && float64(n) > similarShare*float64(len(prompt)) {
			best, bestLen = i, n
		}
	}
	if oldest < 0 {
		return 0, false
	}
	if best < 0 {
		best = oldest
	}
	s.taken++
	s.all[best].busy, s.all[best].used = true, s.taken
	return best, true
}

// leave takes turn out of the queue; one already woken passes its turn on.
func (s *slots) leave(turn chan struct{}) {
	for i, w := range s.waiting {
		if w == turn {
			s.waiting = append(s.waiting[:i], s.waiting[i+1:]...)
			return
		}
	}
	s.wakeNext()
}

// free gives slot i back and wakes the first request waiting.
func (s *slots) free(i int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.all[i].busy = false
	s.wakeNext()
}

// wakeNext wakes the first request waiting, for a caller holding s.mu.
func (s *slots) wakeNext() {
	if len(s.waiting) > 0 {
		close(s.waiting[0])
		s.waiting = s.waiting[1:]
	}
}

// reuse is what slot i's cache holds of prompt, in bytes, and keeps the
// prompt and the reply written after it as the slot's cache.
func (s *slots) reuse(i int, prompt, wrote string, noCache bool) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	common := commonPrefix(s.all[i].cache, prompt)
	if noCache {
		common = 0
	}
	s.all[i].cache = prompt + wrote
	return common
}
