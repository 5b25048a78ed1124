package agent

import (
	"slices"

	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/rank"
)

// The next step a gap suggests: the search that may find what an item
// still lacks (the thing and what is asked of it), or the part of the open
// page that may hold it.

// nextStep names what may close a gap, for the send-back: for a thing
// no finding shows to meet a condition, or a yes-or-no item nothing
// answers, a search to check it (never for a thing shown not to meet
// it: the page said so); else reading the unread part of the open page
// that matches what is missing, else a search for it.
func nextStep(g gap, w whereNext) string {
	if unshown := without(g.Things, g.Denied); len(unshown) > 0 {
		return render("next-check", map[string]any{"Query": unshown[0] + " " + g.Condition, "Thing": unshown[0], "Condition": g.Condition, "Replace": true})
	}
	if g.Check != "" && len(g.Lacking) > 0 {
		return render("next-check", map[string]any{"Query": g.Lacking[0] + " " + g.Check, "Thing": g.Lacking[0], "Condition": g.Check})
	}
	if w.parts != nil {
		what := g.Item.Text
		if len(g.Lacking) > 0 {
			what = g.Lacking[0] + " " + what
		}
		if part := bestPart(w.parts, telling(w.parts, what), w.read); part > 0 {
			return render("next-read", part)
		}
	}
	q := tie.GapQuery(g.Item, g.Lacking, w.objective, w.title)
	if q == "" || w.searched[normalizeQuery(q)] {
		return ""
	}
	return render("next-search", q)
}

// whereNext is what nextStep reads of the run: what it is about (the
// objective, and the first finding's page title: tie.GapQuery), the open
// page's parts as stems and which were read (nil without a page), and
// the searches made, normalised.
type whereNext struct {
	objective, title string
	parts            *rank.Index
	read             map[int]bool
	searched         map[string]bool
}

// whereNext is the run as nextStep reads it.
func (s *state) whereNext() whereNext {
	w := whereNext{objective: s.record.objective, title: firstTitle(s.record.findings), searched: s.trail.searches}
	if s.page != nil {
		w.parts, w.read = s.page.index(), s.page.read
	}
	return w
}

// without is names less those in out.
func without(names, out []string) []string {
	var keep []string
	for _, n := range names {
		if !slices.Contains(out, n) {
			keep = append(keep, n)
		}
	}
	return keep
}
