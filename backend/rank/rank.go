// Package rank scores texts against a few words with BM25: the frozen
// web's search engine ranks pages with it, and the agent uses it to point
// a small model at the parts of a long page that match what it still
// needs, so it does not read every part in order.
package rank

import (
	"math"
	"sort"
)

// BM25 parameters, the usual defaults: term frequency saturates around
// k1, and b normalises for document length.
const (
	k1 = 1.2
	b  = 0.75
)

// Index holds documents as term counts.
type Index struct {
	docs   []doc
	df     map[string]int
	total  int
	avgLen float64
}

type doc struct {
	tf     map[string]int
	length int
}

// Add appends a document given as its terms (see Words and Stems); its
// number is the count of documents added before it.
func (ix *Index) Add(terms []string) {
	if ix.df == nil {
		ix.df = map[string]int{}
	}
	d := doc{tf: map[string]int{}, length: len(terms)}
	for _, t := range terms {
		d.tf[t]++
	}
	for t := range d.tf {
		ix.df[t]++
	}
	ix.docs = append(ix.docs, d)
	ix.total += d.length
	ix.avgLen = float64(ix.total) / float64(len(ix.docs))
}

// Len is the number of documents.
func (ix *Index) Len() int { return len(ix.docs) }

// Has reports whether document i contains term t.
func (ix *Index) Has(i int, t string) bool { return ix.docs[i].tf[t] > 0 }

// DocFreq is the number of documents containing t.
func (ix *Index) DocFreq(t string) int { return ix.df[t] }

// Score is document i's BM25 score for the query terms.
func (ix *Index) Score(i int, query []string) float64 {
	d := ix.docs[i]
	n := float64(len(ix.docs))
	s := 0.0
	for _, t := range query {
		f := float64(d.tf[t])
		if f == 0 {
			continue
		}
		df := float64(ix.df[t])
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		s += idf * f * (k1 + 1) / (f + k1*(1-b+b*float64(d.length)/ix.avgLen))
	}
	return s
}

// Search returns the numbers of the documents that match query, best
// first (ties keep the order of adding).
func (ix *Index) Search(query []string) []int {
	type scored struct {
		i int
		s float64
	}
	var out []scored
	for i := range ix.docs {
		if s := ix.Score(i, query); s > 0 {
			out = append(out, scored{i, s})
		}
	}
	sort.SliceStable(out, func(x, y int) bool { return out[x].s > out[y].s })
	ids := make([]int, len(out))
	for i, o := range out {
		ids[i] = o.i
	}
	return ids
}
