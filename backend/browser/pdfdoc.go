package browser

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/page"
)

// pdftotext gives lines as the page lays them out: a blank line between
// blocks of text, a form feed between pages, no mark where a paragraph
// inside a block ends or which line is a heading. pdfDocument guesses both
// the way a reader does: a first line without closing punctuation, clearly
// shorter than the lines under it, heads its block, and a line that ends a
// sentence well short of the block's width ends its paragraph.

const (
	// maxHeadingChars: a longer line is prose, whatever it ends with.
	maxHeadingChars = 80
	// headingShare: a heading is shorter than this share of the longest
	// line under it; a first line about as long is the start of prose.
	headingShare = 0.7
	// paragraphEndShare: a line ending a sentence at less than this share
	// of the block's longest line ends the paragraph (a full line ending a
	// sentence is as likely to run on).
	paragraphEndShare = 0.85
)

// pdfDocument turns pdftotext's output into a document titled title,
// keeping at most maxChars of text.
func pdfDocument(url, title, text string, maxChars int) page.Document {
	doc := page.Document{URL: url, Title: title, Blocks: []page.Block{}, Links: []page.Link{}}
	kept := 0
	for _, b := range pdfBlocks(text) {
		n := utf8.RuneCountInString(b.Text)
		if kept+n > maxChars {
			doc.Truncated = true
			break
		}
		kept += n
		doc.Blocks = append(doc.Blocks, b)
	}
	if len(doc.Blocks) > 0 && doc.Blocks[0].Kind == page.Heading && strings.EqualFold(doc.Blocks[0].Text, title) {
		doc.Blocks[0].Level = 1 // the document's own title line
	}
	return doc
}

// pdfBlocks splits the text into headings and paragraphs.
func pdfBlocks(text string) []page.Block {
	var out []page.Block
	text = strings.ReplaceAll(text, "\f", "\n\n")
	for _, chunk := range strings.Split(text, "\n\n") {
		lines := nonEmptyLines(chunk)
		if len(lines) == 0 {
			continue
		}
		if len(lines) > 1 && headingLine(lines[0], lines[1:]) {
			out = append(out, page.Block{Kind: page.Heading, Level: 2, Text: lines[0]})
			lines = lines[1:]
		}
		for _, p := range paragraphs(lines) {
			out = append(out, page.Block{Kind: page.Paragraph, Text: p})
		}
	}
	return out
}

func nonEmptyLines(chunk string) []string {
	var out []string
	for _, l := range strings.Split(chunk, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// headingLine: a first line that starts like a title, ends without
// punctuation (or a hyphen breaking a word) and is clearly shorter than the
// lines under it.
func headingLine(l string, rest []string) bool {
	first, _ := utf8.DecodeRuneInString(l)
	last, _ := utf8.DecodeLastRuneInString(l)
	n, width := utf8.RuneCountInString(l), 0
	for _, r := range rest {
		width = max(width, utf8.RuneCountInString(r))
	}
	return n <= maxHeadingChars && float64(n) < headingShare*float64(width) &&
		(unicode.IsUpper(first) || unicode.IsDigit(first)) &&
		!strings.ContainsRune(".,;:!?-", last)
}

// paragraphs joins a block's lines into paragraphs, mending words the
// layout hyphenated across lines.
func paragraphs(lines []string) []string {
	width := 0
	for _, l := range lines {
		width = max(width, utf8.RuneCountInString(l))
	}
	var out []string
	var cur strings.Builder
	for i, l := range lines {
		joinLine(&cur, l)
		last := i == len(lines)-1
		if last || (endsSentence(l) && float64(utf8.RuneCountInString(l)) < paragraphEndShare*float64(width)) {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	return out
}

// joinLine adds l to the paragraph: after a space, or straight on when the
// paragraph ends in a word broken by a hyphen and l goes on in lower case.
func joinLine(cur *strings.Builder, l string) {
	s := cur.String()
	next, _ := utf8.DecodeRuneInString(l)
	if strings.HasSuffix(s, "-") && len(s) > 1 && unicode.IsLetter(rune(s[len(s)-2])) && unicode.IsLower(next) {
		cur.Reset()
		cur.WriteString(s[:len(s)-1] + l)
		return
	}
	if cur.Len() > 0 {
		cur.WriteByte(' ')
	}
	cur.WriteString(l)
}

func endsSentence(l string) bool {
	l = strings.TrimRight(l, `"'”’)]`)
	last, _ := utf8.DecodeLastRuneInString(l)
	return strings.ContainsRune(".!?:", last)
}
