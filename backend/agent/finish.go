package agent

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent/coverage"
	"github.com/scout-research/scout/backend/agent/opinion"
	"github.com/scout-research/scout/backend/agent/reply"
	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/plain"
)

// The FINISH path: its rules, and the coverage check between them. A
// FINISH is accepted only when the findings cover the checklist, or when
// the gaps were already sent back as often as allowed (they are then
// reported as not found). Every send-back counts: a model that answers a
// send-back with FINISH again is insisting, and more send-backs would only
// loop until the turn limit.

// findingsRule: FINISH needs something found.
func findingsRule(findings []Finding) verdict {
	if len(findings) == 0 {
		return refuse(RefusalNoFindings, "no-findings", nil)
	}
	return verdict{}
}

// notCoveredRule: a FINISH whose own reasoning says something is not
// covered is sent back, at most maxNotCoveredSendBacks times a run (sent
// so far), so something the web does not hold cannot block the run; the
// note shows the checklist's status.
func notCoveredRule(thought, status string, sent int) verdict {
	if saysNotCovered(thought) && sent < maxNotCoveredSendBacks {
		return verdict{kind: RefusalNotCovered, note: render("not-covered", status)}
	}
	return verdict{}
}

var notCovered = regexp.MustCompile(`(?i)\bnot (yet )?(covered|found|answered)\b`)

func saysNotCovered(thought string) bool { return notCovered.MatchString(thought) }

// gapsRule: a FINISH with gaps is sent back, at most maxGapSendBacks times
// a run (sent so far), naming the next step for each; after that it is
// accepted with the gaps, which the report names. Things left out of an
// item that is otherwise answered do not hold a FINISH up.
func gapsRule(gaps []gap, sent int) verdict {
	var open []gap
	for _, g := range gaps {
		if !g.Settled {
			open = append(open, g)
		}
	}
	if len(open) > 0 && sent < maxGapSendBacks {
		return verdict{kind: RefusalGaps, note: render("gaps", open)}
	}
	return verdict{gaps: gaps}
}

// coverage finds the gaps FINISH leaves. Code looks first, for free, and
// sets what it finds beside the FINISH's own account of the items
// (reconcile). Where they disagree and code cannot say why the account is
// wrong, or where code is unsure, the model is asked once through the
// coverage call, with the disagreements set out, and code checks the
// answer; a count gap alone waits for the model too, which names the
// things a finding lists. When that call fails, code's verdict stands.
//
// The account the gaps were judged on is kept: the findings it cites for
// an item, as code admits them, are what the report holds the item
// answered by, should the FINISH be accepted (adopt).
func (a *Agent) coverage(ctx context.Context, thought string) []gap {
	r := reconcile(a.st.record.ledger(), thought)
	gaps, account := r.gaps, r.answers
	if r.ask {
		if checked, items, err := a.askCoverage(ctx, r.disputes); err == nil {
			gaps, account = checked, items
		}
	}
	a.st.account = account
	w := a.st.whereNext()
	for i := range gaps {
		gaps[i].Next = nextStep(gaps[i], w)
	}
	a.emit(Event{Type: EvCheck, Kind: CheckCoverage, Reason: describeGaps(gaps), Count: len(gaps)})
	return gaps
}

// reckoning is code's coverage set beside the model's account.
type reckoning struct {
	gaps     []gap          // what code stands by when the model is not asked
	answers  []coverageItem // the account they were judged on, if any
	disputes []dispute      // where the account and code disagree, and code cannot say why
	ask      bool           // whether the coverage call is needed
}

// dispute is an item on which the FINISH's account and the findings
// recorded disagree; the coverage call shows them side by side.
type dispute struct {
	Item   int
	Cited  []int // the findings the account cites for it
	Tagged []int // the findings recorded for it
}

// reconcile sets code's coverage beside the account a FINISH's thought
// gives. Without an account, the coverage call confirms what code sees,
// unless code sees gaps it is sure of (no finding may answer them). With
// one, an item is settled without a call where the two agree, where a
// cited finding answers it by the tie rule, or where code can say why
// every cited finding cannot (it names no Mount Kenya, gives no height):
// that gap stands, with why.
func reconcile(l ledger, thought string) reckoning {
	own := codeGaps(l, nil)
	cited, given := accountOf(thought, len(l.checklist), len(l.findings))
	if !given {
		return reckoning{gaps: own, ask: len(withoutCounts(own)) == 0 || l.untied() || wordsServe(l, own)}
	}
	var answers []coverageItem
	var disputes []dispute
	for _, it := range l.checklist {
		if opinion.Is(it.Text) {
			continue
		}
		ns := cited[it.Number]
		if len(ns) > 0 {
			answers = append(answers, coverageItem{Item: it.Number, Findings: ns, Covered: true})
		}
		if d, ok := disputeOf(l, it.Number, ns); ok {
			disputes = append(disputes, d)
		}
	}
	gaps := codeGaps(l, answers)
	countsOnly := len(gaps) > 0 && len(withoutCounts(gaps)) == 0
	return reckoning{gaps: gaps, answers: answers, disputes: disputes, ask: len(disputes) > 0 || countsOnly}
}

