package content

import (
	"hash/fnv"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// voteGram is the length of the word runs a block's text is matched by:
// three words in a row seldom repeat by chance on one page, and a
// boundary the library joined or split costs a block only the runs
// across it.
const voteGram = 3

// kept is the text the library kept: its words, and where each run of up
// to voteGram words stands in it. Each word of the kept text belongs to
// one block of the page at most, so a text the library kept once (a
// headline, a caption) is not found again in a related-stories list that
// repeats it, nor a site's name in the sentence that says it.
type kept struct {
	toks   []string
	lines  map[int]bool // the words that start a line (a block) of the kept text
	places map[uint64][]int
	// skip is, per run, how many of its places are taken: the first
	// places go first, and a place taken stays taken.
	skip  map[uint64]int
	owner []int // per word, the block that claimed it, or -1
}

func keptText(text string) *kept {
	var toks []string
	lines := map[int]bool{} // where a line of the kept text starts, and where the text ends
	for _, line := range strings.Split(text, "\n") {
		if lt := voteTokens(line); len(lt) > 0 {
			lines[len(toks)] = true
			toks = append(toks, lt...)
		}
	}
	lines[len(toks)] = true
	k := &kept{toks: toks, lines: lines, places: map[uint64][]int{}, skip: map[uint64]int{}, owner: make([]int, len(toks))}
	for i := range k.owner {
		k.owner[i] = -1
	}
	for n := 1; n <= voteGram; n++ {
		for i := 0; i+n <= len(toks); i++ {
			h := gramHash(toks[i : i+n])
			k.places[h] = append(k.places[h], i)
		}
	}
	return k
}

// claim finds gram where its words are free or block's own, preferring
// the place at want (where the block's text goes on), and gives them to
// block. It returns the place, or -1.
func (k *kept) claim(block int, gram []string, want int) int {
	free := func(p int) bool {
		for i := p; i < p+len(gram); i++ {
			if k.owner[i] >= 0 && k.owner[i] != block {
				return false
			}
		}
		return true
	}
	h := gramHash(gram)
	at := -1
	if want >= 0 && want+len(gram) <= len(k.toks) && gramHash(k.toks[want:want+len(gram)]) == h && free(want) {
		at = want
	} else {
		places := k.places[h]
		for k.skip[h] < len(places) && k.owner[places[k.skip[h]]] >= 0 {
			k.skip[h]++
		}
		if i := slices.IndexFunc(places[k.skip[h]:], free); i >= 0 {
			at = places[k.skip[h]+i]
		}
	}
	for i := at; at >= 0 && i < at+len(gram); i++ {
		k.owner[i] = block
	}
	return at
}

// shares returns for each block how much of its text the library kept:
// the part of its word runs it claims, or for a text shorter than a run
// whether it claims it whole. Longer texts claim first, being matched
// with more certainty than a line of a few words, then the blocks outside
// the chrome (an article's headline before the same words in the site's
// header).
func (k *kept) shares(all []piece) []float64 {
	toks := make([][]string, len(all))
	order := make([]int, len(all))
	for i, pc := range all {
		toks[i] = voteTokens(pc.words)
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		x, y := order[a], order[b]
		if len(toks[x]) != len(toks[y]) {
			return len(toks[x]) > len(toks[y])
		}
		return !all[x].chrome && all[y].chrome
	})
	out := make([]float64, len(all))
	for _, i := range order {
		out[i] = k.share(i, toks[i])
	}
	return out
}

func (k *kept) share(block int, toks []string) float64 {
	switch {
	case len(toks) == 0:
		return 0
	case len(toks) < voteGram:
		if at := k.alone(toks); at >= 0 && k.claim(block, toks, at) >= 0 {
			return 1
		}
		return 0
	}
	found, all := 0, 0
	next := k.anchor(toks)
	for i := 0; i+voteGram <= len(toks); i++ {
		all++
		if at := k.claim(block, toks[i:i+voteGram], next); at >= 0 {
			found, next = found+1, at+1
		} else {
			next = -1
		}
	}
	return float64(found) / float64(all)
}

// anchor is where a block's text starts in the kept text, judged by its
// rarest run of words (a sentence's own words, not "one of the"): the
// first run is claimed there rather than wherever it first occurs.
func (k *kept) anchor(toks []string) int {
	best, at := 0, -1
	for i := 0; i+voteGram <= len(toks); i++ {
		places := k.places[gramHash(toks[i:i+voteGram])]
		if len(places) > 0 && (at < 0 || len(places) < best) {
			best, at = len(places), places[0]-i
		}
	}
	return at
}

// alone is a place where a text of a word or two stands by itself in the
// kept text (a heading, a label): a line of its own, or between words
// other blocks claimed; not inside a sentence the library kept that no
// block of the page matched.
func (k *kept) alone(toks []string) int {
	taken := func(i int) bool { return i < 0 || i >= len(k.owner) || k.owner[i] >= 0 }
	for _, p := range k.places[gramHash(toks)] {
		if k.lines[p] && k.lines[p+len(toks)] || taken(p-1) && taken(p+len(toks)) {
			return p
		}
	}
	return -1
}

func gramHash(toks []string) uint64 {
	h := fnv.New64a()
	for _, t := range toks {
		h.Write([]byte(t))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// voteTokens splits text into lower-case words; in scripts written
// without spaces (Chinese, Japanese, Thai) each character is a word.
func voteTokens(text string) []string {
	var toks []string
	start := -1
	lower := strings.ToLower(text)
	flush := func(end int) {
		if start >= 0 {
			toks = append(toks, lower[start:end])
			start = -1
		}
	}
	for i, r := range lower {
		switch {
		case unspaced(r):
			flush(i)
			toks = append(toks, string(r))
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if start < 0 {
				start = i
			}
		default:
			flush(i)
		}
	}
	flush(len(lower))
	return toks
}

func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}
