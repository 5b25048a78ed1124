package agent

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"

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
// so far), so something the web does not hold cannot block the run.
func notCoveredRule(thought string, rec *record, sent int) verdict {
	if saysNotCovered(thought) && sent < maxNotCoveredSendBacks {
		return verdict{kind: RefusalNotCovered, note: render("not-covered", rec.status(false))}
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

// coverage finds the gaps FINISH leaves. Code looks first, for free; when
// it sees no gap but counts, or a finding serves no item by its words
// (which the model may tie to one), the model says which findings cover
// each item, and code checks that verdict. A count gap alone waits for the
// model, which names the things a finding lists; when that call fails, the
// code's whole verdict stands.
func (a *Agent) coverage(ctx context.Context, thought string) []gap {
	rec := &a.st.record
	gaps := codeGaps(rec, nil)
	if len(withoutCounts(gaps)) == 0 || rec.untied() || wordsServe(rec, gaps) {
		if answers, ok := accountOf(thought, rec); ok && len(codeGaps(rec, answers)) == 0 {
			// The model's own item-by-item account, checked in code,
			// settles it: no call needed (a coverage call is a minute or
			// two of reading on a CPU).
			gaps = nil
		} else if checked, err := a.askCoverage(ctx); err == nil {
			gaps = checked
		}
	}
	for i := range gaps {
		gaps[i].Next = nextStep(gaps[i], &a.st.record, a.st.page, a.st.trail.searches)
	}
	a.emit(Event{Type: EvCheck, Kind: "coverage", Reason: describeGaps(gaps), Count: len(gaps)})
	return gaps
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

// askCoverage asks the model which findings cover each item, then checks
// the answer in code. The question is appended to the conversation (and
// not kept), so the server reuses its cached prompt instead of reading a
// fresh one, and the next action call finds the conversation still cached.
func (a *Agent) askCoverage(ctx context.Context) ([]gap, error) {
	request := render("coverage-request", a.coverageData())
	if !a.st.conv.fitsWith(request, a.cfg.ContextLength, maxTokens[KindCoverage]) {
		// Rather a fresh compact prompt than a check the server cuts short:
		// one that leaves room for the check and its answer, without the
		// page text, which the check does not read.
		room := a.cfg.ContextLength - a.est.Count(request) - perMessageTokens - maxTokens[KindCoverage] - safetyMargin
		a.rebuildWithin("the coverage check needs room in the context", min(room, int(rebuildTarget*float64(a.cfg.ContextLength))), false)
	}
	reply, err := a.send(ctx, KindCoverage, request, coverageSchema)
	if err != nil {
		return nil, err
	}
	items, err := coverageOf(reply.Content)
	if err != nil {
		return nil, err
	}
	return codeGaps(&a.st.record, items), nil
}

// coverageOf reads the coverage check's answer: the JSON asked for, or a
// bare list of items, with numbers and yes-or-no written as strings and a
// single finding without its list.
func coverageOf(reply string) ([]coverageItem, error) {
	v, err := firstJSON(reply, "{[")
	if err != nil {
		return nil, err
	}
	var items []coverageItem
	for _, e := range listIn(v, "items", "coverage", "checklist") {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		it := coverageItem{Findings: intList(field(m, "findings", "finding")), Covered: truth(field(m, "covered")),
			Missing: plain.Line(textIn(field(m, "missing"))), Names: coverageNames(field(m, "names"))}
		if n := intList(field(m, "item", "number", "id")); len(n) > 0 {
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
			if s := strings.TrimSpace(textIn(e, "name")); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// coverageItem is the model's answer for one checklist item.
type coverageItem struct {
	Item     int    `json:"item"`
	Findings []int  `json:"findings"`
	Covered  bool   `json:"covered"`
	Missing  string `json:"missing"`
	// Names are the things the findings name for an item that asks for a
	// number of them: one finding may name three tools.
	Names []string `json:"names"`
}

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
		items[i] = line{it, isOpinion(it.Text)}
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
		data["Unread"], data["Title"] = unread, p.page.Title
	}
	return data
}

// accountOf reads the item-by-item account a FINISH's thought gives, as
// the system prompt asks ("1 [2], 2 [1], 3 [2]", "item 1 is covered by
// [2]"), and reports whether it stands in for the coverage check: every
// item that needs a finding has one, and every finding cited for an item
// was recorded for it and says something of it in its own words. A tag
// the model gave is only its claim; the words are the check (a finding
// that names the mountain but not its height does not answer "its height
// in meters", whatever it was tagged).
func accountOf(thought string, rec *record) ([]coverageItem, bool) {
	cited := map[int][]int{}
	for _, m := range accountPattern.FindAllStringSubmatch(thought, -1) {
		item, _ := strconv.Atoi(m[1])
		for _, n := range digitsPattern.FindAllString(m[2], -1) {
			f, _ := strconv.Atoi(n)
			cited[item] = append(cited[item], f)
		}
	}
	var out []coverageItem
	for _, it := range rec.checklist {
		if isOpinion(it.Text) {
			continue
		}
		ns := dedupeInts(cited[it.Number])
		if len(ns) == 0 {
			return nil, false
		}
		// An item no finding was recorded for takes the account as its
		// tag (a model that tagged a finding with one item of the three
		// its words answer); the words are checked all the same.
		untagged := len(rec.covering(it.Number)) == 0
		for _, n := range ns {
			if n < 1 || n > len(rec.findings) || !untagged && !slices.Contains(rec.findings[n-1].Items, it.Number) || !supports(rec.findings[n-1], it, rec.checklist) {
				return nil, false
			}
		}
		out = append(out, coverageItem{Item: it.Number, Findings: ns, Covered: true})
	}
	return out, len(out) > 0
}

// wordsServe reports whether an item of the gaps that no finding was
// recorded for is answered by a finding's words, as item inference would
// have tied it had the model named no item (infer.go): then the model's
// account, or the coverage check, decides, not the tags alone. A finding
// recorded for a sibling of the item ("a first editor" for "a second
// editor") answers that one only.
func wordsServe(rec *record, gaps []gap) bool {
	covered := func(n int) bool { return len(rec.covering(n)) > 0 }
	key := func(it Item) string { return siblingKey(inferTerms(it.Text, false)) }
	for _, g := range withoutCounts(gaps) {
		if covered(g.Item.Number) {
			continue
		}
		for _, f := range rec.findings {
			sibling := slices.ContainsFunc(f.Items, func(n int) bool {
				return n >= 1 && n <= len(rec.checklist) && key(rec.checklist[n-1]) == key(g.Item)
			})
			if !sibling && slices.Contains(inferItems(f.Text, f.Title, rec.checklist, covered), g.Item.Number) {
				return true
			}
		}
	}
	return false
}

// accountPattern is one item of the account: its number, then findings
// in brackets ("2 [1]", "item 2: [1][3]", "2 is covered by [1, 3]").
var accountPattern = regexp.MustCompile(`(?i)(?:\bitem\s*)?\b(\d{1,2})\b\s*(?:\)|:|-|–|=|is|are|covered|by|in|from|\s)*((?:\[\s*\d+(?:\s*,\s*\d+)*\s*\]\s*(?:,|and|&)?\s*)+)`)

// supports reports whether a finding's words serve an item: the share of
// the item's weighted terms the finding holds reaches inferAtLeast, as
// item inference weighs them (infer.go).
func supports(f Finding, it Item, checklist []Item) bool {
	have := map[string]bool{}
	for _, t := range inferTerms(f.Text, true) {
		have[t] = true
	}
	return inferScore(inferTerms(it.Text, false), have, commonTerms(f.Title, checklist)) >= inferAtLeast
}

func dedupeInts(ns []int) []int {
	var out []int
	for _, n := range ns {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}
