package agent

import (
	"sort"

	"github.com/scout-research/scout/backend/rank"
)

// partHints points a small model at the unread parts of a long page that
// best match the checklist items no finding covers yet, so it can jump
// there with READ_MORE N instead of reading every part in order. An item
// is pointed at a part only when that part holds at least half of the
// item's telling words (its words not on every part, counting those on
// none); the best such unread part is named. When more than maxHintParts
// parts are pointed at, those serving the most items are named, in page
// order. ix is the page's parts as stems (openPage.index); read says
// which parts the model has seen, the one being shown included; open are
// the items no finding covers.
func partHints(ix *rank.Index, read map[int]bool, open []Item) string {
	if ix.Len() < 2 {
		return ""
	}
	byPart := map[int][]int{}
	for _, it := range open {
		if part := bestPart(ix, telling(ix, it.Text), read); part > 0 {
			byPart[part] = append(byPart[part], it.Number)
		}
	}
	parts := make([]int, 0, len(byPart))
	for n := range byPart {
		parts = append(parts, n)
	}
	// Most items first (then page order) to choose; page order to show.
	sort.Slice(parts, func(i, j int) bool {
		if a, b := len(byPart[parts[i]]), len(byPart[parts[j]]); a != b {
			return a > b
		}
		return parts[i] < parts[j]
	})
	if len(parts) > maxHintParts {
		parts = parts[:maxHintParts]
	}
	sort.Ints(parts)
	if len(parts) == 0 {
		return ""
	}
	type hint struct {
		Part  int
		Items []int
	}
	hints := make([]hint, len(parts))
	for i, n := range parts {
		hints[i] = hint{n, byPart[n]}
	}
	return render("part-hints", hints)
}

// telling is the item's stems that are not on every part of the page: a
// word on every part says nothing about where to look, and a word on none
// says the page may not have what the item asks.
func telling(ix *rank.Index, item string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range rank.Stems(item) {
		if !seen[t] && ix.DocFreq(t) < ix.Len() {
			out = append(out, t)
		}
		seen[t] = true
	}
	return out
}

// bestPart is the unread part number (from 1) matching terms best, or 0
// when no unread part holds half of the terms.
func bestPart(ix *rank.Index, terms []string, read map[int]bool) int {
	best, bestScore := 0, 0.0
	for i := 0; i < ix.Len(); i++ {
		if read[i+1] {
			continue
		}
		held := 0
		for _, t := range terms {
			if ix.Has(i, t) {
				held++
			}
		}
		if held == 0 || 2*held < len(terms) {
			continue
		}
		if s := ix.Score(i, terms); s > bestScore {
			best, bestScore = i+1, s
		}
	}
	return best
}
