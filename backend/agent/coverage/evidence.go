package coverage

import (
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/scout-research/scout/backend/agent/checklist"
	"github.com/scout-research/scout/backend/agent/ground"
	"github.com/scout-research/scout/backend/agent/tie"
	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/plain"
)

// checkEvidence applies the code checks to one item's findings; names are
// the things the coverage check says they name, else those the item
// names itself. A yes-or-no item is
// answered by a finding that says either; an item about several things
// needs a finding for each. A condition is checked per thing: where the
// findings name several, each must be shown to meet it in a sentence
// about that thing ("LibreOffice is free and open-source" does not make
// FreeOffice so); those that are not are left out, and do not count
// towards the number asked.
func checkEvidence(a tie.Asked, t tie.Rule, evidence []checklist.Finding, names []string) (Gap, bool) {
	it := a.Item
	switch {
	case a.Kind == tie.KindCondition:
		return checkWhether(a, t, evidence)
	case len(evidence) == 0:
		return Gap{Item: it, Reason: Reason{Key: ReasonUncovered}}, true
	case len(a.Things) > 1:
		if g, bad := checkLacking(a, t, evidence); bad {
			return g, true
		}
	}
	var text strings.Builder
	for _, f := range evidence {
		text.WriteString(f.Text + " ")
	}
	conds := tie.Conditions(it.Text)
	named := namedThings(names, text.String(), it.Text)
	if len(names) == 0 {
		named = mentioned(a.Things, text.String()) // an item that names its things needs no one to name them
	}
	want := tie.CountAsked(it.Text)
	var things []thing
	for _, n := range named {
		things = append(things, thing{name: n, about: sentencesAbout(n, named, evidence)})
	}
	if len(things) == 0 && want > 0 {
		for _, f := range evidence { // no names: each finding is one thing
			things = append(things, thing{name: plain.Clip(f.Text, maxThingChars), about: f.Text})
		}
	}
	if len(conds) > 0 && len(things) > 1 {
		return checkThings(it, things, conds, want)
	}
	if want > 0 {
		if have := max(len(evidence), len(named)); have < want {
			return Gap{Item: it, Reason: Reason{Key: ReasonCount, Have: have, Want: want}, Partial: true, Count: true}, true
		}
	}
	if c := tie.MissingCondition(text.String(), conds); c != "" {
		return Gap{Item: it, Condition: c, Reason: Reason{Key: ReasonCondition, Condition: c}}, true
	}
	return Gap{}, false
}

// checkWhether checks a yes-or-no item: each of its things needs a
// finding that says whether the condition holds for it, either way ("it
// is not open source" answers "whether Microsoft Office is open source").
func checkWhether(a tie.Asked, t tie.Rule, evidence []checklist.Finding) (Gap, bool) {
	open := Lacking(a, t, evidence)
	if len(open) == 0 {
		return Gap{}, false
	}
	return Gap{Item: a.Item, Lacking: open, Check: a.Conds[0], Partial: len(open) < len(a.Things),
		Reason: Reason{Key: ReasonWhether, Things: open, Condition: a.Conds[0]}}, true
}

// checkLacking checks an item about several things: each needs a finding
// that answers the item for it.
func checkLacking(a tie.Asked, t tie.Rule, evidence []checklist.Finding) (Gap, bool) {
	open := Lacking(a, t, evidence)
	if len(open) == 0 {
		return Gap{}, false
	}
	return Gap{Item: a.Item, Lacking: open, Partial: len(open) < len(a.Things), Reason: Reason{Key: ReasonLacking, Things: open}}, true
}

// Lacking are the things of a that no finding of evidence answers it for.
func Lacking(a tie.Asked, t tie.Rule, evidence []checklist.Finding) []string {
	var out []string
	for _, th := range a.Things {
		if !slices.ContainsFunc(evidence, func(f checklist.Finding) bool {
			tied, _ := t.Answers(f, a, []string{th})
			return tied != tie.None
		}) {
			out = append(out, th)
		}
	}
	return out
}

// thing is one of several things an item's findings name, with the
// sentences of the findings about it.
type thing struct{ name, about string }

