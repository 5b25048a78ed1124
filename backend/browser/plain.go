package browser

import (
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/plain"
)

// plainDocument cleans every text of doc (package plain): what a page or a
// PDF says reaches the model, the journal, the terminal and the report
// without terminal escapes or invisible controls. A title, a heading and a
// link's text become one line.
func plainDocument(doc page.Document) page.Document {
	doc.Title = plain.Line(doc.Title)
	for i := range doc.Blocks {
		b := &doc.Blocks[i]
		if b.Kind == page.Heading {
			b.Text = plain.Line(b.Text)
		} else {
			b.Text = plain.Text(b.Text)
		}
		b.Lang = plain.Line(b.Lang)
		for j := range b.Items {
			b.Items[j] = plain.Text(b.Items[j])
		}
		for _, row := range b.Rows {
			for j := range row {
				row[j] = plain.Line(row[j])
			}
		}
	}
	for i := range doc.Links {
		doc.Links[i].Text = plain.Line(doc.Links[i].Text)
	}
	return doc
}
