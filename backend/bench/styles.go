package bench

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// Style is a way of playing the tasks: the oracle, a competent model that
// writes exactly what Scout's prompts ask for, or the habits of one kind of
// real small model. Every rule Scout enforces was written with the oracle
// in view; the other styles are how real 7B models answer the same prompts
// (seed 000's transcript, the ancestor's notes), so a rule that refuses
// what a real model plausibly writes shows up as a style that fails.
type Style string

// The styles of the model zoo.
const (
	// Oracle records sentences with their checklist items, as asked.
	Oracle Style = "oracle"
	// Transcript writes findings as seed 000's Qwen2.5-7B did: no item
	// numbers, its own words around the page's names and numbers, and a
	// FINISH that holds the whole answer.
	Transcript Style = "transcript"
	// Stubborn sends a refused action again, once or twice, before it
	// changes course.
	Stubborn Style = "stubborn"
	// Eager tries to FINISH right after its first finding.
	Eager Style = "eager"
	// Copier copies whole lists and table rows into its findings.
	Copier Style = "copier"
	// Drifter opens an off-topic result of each search first.
	Drifter Style = "drifter"
	// Sloppy wraps its JSON in code fences or prose, writes action names in
	// lower case, thinks in several sentences, and writes parameters
	// loosely: READ_MORE "next" or "part 2", NAVIGATE by a result's title
	// or with trailing punctuation, a SEARCH in quotes.
	Sloppy Style = "sloppy"
	// Parrot records page sentences without item numbers, leaving Scout to
	// tell which items they serve, and FINISHes as soon as Scout's notes
	// say every item has a finding, repeating Scout's status as its
	// account: whatever Scout's ties claim, it takes on trust.
	Parrot Style = "parrot"
)

// Styles are every style, the oracle first.
var Styles = []Style{Oracle, Transcript, Stubborn, Eager, Copier, Drifter, Sloppy, Parrot}

// ParseStyles reads a comma-separated list of style names; "" or "all"
// means every style.
func ParseStyles(s string) ([]Style, error) {
	if s == "" || s == "all" {
		return Styles, nil
	}
	var out []Style
	for _, name := range strings.Split(s, ",") {
		st := Style(strings.TrimSpace(name))
		known := false
		for _, k := range Styles {
			known = known || k == st
		}
		if !known {
			return nil, fmt.Errorf("no style %q (the styles are %s)", st, joinStyles(Styles))
		}
		out = append(out, st)
	}
	return out, nil
}

// StyleNames lists every style's name, for help texts.
func StyleNames() string { return joinStyles(Styles) }

func joinStyles(ss []Style) string {
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
}

// habits is the state a style keeps across calls.
type habits struct {
	insisting move // the stubborn style's refused action it sends again
	repeats   int  // times it is still to send it
	refusals  int  // refusals it has insisted on, to vary once and twice
	finished  bool // the eager style tried its early FINISH
	drifted   map[string]bool
	status    string // the parrot's: Scout's last status, one line per item
}

// stubbornRepeats alternates: the first refused action is sent twice more,
// the next once more, and so on; with maxRepeatedRefusals at 3 either ends
// before Scout calls the model stuck.
var stubbornRepeats = []int{2, 1}

// habit is the style's own move for this call, when it has one.
func (p *Policy) habit(msgs []llmtest.Message, last string) (move, bool) {
	h := &p.habits
	switch p.style {
	case Stubborn:
		if refusal(last) && h.repeats == 0 && h.insisting != p.lastAct {
			h.insisting, h.repeats = p.lastAct, stubbornRepeats[h.refusals%len(stubbornRepeats)]
			h.refusals++
		}
		if refusal(last) && h.repeats > 0 && h.insisting == p.lastAct {
			h.repeats--
			return p.lastAct, true
		}
		h.repeats = 0
	case Eager:
		if len(p.covered) > 0 && !h.finished {
			h.finished = true
			return action(agent.ActFinish, "I found the answer.", "The finding answers the question, so I am done."), true
		}
	case Parrot:
		if status, all := scoutStatus(last, len(p.task.Checklist)); status != "" {
			h.status = status
			if all {
				return action(agent.ActFinish, "All items are covered.", status), true
			}
		}
	}
	return move{}, false
}

