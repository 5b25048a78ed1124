package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// gap is a checklist item the findings do not (fully) answer.
type gap struct {
	item Item
	// condition is set when findings exist but none shows a condition the
	// item sets ("free", "open-source"): such items are "left out".
	condition string
	why       string
	// partial: findings touch the item without answering it in full.
	partial bool
	// count: fewer things than the item asks for.
	count bool
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

// checkFinish accepts a FINISH only when the coverage check finds no gap,
// or when the gaps were already sent back as often as allowed (they are
// then reported as not found). Every send-back counts: a model that
// answers a send-back with FINISH again is insisting, and more send-backs
// would only loop until the turn limit.
func (a *Agent) checkFinish(ctx context.Context, act Action) note {
	if len(a.st.findings) == 0 {
		return refuse(RefusalNoFindings, "you have recorded no findings yet. Research first: SEARCH, open pages and DISCOVER what they say.")
	}
	if saysNotCovered(act.Thought) && a.st.notCoveredSent < maxNotCoveredSendBacks {
		a.st.notCoveredSent++
		a.emit(Event{Type: EvCheck, Kind: "not_covered"})
		return note{kind: RefusalNotCovered, text: render("not-covered", a.coverageStatus())}
	}
	// Free: no model call when code already sees a gap. A count gap alone
	// waits for the coverage check, which names the things a finding
	// lists; without that check, the code's whole verdict stands.
	gaps := a.codeGaps(nil)
	if len(withoutCounts(gaps)) == 0 {
		if checked, err := a.coverage(ctx); err == nil {
			gaps = checked
		}
	}
	a.emit(Event{Type: EvCheck, Kind: "coverage", Reason: describeGaps(gaps), Count: len(gaps)})
	if len(gaps) > 0 && a.st.gapSendBacks < maxGapSendBacks {
		a.st.gapSendBacks++
		return note{kind: RefusalGaps, text: render("gaps", describeGaps(gaps)+" Find it on the pages before you FINISH.")}
	}
	a.st.finishGaps = gaps
	return note{}
}

var notCovered = regexp.MustCompile(`(?i)\bnot (yet )?(covered|found|answered)\b`)

func saysNotCovered(thought string) bool { return notCovered.MatchString(thought) }

// coverage asks the model which findings cover each item, then checks the
// verdict in code. The question is appended to the conversation (and not
// kept), so the server reuses its cached prompt instead of reading a fresh
// one, and the next action call finds the conversation still cached.
func (a *Agent) coverage(ctx context.Context) ([]gap, error) {
	data := map[string]any{"Checklist": a.st.checklist, "Findings": a.st.findings}
	request := render("coverage-request", data)
	if !a.conv.fitsWith(request, a.cfg.ContextLength, maxTokens[KindCoverage]) {
		// Rather a fresh compact prompt than a check the server cuts short.
		a.rebuild("the coverage check needs room in the context")
	}
	reply, err := a.send(ctx, KindCoverage, request, coverageSchema)
	if err != nil {
		return nil, err
	}
	var got struct {
		Items []verdict `json:"items"`
	}
	obj, err := extractJSON(reply.Content)
	if err == nil {
		err = json.Unmarshal([]byte(obj), &got)
	}
	if err != nil {
		return nil, err
	}
	return a.codeGaps(got.Items), nil
}

type verdict struct {
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
		if !g.count {
			out = append(out, g)
		}
	}
	return out
}

// codeGaps decides coverage per item: the evidence is the findings the
// model cites for it that exist (or, without a verdict, those tagged with
// it); then the code checks counts and conditions in the evidence's words.
func (a *Agent) codeGaps(verdicts []verdict) []gap {
	byItem := map[int]verdict{}
	for _, v := range verdicts {
		byItem[v.Item] = v
	}
	var gaps []gap
	for _, it := range a.st.checklist {
		evidence := a.st.covering(it.Number)
		var names []string
		if v, ok := byItem[it.Number]; ok {
			names = v.Names
			evidence = a.validFindings(v.Findings, evidence)
			if !v.Covered {
				why := strings.TrimSpace(v.Missing)
				if why == "" {
					why = "the coverage check found it not covered"
				}
				gaps = append(gaps, gap{item: it, why: why, partial: len(evidence) > 0})
				continue
			}
		}
		if g, bad := checkEvidence(it, evidence, names); bad {
			gaps = append(gaps, g)
		}
	}
	return gaps
}

// validFindings keeps cited numbers that name real findings; with none, the
// tagged findings stand.
func (a *Agent) validFindings(cited []int, tagged []Finding) []Finding {
	var out []Finding
	for _, n := range cited {
		if n >= 1 && n <= len(a.st.findings) {
			out = append(out, a.st.findings[n-1])
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
		return gap{item: it, why: "no finding covers it"}, true
	}
	var text strings.Builder
	for _, f := range evidence {
		text.WriteString(f.Text + " ")
	}
	if want := countAsked(it.Text); want > 0 {
		if have := max(len(evidence), namedIn(names, text.String(), it.Text)); have < want {
			return gap{item: it, why: fmt.Sprintf("only %d of %d found", have, want), partial: true, count: true}, true
		}
	}
	have := strings.Join(words(text.String()), " ")
	for _, c := range conditions(it.Text) {
		if !strings.Contains(" "+have+" ", " "+c+" ") {
			return gap{item: it, condition: c, why: fmt.Sprintf("no finding shows it is %s", c)}, true
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

func describeGaps(gaps []gap) string {
	if len(gaps) == 0 {
		return "Every checklist item is covered."
	}
	parts := make([]string, len(gaps))
	for i, g := range gaps {
		why := g.why
		if why == "" {
			why = "not covered"
		}
		parts[i] = fmt.Sprintf("Item %d (%s): %s.", g.item.Number, g.item.Text, why)
	}
	return strings.Join(parts, " ")
}

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
		if n, err := strconv.Atoi(w); err == nil && n >= 2 && n <= 10 && i+1 < len(ws) {
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
