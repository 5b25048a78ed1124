package page

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/tokens"
)

// splitOversized cuts a block that does not fit a part (with lead tokens
// of headings before it, which share the first piece's part). Prose is cut
// between sentences (or words or characters, for a sentence longer than a
// part) and lists between items; code blocks and tables are kept whole in
// one piece, truncated with a marker when they exceed oversizeFactor times
// the budget.
func splitOversized(b Block, budget, lead int, est *tokens.Estimator) []string {
	switch b.Kind {
	case Code:
		return []string{truncateCode(b, int(oversizeFactor*float64(budget)), est)}
	case Table:
		return []string{truncateTable(b.Rows, int(oversizeFactor*float64(budget)), est)}
	case List:
		return groupByBudget(b.Items, budget, lead, est, func(items []string) string { return renderList(items, b.Ordered) })
	}
	prefix := ""
	if b.Kind == Quote {
		prefix = "> "
	}
	units := sentences(oneLine(b.Text))
	return groupByBudget(units, budget, lead, est, func(s []string) string { return prefix + strings.Join(s, " ") })
}

// groupByBudget packs consecutive units into pieces of at most budget
// tokens as rendered by render, the first at most budget-lead; a unit
// larger than that is cut (cutText), leaving room for what render adds
// around it.
func groupByBudget(units []string, budget, lead int, est *tokens.Estimator, render func([]string) string) []string {
	var pieces, cur []string
	limit := func() int {
		if len(pieces) == 0 {
			return budget - lead
		}
		return budget
	}
	for _, u := range units {
		if est.Count(render([]string{u})) > limit() {
			if len(cur) > 0 {
				pieces = append(pieces, render(cur))
				cur = nil
			}
			around := est.Count(render([]string{""}))
			for _, w := range cutText(u, limit()-around, budget-around, est) {
				pieces = append(pieces, render([]string{w}))
			}
			continue
		}
		if len(cur) > 0 && est.Count(render(append(cur[:len(cur):len(cur)], u))) > limit() {
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

// cutText cuts text into pieces of at most budget tokens (the first at
// most first): between words
// where it has spaces, and between characters where it has none (Chinese,
// Japanese and Thai are written so; base64 and long addresses too),
// preferring the end of a sentence or clause. It weighs the text as it
// goes (a tokens.Meter), so a long text costs one pass, not a recount per
// word.
func cutText(text string, first, budget int, est *tokens.Estimator) []string {
	budget = max(budget, 1)
	limit := max(first, 1) // the first piece's budget, then budget
	var pieces []string
	var m tokens.Meter
	start := 0 // byte offset where the current piece starts
	safe := 0  // the latest place a cut tears no character from its marks
	brk := -1  // a later place to cut that reads well (past half the budget), or -1
	prev := rune(0)
	for i, r := range text {
		if canCut(prev, r) {
			safe = i
		}
		m.Add(r)
		// Everything before i fitted: cut there, or at a better place
		// before it.
		if i > start && est.CountChars(m.Weight()) > limit {
			end := i
			switch {
			case brk > start:
				end = brk
			case safe > start:
				end = safe
			}
			if piece := strings.TrimSpace(text[start:end]); piece != "" {
				pieces = append(pieces, piece)
			}
			start, brk, m, limit = end, -1, tokens.Meter{}, budget
			for _, r := range text[start : i+utf8.RuneLen(r)] {
				m.Add(r)
			}
		}
		if goodBreak(r) && 2*est.CountChars(m.Weight()) >= limit {
			brk = i + utf8.RuneLen(r)
		}
		prev = r
	}
	if rest := strings.TrimSpace(text[start:]); rest != "" {
		pieces = append(pieces, rest)
	}
	return pieces
}

// goodBreak reports a character after which a cut reads well: a space, or
// the end of a sentence or clause in any script.
func goodBreak(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(".!?;,。！？；，、…", r)
}

// canCut reports whether text may be cut between prev and r without
// tearing a character apart as it is seen: not before a combining mark
// (an accent, a Thai vowel or tone mark), a variation selector or a
// joiner, nor after a joiner (emoji sequences).
func canCut(prev, r rune) bool {
	switch {
	case prev == 0x200D || r == 0x200D:
		return false
	case unicode.Is(unicode.M, r) || unicode.Is(unicode.Variation_Selector, r):
		return false
	case r >= 0x1160 && r <= 0x11FF: // Hangul vowels and finals that join the syllable before
		return false
	}
	return true
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
	if kept == 1 && est.Count(md) > limit {
		// Even the header row is too wide (thousands of columns): its
		// text, cut, is all a reader gets.
		return cutText(md, limit, limit, est)[0] + fmt.Sprintf("\n[… this table is too wide to show: %d rows not shown]", len(rows))
	}
	if kept < len(rows) {
		md += fmt.Sprintf("\n[… %d more rows of this table not shown]", len(rows)-kept)
	}
	return md
}
