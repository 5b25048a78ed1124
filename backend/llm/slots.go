package llm

import (
	"context"
	"net/http"
)

// A llama-server started with --parallel N answers N conversations at
// once, each in a slot with its own prompt cache, at nearly the speed of
// one. Left to itself it gives a request the free slot whose cache is most
// like its prompt (at least --slot-prompt-similarity, 0.5, of it), else
// the slot used least recently. Conversations taking turns with other
// calls (a run's checklist, coverage and writing calls share little with
// its action conversation) then take each other's slots, and each loses
// its cache. A request naming its slot (id_slot) goes to that slot, and
// waits for it when it is busy; one naming a slot the server does not have
// is refused by recent builds and left waiting forever by older ones, so a
// client names one only below the server's own count (Slots).

// Slots is how many requests the server says it answers at once:
// llama-server's total_slots in /props; 0 when the server does not say
// (LM Studio, Ollama, vLLM and older llama-server builds).
func (c *Client) Slots(ctx context.Context) int {
	ctx, cancel := context.WithTimeout(ctx, ProbeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.root()+"/props", nil)
	if err != nil {
		return 0
	}
	var got struct {
		TotalSlots int `json:"total_slots"`
	}
	if c.getJSON(req, &got) != nil || got.TotalSlots < 0 {
		return 0
	}
	return got.TotalSlots
}

// KeepSlot sends every later completion to llama-server's slot id, so a
// run's calls keep that slot's prompt cache to themselves; a negative id
// lets the server choose again. The slot is named to llama.cpp alone (see
// SetServer): another server might refuse a field it does not know.
func (c *Client) KeepSlot(id int) { c.slot.Store(int64(id)) }

// keptSlot is the slot completions name, or -1.
func (c *Client) keptSlot() int {
	if !c.serverIs(ServerLlamaCpp) {
		return -1
	}
	return int(c.slot.Load())
}