// disputeOf reports whether the account, citing ns for item n, and the
// findings recorded for n disagree in a way code cannot settle: the
// account cites none for an item findings were recorded for (the
// reverse of a gap), or cites only findings code is unsure of for an item
// nothing sure covers.
func disputeOf(l ledger, n int, ns []int) (dispute, bool) {
	t := l.ties
	d := dispute{Item: n, Cited: ns}
	sure := false
	for _, f := range l.covering(n) {
		d.Tagged = append(d.Tagged, f.Number)
		sure = sure || certain(t, f, n)
	}
	if len(ns) == 0 {
		return d, len(d.Tagged) > 0
	}
	refuted := true
	for _, k := range ns {
		f := l.findings[k-1]
		if certain(t, f, n) {
			return d, false // the account holds
		}
		if tied, _ := t.Of(f, n); tied != tie.None {
			refuted = false
		}
	}
	switch {
	case sure:
		return d, false // what was recorded for it covers it
	case refuted:
		return d, len(d.Tagged) > 0 // code can say why: the gap stands, unless words alone tie another
	}
	return d, true
}

// certain reports whether code is sure finding f answers item n: the
// model recorded it for n and the tie rule does not rule it out, or the
// tie rule is sure of it.
func certain(t tie.Rule, f Finding, n int) bool {
	tied, _ := t.Of(f, n)
	return tied == tie.Sure || (tied != tie.None && slices.Contains(f.Items, n) && !f.Inferred)
}

var coverageSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{"items": map[string]any{"type": "array", "items": map[string]any{
		"type": "object",
		"properties": map[string]any{
			"item":     map[string]any{"type": "integer"},
			"findings": map[string]any{"type": "array", "items": map[string]any{"type": "integer"}},
			"covered":  map[string]any{"type": "boolean"},
			"missing":  map[string]any{"type": "string"},
			"names":    map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
		},
		"required":             []string{"item", "findings", "covered", "missing", "names"},
		"additionalProperties": false,
	}}},
	"required":             []string{"items"},
	"additionalProperties": false,
}

// askCoverage asks the model which findings cover each item, with the
// disputes between its FINISH's account and the findings recorded set
// out, then checks the answer in code. The question is appended to the
// conversation (and not kept), so the server reuses its cached prompt
// instead of reading a fresh one, and the next action call finds the
// conversation still cached.
func (a *Agent) askCoverage(ctx context.Context, disputes []dispute) ([]gap, []coverageItem, error) {
	data := a.coverageData()
	data["Disputes"] = disputes
	request := render("coverage-request", data)
	if !a.st.conv.fitsWith(request, a.cfg.ContextLength, maxTokens[KindCoverage]) {
		// Rather a fresh compact prompt than a check the server cuts short:
		// one that leaves room for the check and its answer, without the
		// page text, which the check does not read.
		room := a.cfg.ContextLength - a.st.conv.est.Count(request) - perMessageTokens - maxTokens[KindCoverage] - safetyMargin
		a.rebuildWithin("the coverage check needs room in the context", min(room, a.rebuildLimit()), false, false)
	}
	reply, err := a.send(ctx, KindCoverage, request, coverageSchema)
	if err != nil {
		return nil, nil, err
	}
	items, err := coverageOf(reply.Content)
	if err != nil {
		return nil, nil, err
	}
	return codeGaps(a.st.record.ledger(), items), items, nil
}

