package agent

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/scout-research/scout/backend/rank"
)

// Coverage decided in code: what each checklist item lacks, from the
// findings and, when it was asked, the model's own answer to the coverage
// check, which is checked rather than trusted (the ancestor measured half
// of a 7B model's "missing" verdicts to be wrong).

// gap is a checklist item the findings do not (fully) answer. Its fields
// are the templates' to show.
type gap struct {
	Item Item
	// Condition is set when a condition the item sets ("free",
	// "open-source") is not shown: for the whole item, or for Things.
	Condition string
	// Things are what the findings name that no finding shows to meet
	// Condition, in a list where others do: left out, and named. Denied
	// are those of them a finding shows not to meet it (no gap to look
	// into: the page said so); Met are the things that do meet it.
	Things []string
	Denied []string
	Met    []string
	// Lacking are the things of an item about several (a comparison, a
	// list) that no finding answers it for.
	Lacking []string
	// Check is the condition a yes-or-no item asks about ("whether
	// LibreOffice is open source") that no finding answers either way.
	Check string
	Why   string
	// Partial: findings touch the item without answering it in full.
	Partial bool
	// Count: fewer things than the item asks for.
	Count bool
	// Settled: the item is answered; only Things are left out. Such a gap
	// does not hold up a FINISH, but the report and the writer heed it.
	Settled bool
	// Next is the step that may close the gap, for the send-back note.
	Next string
}

// codeGaps decides coverage per item: the evidence is the findings the
// model cites for it that may answer it (or, without its answer, those
// recorded for it); then the code checks the evidence's words: the
// things it answers the item for, counts and conditions. A cited finding
// the tie rule can say cannot answer the item is no evidence (code
// overrules the model only where it can say why). An opinion item needs
// no finding: the writer gives the view.
func codeGaps(rec *record, answers []coverageItem) []gap {
	t := rec.ties()
	byItem := map[int]coverageItem{}
	for _, v := range answers {
		byItem[v.Item] = v
	}
	var gaps []gap
	for _, it := range rec.checklist {
		if isOpinion(it.Text) {
			continue
		}
		evidence := slices.DeleteFunc(rec.covering(it.Number), func(f Finding) bool {
			tie, _ := t.of(f, it.Number)
			return tie == tieNone // recorded before the rule, as a resumed run's may be
		})
		var names []string
		refuted := ""
		if v, ok := byItem[it.Number]; ok {
			names = v.Names
			kept, why := admitted(t, rec, it.Number, v.Findings)
			switch {
			case len(kept) > 0:
				evidence = kept
			case len(evidence) == 0:
				refuted = why
			}
			if !v.Covered && !claimAnswered(v.Missing, evidence) {
				why := strings.TrimSpace(v.Missing)
				if why == "" {
					why = render("gap-unchecked", nil)
				}
				gaps = append(gaps, gap{Item: it, Why: why, Partial: len(evidence) > 0})
				continue
			}
		}
		if g, bad := checkEvidence(t.asks[it.Number-1], t, evidence, names); bad {
			if refuted != "" {
				g.Why = refuted
			}
			gaps = append(gaps, g)
		}
	}
	return gaps
}

// admitted are the cited findings that exist and that the tie rule does
// not rule out for item n, and why the first it rules out cannot answer.
func admitted(t ties, rec *record, n int, cited []int) ([]Finding, string) {
	var out []Finding
	why := ""
	for _, k := range cited {
		if k < 1 || k > len(rec.findings) {
			continue
		}
		f := rec.findings[k-1]
		if tie, reason := t.of(f, n); tie == tieNone {
			if why == "" && reason != "" {
				why = render("gap-refuted", map[string]any{"Finding": k, "Reason": reason})
			}
			continue
		}
		out = append(out, f)
	}
	return out, why
}

