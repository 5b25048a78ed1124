package tie

import (
	"regexp"
	"slices"
	"strconv"

	"github.com/scout-research/scout/backend/agent/checklist"
	"github.com/scout-research/scout/backend/agent/ground"
	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/lang"
	"github.com/scout-research/scout/backend/rank"
)

// Inferring the checklist items a finding serves, when the model did not
// name them (seed 000's real model never did) or named items that do not
// exist. Only items the finding may answer by the tie rule (ties.go: it
// names the item's thing and gives a value of the kind asked) are
// candidates; of those, the finding's words and the model's own thought
// about it are set against each item's telling words: a word every item
// shares (the objective's subject) counts for little, and question words
// meet their answers ("height" a height, "when" a year, "meters" a number
// in metres). The coverage check before a FINISH has the last word; this
// only keeps the checklist's status right in the meantime.

// Infer returns the numbers of the items finding f serves, in
// checklist order; covered says which items already have a finding, so of
// items alike but for an ordinal ("a first ...", "a second ...") the first
// still open is chosen. Words of the page's title (what the page is about,
// so what every finding from it names: "standing" on a page about standing
// desks) and words every item has count for little.
// t is the tie rule over items.
func Infer(f checklist.Finding, items []checklist.Item, t Rule, covered func(int) bool) []int {
	scores := gated(inferScores(f.Text, f.Title, items), f, t)
	return chooseItems(scores, items, covered)
}

// InferWithThought infers the items of finding f with the model's thought
// beside it. The thought often names the item the model had in mind ("The
// page gives how well each picks up pet hair on carpet"): the item it
// names best is added to those the finding's words serve, when the
// finding's words touch it too ("I still need the price" does not make a
// finding about hair a price). A finding whose words touch no item is
// read together with its thought. The thought never ties an item the
// finding cannot answer.
func InferWithThought(f checklist.Finding, thought string, items []checklist.Item, t Rule, covered func(int) bool) []int {
	alone := gated(inferScores(f.Text, f.Title, items), f, t)
	if len(alone) == 0 || slices.Max(alone) < inferAtLeast {
		return chooseItems(gated(inferScores(f.Text+" "+thought, f.Title, items), f, t), items, covered)
	}
	out := chooseItems(alone, items, covered)
	named := inferScores(thought, f.Title, items)
	if best := slices.Max(named); best >= inferAccept {
		for i, sc := range named {
			if sc == best && alone[i] >= inferAtLeast && !slices.Contains(out, items[i].Number) {
				out = append(out, items[i].Number)
			}
		}
	}
	slices.Sort(out)
	return out
}

// gated sets to nothing the scores of the items f cannot answer.
func gated(scores []float64, f checklist.Finding, t Rule) []float64 {
	for i := range scores {
		if tie, _ := t.Of(f, i+1); tie == None {
			scores[i] = 0
		}
	}
	return scores
}

// inferScores is each item's weighted share of its terms that text has.
func inferScores(text, title string, items []checklist.Item) []float64 {
	have := map[string]bool{}
	for _, t := range inferTerms(text, true) {
		have[t] = true
	}
	common := commonTerms(title, items)
	scores := make([]float64, len(items))
	for i, it := range items {
		scores[i] = inferScore(inferTerms(it.Text, false), have, common)
	}
	return scores
}

// chooseItems picks the items whose scores make them served: those at
// inferAccept or above, else the one best when it is a match at all; of
// siblings, one.
func chooseItems(scores []float64, items []checklist.Item, covered func(int) bool) []int {
	if len(scores) == 0 {
		return nil
	}
	best := slices.Max(scores)
	if best < inferAtLeast {
		return nil
	}
	threshold := min(inferAccept, best) // the one best item, when it is still a match at all
	terms := make([][]string, len(items))
	for i, it := range items {
		terms[i] = inferTerms(it.Text, false)
	}
	var out []int
	taken := map[string]bool{}
	for _, i := range siblingsFirstOpen(items, terms, covered) {
		if scores[i] < threshold || taken[siblingKey(terms[i])] {
			continue
		}
		taken[siblingKey(terms[i])] = true
		out = append(out, items[i].Number)
	}
	slices.Sort(out)
	return out
}

// commonTerms are the terms that tell items apart poorly: those of the
// page's title, and those every item has.
func commonTerms(title string, items []checklist.Item) map[string]bool {
	common := map[string]bool{}
	for _, t := range inferTerms(title, false) {
		common[t] = true
	}
	df := map[string]int{}
	for _, it := range items {
		for _, t := range dedupe(inferTerms(it.Text, false)) {
			df[t]++
		}
	}
	for t, n := range df {
		if n == len(items) && n > 1 {
			common[t] = true
		}
	}
	return common
}