// sentencesAbout joins the clauses of the findings about name, one of
// the things named (all): those that name it, and those that name none
// after one about it ("FreeOffice is free, but it is not open source").
func sentencesAbout(name string, all []string, evidence []checklist.Finding) string {
	has := func(c, n string) bool {
		return strings.Contains(" "+strings.Join(words.Of(c), " ")+" ", " "+strings.Join(words.Of(n), " ")+" ")
	}
	var about strings.Builder
	for _, f := range evidence {
		for _, sentence := range ground.Sentences(f.Text) {
			// A clause, not the whole sentence: "LibreOffice is open
			// source, while FreeOffice is not" says nothing of the kind
			// about FreeOffice.
			current := false
			for _, c := range clause.Split(sentence, -1) {
				if slices.ContainsFunc(all, func(n string) bool { return has(c, n) }) || has(c, name) {
					current = has(c, name)
				}
				if current {
					about.WriteString(c + " ")
				}
			}
		}
	}
	return about.String()
}

// clause cuts a sentence where it turns to another subject.
var clause = regexp.MustCompile(`(?i)\s*(?:;|,?\s+\b(?:but|while|whereas|although|though|unlike)\b)\s*`)

// checkThings checks each condition per thing named, then the count of
// the things that meet every condition. A thing a finding shows not to
// meet a condition is left out, and is no gap: the page said so.
func checkThings(it checklist.Item, things []thing, conds []string, want int) (Gap, bool) {
	var met, out, denied []string
	cond := ""
	for _, t := range things {
		c := tie.MissingCondition(t.about, conds)
		if c == "" {
			met = append(met, t.name)
			continue
		}
		out = append(out, t.name)
		for _, d := range conds {
			// A condition shown is not denied by a word elsewhere ("free to
			// download ... a paid sync service").
			if !tie.ShowsCondition(words.Of(t.about), d) && tie.Denies(t.about, d) {
				denied, c = append(denied, t.name), d
				break
			}
		}
		if cond == "" {
			cond = c
		}
	}
	g := Gap{Item: it, Condition: cond, Things: out, Denied: denied, Met: met, Reason: Reason{Key: ReasonCondition, Condition: cond}}
	switch {
	case want > 0 && len(met) < want:
		g.Reason, g.Partial, g.Count = Reason{Key: ReasonCount, Have: len(met), Want: want}, len(met) > 0, true
		return g, true
	case len(out) > 0:
		g.Settled = len(met) > 0
		return g, true
	}
	return Gap{}, false
}

// namedThings are the distinct things named in text, in its words: a name
// the model lists but no finding holds does not count, nor one made only
// of the item's own words ("Linux", "photo editors"), nor one inside
// another name counted ("GIMP" beside "GIMP photo editor").
func namedThings(names []string, text, item string) []string {
	have := " " + strings.Join(words.Of(text), " ") + " "
	own := map[string]bool{}
	for _, w := range words.Of(item) {
		own[w] = true
		own[strings.TrimSuffix(w, "s")] = true
	}
	type name struct{ key, text string }
	var keys []name
	for _, n := range names {
		ws := words.Of(n)
		key := strings.Join(ws, " ")
		if key == "" || !strings.Contains(have, " "+key+" ") || allIn(ws, own) {
			continue
		}
		keys = append(keys, name{key, strings.TrimSpace(n)})
	}
	sort.SliceStable(keys, func(i, j int) bool { return len(keys[i].key) > len(keys[j].key) })
	var counted []name
	for _, k := range keys {
		inside := false
		for _, c := range counted {
			inside = inside || strings.Contains(" "+c.key+" ", " "+k.key+" ")
		}
		if !inside {
			counted = append(counted, k)
		}
	}
	// Back in the order the model named them.
	var out []string
	for _, n := range names {
		for _, c := range counted {
			if c.text == strings.TrimSpace(n) && !slices.Contains(out, c.text) {
				out = append(out, c.text)
			}
		}
	}
	return out
}

// mentioned are the things of names that text names.
func mentioned(names []string, text string) []string {
	var out []string
	for _, n := range names {
		if tie.Names(text, n) {
			out = append(out, n)
		}
	}
	return out
}

func allIn(ws []string, set map[string]bool) bool {
	for _, w := range ws {
		if !set[w] {
			return false
		}
	}
	return true
}
