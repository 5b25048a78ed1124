package agent

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/rank"
)

// Reading ahead: while a results list is shown, its top pages are read in
// the background (Config.ReadAhead). The list is ordered by what each page
// holds for the checklist items no finding covers yet, each line saying
// so; a page read ahead opens at once, at the part that holds most; and
// leaving a page that holds nothing for the open items is not questioned.
// Small models open results in the order shown: the order is the lever.

// holding is an open item a page holds, and where.
type holding struct {
	item, part int
	// sure: the part answers the item as a finding would (ties.go); else
	// it holds most of the item's words, all code can judge it by.
	sure  bool
	value string // the value, when sure
}

// judged is what a page holds for the open items.
type judged struct {
	holds []holding
	// unsure: an item only its words can tell was not found by them;
	// code cannot say the page does not hold it in other words.
	unsure bool
}

// score orders pages: each item held counts, one held for sure twice.
func (j judged) score() int {
	n := 0
	for _, h := range j.holds {
		n++
		if h.sure {
			n++
		}
	}
	return n
}

// bestPart is the part holding most open items (the first such), or 0.
func (j judged) bestPart() int {
	count := map[int]int{}
	best := 0
	for _, h := range j.holds {
		count[h.part]++
		if best == 0 || count[h.part] > count[best] || count[h.part] == count[best] && h.part < best {
			best = h.part
		}
	}
	return best
}

// judge is what pg holds for the open items.
func (a *Agent) judge(pg page.Page) judged {
	var j judged
	t := a.st.record.ties()
	for _, it := range a.st.record.openItems() {
		h, ok, unsure := holdsItem(t, t.asks[it.Number-1], pg)
		if ok {
			j.holds = append(j.holds, h)
		}
		j.unsure = j.unsure || unsure
	}
	return j
}

// parts are the parts that hold something for the open items, or nil
// when code cannot be sure the others hold nothing.
func (j judged) parts() map[int]bool {
	if j.unsure {
		return nil
	}
	out := map[int]bool{}
	for _, h := range j.holds {
		out[h.part] = true
	}
	return out
}

// holdsItem finds the part of pg that holds what a asks: the first one
// that answers it for sure (ties.go), else, for an item code can only
// judge by its words, the first holding at least aheadWordShare of them.
// A part code can say does not answer it (no value of the kind asked, or
// not about its thing) holds nothing for it.
func holdsItem(t ties, a asked, pg page.Page) (held holding, ok, unsure bool) {
	words := rank.Stems(a.Text)
	byWords := false
	for i, part := range pg.Parts {
		f := Finding{Text: part.Text, Title: pg.Title}
		switch tie, _ := t.answers(f, a, a.things); {
		case tie == tieSure:
			return holding{item: a.Number, part: i + 1, sure: true, value: t.valueFor(f, a)}, true, false
		case tie == tieWords:
			byWords = true
			if held.part == 0 && share(words, rank.Stems(part.Text)) >= aheadWordShare {
				held = holding{item: a.Number, part: i + 1}
			}
		}
	}
	return held, held.part > 0, byWords && held.part == 0
}

// share is the part of words found in text's words.
func share(words, text []string) float64 {
	if len(words) == 0 {
		return 0
	}
	found := 0
	for _, w := range words {
		if slices.Contains(text, w) {
			found++
		}
	}
	return float64(found) / float64(len(words))
}

// valueFor is the value f gives of the kind a asks, about a's thing, as
// written ("2,228 m").
func (t ties) valueFor(f Finding, a asked) string {
	ts := tokensOf(f.Text)
	alias := t.alias(f)
	for _, v := range valuesOf(f.Text, ts, a.conds) {
		if v.kind != a.kind || a.dim != "" && v.dim != a.dim || len(a.things) > 0 && !slices.ContainsFunc(a.things, sameThing(t.about(ts, v.at, alias))) {
			continue
		}
		tok := ts[v.at]
		end := tok.end
		if v.kind == kindMeasure && v.at+1 < len(ts) && strings.TrimSpace(ts[v.at+1].before) == "" {
			end = ts[v.at+1].end // the unit after the number
		}
		return clip(f.Text[tok.start:end], maxHeldValueChars)
	}
	return ""
}

// readAlready is the page at u when it was read ahead.
func (a *Agent) readAlready(ctx context.Context, u string) *port.Visit {
	if a.cfg.ReadAhead == nil {
		return nil
	}
	return a.cfg.ReadAhead.Read(ctx, []string{u}, 0)[u]
}

// readAhead reads the top results while the list waits, and returns them
// ordered by what they hold for the open items (the engine's order
// otherwise), with what each holds in words for its line.
func (a *Agent) readAhead(ctx context.Context, results []port.SearchResult) ([]port.SearchResult, map[string]string) {
	urls := make([]string, 0, readAheadResults)
	for _, r := range results[:min(len(results), readAheadResults)] {
		urls = append(urls, normalizeURL(r.URL)) // as NAVIGATE names it
	}
	a.cfg.ReadAhead.Start(urls)
	visits := a.cfg.ReadAhead.Read(ctx, urls, readAheadWait)
	notes := map[string]string{}
	scores := map[string]int{}
	var told []string
	for _, r := range results {
		v := visits[normalizeURL(r.URL)]
		if v == nil {
			scores[r.URL] = unreadScore
			continue
		}
		j := a.judge(page.Split(v.Doc, a.budget, a.est))
		scores[r.URL] = j.score()
		notes[r.URL] = heldWords(j)
		told = append(told, fmt.Sprintf("%s: %s", clip(cmp.Or(v.Doc.Title, r.Title, r.URL), journalTitleChars), strings.TrimSuffix(notes[r.URL], ".")))
	}
	a.emit(Event{Type: EvNotice, Message: render("ahead-told", map[string]any{"Read": len(told), "Of": len(urls), "Pages": told})})
	ordered := slices.Clone(results)
	slices.SortStableFunc(ordered, func(x, y port.SearchResult) int { return cmp.Compare(rankOf(scores[y.URL]), rankOf(scores[x.URL])) })
	return ordered, notes
}

// unreadScore places a page not read in time after those that hold
// something and before those read that hold nothing.
const unreadScore = -1

func rankOf(score int) int {
	if score == 0 {
		return -2 // read, and nothing on the open items
	}
	return score
}

// heldWords says what a page read ahead holds, for its line in the list.
func heldWords(j judged) string {
	if len(j.holds) == 0 {
		return render("ahead-nothing", nil)
	}
	var parts []string
	for _, h := range j.holds {
		s := fmt.Sprintf("item %d", h.item)
		if h.value != "" {
			s += fmt.Sprintf(" (%s)", h.value)
		}
		parts = append(parts, s+fmt.Sprintf(" in part %d", h.part))
	}
	return render("ahead-holds", strings.Join(parts, ", "))
}
