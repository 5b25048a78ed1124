package page

import (
	"fmt"
	"strings"
)

// Markdown renders one block as compact Markdown: no blank lines inside a
// block, pipe tables, fenced code with its indentation kept.
func (b Block) Markdown() string {
	switch b.Kind {
	case Heading:
		return strings.Repeat("#", clampLevel(b.Level)) + " " + oneLine(b.Text)
	case List:
		return renderList(b.Items, b.Ordered)
	case Table:
		return renderTable(b.Rows)
	case Code:
		return fence(b.Text) + b.Lang + "\n" + strings.TrimRight(b.Text, "\n") + "\n" + fence(b.Text)
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
				cell = strings.ReplaceAll(oneLine(r[c]), "|", `\|`)
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
