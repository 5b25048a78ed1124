package phrase

import "time"

// Day is a date as a message's value, which the window writes its
// language's way ("2 Dec 2026", "2026年12月2日") rather than as Go wrote
// it in English: the date as ISO 8601 (2026-12-02).
type Day struct {
	Day string `json:"day"`
}

// DayOf is the day of t, in t's time zone.
func DayOf(t time.Time) Day { return Day{Day: t.Format(time.DateOnly)} }

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
