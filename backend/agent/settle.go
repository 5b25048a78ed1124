package agent

import (
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent/coverage"
	"github.com/scout-research/scout/backend/agent/opinion"
	"github.com/scout-research/scout/backend/agent/tie"
)

// Settle gives a result the agent did not finish itself (a report written
// while the run goes on, or rebuilt from the journal after a crash) the
// gap sections code finds in its findings, and holds it to the report's
// promise as the agent does its own. It returns what it mended.
func Settle(res *Result) []string {
	rec := &record{objective: res.Objective, checklist: res.Checklist, findings: res.Findings}
	res.NotFound, res.LeftOut = gapLines(codeGaps(rec.ledger(), nil))
	return settle(res)
}

// gapLines are the report's gap sections for gaps: the things a list
// leaves out (those no finding shows to meet its condition, and which
// of them a finding shows do not), and what is not found: the item, its
// things nothing answers, a count short, or a condition no finding shows
// of an item the result otherwise answers.
func gapLines(gaps []gap) ([]Missing, []LeftOut) {
	var nf []Missing
	var lo []LeftOut
	for _, g := range gaps {
		switch {
		case len(g.Things) > 0:
			lo = append(lo, LeftOut{Item: g.Item, Condition: g.Condition, Things: g.Things, Denied: g.Denied})
			if g.Count {
				nf = append(nf, Missing{Item: g.Item, Why: g.Why(), Reasons: []Reason{g.Reason}, Partial: g.Partial})
			}
		case g.Condition != "":
			nf = append(nf, Missing{Item: g.Item, Why: g.Why(), Reasons: []Reason{g.Reason}, Partial: true})
		default:
			nf = append(nf, Missing{Item: g.Item, Why: g.Why(), Reasons: []Reason{g.Reason}, Things: g.Lacking, Partial: g.Partial})
		}
	}
	return nf, lo
}

// settle mends res until it keeps the promise (promise.go): the record of
// which items a finding answers, and the gap sections; never the writer's
// words. It returns what it did, a sentence each, for the journal.
func settle(res *Result) []string {
	res.Findings = cloneFindings(res.Findings)
	r := readResult(res)
	var said []string
	var nf []Missing
	var lo []LeftOut
	for i, it := range res.Checklist {
		ms, ls := r.lines(it.Number)
		e := itemEdit{r: r, i: i, it: it, a: r.t.Asks[i], m: merged(ms), l: mergedLeft(ls)}
		if len(ms) > 1 || len(ls) > 1 {
			e.say("repair-merged", it)
		}
		e.settle()
		said = append(said, e.said...)
		if e.m != nil {
			nf = append(nf, *e.m)
		}
		if e.l != nil {
			lo = append(lo, *e.l)
		}
	}
	res.NotFound, res.LeftOut = nf, lo
	if left := Breaches(res); len(left) > 0 {
		said = append(said, render("repair-unkept", strings.Join(left, "; "))) // a bug: say so rather than hide it
	}
	return said
}

// itemEdit is one item's lines being mended: m and l are its not-found
// and left-out lines, nil when it has none.
type itemEdit struct {
	r    reading
	i    int
	it   Item
	a    tie.Asked
	m    *Missing
	l    *LeftOut
	said []string
}

func (e *itemEdit) say(name string, data any) { e.said = append(e.said, render(name, data)) }

func (e *itemEdit) settle() {
	if opinion.Is(e.it.Text) {
		e.view()
		return
	}
	e.shape()
	e.retie()
	e.answered()
	e.unsaid()
}

// view: an item asking for a view is the view the result gives, and no
// gap; with none given, it is named as not found.
func (e *itemEdit) view() {
	given := e.r.res.Answer != "" && e.r.givesView()
	switch {
	case given && (e.m != nil || e.l != nil):
		e.m, e.l = nil, nil
		e.say("repair-view-given", e.it)
	case !given && e.m == nil:
		why := Reason{Key: ReasonNoView}
		switch {
		case e.r.res.Answer == "" && e.r.res.Status == StatusRunning:
			why = Reason{Key: ReasonViewLater}
		case e.r.res.Answer == "":
			why = Reason{Key: ReasonViewUnwritten}
		}
		m := missing(e.it, why)
		e.m, e.l = &m, nil
		e.say("repair-no-view", e.it)
	}
}

