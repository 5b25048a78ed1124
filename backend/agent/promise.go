package agent

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent/opinion"
	"github.com/scout-research/scout/backend/agent/tie"
)

// The report's promise (DESIGN.md), kept before a report is written:
// every checklist item is exactly one of answered in the result with a
// citation to a finding recorded for it, named as not found (which
// things), named as left out (which things, which condition), or a view
// the model wrote. Never two, never none. An item about several things
// ("the heights of Kilimanjaro and Mount Kenya") keeps it per thing: the
// result may answer one while the not-found line names the other; a list
// may be answered with the things that qualify while the left-out line
// names those that do not.
//
// The gap sections come from the gaps code found; the result from the
// writer, who may leave out an item it was given, or cite a finding for
// an item the finding was not recorded for. Where the two disagree, code
// mends the record and the gap sections (settle), never the writer's
// words, and the journal says what it did. Breaches reads any result the
// same way, so the benchmark holds every report to it.

// The states of an item in the report (Standing.State).
const (
	StateAnswered = "answered"
	StateNotFound = "not_found"
	StateLeftOut  = "left_out"
	StateView     = "view"
	// StateNone is an item the report neither answers nor names: a
	// breach of the promise, which a settled report never has.
	StateNone = "none"
)

// CheckReport is the kind of the EvCheck events that say what keeping the
// promise took: a finding recorded for another item, a line added or
// dropped.
const CheckReport = "report"

// Standing is what the report says of one checklist item.
type Standing struct {
	Item Item `json:"item"`
	// State is one of the State* values: a view, else not found when the
	// report names anything of the item as not found (the result may
	// answer the rest), else left out when it names things left out,
	// else answered when the result cites a finding recorded for it, else
	// none.
	State string `json:"state"`
	// View: the item asks for the model's own view, which the writer
	// gives with the result.
	View bool `json:"view,omitempty"`
	// Findings are those recorded for the item that the result cites; with
	// no result written, those recorded for it (the report shows them).
	Findings []int    `json:"findings"`
	Missing  *Missing `json:"missing,omitempty"`
	LeftOut  *LeftOut `json:"left_out,omitempty"`
}

// Account is the report's word on each checklist item of res.
func Account(res *Result) []Standing {
	r := readResult(res)
	out := make([]Standing, len(res.Checklist))
	for i, it := range res.Checklist {
		s := Standing{Item: it, View: opinion.Is(it.Text), Findings: findingNumbers(r.answering(i))}
		nf, lo := r.lines(it.Number)
		if len(nf) > 0 {
			s.Missing = &nf[0]
		}
		if len(lo) > 0 {
			s.LeftOut = &lo[0]
		}
		switch {
		case s.View && s.Missing == nil:
			s.State = StateView
		case s.Missing != nil:
			s.State = StateNotFound
		case s.LeftOut != nil:
			s.State = StateLeftOut
		case len(s.Findings) > 0:
			s.State = StateAnswered
		default:
			s.State = StateNone
		}
		out[i] = s
	}
	return out
}

// reading is a result as the promise reads it.
type reading struct {
	res *Result
	t   tie.Rule
	// cited are the findings the result cites; with no result written,
	// every finding: the report shows the findings in its place.
	cited map[int]bool
}

func readResult(res *Result) reading {
	r := reading{res: res, t: tie.For(res.Objective, res.Checklist), cited: map[int]bool{}}
	if strings.TrimSpace(res.Answer) == "" {
		for _, f := range res.Findings {
			r.cited[f.Number] = true
		}
		return r
	}
	for _, c := range citationPattern.FindAllString(res.Answer, -1) {
		for _, d := range digitsPattern.FindAllString(c, -1) {
			n, _ := strconv.Atoi(d)
			r.cited[n] = true
		}
	}
	return r
}

// recorded are the findings recorded for the i-th item that the tie rule
// does not rule out for it; answering, those of them the result cites.
func (r reading) recorded(i int) []Finding {
	n := r.res.Checklist[i].Number
	var out []Finding
	for _, f := range r.res.Findings {
		if slices.Contains(f.Items, n) {
			if tied, _ := r.t.Of(f, i+1); tied != tie.None {
				out = append(out, f)
			}
		}
	}
	return out
}

func (r reading) answering(i int) []Finding {
	return slices.DeleteFunc(r.recorded(i), func(f Finding) bool { return !r.cited[f.Number] })
}

// lines are the not-found and left-out lines of item n.
func (r reading) lines(n int) ([]Missing, []LeftOut) {
	var nf []Missing
	var lo []LeftOut
	for _, m := range r.res.NotFound {
		if m.Item.Number == n {
			nf = append(nf, m)
		}
	}
	for _, l := range r.res.LeftOut {
		if l.Item.Number == n {
			lo = append(lo, l)
		}
	}
	return nf, lo
}

// byThing are the findings of fs that answer a for the thing th.
func (r reading) byThing(a tie.Asked, th string, fs []Finding) []Finding {
	return slices.DeleteFunc(slices.Clone(fs), func(f Finding) bool {
		tied, _ := r.t.Answers(f, a, []string{th})
		return tied == tie.None
	})
}

// whole reports whether a not-found line names the whole item: nothing
// of it is in the result.
func whole(m Missing) bool { return !m.Partial && len(m.Things) == 0 }

// viewGiven matches a result that gives a view of its own, as the writer
// is asked to ("My view: ..."), or in the other words a model uses.
var viewGiven = regexp.MustCompile(`(?i)\b(?:my|our)\s+(?:own\s+|personal\s+|overall\s+|honest\s+)?(?:view|opinion|recommendation|verdict|take)\b` +
	`|\bin\s+my\s+(?:view|opinion)\b|\bi\s+(?:would\s+)?(?:recommend|suggest)\b|\b(?:recommendation|verdict)\s*:`)

// givesView reports whether the result gives the view an opinion item
// asks for.
func (r reading) givesView() bool {
	return viewGiven.MatchString(r.res.Answer) || givesViewInOtherLanguage(r.res.Answer)
}

func findingNumbers(fs []Finding) []int {
	out := []int{}
	for _, f := range fs {
		out = append(out, f.Number)
	}
	return out
}

// cites is finding numbers as the report cites them: [1], [2].
func cites(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprintf("[%d]", n)
	}
	return strings.Join(s, ", ")
}

// hasThing reports whether names holds th, by its key.
func hasThing(names []string, th string) bool {
	return slices.ContainsFunc(names, tie.SameThing(th))
}
