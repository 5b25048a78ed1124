package agent

import (
	"slices"
	"strconv"

	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/rank"
)

// The next step a gap suggests: the search that may find what an item
// still lacks (the thing and what is asked of it), or the part of the open
// page that may hold it.

// nextStep names what may close a gap, for the send-back; "" when no
// step is left to name.
func nextStep(g gap, w whereNext) string {
	if s, ok := stepFor(g, w); ok {
		return s.note()
	}
	return ""
}

// step is a move that may close a gap: reading an unread part of the
// open page, or a search. A search that checks whether a thing meets a
// condition names both (and whether the thing may be replaced instead).
type step struct {
	part             int    // READ_MORE this part of the open page; 0 for a search
	query            string // else SEARCH this
	thing, condition string
	replace          bool
}

// stepFor is what may close a gap: for a thing no finding shows to meet
// a condition, or a yes-or-no item nothing answers, a search to check it
// (never for a thing shown not to meet it: the page said so); else
// reading the unread part of the open page that matches what is
// missing, else a search for it not made yet.
func stepFor(g gap, w whereNext) (step, bool) {
	if unshown := without(g.Things, g.Denied); len(unshown) > 0 {
		return step{query: unshown[0] + " " + g.Condition, thing: unshown[0], condition: g.Condition, replace: true}, true
	}
	if g.Check != "" && len(g.Lacking) > 0 {
		return step{query: g.Lacking[0] + " " + g.Check, thing: g.Lacking[0], condition: g.Check}, true
	}
	if w.parts != nil {
		what := g.Item.Text
		if len(g.Lacking) > 0 {
			what = g.Lacking[0] + " " + what
		}
		if part := bestPart(w.parts, telling(w.parts, what), w.read); part > 0 {
			return step{part: part}, true
		}
	}
	q := tie.GapQuery(g.Item, g.Lacking, w.objective, w.title)
	if q == "" || w.searched[normalizeQuery(q)] {
		return step{}, false
	}
	return step{query: q}, true
}

// note names the step for the model.
func (s step) note() string {
	switch {
	case s.part > 0:
		return render("next-read", s.part)
	case s.condition != "":
		return render("next-check", map[string]any{"Query": s.query, "Thing": s.thing, "Condition": s.condition, "Replace": s.replace})
	}
	return render("next-search", s.query)
}

// action is the step as the model would have written it.
func (s step) action() Action {
	if s.part > 0 {
		return Action{Name: ActReadMore, Param: strconv.Itoa(s.part)}
	}
	return Action{Name: ActSearch, Param: s.query}
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
