package page

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// pdftotext gives lines as the page lays them out: a blank line between
// blocks of text, a form feed between pages, no mark where a paragraph
// inside a block ends or which line is a heading. PDFDocument guesses both
// the way a reader does: a first line without closing punctuation, clearly
// shorter than the lines under it, or a short numbered line ("2.1
// Methods") is a heading; a line that ends a sentence well short of the
// block's width ends its paragraph; lines starting with a bullet are a
// list. What every page repeats (a running header, a footer, the page
// number) is left out, and a paragraph a page break cut is joined again.

const (
	// maxPDFHeadingChars: a longer line is prose, whatever it ends with.
	maxPDFHeadingChars = 80
	// headingShare: a heading is shorter than this share of the longest
	// line under it; a first line about as long is the start of prose.
	headingShare = 0.7
	// paragraphEndShare: a line ending a sentence at less than this share
	// of the block's longest line ends the paragraph (a full line ending a
	// sentence is as likely to run on).
	paragraphEndShare = 0.85
	// repeatedShare: a page's first or last line found on at least this
	// share of the pages (digits aside) is a running header or footer.
	repeatedShare = 0.5
	// minPagesForRepeats: with fewer pages a repeat may be chance.
	minPagesForRepeats = 3
)

var (
	// numberedHeading: section numbers of one or two digits a level ("2",
	// "2.1", "10.3."), not a year opening a sentence.
	numberedHeading = regexp.MustCompile(`^(\d{1,2}(?:\.\d{1,2})*)\.?\s+\p{Lu}`)
	pageNumber      = regexp.MustCompile(`(?i)^(page\s+)?\d+(\s*(/|of)\s*\d+)?$`)
	bullet          = regexp.MustCompile(`^[•◦▪‣∙·*–-]\s+`)
	digits          = regexp.MustCompile(`\d+`)
)

// PDFDocument turns pdftotext's output (the text of a PDF document, laid
// out as its pages show it) into a document titled title, keeping at most
// maxChars of text.
func PDFDocument(url, title, text string, maxChars int) Document {
	doc := Document{URL: url, Title: title, Blocks: []Block{}, Links: []Link{}}
	kept := 0
	for _, b := range pdfBlocks(text) {
		n := utf8.RuneCountInString(b.Text + strings.Join(b.Items, ""))
		if kept+n > maxChars {
			doc.Truncated = true
			break
		}
		kept += n
		doc.Blocks = append(doc.Blocks, b)
	}
	if len(doc.Blocks) > 0 && doc.Blocks[0].Kind == Heading && strings.EqualFold(doc.Blocks[0].Text, title) {
		doc.Blocks[0].Level = 1 // the document's own title line
	}
	return doc
}

// pdfBlocks splits the text into headings, paragraphs and lists.
func pdfBlocks(text string) []Block {
	var out []Block
	for _, chunk := range strings.Split(pdfBody(text), "\n\n") {
		lines := nonEmptyLines(chunk)
		if len(lines) > 1 && !numbered(lines[0]) && headingLine(lines[0], lines[1:]) {
			out = append(out, Block{Kind: Heading, Level: 2, Text: lines[0]})
			lines = lines[1:]
		}
		out = append(out, chunkBlocks(lines)...)
	}
	return out
}

// pdfBody is the text without what every page repeats, the pages joined:
// with a blank line between them, or a space where a paragraph runs on.
func pdfBody(text string) string {
	// pdftotext ends every page with a form feed: no empty page after it.
	pages := strings.Split(strings.TrimRight(text, "\f\n"), "\f")
	repeated := repeatedLines(pages)
	var sb strings.Builder
	for _, pg := range pages {
		lines := strings.Split(strings.Trim(pg, "\n"), "\n")
		lines = trimPageEdges(lines, repeated)
		body := strings.Join(lines, "\n")
		if strings.TrimSpace(body) == "" {
			continue
		}
		if sb.Len() > 0 {
			if runsOn(sb.String(), body) {
				sb.WriteByte('\n')
			} else {
				sb.WriteString("\n\n")
			}
		}
		sb.WriteString(body)
	}
	return sb.String()
}

// repeatedLines are the first and last lines that recur on many pages,
// digits masked so "3/9" and "4/9" are the same line.
func repeatedLines(pages []string) map[string]bool {
	out := map[string]bool{}
	if len(pages) < minPagesForRepeats {
		return out
	}
	count := map[string]int{}
	for _, pg := range pages {
		lines := nonEmptyLines(pg)
		seen := map[string]bool{}
		for _, l := range edgeLines(lines) {
			// A line of numbers alone (a table row) is data, however alike.
			if k := masked(l); hasLetters(l) && !seen[k] {
				seen[k] = true
				count[k]++
			}
		}
	}
	for k, n := range count {
		if float64(n) >= repeatedShare*float64(len(pages)) {
			out[k] = true
		}
	}
	return out
}

// edgeLines are a page's first two and last two lines, where headers and
// footers sit.
func edgeLines(lines []string) []string {
	if len(lines) <= 4 {
		return lines
	}
	return append(append([]string{}, lines[:2]...), lines[len(lines)-2:]...)
}

// masked is a line with its numbers as #, so "Report, page 3" and
// "Report, page 4" are the same running header.
func masked(l string) string {
	return digits.ReplaceAllString(strings.Join(strings.Fields(l), " "), "#")
}

// trimPageEdges drops page numbers, and one repeated line (a running
// header or footer), from the top and the bottom of a page.
func trimPageEdges(lines []string, repeated map[string]bool) []string {
	lines = slices.Clone(trimTop(lines, repeated))
	slices.Reverse(lines) // the bottom, as a top
	lines = trimTop(lines, repeated)
	slices.Reverse(lines)
	return lines
}

