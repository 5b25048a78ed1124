package ground

import (
	"github.com/scout-research/scout/backend/agent/words"
	"regexp"
	"strings"
)

// Grounding: is a finding in the words of the page parts shown?
//
// A finding is cut into its sentences (and lines: a copied list keeps its
// line breaks), the page parts into sentences, list items and table rows.
// Each sentence of the finding is matched against the run of consecutive
// page units that holds the most of its word pairs, so a verbatim copy of
// any stretch of the page scores 1 however long it is, and a sentence that
// joins two page sentences is found across both. The finding's score is
// the share of all its word pairs found that way; the evidence kept with it
// is the stretch of page text its sentences matched, verbatim.

// Evidence is what grounding found for a finding.
type Evidence struct {
	Quote string  // the stretch of page text matched, verbatim
	Score float64 // share of the finding's word pairs found in the page
}

// unit is a sentence, list item or table row of text, by byte offsets.
type unit struct {
	start, end int
	pairs      map[string]bool
	first      string // first and last word, for pairs across units
	last       string
}

// In matches a finding against the parts shown, each a part's text.
func In(finding string, parts []string) Evidence {
	units := make([][]unit, len(parts))
	for i, p := range parts {
		units[i] = unitsOf(p)
	}
	var matches []match
	total, found := 0, 0
	for _, f := range unitsOf(finding) {
		if len(f.pairs) == 0 {
			continue
		}
		total += len(f.pairs)
		if best := bestRun(f, units); best.matched > 0 {
			found += best.matched
			matches = append(matches, best)
		}
	}
	if total == 0 || len(matches) == 0 {
		return Evidence{}
	}
	return Evidence{Quote: stretch(matches, units, parts), Score: float64(found) / float64(total)}
}

// match is a run of units from..to of a part, and how many of a finding
// sentence's word pairs it holds.
type match struct {
	part, from, to int
	matched        int
}

// bestRun is the run of at most maxRunUnits consecutive units of a part
// holding the most of f's word pairs; of equals, the shortest: the
// evidence is what the sentence says, not its neighbours.
func bestRun(f unit, units [][]unit) match {
	best := match{matched: -1}
	for pi, us := range units {
		for from := range us {
			run := map[string]bool{}
			for to := from; to < len(us) && to < from+maxRunUnits; to++ {
				if to > from && us[to-1].last != "" && us[to].first != "" {
					run[us[to-1].last+" "+us[to].first] = true
				}
				for p := range us[to].pairs {
					run[p] = true
				}
				if n := countIn(f.pairs, run); n > best.matched || (n == best.matched && to-from < best.to-best.from) {
					best = match{pi, from, to, n}
				}
			}
		}
	}
	return best
}

// stretch is the page text from the first to the last unit matched, in
// the part where most was matched, or the strongest run alone when that
// stretch is longer than maxEvidenceChars.
func stretch(matches []match, units [][]unit, parts []string) string {
	byPart := map[int]int{}
	bestPart := matches[0].part
	for _, m := range matches {
		byPart[m.part] += m.matched
		if byPart[m.part] > byPart[bestPart] {
			bestPart = m.part
		}
	}
	from, to, strongest := -1, -1, match{matched: -1}
	for _, m := range matches {
		if m.part != bestPart {
			continue
		}
		if from < 0 || m.from < from {
			from = m.from
		}
		to = max(to, m.to)
		if m.matched > strongest.matched {
			strongest = m
		}
	}
	us, text := units[bestPart], parts[bestPart]
	quote := text[us[from].start:us[to].end]
	if len(quote) > maxEvidenceChars {
		quote = text[us[strongest.from].start:us[strongest.to].end]
	}
	return strings.TrimSpace(quote)
}

func countIn(want, have map[string]bool) int {
	n := 0
	for p := range want {
		if have[p] {
			n++
		}
	}
	return n
}

var (
	// sentenceEnd ends a sentence: a full stop, question or exclamation
	// mark before a space and a capital letter or digit.
	// A semicolon ends a unit too: a list copied onto one line is joined
	// with them, one item a piece.
	sentenceEnd = regexp.MustCompile(`[.!?]["'”’)]?\s+["'“‘(]?[\p{Lu}\d]|;\s+\S`)
	// decoration is what Markdown puts before a line's words: list
	// markers, quote marks, heading hashes.
	decoration = regexp.MustCompile(`^\s*(?:(?:[-*+>#]+|\d+[.)])\s+)+`)
)

// Sentences are the sentences, list items and table rows of text, as
// grounding cuts it.
func Sentences(text string) []string {
	var out []string
	for _, u := range unitsOf(text) {
		out = append(out, text[u.start:u.end])
	}
	return out
}

// unitsOf cuts text into sentences, list items and table rows: each line
// is one or more units, a line's sentences each one. Table separator rows
// and lines without words are left out.
func unitsOf(text string) []unit {
	var out []unit
	offset := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		lineStart := offset
		offset += len(line)
		body := strings.TrimRight(line, "\r\n")
		if strings.Trim(body, "|-:+ \t") == "" {
			continue
		}
		start, skip := 0, 0
		if m := decoration.FindStringIndex(body); m != nil {
			skip = m[1] // "1. Fly" is a list item, not a sentence "1." and one more
		}
		for _, m := range sentenceEnd.FindAllStringIndex(body[skip:], -1) {
			m[0], m[1] = m[0]+skip, m[1]+skip
			cut := m[1] - 1 // before the capital that opens the next sentence
			for cut > m[0] && !isSpace(body[cut-1]) {
				cut--
			}
			out = appendUnit(out, body, lineStart, start, cut)
			start = cut
		}
		out = appendUnit(out, body, lineStart, start, len(body))
	}
	return out
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' }

// appendUnit adds body[from:to] as a unit, its offsets counted from
// lineStart, when it has words.
func appendUnit(out []unit, body string, lineStart, from, to int) []unit {
	seg := body[from:to]
	trimmed := strings.TrimSpace(seg)
	if trimmed == "" {
		return out
	}
	lead := strings.Index(seg, trimmed)
	ws := Words(decoration.ReplaceAllString(strings.ReplaceAll(trimmed, "|", " "), ""))
	if len(ws) == 0 {
		return out
	}
	return append(out, unit{start: lineStart + from + lead, end: lineStart + from + lead + len(trimmed),
		pairs: words.Pairs(ws), first: ws[0], last: ws[len(ws)-1]})
}

// Words are the words of text as grounding compares them: numbers
// as one spelling of their value in text's language ("2.962 Meter" and
// "2962 Meter", "744,4" and "744.4"), a unit glued to its number split
// off, and every spelling of a unit as one ("metres", "meters", "m").
func Words(text string) []string {
	var out []string
	for _, w := range words.Of(words.ValueSpelled(text)) {
		if m := numberUnit.FindStringSubmatch(w); m != nil {
			out = append(out, m[1], words.Unit(m[2]))
			continue
		}
		out = append(out, words.Unit(w))
	}
	return out
}

var numberUnit = regexp.MustCompile(`^(\d[\d.]*)([a-z]+)$`)
