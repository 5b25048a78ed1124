package page

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Markdown renders one block as compact Markdown: no blank lines inside a
// block, pipe tables, fenced code with its indentation kept.
func (b Block) Markdown() string {
	switch b.Kind {
	case Heading:
		return strings.Repeat("#", clampLevel(b.Level)) + " " + headingText(b.Text)
	case List:
		return renderList(b.Items, b.Ordered)
	case Table:
		return renderTable(b.Rows)
	case Code:
		return fence(b.Text) + capChars(oneLine(b.Lang), maxLangChars) + "\n" + strings.TrimRight(b.Text, "\n") + "\n" + fence(b.Text)
	case Quote:
		lines := strings.Split(strings.TrimSpace(b.Text), "\n")
		for i, l := range lines {
			lines[i] = "> " + strings.TrimSpace(l)
		}
		return strings.Join(lines, "\n")
	case Image:
		return "[Image: " + oneLine(b.Text) + "]"
	}
	return strings.TrimSpace(b.Text)
}

func clampLevel(l int) int {
	return min(max(l, 1), 6)
}

// oneLine collapses all whitespace runs into single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// headingText is a heading as shown: one line, capped.
func headingText(s string) string { return capChars(oneLine(s), maxHeadingChars) }

// capChars cuts s to at most n characters, ending with "…" when cut, and
// never between a character and a mark that belongs to it.
func capChars(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	end, count := 0, 0 // end: the last place a cut tears nothing
	prev := rune(0)
	for i, r := range s {
		if canCut(prev, r) {
			end = i
		}
		if count == n-1 { // room for the "…"
			break
		}
		prev = r
		count++
	}
	return strings.TrimSpace(s[:end]) + "…"
}

func renderList(items []string, ordered bool) string {
	var sb strings.Builder
	n := 0
	for _, it := range items {
		depth := 0
		for strings.HasPrefix(it, "  ") {
			it = it[2:]
			depth++
		}
		it = oneLine(it)
		if it == "" {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(strings.Repeat("  ", depth))
		if ordered && depth == 0 {
			n++
			fmt.Fprintf(&sb, "%d. ", n)
		} else {
			sb.WriteString("- ")
		}
		sb.WriteString(it)
	}
	return sb.String()
}

// renderTable writes a pipe table; its first row is the header row, as a
// pipe table needs one even when the page's table has none.
func renderTable(rows [][]string) string {
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	if width == 0 {
		return ""
	}
	var sb strings.Builder
	for i, r := range rows {
		sb.WriteByte('|')
		for c := 0; c < width; c++ {
			cell := ""
			if c < len(r) {
				cell = strings.ReplaceAll(capChars(oneLine(r[c]), maxCellChars), "|", `\|`)
			}
			sb.WriteString(" " + cell + " |")
		}
		if i == 0 {
			sb.WriteString("\n|" + strings.Repeat(" --- |", width))
		}
		if i < len(rows)-1 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// fence returns a backtick fence longer than any run of backticks in code.
func fence(code string) string {
	longest, run := 0, 0
	for _, r := range code {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}