// shape: a left-out line names things (one without, from an older run,
// is a condition not shown: not found), and a thing is named once, as
// left out when a finding shows it does not qualify.
func (e *itemEdit) shape() {
	if e.l != nil && len(e.l.Things) == 0 {
		m := missing(e.it, Reason{Key: ReasonCondition, Condition: e.l.Condition})
		m.Partial = true
		e.add(m)
		e.l = nil
		e.say("repair-unshown", e.it)
	}
	if e.m == nil || e.l == nil {
		return
	}
	kept := slices.DeleteFunc(slices.Clone(e.m.Things), func(th string) bool { return hasThing(e.l.Things, th) })
	if len(kept) < len(e.m.Things) {
		e.m.Things = kept
		e.say("repair-named-once", e.it)
	}
}

// add joins m to the item's not-found line.
func (e *itemEdit) add(m Missing) {
	if e.m == nil {
		e.m = &m
		return
	}
	e.m.Reasons = joinReasons(*e.m, m)
	e.m.Why = strings.TrimPrefix(e.m.Why+"; "+m.Why, "; ")
	for _, th := range m.Things {
		if !hasThing(e.m.Things, th) {
			e.m.Things = append(e.m.Things, th)
		}
	}
	e.m.Partial = e.m.Partial || m.Partial
}

// unanswered are the things of the item (or, for one about fewer than
// two, the item: "") that no finding the result cites answers.
func (e *itemEdit) unanswered() []string {
	ans := e.r.answering(e.i)
	if len(e.a.Things) < 2 {
		if len(ans) == 0 {
			return []string{""}
		}
		return nil
	}
	var out []string
	for _, th := range e.a.Things {
		if len(e.r.byThing(e.a, th, ans)) == 0 {
			out = append(out, th)
		}
	}
	return out
}

