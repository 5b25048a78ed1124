package coverage

import "strings"

// clip cuts s to n runes, an ellipsis the last, as a thing named by a
// whole finding is shown.
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
