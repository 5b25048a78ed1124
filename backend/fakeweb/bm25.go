package fakeweb

import (
	"strings"

	"github.com/scout-research/scout/backend/rank"
)

// titleWeight counts title words this many times, as engines favour
// titles.
const titleWeight = 3

// siteIndex ranks a task's pages for free-text queries with BM25, so a
// real model can search the frozen web in its own words.
type siteIndex struct {
	ix    rank.Index
	paths []string
}

func (s *siteIndex) add(path, title, body string) {
	terms := rank.Words(strings.Repeat(title+" ", titleWeight) + body)
	s.ix.Add(terms)
	s.paths = append(s.paths, path)
}

// search returns the paths of pages matching query, best first.
func (s *siteIndex) search(query string) []string {
	var out []string
	for _, i := range s.ix.Search(rank.Words(query)) {
		out = append(out, s.paths[i])
	}
	return out
}