// claimAnswered reports whether a "missing" claim names only what one of
// the item's findings already says: every word of it that carries meaning
// is in that finding ("H2O and O2" missing, with both in it). Such a
// claim is the model misreading its findings, and is dropped.
func claimAnswered(missing string, evidence []Finding) bool {
	var want []string
	for _, w := range groundWords(missing) {
		if !rank.IsStopWord(w) && !claimFiller[w] {
			want = append(want, w)
		}
	}
	if len(want) == 0 {
		return false
	}
	for _, f := range evidence {
		have := map[string]bool{}
		for _, w := range groundWords(f.Text) {
			have[w] = true
		}
		if allIn(want, have) {
			return true
		}
	}
	return false
}

// claimFiller are the words a "missing" claim wraps its subject in.
var claimFiller = map[string]bool{"missing": true, "need": true, "needs": true, "needed": true, "still": true, "not": true,
	"found": true, "covered": true, "finding": true, "findings": true, "information": true, "info": true, "about": true, "details": true}

// checkEvidence applies the code checks to one item's findings; names are
// the things the coverage check says they name, else those the item
// names itself. A yes-or-no item is
// answered by a finding that says either; an item about several things
// needs a finding for each. A condition is checked per thing: where the
// findings name several, each must be shown to meet it in a sentence
// about that thing ("LibreOffice is free and open-source" does not make
// FreeOffice so); those that are not are left out, and do not count
// towards the number asked.
func checkEvidence(a asked, t ties, evidence []Finding, names []string) (gap, bool) {
	it := a.Item
	switch {
	case a.kind == kindCondition:
		return checkWhether(a, t, evidence)
	case len(evidence) == 0:
		return gap{Item: it, Why: render("gap-uncovered", nil)}, true
	case len(a.things) > 1:
		if g, bad := checkLacking(a, t, evidence); bad {
			return g, true
		}
	}
	var text strings.Builder
	for _, f := range evidence {
		text.WriteString(f.Text + " ")
	}
	conds := conditions(it.Text)
	named := namedThings(names, text.String(), it.Text)
	if len(names) == 0 {
		named = mentioned(a.things, text.String()) // an item that names its things needs no one to name them
	}
	want := countAsked(it.Text)
	var things []thing
	for _, n := range named {
		things = append(things, thing{name: n, about: sentencesAbout(n, named, evidence)})
	}
	if len(things) == 0 && want > 0 {
		for _, f := range evidence { // no names: each finding is one thing
			things = append(things, thing{name: clip(f.Text, maxThingChars), about: f.Text})
		}
	}
	if len(conds) > 0 && len(things) > 1 {
		return checkThings(it, things, conds, want)
	}
	if want > 0 {
		if have := max(len(evidence), len(named)); have < want {
			return gap{Item: it, Why: render("gap-count", map[string]int{"Have": have, "Want": want}), Partial: true, Count: true}, true
		}
	}
	if c := missingCondition(text.String(), conds); c != "" {
		return gap{Item: it, Condition: c, Why: render("gap-condition", c)}, true
	}
	return gap{}, false
}

// checkWhether checks a yes-or-no item: each of its things needs a
// finding that says whether the condition holds for it, either way ("it
// is not open source" answers "whether Microsoft Office is open source").
func checkWhether(a asked, t ties, evidence []Finding) (gap, bool) {
	open := lacking(a, t, evidence)
	if len(open) == 0 {
		return gap{}, false
	}
	return gap{Item: a.Item, Lacking: open, Check: a.conds[0], Partial: len(open) < len(a.things),
		Why: render("gap-whether", map[string]any{"Things": open, "Condition": a.conds[0]})}, true
}

// checkLacking checks an item about several things: each needs a finding
// that answers the item for it.
func checkLacking(a asked, t ties, evidence []Finding) (gap, bool) {
	open := lacking(a, t, evidence)
	if len(open) == 0 {
		return gap{}, false
	}
	return gap{Item: a.Item, Lacking: open, Partial: len(open) < len(a.things), Why: render("gap-lacking", open)}, true
}

