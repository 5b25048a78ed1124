package bench

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// BM25 parameters, the usual defaults: term frequency saturates around
// k1, and b normalises for page length.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
	// titleWeight counts title words this many times, as engines favour
	// titles.
	titleWeight = 3
)

// index ranks documents for free-text queries with BM25, so a real model
// can search the frozen web in its own words.
type index struct {
	docs   []doc
	df     map[string]int
	avgLen float64
}

type doc struct {
	id     string
	tf     map[string]int
	length int
}

func terms(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

func newIndex() *index { return &index{df: map[string]int{}} }

func (ix *index) add(id, title, body string) {
	d := doc{id: id, tf: map[string]int{}}
	for i := 0; i < titleWeight; i++ {
		for _, t := range terms(title) {
			d.tf[t]++
			d.length++
		}
	}
	for _, t := range terms(body) {
		d.tf[t]++
		d.length++
	}
	for t := range d.tf {
		ix.df[t]++
	}
	ix.docs = append(ix.docs, d)
	total := 0
	for _, x := range ix.docs {
		total += x.length
	}
	ix.avgLen = float64(total) / float64(len(ix.docs))
}

// search returns the ids of documents matching query, best first.
func (ix *index) search(query string) []string {
	type scored struct {
		id    string
		score float64
	}
	var out []scored
	n := float64(len(ix.docs))
	for _, d := range ix.docs {
		s := 0.0
		for _, t := range terms(query) {
			f := float64(d.tf[t])
			if f == 0 {
				continue
			}
			idf := math.Log(1 + (n-float64(ix.df[t])+0.5)/(float64(ix.df[t])+0.5))
			s += idf * f * (bm25K1 + 1) / (f + bm25K1*(1-bm25B+bm25B*float64(d.length)/ix.avgLen))
		}
		if s > 0 {
			out = append(out, scored{d.id, s})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	ids := make([]string, len(out))
	for i, o := range out {
		ids[i] = o.id
	}
	return ids
}
