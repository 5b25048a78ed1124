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

// A request naming its slot (id_slot, see llm.Client.KeepSlot) goes to
// that slot, waiting while it is busy, as llama-server does; one naming a
// slot the server does not have is refused (see chat).

// anySlot is a request that lets the server choose its slot.
const anySlot = -1

// slots hands out a server's slots in the order requests arrive.
type slots struct {
	mu      sync.Mutex
	all     []slot
	taken   uint64    // takings so far, the slots' clock
	waiting []*waiter // requests waiting for a slot, first first
}

// waiter is a request waiting for a slot: want, or any when anySlot.
type waiter struct {
	turn chan struct{} // closed when a slot it can take is free
	want int
}

func newSlots(n int) *slots { return &slots{all: make([]slot, max(1, n))} }

// valid reports whether want names a slot of the server, or none.
func (s *slots) valid(want int) bool { return want == anySlot || (want >= 0 && want < len(s.all)) }

// take waits for a free slot (want, or any), its turn in the queue kept,
// and returns the slot for prompt; false when ctx ends first (the client
// left), which gives up its place in the queue.
func (s *slots) take(ctx context.Context, prompt string, want int) (int, bool) {
	s.mu.Lock()
	// Waiters in the queue wait for busy slots (a freed slot wakes the
	// first that can take it at once), so a slot free now is this one's.
	if i, ok := s.pick(prompt, want); ok {
		s.mu.Unlock()
		return i, true
	}
	w := &waiter{turn: make(chan struct{}), want: want}
	s.waiting = append(s.waiting, w)
	s.mu.Unlock()
	for {
		select {
		case <-w.turn:
			s.mu.Lock()
			i, ok := s.pick(prompt, want)
			if !ok { // taken again before it woke: wait at the head
				w = &waiter{turn: make(chan struct{}), want: want}
				s.waiting = append([]*waiter{w}, s.waiting...)
			}
			s.mu.Unlock()
			if ok {
				return i, true
			}
		case <-ctx.Done():
			s.mu.Lock()
			s.leave(w)
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

// pick takes the free slot for prompt (want, when it names one), for a
// caller holding s.mu.
func (s *slots) pick(prompt string, want int) (int, bool) {
	if want != anySlot {
		if s.all[want].busy {
			return 0, false
		}
		s.occupy(want)
		return want, true
	}
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
	s.occupy(best)
	return best, true
}

func (s *slots) occupy(i int) {
	s.taken++
	s.all[i].busy, s.all[i].used = true, s.taken
}

// leave takes w out of the queue; one already woken passes its turn on.
func (s *slots) leave(w *waiter) {
	for i, x := range s.waiting {
		if x == w {
			s.waiting = append(s.waiting[:i], s.waiting[i+1:]...)
			return
		}
	}
	s.wakeNext()
}

// free gives slot i back and wakes the first request that can take a
// free slot.
func (s *slots) free(i int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.all[i].busy = false
	s.wakeNext()
}

// wakeNext wakes the first request waiting that a free slot can serve:
// one for any slot, or for a free one. For a caller holding s.mu.
func (s *slots) wakeNext() {
	for i, w := range s.waiting {
		if w.want == anySlot && s.anyFree() || w.want != anySlot && !s.all[w.want].busy {
			close(w.turn)
			s.waiting = append(s.waiting[:i], s.waiting[i+1:]...)
			return
		}
	}
}

func (s *slots) anyFree() bool {
	for _, sl := range s.all {
		if !sl.busy {
			return true
		}
	}
	return false
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