// statusLine is one item's line in Scout's checklist status ("2. covered
// by [1]", "3. its height in feet: missing").
var statusLine = regexp.MustCompile(`(?m)^(\d+)\. (.+)$`)

// scoutStatus is the checklist status in a note of Scout's, its lines as
// they stand, and whether they say every item has a finding (or is a view
// written at the end); "" when the note holds no status for every item.
func scoutStatus(note string, items int) (string, bool) {
	byItem := map[string]string{}
	for _, m := range statusLine.FindAllStringSubmatch(note, -1) {
		byItem[m[1]] = m[0]
	}
	if len(byItem) < items {
		return "", false
	}
	lines, all := make([]string, items), true
	for i := range lines {
		line, ok := byItem[fmt.Sprint(i+1)]
		if !ok {
			return "", false
		}
		lines[i] = line
		found := strings.Contains(line, "covered by [") && !strings.Contains(line, "nothing yet")
		all = all && (found || strings.Contains(line, "your view, given when"))
	}
	return strings.Join(lines, "\n"), all
}

// refusal reports whether Scout sent the last action back: a refused
// action, a finding not in the page's words, a FINISH with gaps.
func refusal(last string) bool {
	for _, mark := range []string{"Refused:", "not in the page's words", "Not finished yet.", "Your own reasoning says", "could not be used:"} {
		if strings.Contains(last, mark) {
			return true
		}
	}
	return false
}

// drift is the lowest-ranked off-topic result of this results list not
// opened yet, once per list: a small model is drawn to a title that merely
// sounds related, wherever the search ranked it.
func (p *Policy) drift(results []result) (result, bool) {
	if p.habits.drifted == nil {
		p.habits.drifted = map[string]bool{}
	}
	key := ""
	for _, r := range results {
		key += r.url + " "
	}
	if p.habits.drifted[key] {
		return result{}, false
	}
	for _, r := range slices.Backward(results) {
		if !p.opened[r.url] && !p.servesAny(r.title+" "+r.snippet) {
			p.habits.drifted[key] = true
			return r, true
		}
	}
	return result{}, false
}

// servesAny reports whether text holds every keyword of some group of
// some checklist item.
func (p *Policy) servesAny(text string) bool {
	for _, it := range p.task.Checklist {
		if it.Serves(text) {
			return true
		}
	}
	return false
}

// finding is the DISCOVER parameter the style writes for text serving
// items.
func (p *Policy) finding(text string, items []int, msgs []llmtest.Message) string {
	switch p.style {
	case Transcript:
		return ownWords(text, pageSubject(msgs))
	case Sloppy:
		forms := []string{"(%s) %s", "Items %s: %s", "[%s] %s"}
		return fmt.Sprintf(forms[p.calls%len(forms)], joinInts(items), text)
	case Parrot:
		return text
	}
	return fmt.Sprintf("[%s] %s", joinInts(items), text)
}

// findingThought is the thought beside a DISCOVER: the oracle names no
// item there (its finding does); the transcript style says what the page
// gives, in the checklist's words, as seed 000's model did ("The page
// provides the height of Mount Kilimanjaro in meters and feet").
func (p *Policy) findingThought(items []int) string {
	if p.style != Transcript || len(items) == 0 {
		return "This part states it."
	}
	var what []string
	for _, n := range items {
		what = append(what, p.task.Checklist[n-1].Text)
	}
	return "The page gives " + strings.Join(what, " and ") + ". I will record it."
}

// finishAnswer is the FINISH parameter: a short line, or for the
// transcript style the whole answer, as seed 000's model wrote it.
func (p *Policy) finishAnswer() string {
	if p.style != Transcript {
		return "All items are covered."
	}
	var sentences []string
	for s := range p.recorded {
		sentences = append(sentences, s)
	}
	if len(sentences) == 0 {
		return "This is what the pages say."
	}
	sort.Strings(sentences)
	return "The answer is: " + strings.Join(sentences, " ")
}

