package content

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/scout-research/scout/backend/page"
)

// layoutCellChars: a table cell holding more text than this is a column
// of a page laid out with a table (an article in one cell), not a figure
// in a grid; it is read as paragraphs.
const layoutCellChars = 400

// table writes a table of data as rows, and a table used for layout as
// the content of its cells in order.
func (s *splitter) table(t *html.Node, c context) {
	rows := tableRows(t)
	if layoutTable(rows) {
		for _, r := range rows {
			for _, cell := range r {
				s.container(cell, c.enter(cell))
			}
		}
		return
	}
	if cap := child(t, atom.Caption); cap != nil {
		text, links := inlineText(cap)
		s.add(page.Block{Kind: page.Paragraph, Text: text}, links, c)
	}
	var out [][]string
	var links []page.Link
	for _, r := range rows {
		cells := make([]string, 0, len(r))
		filled := false
		for _, cell := range r {
			text, l := inlineText(cell)
			text = oneLine(text)
			filled = filled || text != ""
			cells = append(cells, text)
			links = append(links, l...)
		}
		if filled {
			out = append(out, cells)
		}
	}
	s.add(page.Block{Kind: page.Table, Rows: out}, links, c)
}

// tableRows returns the cells of t's own rows (not those of tables
// nested in its cells).
func tableRows(t *html.Node) [][]*html.Node {
	var rows [][]*html.Node
	addRow := func(tr *html.Node) {
		var cells []*html.Node
		for c := tr.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && (c.DataAtom == atom.Td || c.DataAtom == atom.Th) {
				cells = append(cells, c)
			}
		}
		rows = append(rows, cells)
	}
	for c := t.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.Tr:
			addRow(c)
		case atom.Thead, atom.Tbody, atom.Tfoot:
			for r := c.FirstChild; r != nil; r = r.NextSibling {
				if r.DataAtom == atom.Tr {
					addRow(r)
				}
			}
		}
	}
	return rows
}

// layoutTable: a table whose cells hold headings, code, other tables or
// long text is laid out with, not a grid of data.
func layoutTable(rows [][]*html.Node) bool {
	cells := 0
	for _, r := range rows {
		for _, cell := range r {
			cells++
			if hasDescendant(cell, atom.Table, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Pre) {
				return true
			}
			if textLen(cell) > layoutCellChars {
				return true
			}
		}
	}
	return cells == 1
}
