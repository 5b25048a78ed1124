package tie

import (
	"strings"
	"unicode"

	"github.com/scout-research/scout/backend/agent/checklist"
	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/rank"
)

// The search that may find what a checklist item still lacks: the thing,
// then what the item asks of it in its own words.

// GapQuery is a short search for what a gap lacks: the thing, then what
// the item asks of it in its own words, without the words that only make
// it a question or a list ("Mount Kenya height metres" for "the height of
// Mount Kenya in metres", "Microsoft Office open source" for "whether
// Microsoft Office is open source"). An item that names no thing of its
// own ("its height in feet") is searched with the run's subject (of the
// objective and the first finding's page title); one that asks for a
// number of things, without. lacking are the things of an item about
// several that no finding answers it for; title is the first finding's
// page title, "" before one.
func GapQuery(item checklist.Item, lacking []string, objective, title string) string {
	a := AskOf(item, objective)
	thing := ""
	switch {
	case len(lacking) > 0:
		thing = lacking[0]
	case len(a.Things) == 1:
		thing = a.Things[0]
	case len(a.Things) == 0 && CountAsked(item.Text) == 0 && !oneOfAKind(item.Text):
		if s := subject(objective, title); !sharesStem(item.Text, s) {
			thing = s
		}
	}
	skip := map[string]bool{}
	for _, th := range append(ThingsIn(item.Text), a.Things...) {
		for _, w := range words.Of(th) {
			skip[w] = true
		}
	}
	var ws []string
	prev := ""
	for i, w := range itemWords(item.Text) {
		low := strings.ToLower(w)
		asks := prev == "how" && (low == "well" || low == "much" || low == "many") // "how well each picks up..."
		prev = low
		if len([]rune(w)) < minTermRunes(w) || rank.IsStopWord(low) || isStop(low, foreignRules(item.Text)) || queryFiller[low] || skip[low] || english.Counts[low] > 0 || (i < 2 && IsOrdinal(low)) || asks {
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
	return len(ws) > 0 && (ws[0] == "a" || ws[0] == "an" || IsOrdinal(ws[0])) || len(ws) > 1 && IsOrdinal(ws[1]) && isStop(ws[0], foreignRules(item))
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
	switch things := ThingsIn(text); {
	case len(things) == 1:
		return things[0]
	case len(things) > 1:
		return ""
	}
	var run, best []string
	for i, f := range strings.Fields(text) {
		w := strings.Trim(f, ".,;:!?()\"'")
		if i > 0 && len([]rune(w)) > 1 && unicode.IsUpper([]rune(w)[0]) && !rank.IsStopWord(strings.ToLower(w)) && !notNames[strings.ToLower(w)] {
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

// queryFiller are words that make an item a question or a list, and
// find nothing.
var queryFiller = map[string]bool{"whether": true, "what": true, "which": true, "who": true, "whom": true, "how": true, "when": true,
	"where": true, "why": true, "each": true, "both": true, "every": true, "its": true, "their": true, "them": true, "they": true}
