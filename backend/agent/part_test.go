package agent

import (
	"testing"

	"github.com/scout-research/scout/backend/page"
)

// A part's note tells the model whether the page has parts left to read,
// from the parts read alone, whichever part is shown.
func TestPartDataSaysWhetherPartsAreUnread(t *testing.T) {
	pg := page.Page{Title: "Kilimanjaro", Parts: []page.Part{{Number: 1, Text: "one"}, {Number: 2, Text: "two"}, {Number: 3, Text: "three"}}}
	for _, tc := range []struct {
		n      int
		read   map[int]bool
		unread bool
	}{
		{1, map[int]bool{1: true}, true},
		{3, map[int]bool{1: true, 3: true}, true},
		{3, map[int]bool{1: true, 2: true, 3: true}, false},
		{2, map[int]bool{1: true, 2: true, 3: true}, false},
	} {
		got := partData(partView{page: pg, url: "http://wiki.test/k", n: tc.n, read: tc.read})
		if got["Unread"] != tc.unread || got["Text"] != pg.Parts[tc.n-1].Text || got["Part"] != tc.n {
			t.Errorf("part %d with %v read: %v, want Unread %v", tc.n, tc.read, got, tc.unread)
		}
	}
}
