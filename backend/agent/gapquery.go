package agent

import (
	"slices"
	"strings"
	"unicode"

	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/agent/words"
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
	q := gapQuery(g, w.objective, w.title)
	if q == "" || w.searched[normalizeQuery(q)] {
		return ""
	}
	return render("next-search", q)
}

// whereNext is what nextStep reads of the run: what it is about (the
// objective, and the first finding's page title: gapQuery), the open
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

// gapQuery is a short search for what a gap lacks: the thing, then what
// the item asks of it in its own words, without the words that only make
// it a question or a list ("Mount Kenya height metres" for "the height of
// Mount Kenya in metres", "Microsoft Office open source" for "whether
// Microsoft Office is open source"). An item that names no thing of its
// own ("its height in feet") is searched with the run's subject (of the
// objective and the first finding's page title); one that asks for a
// number of things, without.
func gapQuery(g gap, objective, title string) string {
	a := tie.AskOf(g.Item, objective)
	thing := ""
	switch {
	case len(g.Lacking) > 0:
		thing = g.Lacking[0]
	case len(a.Things) == 1:
		thing = a.Things[0]
	case len(a.Things) == 0 && tie.CountAsked(g.Item.Text) == 0 && !oneOfAKind(g.Item.Text):
		if s := subject(objective, title); !sharesStem(g.Item.Text, s) {
			thing = s
		}
	}
	skip := map[string]bool{}
	for _, th := range append(tie.ThingsIn(g.Item.Text), a.Things...) {
		for _, w := range words.Of(th) {
			skip[w] = true
		}
	}
	var ws []string
	prev := ""
	for i, w := range itemWords(g.Item.Text) {
		low := strings.ToLower(w)
		asks := prev == "how" && (low == "well" || low == "much" || low == "many") // "how well each picks up..."
		prev = low
		if len([]rune(w)) < tie.MinTermRunes(w) || rank.IsStopWord(low) || tie.IsStop(low, g.Item.Text) || queryFiller[low] || skip[low] || numberWords[low] > 0 || (i < 2 && tie.IsOrdinal(low)) || asks {
			continue
		}
		ws = append(ws, w)
	}
	return strings.TrimSpace(thing + " " + strings.Join(ws, " "))
}

// itemWords are an item's words as written, without the punctuation
// around them; Chinese and Japanese cut into their words.
func itemWords(item string) []string {
	var out []string
	for _, w := range strings.Fields(item) {
		for _, c := range words.Cut(strings.Trim(w, ".,;:!?()\"'，。？！、：；（）")) {
			if c = strings.TrimSpace(c); c != "" {
				out = append(out, c)
			}
		}
	}
	return out
}

// oneOfAKind reports whether an item asks for one thing of a kind ("a
// second free photo editor", "ein zweiter See", "第二个..."), which the
// run's subject is not.
func oneOfAKind(item string) bool {
	ws := words.Of(item)
	return len(ws) > 0 && (ws[0] == "a" || ws[0] == "an" || tie.IsOrdinal(ws[0])) || len(ws) > 1 && tie.IsOrdinal(ws[1]) && tie.IsStop(ws[0], item)
}

// sharesStem reports whether a and b have a word in common, by stem.
func sharesStem(a, b string) bool {
	have := map[string]bool{}
	for _, t := range rank.Stems(a) {
		have[t] = true
	}
	for _, t := range rank.Stems(b) {
		if have[t] {
			return true
		}
	}
	return false
}

// subject is what the research is about, for a search that says "it":
// the name the first finding's page is titled with ("Mount Kilimanjaro -
// Worldpedia" gives "Mount Kilimanjaro"); when that title is a headline
// rather than a name ("Walking to the top of Australia"), the objective's
// names. A headline is never a subject: the item's own words search
// better than a headline around them. title is the first finding's page
// title, "" before one (firstTitle).
func subject(objective, title string) string {
	if title != "" {
		if name := titleSubject(title); isName(name) {
			return name
		}
	}
	return namesIn(objective)
}

// isName reports whether a title reads as a name: a few words, each
// capitalised unless it is a stop word ("Mount Kilimanjaro", "Bay of
// Fundy"), not a headline ("Walking to the top of Australia").
func isName(title string) bool {
	ws := strings.Fields(title)
	if len(ws) == 0 || len(ws) > maxNameWords {
		return false
	}
	for _, w := range ws {
		r := []rune(w)
		if unicode.IsLower(r[0]) && !rank.IsStopWord(w) {
			return false
		}
	}
	return true
}

// titleSubject is a page title up to its site's name.
func titleSubject(title string) string {
	for _, sep := range []string{" - ", " | ", " – ", " — ", ": "} {
		if i := strings.Index(title, sep); i > 0 {
			title = title[:i]
		}
	}
	if len([]rune(title)) > maxSubjectChars {
		return ""
	}
	return strings.TrimSpace(title)
}

// namesIn is the objective's subject: the one thing it asks about
// ("Mount Kosciuszko"); none when it asks about several (a comparison);
// else its longest run of capitalised words after its first word, a run
// ending at a comma, leaving out those capitalised for another reason
// ("I", "Give").
func namesIn(text string) string {
	switch things := tie.ThingsIn(text); {
	case len(things) == 1:
		return things[0]
	case len(things) > 1:
		return ""
	}
	var run, best []string
	for i, f := range strings.Fields(text) {
		w := strings.Trim(f, ".,;:!?()\"'")
		if i > 0 && len([]rune(w)) > 1 && unicode.IsUpper([]rune(w)[0]) && !rank.IsStopWord(strings.ToLower(w)) && !tie.NotName(strings.ToLower(w)) {
			run = append(run, w)
			if len(run) > len(best) {
				best = append([]string(nil), run...)
			}
			if strings.ContainsAny(f[len(f)-1:], ".,;:!?") {
				run = nil // "Kestrel K2, Marlin M5": two names
			}
			continue
		}
		run = nil
	}
	return strings.Join(best, " ")
}
