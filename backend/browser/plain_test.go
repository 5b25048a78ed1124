package browser

import (
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/page"
)

// Every text of a read page, whatever its kind, is cleaned.
func TestPlainDocumentCleansEveryText(t *testing.T) {
	const bad = "\x1b]52;c;ZXZpbA==\x07\x1b[2K\u202e\u200b\r"
	doc := plainDocument(page.Document{
		Title: "Title" + bad + "\nsecond line",
		Blocks: []page.Block{
			{Kind: page.Heading, Level: 2, Text: "Heading" + bad},
			{Kind: page.Paragraph, Text: "Para" + bad},
			{Kind: page.List, Items: []string{"item" + bad}},
			{Kind: page.Table, Rows: [][]string{{"cell" + bad}}},
			{Kind: page.Code, Text: "code" + bad, Lang: "go" + bad},
		},
		Links: []page.Link{{Text: "link" + bad, URL: "https://x.test/"}},
	})
	texts := []string{doc.Title}
	for _, b := range doc.Blocks {
		texts = append(append(texts, b.Text, b.Lang), b.Items...)
		for _, row := range b.Rows {
			texts = append(texts, row...)
		}
	}
	for _, l := range doc.Links {
		texts = append(texts, l.Text)
	}
	for _, text := range texts {
		if strings.ContainsAny(text, "\x1b\x07\r\u202e\u200b") {
			t.Errorf("a text of the document holds a control: %q", text)
		}
	}
	if doc.Title != "Title second line" {
		t.Errorf("title %q, want one line", doc.Title)
	}
}
