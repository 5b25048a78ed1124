package page

import (
	"fmt"
	"strings"
)

// Outline limits: headings deeper than outlineDepth are details a model
// does not need to choose a part; more than outlinePerPart headings per part
// cost tokens without helping the choice.
const (
	outlineDepth   = 3
	outlinePerPart = 6
)

// Outline lists the headings in each part so the model can jump to the part
// it needs; parts in read are marked as read. A one-part page has none.
func (p Page) Outline(read map[int]bool) string {
	if len(p.Parts) < 2 {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "Outline (%d parts):", len(p.Parts))
	for _, part := range p.Parts {
		mark := ""
		if read[part.Number] {
			mark = " (read)"
		}
		fmt.Fprintf(&sb, "\nPart %d%s: %s", part.Number, mark, partTopics(part))
	}
	return sb.String()
}

func partTopics(part Part) string {
	var names []string
	extra := 0
	for _, h := range part.Headings {
		if h.Level > outlineDepth {
			continue
		}
		if len(names) == outlinePerPart {
			extra++
			continue
		}
		names = append(names, h.Text)
	}
	switch {
	case len(names) == 0 && part.Context != "":
		return "continues " + part.Context
	case len(names) == 0:
		return "(no headings)"
	}
	s := strings.Join(names, "; ")
	if part.Context != "" {
		s = "continues " + part.Context + "; " + s
	}
	if extra > 0 {
		s += fmt.Sprintf("; and %d more", extra)
	}
	return s
}
