// Package page turns the readable content of a web page into what a small
// model reads: compact Markdown split into parts of a token budget, an
// outline of the headings in each part, and the page's links, each shown
// once. It is pure Go: package content makes the blocks of a web page from
// the visible DOM the browser serialises, and the browser package runs
// pdftotext on a PDF document, whose lines pdf.go lays out as blocks
// (headings, paragraphs, lists).
package page

// Kind is the type of a content block.
type Kind string

// Block kinds.
const (
	Heading   Kind = "heading"
	Paragraph Kind = "paragraph"
	List      Kind = "list"
	Table     Kind = "table"
	Code      Kind = "code"
	Quote     Kind = "quote"
	Image     Kind = "image"
)

// Block is one unit of readable content in page order.
type Block struct {
	Kind Kind `json:"kind"`
	// Level is the heading level, 1-6.
	Level int `json:"level,omitempty"`
	// Text is the text of a heading, paragraph, quote or image (its alt
	// text), or the code of a code block with its indentation.
	Text string `json:"text,omitempty"`
	// Items are list items; a leading run of two spaces per level marks
	// nesting.
	Items   []string `json:"items,omitempty"`
	Ordered bool     `json:"ordered,omitempty"`
	// Rows are table cells by row.
	Rows [][]string `json:"rows,omitempty"`
	// Lang is a code block's language when the page names it.
	Lang string `json:"lang,omitempty"`
}

// Link is a link found in the page's main content.
type Link struct {
	Text string `json:"text"`
	URL  string `json:"url"`
	// Block is the index of the block the link appears in.
	Block int `json:"block"`
}

// Document is a page's readable content as extracted.
type Document struct {
	URL    string  `json:"url"`
	Title  string  `json:"title"`
	Blocks []Block `json:"blocks"`
	Links  []Link  `json:"links"`
	// Truncated is set when the page was longer than the extraction cap.
	Truncated bool `json:"truncated"`
	// Whole is set when the page's main content could not be told apart
	// from the rest, and the whole page minus its navigation was read.
	Whole bool `json:"whole,omitempty"`
}

// Part is a piece of a page that fits the part budget.
type Part struct {
	// Number counts from 1.
	Number int `json:"number"`
	// Text is the part as Markdown.
	Text string `json:"text"`
	// Headings are the headings that start in this part.
	Headings []HeadingRef `json:"headings"`
	// Context is the heading the part continues under when it does not
	// start with one, so a reader knows where it is.
	Context string `json:"context,omitempty"`
	// Links are the links first seen in this part.
	Links []Link `json:"links"`
	// Tokens is the estimated size of Text.
	Tokens int `json:"tokens"`
}

// HeadingRef is a heading in the outline.
type HeadingRef struct {
	Level int    `json:"level"`
	Text  string `json:"text"`
}

// Page is a document ready for the model.
type Page struct {
	URL       string `json:"url"`
	Title     string `json:"title"`
	Parts     []Part `json:"parts"`
	Truncated bool   `json:"truncated"`
}