// inferScore is the weighted share of an item's terms that text has.
func inferScore(item []string, have, common map[string]bool) float64 {
	var got, all float64
	for _, t := range dedupe(item) {
		w := 1.0
		if common[t] {
			w = sharedTermWeight
		}
		all += w
		if have[t] {
			got += w
		}
	}
	if all == 0 {
		return 0
	}
	return got / all
}

// siblingsFirstOpen orders the item indexes so that of siblings (items
// alike but for an ordinal) the open ones come before the covered ones,
// wherever they stand in the checklist; other items keep their order.
func siblingsFirstOpen(items []checklist.Item, terms [][]string, covered func(int) bool) []int {
	var out []int
	done := map[string]bool{}
	for i := range items {
		key := siblingKey(terms[i])
		if done[key] {
			continue
		}
		done[key] = true
		var open, closed []int
		for j := i; j < len(items); j++ {
			if siblingKey(terms[j]) != key {
				continue
			}
			if covered(items[j].Number) {
				closed = append(closed, j)
			} else {
				open = append(open, j)
			}
		}
		out = append(append(out, open...), closed...)
	}
	return out
}

// siblingKey is an item's terms without ordinals: items with the same key
// ask for one thing each of the same kind.
func siblingKey(terms []string) string {
	key := ""
	for _, t := range dedupe(terms) {
		if !ordinals[t] {
			key += t + " "
		}
	}
	return key
}

// inferTerms are text's words as inference compares them: stems without
// stop words, units in one spelling, and concept marks for the words of a
// question ("tallest" and "elevation" are both a height). A finding (answer)
// also gets the marks its numbers stand for: a year answers "when".
func inferTerms(text string, answer bool) []string {
	var out []string
	r := foreignRules(text)
	for _, w := range ground.Words(text) {
		if c, ok := concepts[w]; ok {
			out = append(out, c)
			continue
		}
		if words.IsUnitName(w) {
			out = append(out, w)
			continue
		}
		if rank.IsStopWord(w) || isStop(w, r) || len([]rune(w)) < minTermRunes(w) {
			continue
		}
		out = append(out, stemIn(w, r))
	}
	if answer {
		for _, m := range yearPattern.FindAllString(text, -1) {
			if y, _ := strconv.Atoi(m); y >= minYear && y <= maxYear {
				out = append(out, conceptWhen)
				break
			}
		}
		if anyNumber.MatchString(text) {
			out = append(out, conceptCount)
		}
	}
	return out
}

// stemIn is w's stem by the stemmer of its language's rules r (German's
// "größten" and "größte" meet), or English's rough one. An ordinal stays
// as written, for siblingKey to know it.
func stemIn(w string, r *lang.Rules) string {
	if r != nil && !ordinals[w] {
		if s, ok := r.Stem(w); ok {
			return s
		}
	}
	return rank.Stem(w)
}

var (
	yearPattern = regexp.MustCompile(`\b\d{4}\b`)
	anyNumber   = regexp.MustCompile(`\d`)
)

// Concept marks: the words of a question and of its answer that mean the
// same thing.
const (
	conceptHeight = "~height"
	conceptSize   = "~size"
	conceptLength = "~length"
	conceptPrice  = "~price"
	conceptWhen   = "~when"
	conceptCount  = "~count"
)

var concepts = func() map[string]string {
	m := map[string]string{}
	for c, ws := range map[string][]string{
		conceptHeight: {"height", "heights", "high", "higher", "highest", "tall", "taller", "tallest", "elevation", "altitude"},
		conceptSize:   {"size", "big", "bigger", "biggest", "large", "larger", "largest", "area"},
		conceptLength: {"length", "long", "longer", "longest", "distance"},
		conceptPrice:  {"price", "prices", "cost", "costs", "cheap", "cheaper", "cheapest", "expensive"},
		conceptWhen:   {"when", "year", "years", "date", "dated"},
		conceptCount:  {"many", "number"},
	} {
		for _, w := range ws {
			m[w] = c
		}
	}
	return m
}()

func dedupe(ts []string) []string {
	var out []string
	for _, t := range ts {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// wordScore is the share of an item's weighted terms a finding's words
// hold, as item inference weighs them (infer.go).
func wordScore(f checklist.Finding, it checklist.Item, items []checklist.Item) float64 {
	have := map[string]bool{}
	for _, t := range inferTerms(f.Text, true) {
		have[t] = true
	}
	return inferScore(inferTerms(it.Text, false), have, commonTerms(f.Title, items))
}

// Terms are text's words as item inference compares them: stems without
// stop words, units in one spelling, a question's words as their concept
// ("tall" and "elevation" are both a height).
func Terms(text string) []string { return inferTerms(text, false) }

// SiblingKey is what items alike but for an ordinal share ("a first
// editor", "a second editor"), from an item's text.
func SiblingKey(item string) string { return siblingKey(inferTerms(item, false)) }
