package report

import "time"

// span is a time taken as the report's language writes it, to the second:
// "1 h 2 min 3 s", "5 Min. 10 Sek.", "5分10秒" (each unit a message with
// the plural forms of its count; a unit of none left out, "0 s" for no
// time at all), not Go's "1h2m3s".
func (w words) span(d time.Duration) string {
	sec := max(0, int(d.Round(time.Second)/time.Second))
	units := []struct {
		key string
		n   int
	}{{"duration_h", sec / 3600}, {"duration_min", sec / 60 % 60}, {"duration_s", sec % 60}}
	var parts []string
	for _, u := range units {
		if u.n > 0 {
			parts = append(parts, w.p(u.key, u.n, u.n))
		}
	}
	if len(parts) == 0 {
		return w.p("duration_s", 0, 0)
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out = w.f("duration_join", out, p)
	}
	return out
}