// trimTop drops page numbers, then one repeated line, then page numbers
// from the top of a page.
func trimTop(lines []string, repeated map[string]bool) []string {
	blankOrNumber := func(l string) bool {
		t := strings.Join(strings.Fields(l), " ")
		return t == "" || pageNumber.MatchString(t)
	}
	for len(lines) > 0 && blankOrNumber(lines[0]) {
		lines = lines[1:]
	}
	if len(lines) > 0 && hasLetters(lines[0]) && repeated[masked(lines[0])] {
		lines = lines[1:]
	}
	for len(lines) > 0 && blankOrNumber(lines[0]) {
		lines = lines[1:]
	}
	return lines
}

func hasLetters(l string) bool {
	return strings.IndexFunc(l, unicode.IsLetter) >= 0
}

// runsOn: the text so far stops mid-sentence and the next page goes on in
// lower case, so a page break cut a paragraph.
func runsOn(before, next string) bool {
	lines := nonEmptyLines(before)
	first, _ := utf8.DecodeRuneInString(strings.TrimSpace(next))
	return len(lines) > 0 && !endsSentence(lines[len(lines)-1]) && unicode.IsLower(first)
}

// chunkBlocks splits a block's lines into numbered headings, lists and
// paragraphs.
func chunkBlocks(lines []string) []Block {
	var out []Block
	var prose, items []string
	ordered := false
	flush := func() {
		for _, p := range paragraphs(prose) {
			out = append(out, Block{Kind: Paragraph, Text: p})
		}
		if len(items) > 0 {
			out = append(out, Block{Kind: List, Items: items, Ordered: ordered})
		}
		prose, items = nil, nil
	}
	width := widest(lines)
	listed := numberedItems(lines)
	for i, l := range lines {
		switch {
		case listed[i] || bulletItem(lines, i):
			if len(prose) > 0 || (len(items) > 0 && ordered != listed[i]) {
				flush()
			}
			ordered = listed[i]
			items = append(items, strings.TrimSpace(l[len(itemMark(l)):]))
		case numbered(l) && float64(utf8.RuneCountInString(l)) < headingShare*float64(width):
			flush()
			m := numberedHeading.FindStringSubmatch(l)
			out = append(out, Block{Kind: Heading, Level: min(2+strings.Count(m[1], "."), 6), Text: l})
		case len(items) > 0 && !endsSentence(items[len(items)-1]) && startsLower(l):
			items[len(items)-1] += " " + l // an item running onto the next line
		default:
			if len(items) > 0 {
				flush()
			}
			prose = append(prose, l)
		}
	}
	flush()
	return out
}

// listNumber opens a numbered item: "1. Count" or "2) Note"; its second
// group is where the item's text starts.
var listNumber = regexp.MustCompile(`^(\d{1,2})[.)]\s+(\S)`)

// numberedItems marks the lines that are items of a numbered list: "1."
// or "1)" lines whose numbers follow on from a neighbour's, so a lone
// "1. Introduction" stays a heading.
func numberedItems(lines []string) map[int]bool {
	out := map[int]bool{}
	prev, prevAt := -1, -1
	for i, l := range lines {
		m := listNumber.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1]) // one or two digits
		if n == prev+1 && prevAt >= 0 {
			out[prevAt], out[i] = true, true
		}
		prev, prevAt = n, i
	}
	return out
}

// bulletItem: a line opening with a bullet; a dash only when it cannot be
// a sentence running on ("and the warden\n– a volunteer – checks it").
func bulletItem(lines []string, i int) bool {
	l := lines[i]
	if !bullet.MatchString(l) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(l); r != '-' && r != '–' {
		return true
	}
	return i == 0 || endsSentence(lines[i-1]) || bullet.MatchString(lines[i-1])
}

// itemMark is the bullet or number that opens an item line.
func itemMark(l string) string {
	if m := listNumber.FindStringSubmatchIndex(l); m != nil {
		return l[:m[4]] // the number and its spaces, up to the text
	}
	return bullet.FindString(l)
}

// numbered: a numbered line without closing punctuation, "2.1 Aerial
// photographs" (inside a block it must also be clearly short).
func numbered(l string) bool {
	last, _ := utf8.DecodeLastRuneInString(l)
	return numberedHeading.MatchString(l) && utf8.RuneCountInString(l) <= maxPDFHeadingChars && !strings.ContainsRune(".,;:!?", last)
}

func startsLower(l string) bool {
	r, _ := utf8.DecodeRuneInString(l)
	return unicode.IsLower(r)
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
	n, width := utf8.RuneCountInString(l), widest(rest)
	return n <= maxPDFHeadingChars && float64(n) < headingShare*float64(width) &&
		(unicode.IsUpper(first) || unicode.IsDigit(first)) &&
		!strings.ContainsRune(".,;:!?-", last) && !bullet.MatchString(l)
}

// paragraphs joins lines into paragraphs: a line ending a sentence well
// short of the longest line ends one.
func paragraphs(lines []string) []string {
	width := widest(lines)
	var out, cur []string
	for i, l := range lines {
		cur = append(cur, l)
		last := i == len(lines)-1
		if last || (endsSentence(l) && float64(utf8.RuneCountInString(l)) < paragraphEndShare*float64(width)) {
			out = append(out, strings.Join(cur, " "))
			cur = nil
		}
	}
	return out
}

// widest is the length, in characters, of the longest line.
func widest(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, utf8.RuneCountInString(l))
	}
	return w
}

func endsSentence(l string) bool {
	l = strings.TrimRight(l, `"'”’)]`)
	last, _ := utf8.DecodeLastRuneInString(l)
	return strings.ContainsRune(".!?:", last)
}
