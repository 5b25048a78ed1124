package phrase

import "time"

// Seconds is a time taken as a message's value, which the window writes
// its language's way ("5 min 10 s", "5分10秒") rather than Go's "5m10s":
// the whole seconds.
type Seconds struct {
	Seconds int `json:"seconds"`
}

// SecondsOf is d to the second.
func SecondsOf(d time.Duration) Seconds {
	return Seconds{Seconds: int(d.Round(time.Second) / time.Second)}
}
