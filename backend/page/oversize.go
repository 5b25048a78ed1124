package page

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/tokens"
)

// splitOversized cuts a block larger than budget. Prose is cut between
// sentences (or words, for a sentence longer than a part) and lists between
// items; code blocks and tables are kept whole in one piece, truncated with
// a marker when they exceed oversizeFactor times the budget.
func splitOversized(b Block, budget int, est *tokens.Estimator) []string {
	switch b.Kind {
	case Code:
		return []string{truncateCode(b, int(oversizeFactor*float64(budget)), est)}
	case Table:
		return []string{truncateTable(b.Rows, int(oversizeFactor*float64(budget)), est)}
	case List:
		return groupByBudget(b.Items, budget, est, func(items []string) string { return renderList(items, b.Ordered) })
	}
	prefix := ""
	if b.Kind == Quote {
		prefix = "> "
	}
	units := sentences(oneLine(b.Text))
	return groupByBudget(units, budget, est, func(s []string) string { return prefix + strings.Join(s, " ") })
}

// groupByBudget packs consecutive units into pieces of at most budget
// tokens as rendered by render; a unit larger than budget is cut by words.
func groupByBudget(units []string, budget int, est *tokens.Estimator, render func([]string) string) []string {
	var pieces, cur []string
	for _, u := range units {
		if est.Count(render([]string{u})) > budget {
			if len(cur) > 0 {
				pieces = append(pieces, render(cur))
				cur = nil
			}
			for _, w := range cutWords(u, budget, est) {
				pieces = append(pieces, render([]string{w}))
			}
			continue
		}
		if len(cur) > 0 && est.Count(render(append(cur[:len(cur):len(cur)], u))) > budget {
			pieces = append(pieces, render(cur))
			cur = nil
		}
		cur = append(cur, u)
	}
	if len(cur) > 0 {
		pieces = append(pieces, render(cur))
	}
	return pieces
}

// cutWords cuts text at word boundaries into pieces of at most budget
// tokens. It keeps a running count of characters (the estimate goes by
// characters), so a long text costs one pass, not one recount per word.
func cutWords(text string, budget int, est *tokens.Estimator) []string {
	var pieces []string
	var sb strings.Builder
	chars := 0
	for _, w := range strings.Fields(text) {
		n := utf8.RuneCountInString(w)
		if chars > 0 && est.CountChars(chars+1+n) > budget {
			pieces = append(pieces, sb.String())
			sb.Reset()
			chars = 0
		}
		if chars > 0 {
			sb.WriteByte(' ')
			chars++
		}
		sb.WriteString(w)
		chars += n
	}
	if sb.Len() > 0 {
		pieces = append(pieces, sb.String())
	}
	return pieces
}

// sentences splits prose after ., ! or ? (and any closing quotes or
// brackets) followed by a space and a capital letter, digit or opening
// quote; abbreviations like "e.g. the" stay whole.
func sentences(text string) []string {
	var out []string
	runes := []rune(text)
	start := 0
	for i := 0; i < len(runes); i++ {
		if !strings.ContainsRune(".!?", runes[i]) {
			continue
		}
		end := i + 1
		for end < len(runes) && strings.ContainsRune("\"”')]", runes[end]) {
			end++
		}
		if end+1 >= len(runes) || runes[end] != ' ' {
			continue
		}
		next := runes[end+1]
		if unicode.IsUpper(next) || unicode.IsDigit(next) || strings.ContainsRune("\"“'(", next) {
			out = append(out, string(runes[start:end]))
			start = end + 1
			i = end
		}
	}
	if start < len(runes) {
		out = append(out, string(runes[start:]))
	}
	return out
}

func truncateCode(b Block, limit int, est *tokens.Estimator) string {
	lines := strings.Split(strings.TrimRight(b.Text, "\n"), "\n")
	kept := 0
	used := est.Count(fence(b.Text)+b.Lang) * 2
	for kept < len(lines) && used+est.Count(lines[kept])+1 <= limit {
		used += est.Count(lines[kept]) + 1
		kept++
	}
	if kept == len(lines) {
		return b.Markdown()
	}
	short := b
	short.Text = strings.Join(lines[:kept], "\n")
	return short.Markdown() + fmt.Sprintf("\n[… %d more lines of this code block not shown]", len(lines)-kept)
}

func truncateTable(rows [][]string, limit int, est *tokens.Estimator) string {
	// The most rows that fit, found by bisection: a 5 MB page can hold a
	// table of thousands of rows.
	kept := sort.Search(len(rows), func(n int) bool {
		return est.Count(renderTable(rows[:n+1])) > limit
	})
	kept = max(kept, 1) // the header row at least
	md := renderTable(rows[:kept])
	if kept < len(rows) {
		md += fmt.Sprintf("\n[… %d more rows of this table not shown]", len(rows)-kept)
	}
	return md
}