// coverageOf reads the coverage check's answer: the JSON asked for, or a
// bare list of items, with numbers and yes-or-no written as strings and a
// single finding without its list.
func coverageOf(text string) ([]coverageItem, error) {
	v, err := reply.FirstJSON(text, "{[")
	if err != nil {
		return nil, err
	}
	var items []coverageItem
	for _, e := range reply.ListIn(v, "items", "coverage", "checklist") {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		it := coverageItem{Findings: reply.IntList(reply.Field(m, "findings", "finding")), Covered: reply.Truth(reply.Field(m, "covered")),
			Missing: plain.Line(reply.TextIn(reply.Field(m, "missing"))), Names: coverageNames(reply.Field(m, "names"))}
		if n := reply.IntList(reply.Field(m, "item", "number", "id")); len(n) > 0 {
			it.Item = n[0]
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		return nil, errors.New("the coverage answer lists no items")
	}
	return items, nil
}

// coverageNames reads the names a coverage item lists, as a list or one string.
func coverageNames(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		for _, n := range strings.Split(x, ",") {
			if n = strings.TrimSpace(n); n != "" {
				out = append(out, n)
			}
		}
	case []any:
		for _, e := range x {
			if s := strings.TrimSpace(reply.TextIn(e, "name")); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// coverageItem is the model's answer for one checklist item
// (coverage.Answer).
type coverageItem = coverage.Answer

func withoutCounts(gaps []gap) []gap {
	var out []gap
	for _, g := range gaps {
		if !g.Count {
			out = append(out, g)
		}
	}
	return out
}

// coverageData is what the coverage check shows besides the checklist
// and findings: how many sources the findings come from (one source
// rarely answers everything) and the unread parts of the page open.
func (a *Agent) coverageData() map[string]any {
	rec := &a.st.record
	type line struct {
		Item
		Opinion bool
	}
	items := make([]line, len(rec.checklist))
	for i, it := range rec.checklist {
		items[i] = line{it, opinion.Is(it.Text)}
	}
	var sources []string
	for _, f := range rec.findings {
		if !slices.Contains(sources, f.URL) {
			sources = append(sources, f.URL)
		}
	}
	data := map[string]any{"Checklist": items, "Findings": rec.findings, "Sources": len(sources)}
	if p := a.st.page; p != nil {
		var unread []int
		for _, part := range p.page.Parts {
			if !p.read[part.Number] {
				unread = append(unread, part.Number)
			}
		}
		data["Unread"], data["URL"] = unread, p.url
	}
	return data
}

// accountOf reads the item-by-item account a FINISH's thought gives, as
// the system prompt asks ("1 [1], 2 [3]", "item 1 is covered by [2]"):
// the findings it cites for each item, those that exist, and whether it
// gives an account at all. What it cites is the model's claim; reconcile
// sets it beside code's. items and findings are how many the run has.
func accountOf(thought string, items, findings int) (map[int][]int, bool) {
	cited := map[int][]int{}
	given := false
	for _, m := range accountPattern.FindAllStringSubmatch(thought, -1) {
		item, _ := strconv.Atoi(m[1])
		if item < 1 || item > items {
			continue
		}
		given = true
		for _, n := range digitsPattern.FindAllString(m[2], -1) {
			if f, _ := strconv.Atoi(n); f >= 1 && f <= findings && !slices.Contains(cited[item], f) {
				cited[item] = append(cited[item], f)
			}
		}
	}
	return cited, given
}

// wordsServe reports whether an item of the gaps that no finding was
// recorded for may be answered by a finding all the same, as item
// inference would have tied it had the model named no item (agent/tie):
// then the coverage check decides, not the tags alone. A finding recorded
// for a sibling of the item ("a first editor" for "a second editor")
// answers that one only.
func wordsServe(l ledger, gaps []gap) bool {
	covered := func(n int) bool { return len(l.covering(n)) > 0 }
	key := func(it Item) string { return tie.SiblingKey(it.Text) }
	for _, g := range withoutCounts(gaps) {
		if covered(g.Item.Number) {
			continue
		}
		for _, f := range l.findings {
			sibling := slices.ContainsFunc(f.Items, func(n int) bool {
				return n >= 1 && n <= len(l.checklist) && key(l.checklist[n-1]) == key(g.Item)
			})
			if !sibling && slices.Contains(tie.Infer(f, l.checklist, l.ties, covered), g.Item.Number) {
				return true
			}
		}
	}
	return false
}

// accountPattern is one item of the account: its number, then findings
// in brackets ("2 [1]", "item 2: [1][3]", "2 is covered by [1, 3]", and
// Scout's own status line repeated, "2. covered by [1]").
var accountPattern = regexp.MustCompile(`(?i)(?:\bitem\s*)?\b(\d{1,2})\b\s*(?:\)|\.|:|-|–|=|is|are|covered|by|in|from|\s)*((?:\[\s*\d+(?:\s*,\s*\d+)*\s*\]\s*(?:,|and|&)?\s*)+)`)