// ownWords rewrites a page sentence the way seed 000's model did: the
// subject instead of a pronoun, units in their short form, "about" for
// "approximately"; names and numbers stay as the page gives them.
func ownWords(sentence, subject string) string {
	s := sentence
	if subject != "" {
		switch {
		case strings.HasPrefix(s, "It "):
			s = subject + " " + s[len("It "):]
		case strings.HasPrefix(s, "Its "):
			s = subject + "'s " + s[len("Its "):]
		}
	}
	s = unitWords.ReplaceAllStringFunc(s, func(m string) string {
		sub := unitWords.FindStringSubmatch(m)
		return sub[1] + " " + shortUnits[strings.ToLower(sub[2])]
	})
	return strings.NewReplacer("approximately ", "about ", "roughly ", "about ").Replace(s)
}

var (
	unitWords  = regexp.MustCompile(`(\d) (metres|meters|feet|kilometres|kilometers|kilograms|grams)\b`)
	shortUnits = map[string]string{"metres": "m", "meters": "m", "feet": "ft", "kilometres": "km", "kilometers": "km", "kilograms": "kg", "grams": "g"}
)

// pageSubject is the open page's title up to its site name ("Mount
// Kosciuszko - Worldpedia" gives "Mount Kosciuszko").
func pageSubject(msgs []llmtest.Message) string {
	m := openedTitle.FindStringSubmatch(lastPageMessage(msgs))
	if m == nil {
		return ""
	}
	title := m[1]
	for _, sep := range []string{" - ", " | ", " – ", ": "} {
		if i := strings.Index(title, sep); i > 0 {
			title = title[:i]
		}
	}
	return strings.TrimSpace(title)
}

// openedTitle is a page's title, first in the fence of its title and
// outline.
var openedTitle = regexp.MustCompile(`<page>\nTitle: ([^\n]+)`)

// copierUnits adds to the sentences the whole list each listed sentence is
// in and every table row: the copier records those as they stand.
func copierUnits(text string, sentences []unit) []unit {
	var out []unit
	for _, block := range strings.Split(text, "\n\n") {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		switch {
		case len(lines) > 1 && listLine.MatchString(lines[0]):
			out = append(out, unit{text: strings.TrimSpace(block), key: strings.TrimSpace(block)})
		case strings.HasPrefix(strings.TrimSpace(lines[0]), "|"):
			for _, row := range lines[1:] {
				if r := strings.TrimSpace(row); strings.Trim(r, "|-: ") != "" {
					out = append(out, unit{text: r, key: r})
				}
			}
		}
	}
	return append(out, sentences...)
}

var listLine = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s`)

// dress writes the move as the style does.
func (p *Policy) dress(m move) string {
	if m.name == proseOnly {
		return m.param
	}
	if p.style != Sloppy {
		return m.json()
	}
	m = p.loosen(m)
	m.thought += " I have checked the page carefully. This is the best next step. It should help with the objective."
	switch p.calls % 3 {
	case 0:
		return "```json\n" + m.json() + "\n```"
	case 1:
		return "Here is my next action: " + m.json()
	}
	m.name = strings.ToLower(m.name)
	return m.json()
}

// loosen writes the parameter as a sloppy model does, varying the form.
func (p *Policy) loosen(m move) move {
	switch m.name {
	case agent.ActReadMore:
		forms := []string{"next", "part %s", "%s"}
		f := forms[p.calls%len(forms)]
		if m.param == "" {
			m.param = "next"
		} else if strings.Contains(f, "%s") {
			m.param = fmt.Sprintf(f, m.param)
		}
	case agent.ActNavigate:
		if p.calls%2 == 0 && m.title != "" {
			m.param = m.title
		} else {
			m.param += "."
		}
	case agent.ActSearch:
		m.param = `"` + m.param + `"`
	}
	return m
}