// lacking are the things of a that no finding of evidence answers it for.
func lacking(a asked, t ties, evidence []Finding) []string {
	var out []string
	for _, th := range a.things {
		if !slices.ContainsFunc(evidence, func(f Finding) bool {
			tie, _ := t.answers(f, a, []string{th})
			return tie != tieNone
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
func sentencesAbout(name string, all []string, evidence []Finding) string {
	has := func(c, n string) bool {
		return strings.Contains(" "+strings.Join(words(c), " ")+" ", " "+strings.Join(words(n), " ")+" ")
	}
	var about strings.Builder
	for _, f := range evidence {
		for _, u := range unitsOf(f.Text) {
			// A clause, not the whole sentence: "LibreOffice is open
			// source, while FreeOffice is not" says nothing of the kind
			// about FreeOffice.
			current := false
			for _, c := range clause.Split(f.Text[u.start:u.end], -1) {
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
func checkThings(it Item, things []thing, conds []string, want int) (gap, bool) {
	var met, out, denied []string
	cond := ""
	for _, t := range things {
		c := missingCondition(t.about, conds)
		if c == "" {
			met = append(met, t.name)
			continue
		}
		out = append(out, t.name)
		for _, d := range conds {
			// A condition shown is not denied by a word elsewhere ("free to
			// download ... a paid sync service").
			if !showsCondition(words(t.about), d) && denies(t.about, d) {
				denied, c = append(denied, t.name), d
				break
			}
		}
		if cond == "" {
			cond = c
		}
	}
	g := gap{Item: it, Condition: cond, Things: out, Denied: denied, Met: met, Why: render("gap-condition", cond)}
	switch {
	case want > 0 && len(met) < want:
		g.Why, g.Partial, g.Count = render("gap-count", map[string]int{"Have": len(met), "Want": want}), len(met) > 0, true
		return g, true
	case len(out) > 0:
		g.Settled = len(met) > 0
		return g, true
	}
	return gap{}, false
}

// denies reports whether text says cond does not hold: negated ("not open
// source", "non-free", "nicht kostenlos") or by its opposite ("proprietary").
func denies(text, cond string) bool {
	ws := words(text)
	for _, cw := range conditionForms(cond) {
		for i := 0; i+len(cw) <= len(ws); i++ {
			if wordsAre(ws[i:i+len(cw)], cw) && negatedAround(ws, i, i+len(cw)) {
				return true
			}
		}
	}
	have := " " + strings.Join(ws, " ") + " "
	for _, a := range antonymsOf(cond) {
		if strings.Contains(have, " "+strings.Join(words(a), " ")+" ") {
			return true
		}
	}
	return false
}

// missingCondition is the first condition text does not show in its
// words, or "".
func missingCondition(text string, conds []string) string {
	ws := words(text)
	for _, c := range conds {
		if !showsCondition(ws, c) {
			return c
		}
	}
	return ""
}

// showsCondition reports whether the words ws state condition c in one of
// its spellings, and not its negation.
func showsCondition(ws []string, c string) bool {
	return slices.ContainsFunc(conditionForms(c), func(cw []string) bool { return shows(ws, cw) })
}

// shows reports whether the words ws state cond, and not its negation
// ("not open source", "non-free", "isn't free", "无料ではありません").
func shows(ws, cond []string) bool {
	for i := 0; i+len(cond) <= len(ws); i++ {
		if wordsAre(ws[i:i+len(cond)], cond) && !negatedAround(ws, i, i+len(cond)) {
			return true
		}
	}
	return false
}

// negatedAround reports whether a negation stands a word or two before
// ws[from:to], or (Japanese) after it.
func negatedAround(ws []string, from, to int) bool {
	return anyIn(ws[max(0, from-negationReach):from], negationsBefore) || anyIn(ws[to:min(len(ws), to+negationReach)], negationsAfter)
}

func anyIn(ws []string, set map[string]bool) bool {
	return slices.ContainsFunc(ws, func(w string) bool { return set[w] })
}

// namedThings are the distinct things named in text, in its words: a name
// the model lists but no finding holds does not count, nor one made only
// of the item's own words ("Linux", "photo editors"), nor one inside
// another name counted ("GIMP" beside "GIMP photo editor").
func namedThings(names []string, text, item string) []string {
	have := " " + strings.Join(words(text), " ") + " "
	own := map[string]bool{}
	for _, w := range words(item) {
		own[w] = true
		own[strings.TrimSuffix(w, "s")] = true
	}
	type name struct{ key, text string }
	var keys []name
	for _, n := range names {
		ws := words(n)
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
	ts := tokensOf(text)
	var out []string
	for _, n := range names {
		if len(mentions(ts, n)) > 0 {
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

// describeGaps is the gaps in a sentence each, for the model and the
// journal.
func describeGaps(gaps []gap) string { return render("gap-list", gaps) }

var numberWords = english.Counts

// leadWords are words an item may open with before its count.
var leadWords = english.Lead

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
	return foreignCount(item)
}

func conditions(item string) []string {
	have := " " + strings.Join(words(item), " ") + " "
	var out []string
	for _, c := range conditionWords {
		if strings.Contains(have, " "+c+" ") {
			out = append(out, c)
		}
	}
	for _, c := range foreignConditions(item, have) {
		if !slices.Contains(out, c) {
			out = append(out, c) // "Open-Source-Editoren" is open source in English's words too
		}
	}
	return out
}

// nextStep names what may close a gap, for the send-back: for a thing
// no finding shows to meet a condition, or a yes-or-no item nothing
// answers, a search to check it (never for a thing shown not to meet
// it: the page said so); else reading the unread part of the open page
// that matches what is missing, else a search for it.
func nextStep(g gap, rec *record, p *openPage, searched map[string]bool) string {
	if unshown := without(g.Things, g.Denied); len(unshown) > 0 {
		return render("next-check", map[string]any{"Query": unshown[0] + " " + g.Condition, "Thing": unshown[0], "Condition": g.Condition, "Replace": true})
	}
	if g.Check != "" && len(g.Lacking) > 0 {
		return render("next-check", map[string]any{"Query": g.Lacking[0] + " " + g.Check, "Thing": g.Lacking[0], "Condition": g.Check})
	}
	if p != nil {
		what := g.Item.Text
		if len(g.Lacking) > 0 {
			what = g.Lacking[0] + " " + what
		}
		if part := bestPart(p.index(), telling(p.index(), what), p.read); part > 0 {
			return render("next-read", part)
		}
	}
	q := gapQuery(g, rec)
	if q == "" || searched[normalizeQuery(q)] {
		return ""
	}
	return render("next-search", q)
}

// without is names less those in out.
func without(names, out []string) []string {
	var keep []string
	for _, n := range names {
		if !slices.Contains(out, n) {
			keep = append(keep, n)
		}
	}
	return keep
}

// gapQuery is a short search for what a gap lacks: the thing, then what
// the item asks of it in its own words, without the words that only make
// it a question or a list ("Mount Kenya height metres" for "the height of
// Mount Kenya in metres", "Microsoft Office open source" for "whether
// Microsoft Office is open source"). An item that names no thing of its
// own ("its height in feet") is searched with the run's subject; one that
// asks for a number of things, without.
func gapQuery(g gap, rec *record) string {
	a := askOf(g.Item, rec.objective)
	thing := ""
	switch {
	case len(g.Lacking) > 0:
		thing = g.Lacking[0]
	case len(a.things) == 1:
		thing = a.things[0]
	case len(a.things) == 0 && countAsked(g.Item.Text) == 0 && !oneOfAKind(g.Item.Text):
		if s := subject(rec); !sharesStem(g.Item.Text, s) {
			thing = s
		}
	}
	skip := map[string]bool{}
	for _, th := range append(thingsIn(g.Item.Text), a.things...) {
		for _, w := range words(th) {
			skip[w] = true
		}
	}
	var ws []string
	prev := ""
	for i, w := range strings.Fields(g.Item.Text) {
		w = strings.Trim(w, ".,;:!?()\"'")
		low := strings.ToLower(w)
		asks := prev == "how" && (low == "well" || low == "much" || low == "many") // "how well each picks up..."
		prev = low
		if len([]rune(w)) < 3 || rank.IsStopWord(low) || queryFiller[low] || skip[low] || numberWords[low] > 0 || (i < 2 && ordinals[low]) || asks {
			continue
		}
		ws = append(ws, w)
	}
	return strings.TrimSpace(thing + " " + strings.Join(ws, " "))
}

// oneOfAKind reports whether an item asks for one thing of a kind ("a
// second free photo editor"), which the run's subject is not.
func oneOfAKind(item string) bool {
	ws := words(item)
	return len(ws) > 0 && (ws[0] == "a" || ws[0] == "an" || ordinals[ws[0]])
}

// queryFiller are words that make an item a question or a list, and
// find nothing.
var queryFiller = map[string]bool{"whether": true, "what": true, "which": true, "who": true, "whom": true, "how": true, "when": true,
	"where": true, "why": true, "each": true, "both": true, "every": true, "its": true, "their": true, "them": true, "they": true}

// sharesStem reports whether a and b have a word in common, by stem.
func sharesStem(a, b string) bool {
	have := map[string]bool{}
	for _, t := range rank.Stems(a) {
		have[t] = true
	}
	for _, t := range rank.Stems(b) {
		if have[t] {
			return true
		}
	}
	return false
}

// subject is what the research is about, for a search that says "it":
// the name the first finding's page is titled with ("Mount Kilimanjaro -
// Worldpedia" gives "Mount Kilimanjaro"); when that title is a headline
// rather than a name ("Walking to the top of Australia"), the objective's
// names. A headline is never a subject: the item's own words search
// better than a headline around them.
func subject(rec *record) string {
	if len(rec.findings) > 0 {
		if title := titleSubject(rec.findings[0].Title); isName(title) {
			return title
		}
	}
	return namesIn(rec.objective)
}

// isName reports whether a title reads as a name: a few words, each
// capitalised unless it is a stop word ("Mount Kilimanjaro", "Bay of
// Fundy"), not a headline ("Walking to the top of Australia").
func isName(title string) bool {
	ws := strings.Fields(title)
	if len(ws) == 0 || len(ws) > maxNameWords {
		return false
	}
	for _, w := range ws {
		r := []rune(w)
		if unicode.IsLower(r[0]) && !rank.IsStopWord(w) {
			return false
		}
	}
	return true
}

// titleSubject is a page title up to its site's name.
func titleSubject(title string) string {
	for _, sep := range []string{" - ", " | ", " – ", " — ", ": "} {
		if i := strings.Index(title, sep); i > 0 {
			title = title[:i]
		}
	}
	if len([]rune(title)) > maxSubjectChars {
		return ""
	}
	return strings.TrimSpace(title)
}

// namesIn is the objective's subject: the one thing it asks about
// ("Mount Kosciuszko"); none when it asks about several (a comparison);
// else its longest run of capitalised words after its first word, a run
// ending at a comma, leaving out those capitalised for another reason
// ("I", "Give").
func namesIn(text string) string {
	switch things := thingsIn(text); {
	case len(things) == 1:
		return things[0]
	case len(things) > 1:
		return ""
	}
	var run, best []string
	for i, f := range strings.Fields(text) {
		w := strings.Trim(f, ".,;:!?()\"'")
		if i > 0 && len([]rune(w)) > 1 && unicode.IsUpper([]rune(w)[0]) && !rank.IsStopWord(strings.ToLower(w)) && !notNames[strings.ToLower(w)] {
			run = append(run, w)
			if len(run) > len(best) {
				best = append([]string(nil), run...)
			}
			if strings.ContainsAny(f[len(f)-1:], ".,;:!?") {
				run = nil // "Kestrel K2, Marlin M5": two names
			}
			continue
		}
		run = nil
	}
	return strings.Join(best, " ")
}
