package report

import (
	"regexp"
	"slices"
	"strings"
)

// The sections of report.md a reader may look for, by their message keys:
// the heading each has in whatever language the report is written in.
const (
	SectionResult   = "result"
	SectionNotFound = "not_found"
	SectionLeftOut  = "left_out"
	SectionFindings = "findings"
	SectionFigures  = "run_figures"
)

// Headings are the spellings of the heading of section in every language
// a report is written in, English's first.
func Headings(section string) []string {
	out := []string{english.s(section)}
	for _, m := range messageFiles {
		if h, ok := m[section]; ok && !slices.Contains(out, h.pick(pluralOther)) {
			out = append(out, h.pick(pluralOther))
		}
	}
	slices.Sort(out[1:]) // the same pattern every time
	return out
}

// HeadingPattern is a regular expression for the heading line of section
// in any language, without its "## " and end of line: a reader of
// report.md matches "## " + HeadingPattern(s) to find the section
// whatever language the run's objective was in.
func HeadingPattern(section string) string {
	hs := Headings(section)
	for i, h := range hs {
		hs[i] = regexp.QuoteMeta(h)
	}
	return "(?:" + strings.Join(hs, "|") + ")"
}
