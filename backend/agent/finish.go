package agent

import (
	"context"
	"encoding/json"
	"regexp"
	"sort"
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

// gap is a checklist item the findings do not (fully) answer. Its fields
// are the templates' to show.
type gap struct {
	Item Item
	// Condition is set when findings exist but none shows a condition the
	// item sets ("free", "open-source"): such items are "left out".
	Condition string
	Why       string
	// Partial: findings touch the item without answering it in full.
	Partial bool
	// Count: fewer things than the item asks for.
	Count bool
}

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
// a run (sent so far); after that it is accepted with the gaps, which the
// report names as not found.
func gapsRule(gaps []gap, sent int) verdict {
	if len(gaps) > 0 && sent < maxGapSendBacks {
		return verdict{kind: RefusalGaps, note: render("gaps", gaps)}
	}
	return verdict{gaps: gaps}
}

// coverage finds the gaps FINISH leaves. Code looks first, for free; when
// it sees no gap but counts, the model says which findings cover each
// item, and code checks that verdict. A count gap alone waits for the
// model, which names the things a finding lists; when that call fails, the
// code's whole verdict stands.
func (a *Agent) coverage(ctx context.Context) []gap {
	gaps := codeGaps(&a.st.record, nil)
	if len(withoutCounts(gaps)) == 0 {
		if checked, err := a.askCoverage(ctx); err == nil {
			gaps = checked
		}
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
	data := map[string]any{"Checklist": a.st.record.checklist, "Findings": a.st.record.findings}
	request := render("coverage-request", data)
	if !a.st.conv.fitsWith(request, a.cfg.ContextLength, maxTokens[KindCoverage]) {
		// Rather a fresh compact prompt than a check the server cuts short.
		a.rebuild("the coverage check needs room in the context")
	}
	reply, err := a.send(ctx, KindCoverage, request, coverageSchema)
	if err != nil {
		return nil, err
	}
	var got struct {
		Items []coverageItem `json:"items"`
	}
	obj, err := extractJSON(reply.Content)
	if err == nil {
		err = json.Unmarshal([]byte(obj), &got)
	}
	if err != nil {
		return nil, err
	}
	for i := range got.Items { // what is missing may be reported
		got.Items[i].Missing = plain.Line(got.Items[i].Missing)
	}
	return codeGaps(&a.st.record, got.Items), nil
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

// codeGaps decides coverage per item: the evidence is the findings the
// model cites for it that exist (or, without its answer, those tagged with
// it); then the code checks counts and conditions in the evidence's words.
func codeGaps(rec *record, answers []coverageItem) []gap {
	byItem := map[int]coverageItem{}
	for _, v := range answers {
		byItem[v.Item] = v
	}
	var gaps []gap
	for _, it := range rec.checklist {
		evidence := rec.covering(it.Number)
		var names []string
		if v, ok := byItem[it.Number]; ok {
			names = v.Names
			evidence = citedFindings(v.Findings, rec.findings, evidence)
			if !v.Covered {
				why := strings.TrimSpace(v.Missing)
				if why == "" {
					why = render("gap-unchecked", nil)
				}
				gaps = append(gaps, gap{Item: it, Why: why, Partial: len(evidence) > 0})
				continue
			}
		}
		if g, bad := checkEvidence(it, evidence, names); bad {
			gaps = append(gaps, g)
		}
	}
	return gaps
}

// citedFindings keeps cited numbers that name real findings; with none,
// the tagged findings stand.
func citedFindings(cited []int, findings, tagged []Finding) []Finding {
	var out []Finding
	for _, n := range cited {
		if n >= 1 && n <= len(findings) {
			out = append(out, findings[n-1])
		}
	}
	if len(out) == 0 {
		return tagged
	}
	return out
}

// checkEvidence applies the code checks to one item's findings; names are
// the things the coverage check says they name (see namedIn).
func checkEvidence(it Item, evidence []Finding, names []string) (gap, bool) {
	if len(evidence) == 0 {
		return gap{Item: it, Why: render("gap-uncovered", nil)}, true
	}
	var text strings.Builder
	for _, f := range evidence {
		text.WriteString(f.Text + " ")
	}
	if want := countAsked(it.Text); want > 0 {
		if have := max(len(evidence), namedIn(names, text.String(), it.Text)); have < want {
			return gap{Item: it, Why: render("gap-count", map[string]int{"Have": have, "Want": want}), Partial: true, Count: true}, true
		}
	}
	have := strings.Join(words(text.String()), " ")
	for _, c := range conditions(it.Text) {
		if !strings.Contains(" "+have+" ", " "+c+" ") {
			return gap{Item: it, Condition: c, Why: render("gap-condition", c)}, true
		}
	}
	return gap{}, false
}

// namedIn counts the distinct things named in text, in its words: a name
// the model lists but no finding holds does not count, nor one made only
// of the item's own words ("Linux", "photo editors"), nor one inside
// another name counted ("GIMP" beside "GIMP photo editor").
func namedIn(names []string, text, item string) int {
	have := " " + strings.Join(words(text), " ") + " "
	own := map[string]bool{}
	for _, w := range words(item) {
		own[w] = true
		own[strings.TrimSuffix(w, "s")] = true
	}
	var keys []string
	for _, n := range names {
		ws := words(n)
		key := strings.Join(ws, " ")
		if key == "" || !strings.Contains(have, " "+key+" ") || allIn(ws, own) {
			continue
		}
		keys = append(keys, key)
	}
	sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	var counted []string
	for _, k := range keys {
		inside := false
		for _, c := range counted {
			inside = inside || strings.Contains(" "+c+" ", " "+k+" ")
		}
		if !inside {
			counted = append(counted, k)
		}
	}
	return len(counted)
}

func allIn(ws []string, set map[string]bool) bool {
	for _, w := range ws {
		if !set[w] {
			return false
		}
	}
	return true
}

// describeGaps is the gaps in a sentence each, for the model and the
// journal.
func describeGaps(gaps []gap) string { return render("gap-list", gaps) }

var numberWords = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

// leadWords are words an item may open with before its count.
var leadWords = map[string]bool{"a": true, "an": true, "the": true, "of": true, "what": true, "which": true, "are": true,
	"is": true, "list": true, "name": true, "give": true, "find": true, "top": true, "me": true, "at": true, "least": true}

// countAsked finds "three tools" or "5 examples" in an item.
func countAsked(item string) int {
	var ws []string
	for _, w := range words(item) {
		if !leadWords[w] || len(ws) > 0 {
			ws = append(ws, w)
		}
	}
	for i, w := range ws {
		if i == countWithin {
			break
		}
		if n, ok := numberWords[w]; ok {
			return n
		}
		if n, err := strconv.Atoi(w); err == nil && n >= 2 && n <= maxCountAsked && i+1 < len(ws) {
			return n
		}
	}
	return 0
}

// conditionWords are qualities an item can require that a finding must
// show in its own words.
var conditionWords = []string{"free", "open source", "opensource", "official", "offline", "cross platform", "self hosted", "gratis", "libre"}

func conditions(item string) []string {
	have := " " + strings.Join(words(item), " ") + " "
	var out []string
	for _, c := range conditionWords {
		if strings.Contains(have, " "+c+" ") {
			out = append(out, c)
		}
	}
	return out
}