// retie records a finding the result cites for an item (or a thing of
// it) that nothing the result cites answers, when the tie rule is sure
// the finding answers it: the writer used it so, and code can say why.
func (e *itemEdit) retie() {
	for _, th := range e.unanswered() {
		things := e.a.Things
		if th != "" {
			things = []string{th}
		}
		for j, f := range e.r.res.Findings {
			if !e.r.cited[f.Number] || slices.Contains(f.Items, e.it.Number) {
				continue
			}
			if tied, _ := e.r.t.Answers(f, e.a, things); tied == tie.Sure {
				e.r.res.Findings[j].Items = slices.Sorted(slices.Values(append(slices.Clone(f.Items), e.it.Number)))
				e.say("repair-retied", map[string]any{"Finding": f.Number, "Item": e.it, "Things": nonEmpty(th)})
				break
			}
		}
	}
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// answered: the report does not name as not found what a finding the
// result cites answers (the item, or a thing of it). A finding code is
// certain of stands, and the line goes; one it is unsure of goes from
// the item instead, and the line stands.
func (e *itemEdit) answered() {
	if e.m == nil {
		return
	}
	ans := e.r.answering(e.i)
	if whole(*e.m) {
		e.answeredWhole(ans)
		return
	}
	had := len(e.m.Things) > 0
	for _, th := range slices.Clone(e.m.Things) {
		if by := e.r.byThing(e.a, th, ans); len(by) > 0 {
			e.m.Things = slices.DeleteFunc(e.m.Things, tie.SameThing(th))
			e.say("repair-answered", map[string]any{"Item": e.it, "Things": []string{th}, "Findings": findingNumbers(by)})
		}
	}
	if had && len(e.m.Things) == 0 {
		e.m = nil // the line named those things alone
	}
}

func (e *itemEdit) answeredWhole(ans []Finding) {
	sure := slices.DeleteFunc(slices.Clone(ans), func(f Finding) bool { return !certain(e.r.t, f, e.i+1) })
	if len(sure) > 0 {
		e.m = nil
		e.say("repair-answered", map[string]any{"Item": e.it, "Findings": findingNumbers(sure)})
		return
	}
	for _, f := range ans {
		k := slices.IndexFunc(e.r.res.Findings, func(g Finding) bool { return g.Number == f.Number })
		e.r.res.Findings[k].Items = slices.DeleteFunc(slices.Clone(f.Items), func(n int) bool { return n == e.it.Number })
		e.say("repair-untied", map[string]any{"Finding": f.Number, "Item": e.it})
	}
}

// unsaid names as not found what the result answers nothing of and the
// report names nowhere: the item, or its things, with the findings
// recorded for them that the result leaves out. A line that says the
// result answers the rest, when it answers none of it, says so too.
func (e *itemEdit) unsaid() {
	ans := e.r.answering(e.i)
	left := slices.DeleteFunc(e.r.recorded(e.i), func(f Finding) bool { return e.r.cited[f.Number] })
	if len(e.a.Things) > 1 {
		e.unsaidThings(ans, left)
		return
	}
	switch {
	case len(ans) > 0:
		return
	case e.m != nil && e.m.Partial:
		e.m.Partial = false
		if len(left) > 0 {
			why := missing(e.it, Reason{Key: ReasonUnsaid, Findings: findingNumbers(left)})
			e.m.Reasons = joinReasons(*e.m, why)
			e.m.Why += "; " + why.Why
		}
		e.say("repair-unsaid", map[string]any{"Item": e.it})
	case e.m == nil && (e.l == nil || len(e.r.qualifying(e.i, e.l)) > 0):
		why := Reason{Key: ReasonUncovered}
		if len(left) > 0 {
			why = Reason{Key: ReasonUnsaid, Findings: findingNumbers(left)}
		}
		e.add(missing(e.it, why))
		e.say("repair-unsaid", map[string]any{"Item": e.it})
	}
}

// unsaidThings names the things of an item about several that the result
// answers nothing of and the report names nowhere.
func (e *itemEdit) unsaidThings(ans, left []Finding) {
	if e.m != nil && whole(*e.m) {
		return
	}
	var open []string
	var holders []Finding
	for _, th := range e.a.Things {
		named := e.m != nil && hasThing(e.m.Things, th) || e.l != nil && hasThing(e.l.Things, th)
		if len(e.r.byThing(e.a, th, ans)) > 0 || named {
			continue
		}
		open = append(open, th)
		for _, f := range e.r.byThing(e.a, th, left) {
			if !slices.ContainsFunc(holders, func(h Finding) bool { return h.Number == f.Number }) {
				holders = append(holders, f)
			}
		}
	}
	if len(open) == 0 {
		return
	}
	why := Reason{Key: ReasonLacking, Things: open}
	if len(holders) > 0 {
		why = Reason{Key: ReasonUnsaid, Things: open, Findings: findingNumbers(holders)}
	}
	m := missing(e.it, why)
	m.Things, m.Partial = open, len(ans) > 0
	e.add(m)
	e.say("repair-unsaid", map[string]any{"Item": e.it, "Things": open})
}

// merged is an item's not-found lines as one (nil for none).
func merged(ms []Missing) *Missing {
	if len(ms) == 0 {
		return nil
	}
	e := itemEdit{m: &Missing{Item: ms[0].Item, Why: ms[0].Why, Reasons: slices.Clone(ms[0].Reasons), Things: slices.Clone(ms[0].Things), Partial: ms[0].Partial}}
	for _, m := range ms[1:] {
		e.add(m)
	}
	return e.m
}

// mergedLeft is an item's left-out lines as one (nil for none).
func mergedLeft(ls []LeftOut) *LeftOut {
	if len(ls) == 0 {
		return nil
	}
	l := LeftOut{Item: ls[0].Item, Condition: ls[0].Condition}
	for _, x := range ls {
		for _, th := range x.Things {
			if !hasThing(l.Things, th) {
				l.Things = append(l.Things, th)
			}
		}
		for _, th := range x.Denied {
			if !hasThing(l.Denied, th) {
				l.Denied = append(l.Denied, th)
			}
		}
	}
	return &l
}

// cloneFindings copies fs deep enough that mending their items leaves
// the run's record as it was.
func cloneFindings(fs []Finding) []Finding {
	out := slices.Clone(fs)
	for i := range out {
		out[i].Items = slices.Clone(out[i].Items)
	}
	return out
}

// adopt records for an item each finding the account an accepted FINISH
// was judged on cites for it, as code admitted it (finish.go): the report
// holds an item answered by the findings recorded for it, and that
// account is how the model and code agreed it was covered. It returns
// what it recorded, a sentence each, for the journal.
func adopt(res *Result, l ledger, account []coverageItem) []string {
	res.Findings = cloneFindings(res.Findings)
	var said []string
	for _, v := range account {
		if !v.Covered || v.Item < 1 || v.Item > len(l.checklist) || opinion.Is(l.checklist[v.Item-1].Text) {
			continue
		}
		kept := coverage.Admitted(l.ties, l.findings, v.Item, v.Findings)
		for _, f := range kept {
			items := &res.Findings[f.Number-1].Items
			if !slices.Contains(*items, v.Item) {
				*items = slices.Sorted(slices.Values(append(slices.Clone(*items), v.Item)))
				said = append(said, render("repair-adopted", map[string]any{"Finding": f.Number, "Item": l.checklist[v.Item-1]}))
			}
		}
	}
	return said
}
