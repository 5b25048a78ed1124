package agent

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/phrase"
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
	// sure: the part answers the item as a finding would (agent/tie); else
	// it holds most of the item's words, all code can judge it by.
	sure  bool
	value string // the value, when sure
	// named: the item asks about things the part names, or for a measure
	// or a date it gives; a "free" on a page, for "a first free editor",
	// is sure and says little of which page lists the most.
	named bool
}

// judged is what a page holds for the open items.
type judged struct {
	holds []holding
	// unsure: an item only its words can tell was not found by them;
	// code cannot say the page does not hold it in other words.
	unsure bool
}

// score orders pages: each item held counts, one held for sure about a
// thing named, or with a measure or a date, twice.
func (j judged) score() int {
	n := 0
	for _, h := range j.holds {
		n++
		if h.sure && h.named {
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

// judge is what pg holds for the open items, judged on the page alone.
func (a *Agent) judge(pg page.Page) judged {
	j, byWords := a.judgeSure(pg)
	for _, n := range byWords {
		if part := byWordsPart(pg, a.st.record.ties().Asks[n-1].Text); part > 0 {
			j.holds = append(j.holds, holding{item: n, part: part})
		} else {
			j.unsure = true
		}
	}
	return j
}

// judgeSure is what pg holds for the open items by the tie rule, and the
// items only words can tell on some part of it.
func (a *Agent) judgeSure(pg page.Page) (j judged, byWords []int) {
	t := a.st.record.ties()
	for _, it := range a.st.record.openItems() {
		h, words := holdsSurely(t, t.Asks[it.Number-1], pg)
		switch {
		case h.part > 0:
			j.holds = append(j.holds, h)
		case words:
			byWords = append(byWords, it.Number)
		}
	}
	return j, byWords
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

// holdsSurely finds the first part of pg that answers what a asks for
// sure (agent/tie), and says whether, failing that, some part can be judged
// by its words only. A part code can say does not answer it (no value of
// the kind asked, or not about its thing) holds nothing for it.
func holdsSurely(t tie.Rule, a tie.Asked, pg page.Page) (held holding, byWords bool) {
	for i, part := range pg.Parts {
		f := Finding{Text: part.Text, Title: pg.Title}
		switch tied, _ := t.Answers(f, a, a.Things); tied {
		case tie.Sure:
			named := len(a.Things) > 0 || a.Kind == tie.KindMeasure || a.Kind == tie.KindDate
			return holding{item: a.Number, part: i + 1, sure: true, value: clip(t.ValueFor(f, a), maxHeldValueChars), named: named}, false
		case tie.Words:
			byWords = true
		}
	}
	return holding{}, byWords
}

// byWordsPart is the part of pg that best holds item's telling words, as
// the part hints find it, or 0; on a page of one part, one holding at
// least aheadWordShare of its words.
func byWordsPart(pg page.Page, item string) int {
	if len(pg.Parts) == 1 {
		if share(rank.Stems(withoutOrdinals(item)), rank.Stems(pg.Parts[0].Text)) >= aheadWordShare {
			return 1
		}
		return 0
	}
	ix := (&openPage{page: pg}).index()
	return bestPart(ix, telling(ix, withoutOrdinals(item)), nil)
}

// withoutOrdinals is an item without its ordinals: "a second free photo
// editor" asks what its siblings ask, and no page says "second" for it.
func withoutOrdinals(item string) string {
	var ws []string
	for _, w := range strings.Fields(item) {
		if !tie.IsOrdinal(strings.ToLower(strings.Trim(w, ".,;:"))) {
			ws = append(ws, w)
		}
	}
	return strings.Join(ws, " ")
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
	var docs []aheadDoc
	for _, r := range results {
		if v := visits[normalizeURL(r.URL)]; v != nil {
			d := aheadDoc{result: r, title: cmp.Or(v.Doc.Title, r.Title, r.URL), pg: page.Split(v.Doc, a.budget(), a.st.conv.est)}
			d.judged, d.byWords = a.judgeSure(d.pg)
			docs = append(docs, d)
		}
	}
	a.holdByWords(docs)
	notes := map[string]string{}
	scores := map[string]int{}
	var told []string
	var toldSaid []*phrase.Said
	for _, d := range docs {
		title := clip(d.title, aheadTitleChars)
		if len(d.holds) == 0 && len(d.byWords) > 0 {
			// Code cannot say it holds nothing: an item only words can
			// tell may be there in other words. It says nothing of it.
			told = append(told, fmt.Sprintf("%s: %s", title, render("ahead-unsure", nil)))
			toldSaid = append(toldSaid, phrase.Of("row.aheadPage", "title", title, "held", phrase.Of("row.aheadUnsure")))
			continue
		}
		scores[d.result.URL] = d.score()
		notes[d.result.URL] = heldWords(d.judged)
		told = append(told, fmt.Sprintf("%s: %s", title, strings.TrimSuffix(notes[d.result.URL], ".")))
		toldSaid = append(toldSaid, phrase.Of("row.aheadPage", "title", title, "held", heldSaid(d.judged)))
	}
	a.emit(Event{Type: EvNotice, Message: render("ahead-told", map[string]any{"Read": len(docs), "Of": len(urls), "Pages": told}),
		Say: aheadSaid(len(docs), len(urls), toldSaid)})
	rankOf := func(r port.SearchResult) int {
		switch score, read := scores[r.URL]; {
		case !read:
			return unreadRank
		case score == 0:
			return nothingRank
		default:
			return score
		}
	}
	ordered := slices.Clone(results)
	slices.SortStableFunc(ordered, func(x, y port.SearchResult) int { return cmp.Compare(rankOf(y), rankOf(x)) })
	return ordered, notes
}

// aheadDoc is a page read ahead, as judged.
type aheadDoc struct {
	result port.SearchResult
	title  string
	pg     page.Page
	judged
	byWords []int // the items only words can tell on it
}

// holdByWords judges the items only words can tell across every page read
// ahead at once: a part holds such an item when it holds its telling
// words (those not on every part of every page) about as well as the best
// part of all does. Judged page by page, a page of one part that says a
// little of everything would outrank the reference page that says it all.
func (a *Agent) holdByWords(docs []aheadDoc) {
	ix := &rank.Index{}
	type place struct{ doc, part int }
	var at []place
	for d, doc := range docs {
		for p, part := range doc.pg.Parts {
			ix.Add(partTerms(part))
			at = append(at, place{d, p + 1})
		}
	}
	asks := a.st.record.ties().Asks
	for _, n := range wordItems(docs) {
		terms := telling(ix, withoutOrdinals(asks[n-1].Text))
		scores := make([]float64, ix.Len())
		best := 0.0
		for i := range scores {
			if slices.Contains(docs[at[i].doc].byWords, n) && holdsHalf(ix, i, terms) {
				scores[i] = ix.Score(i, terms)
				best = max(best, scores[i])
			}
		}
		for i, s := range scores {
			if best > 0 && s >= aheadNearBest*best {
				d := &docs[at[i].doc]
				if !slices.ContainsFunc(d.holds, func(h holding) bool { return h.item == n }) {
					d.holds = append(d.holds, holding{item: n, part: at[i].part})
				}
			}
		}
	}
}

// wordItems are the items some page read ahead can only tell by words.
func wordItems(docs []aheadDoc) []int {
	var out []int
	for _, d := range docs {
		for _, n := range d.byWords {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}

// holdsHalf: part i holds at least half of terms.
func holdsHalf(ix *rank.Index, i int, terms []string) bool {
	held := 0
	for _, t := range terms {
		if ix.Has(i, t) {
			held++
		}
	}
	return held > 0 && 2*held >= len(terms)
}

// unreadRank places a page not read in time after those that hold
// something and before those read that hold nothing (nothingRank).
const (
	unreadRank  = -1
	nothingRank = -2
)

// heldWords says what a page read ahead holds, for its line in the list.
// heldSaid is heldWords as the window's message, without its full stop
// (the journal's note drops it).
func heldSaid(j judged) *phrase.Said {
	if len(j.holds) == 0 {
		return phrase.Of("row.aheadNothing")
	}
	var list *phrase.Said
	for _, h := range j.holds {
		s := phrase.Of("row.aheadHold", "item", h.item, "part", h.part)
		if h.value != "" {
			s = phrase.Of("row.aheadHoldValue", "item", h.item, "value", h.value, "part", h.part)
		}
		if list == nil {
			list = s
		} else {
			list = phrase.Of("names.comma", "a", list, "b", s)
		}
	}
	return phrase.Of("row.aheadHolds", "holds", list)
}

// aheadSaid is the note ahead-told as the window's message: read of the
// first of results, and what each page read holds.
func aheadSaid(read, of int, pages []*phrase.Said) *phrase.Said {
	if len(pages) == 0 {
		return phrase.Of("row.ahead", "read", read, "of", of)
	}
	list := pages[0]
	for _, p := range pages[1:] {
		list = phrase.Of("item.sep", "a", list, "b", p)
	}
	return phrase.Of("row.aheadPages", "read", read, "of", of, "pages", list)
}

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
