package bench

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// Policy is the offline benchmark's model: a deterministic player that
// reads Scout's real prompts the way a competent small model would (search
// the objective, open the best result, record sentences that serve the
// checklist, read on, move on, finish). Played as the oracle it makes the
// typical small-model mistakes at fixed points, so the rules that catch
// them are exercised and their cost is measured; played in another Style
// it has the habits of one kind of real small model (see styles.go).
type Policy struct {
	task  Task
	style Style

	mu        sync.Mutex
	calls     int             // action calls so far
	queries   int             // queries tried from task.Queries
	opened    map[string]bool // result URLs opened
	recorded  map[string]bool // sentences recorded (or refused)
	pending   string          // the sentence of the last DISCOVER
	covered   map[int]bool    // checklist items with a finding
	coveredBy map[int][]int   // the findings recorded for each item
	served    map[int][]int   // for an item about each of its things (Item.Each): the keyword groups recorded
	mistakes  map[string]bool // injected mistakes already made
	lastAct   move            // the last action, to repeat on a confirm note
	tried     map[string]bool // queries searched
	partsHere int             // parts read of the current page
	habits    habits          // the style's own state
	// followUp: the run follows up an earlier one, whose pages Scout marks
	// as opened already; the policy leaves them be, as their findings are
	// in its start.
	followUp bool
}

// NewPolicy returns the oracle policy for task, with its scripted mistakes.
func NewPolicy(task Task) *Policy { return newPolicy(task, Oracle, false) }

// newPolicy returns a policy playing style. The oracle and the stubborn
// style make the scripted mistakes (the stubborn one insists on them),
// unless flawless is set; the other styles' habits are their mistakes.
func newPolicy(task Task, style Style, flawless bool) *Policy {
	p := &Policy{task: task, style: style, opened: map[string]bool{}, recorded: map[string]bool{}, covered: map[int]bool{}, coveredBy: map[int][]int{},
		served: map[int][]int{}, mistakes: map[string]bool{}, tried: map[string]bool{}}
	if flawless || (style != Oracle && style != Stubborn) {
		for _, m := range allMistakes {
			p.mistakes[m] = true // counted as made already
		}
	}
	return p
}

// Script adapts the policy to the fake model server.
func (p *Policy) Script() llmtest.Script {
	return func(kind string, msgs []llmtest.Message) llmtest.Reply {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch kind {
		case agent.KindChecklist:
			return reply(map[string]any{"items": p.itemTexts()})
		case agent.KindCoverage:
			return reply(p.coverage(msgs[len(msgs)-1].Content))
		case agent.KindWriter:
			return reply(map[string]any{"result": p.write(msgs[len(msgs)-1].Content)})
		}
		return llmtest.Reply{Content: p.dress(p.act(msgs))}
	}
}

func reply(v any) llmtest.Reply {
	data, _ := json.Marshal(v)
	return llmtest.Reply{Content: string(data)}
}

func (p *Policy) itemTexts() []string {
	out := make([]string, len(p.task.Checklist))
	for i, it := range p.task.Checklist {
		out[i] = it.Text
	}
	return out
}

// move is one action the policy takes; title is the page a NAVIGATE
// opens, as the results named it (a sloppy model may write that instead
// of the address).
type move struct {
	name, param, thought string
	title                string
}

func action(name, param, thought string) move {
	return move{name: name, param: param, thought: thought}
}

// json is the action as a well-behaved model writes it.
func (m move) json() string {
	data, _ := json.Marshal(agent.Action{Thought: m.thought, Name: m.name, Param: m.param})
	return string(data)
}

// The mistakes, each made once at a fixed point of the run.
const (
	mistakeRepeatSearch = "repeated search"
	mistakeMalformed    = "malformed reply"
	mistakeEmpty        = "empty finding"
	mistakeOffPage      = "finding not on the page"
	mistakeEarlyFinish  = "finish before the list is complete"
	mistakeNumber       = "a number in no finding"
)

var allMistakes = []string{mistakeRepeatSearch, mistakeMalformed, mistakeEmpty, mistakeOffPage, mistakeEarlyFinish, mistakeNumber}

// once reports whether the scripted mistake kind is still to be made, and
// counts it as made.
func (p *Policy) once(kind string) bool {
	if p.mistakes[kind] {
		return false
	}
	p.mistakes[kind] = true
	return true
}

// act decides the next action from the conversation.
func (p *Policy) act(msgs []llmtest.Message) move {
	p.calls++
	if p.calls == 1 {
		p.takeOverEarlier(msgs)
	}
	last := msgs[len(msgs)-1].Content
	p.noteOutcome(last)
	if p.style == Replay {
		return p.replayMove(msgs)
	}
	if a, ok := p.mistake(msgs, last); ok {
		if p.style == Stubborn {
			p.lastAct = a // to insist on
		}
		return a
	}
	if a, ok := p.habit(msgs, last); ok {
		return a
	}
	if confirmNote(last) {
		return p.lastAct // nothing to record: confirm by repeating
	}
	a := p.decide(msgs)
	p.lastAct = a
	return a
}

// confirmNote reports whether Scout asks to confirm leaving a page or
// reading on; the note may open the message or, after a rebuilt prompt,
// end it.
func confirmNote(last string) bool {
	return strings.Contains(last, "You are leaving ") || strings.Contains(last, "Before reading on: what does part")
}

// noteOutcome learns from the last message what became of the last action.
func (p *Policy) noteOutcome(last string) {
	if m := searchedLine.FindStringSubmatch(last); m != nil {
		p.tried[strings.ToLower(m[1])] = true
	}
	if m := alreadySearched.FindStringSubmatch(last); m != nil {
		p.tried[strings.ToLower(m[1])] = true
	}
	// However the query was written out (a sloppy model quotes it), the
	// search it asked for came back.
	if p.lastAct.name == agent.ActSearch && (searchedLine.MatchString(last) || alreadySearched.MatchString(last)) {
		p.tried[strings.ToLower(p.lastAct.param)] = true
	}
	if m := recordedLine.FindStringSubmatch(last); m != nil {
		var f int
		fmt.Sscan(m[1], &f)
		for _, n := range digits.FindAllString(m[2], -1) {
			var k int
			fmt.Sscan(n, &k)
			p.covered[k] = true
			p.coveredBy[k] = append(p.coveredBy[k], f)
		}
	}
	p.pending = ""
}

var (
	recordedLine = regexp.MustCompile(`recorded finding \[(\d+)\] for items? ([\d, ]+)`)
	digits       = regexp.MustCompile(`\d+`)
	resultLine   = regexp.MustCompile(`(?m)^R(\d+)\. (.*)\n\s+(\S+)(?:\n {4}(\S.*))?`)
	// earlierLine is a finding a follow-up took over, as its start lists it.
	earlierLine = regexp.MustCompile(`(?m)^\[(\d+)\] (.*) \(earlier run; source: \S+\)$`)
	outlineLine = regexp.MustCompile(`(?m)^Part (\d+)( \(read\))?:`)
	partOf      = regexp.MustCompile(`Part (\d+) of (\d+)`)
	// partHint is Scout's pointer to the unread part that matches an open
	// item; a small model follows such a plain suggestion.
	partHint = regexp.MustCompile(`Unread parts that match open checklist items: part (\d+)`)
)

var (
	searchedLine    = regexp.MustCompile(`SEARCH "(.+?)" (?:gave|found nothing)`)
	alreadySearched = regexp.MustCompile(`you already searched "(.+?)"; `)
)

// mistake makes each scripted mistake of the research once, at its point
// in the run: a repeated search after the first results, an empty finding
// and then a malformed reply on the first page, a finding from "memory"
// after the first real one, and a FINISH before every item is covered.
// The writer's mistake is in write.
func (p *Policy) mistake(msgs []llmtest.Message, last string) (move, bool) {
	onPage := lastPageMessage(msgs) != ""
	switch {
	case searchedLine.MatchString(last) && p.once(mistakeRepeatSearch):
		return action(agent.ActSearch, searchedLine.FindStringSubmatch(last)[1], "Let me search for this."), true
	case onPage && len(p.covered) == 0 && p.once(mistakeEmpty):
		return action(agent.ActDiscover, "[1]", "The page has the answer; DISCOVER will extract it."), true
	case p.mistakes[mistakeEmpty] && p.once(mistakeMalformed):
		return move{name: proseOnly, param: "I think the page has what I need, so I will record it next."}, true
	case onPage && len(p.covered) > 0 && p.once(mistakeOffPage):
		return action(agent.ActDiscover, "[1] Experts agree the answer was settled in 1999 by the Global Survey Council.", "I remember this."), true
	case len(p.covered) > 0 && len(p.covered) < len(p.task.Checklist) && p.once(mistakeEarlyFinish):
		return action(agent.ActFinish, "Done.", "I have found enough."), true
	}
	return move{}, false
}

// proseOnly is a reply with no JSON at all: its param is the whole reply.
const proseOnly = "prose"

// decide is the competent behaviour: record, read on, open, search, finish.
func (p *Policy) decide(msgs []llmtest.Message) move {
	if u, items := p.nextUnit(msgs); u.text != "" {
		p.recorded[u.key] = true
		p.pending = u.text
		return action(agent.ActDiscover, p.finding(u.text, items, msgs), p.findingThought(items))
	}
	if p.allCovered() {
		return action(agent.ActFinish, p.finishAnswer(), p.coverageThought())
	}
	last := lastPageMessage(msgs)
	if unread := unreadPart(last); unread > 0 && p.relevant(last) && p.partsHere < maxPartsPerPage {
		p.partsHere++
		if m := partHint.FindStringSubmatch(last); m != nil {
			return action(agent.ActReadMore, m[1], "Part "+m[1]+" matches what is still missing.")
		}
		return action(agent.ActReadMore, "", "The rest of the page may have the missing items.")
	}
	if r, ok := p.nextResult(msgs); ok {
		p.opened[r.url] = true
		p.partsHere = 1
		m := action(agent.ActNavigate, r.url, "This result looks relevant.")
		m.title = r.title
		return m
	}
	if q := p.nextQuery(); q != "" {
		return action(agent.ActSearch, q, "I need to search.")
	}
	return action(agent.ActFinish, p.finishAnswer(), p.coverageThought())
}

// maxPartsPerPage: the policy reads at most this many parts of one page,
// as a patient small model would.
const maxPartsPerPage = 8

// nextQuery is the objective itself first, as a model given nothing else
// would search it, then the task's queries, then each open checklist item:
// what a model tries when its searches run dry.
func (p *Policy) nextQuery() string {
	candidates := append([]string{p.task.Objective}, p.task.Queries...)
	for i, it := range p.task.Checklist {
		if !p.done(i) {
			candidates = append(candidates, it.Text)
		}
	}
	for p.queries < len(candidates) {
		q := candidates[p.queries]
		if p.tried[strings.ToLower(q)] {
			p.queries++
			continue
		}
		return q // marked tried once its results come back (noteOutcome)
	}
	return ""
}

func (p *Policy) allCovered() bool {
	for i := range p.task.Checklist {
		if !p.done(i) {
			return false
		}
	}
	return true
}

// done reports whether the i-th item needs nothing more: a finding, or
// for an item about each of its things, one for each.
func (p *Policy) done(i int) bool {
	it := p.task.Checklist[i]
	if !it.Each {
		return p.covered[i+1]
	}
	return len(p.served[i]) == len(it.Keywords)
}

// opens reports whether unit text serves the i-th item with something it
// still needs: any of it, or a thing of an item about each not recorded
// yet.
func (p *Policy) opens(i int, text string) bool {
	it := p.task.Checklist[i]
	if !it.Each {
		return !p.covered[i+1]
	}
	for _, g := range it.groupsServed(text) {
		if !slices.Contains(p.served[i], g) {
			return true
		}
	}
	return false
}

// coverageThought is the thought beside a FINISH: each covered item with
// its findings, as Scout's system prompt asks ("1 [2], 2 [1]").
func (p *Policy) coverageThought() string {
	switch {
	case p.style == Transcript:
		// Seed 000's model gave no item-by-item account, only a verdict.
		return "All parts of the objective are covered by the discoveries."
	case p.style == Parrot && p.habits.status != "":
		return p.habits.status
	}
	var parts []string
	for i := range p.task.Checklist {
		if p.covered[i+1] {
			parts = append(parts, fmt.Sprintf("%d %s", i+1, bracketed(p.coveredBy[i+1])))
		}
	}
	return strings.Join(parts, ", ") + "."
}

// bracketed is finding numbers as citations: [2] [5].
func bracketed(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprintf("[%d]", n)
	}
	return strings.Join(s, " ")
}

// unit is something the policy may record: a sentence, or for the copier
// a whole list or a table row; key marks it recorded.
type unit struct{ text, key string }

// nextUnit finds, in the newest page text, a unit not yet recorded that
// serves an item still open, and the items it serves.
func (p *Policy) nextUnit(msgs []llmtest.Message) (unit, []int) {
	text := pageText(lastPageMessage(msgs))
	for _, u := range p.units(text) {
		if p.recorded[u.key] {
			continue
		}
		var items []int
		open := false
		for i, it := range p.task.Checklist {
			if it.Serves(u.key) {
				items = append(items, i+1)
				open = open || p.opens(i, u.key)
			}
		}
		if len(items) > 0 && open {
			for _, n := range items {
				p.served[n-1] = append(p.served[n-1], p.task.Checklist[n-1].groupsServed(u.key)...)
			}
			return u, items
		}
	}
	return unit{}, nil
}

// units are the sentences of text, each its own key; the copier records
// the whole list a sentence is in, or a table row as it stands.
func (p *Policy) units(text string) []unit {
	var out []unit
	for _, s := range sentencesOf(text) {
		out = append(out, unit{text: s, key: s})
	}
	if p.style != Copier {
		return out
	}
	return copierUnits(text, out)
}

// relevant says whether the page mentions any item's keywords or the
// objective's longer words: only then is it worth reading on.
func (p *Policy) relevant(msg string) bool {
	low := strings.ToLower(msg)
	for _, it := range p.task.Checklist {
		for _, g := range it.Keywords {
			for _, k := range g {
				if strings.Contains(low, strings.ToLower(k)) {
					return true
				}
			}
		}
	}
	for _, w := range strings.Fields(strings.ToLower(p.task.Objective)) {
		if w = strings.Trim(w, ".,?!\"'"); len(w) > 5 && strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// nextResult is the best result of the latest search not opened yet (for
// the drifter, an off-topic one first).
func (p *Policy) nextResult(msgs []llmtest.Message) (result, bool) {
	results := resultsShown(msgs)
	if p.style == Drifter {
		if r, ok := p.drift(results); ok {
			return r, true
		}
	}
	for _, r := range results {
		if !p.opened[r.url] && !(r.opened && p.followUp) {
			return r, true
		}
	}
	return result{}, false
}

var findingLine = regexp.MustCompile(`(?m)^\[(\d+)\] (.*)$`)

// coverage answers the coverage check from the findings listed.
func (p *Policy) coverage(request string) map[string]any {
	var items []map[string]any
	found := findingLine.FindAllStringSubmatch(request, -1)
	for i, it := range p.task.Checklist {
		var nums []int
		for _, f := range found {
			if it.Serves(f[2]) {
				var n int
				fmt.Sscan(f[1], &n)
				nums = append(nums, n)
			}
		}
		items = append(items, map[string]any{"item": i + 1, "findings": nums, "covered": len(nums) > 0, "missing": "", "names": []string{}})
	}
	return map[string]any{"items": items}
}

// write composes the result from the findings, citing each, and once adds
// a sentence with a figure from "memory", as small models do: a number in
// no finding, which Scout flags.
func (p *Policy) write(request string) string {
	var parts []string
	for _, f := range findingLine.FindAllStringSubmatch(request, -1) {
		text := f[2]
		if i := strings.LastIndex(text, " (source:"); i > 0 {
			text = text[:i]
		}
		parts = append(parts, cited(text, f[1]))
	}
	if len(parts) == 0 {
		return "The pages read did not answer the objective."
	}
	if s := p.inventedSentence(request); s != "" && p.once(mistakeNumber) {
		parts = append(parts, s+".")
	}
	result := strings.Join(parts, " ")
	if strings.Contains(request, viewAsked) {
		result += "\n\n" + ownView // as the writer's rule 4 asks
	}
	return result
}

// cited is a finding's sentence with its citation before the full stop:
// "Text [2]." or, for a sentence ending in a Chinese or Japanese full
// stop, "文字 [2]。".
func cited(text, n string) string {
	if t, ok := strings.CutSuffix(text, "。"); ok {
		return t + " [" + n + "]。"
	}
	return strings.TrimSuffix(text, ".") + " [" + n + "]."
}

// viewAsked heads the writer's list of items that ask for its own view;
// ownView is the paragraph the policy gives then, in no finding's words
// and with no number.
const (
	viewAsked = "GIVE YOUR VIEW"
	ownView   = "My view: weighing the findings above, the case they make holds for most readers, with the caveats they name."
)

// inventedFigures are the years the writer adds from "memory", tried in
// order until one is in neither the writer's request (the objective and
// the findings) nor an answer check: several, so every task has one.
var inventedFigures = []string{"1987", "1962", "1974"}

// inventedSentence is a sentence stating a figure in no finding, or "".
func (p *Policy) inventedSentence(request string) string {
	for _, fig := range inventedFigures {
		s := "This has been widely reported since " + fig
		if !strings.Contains(request, fig) && !p.touchesChecks(s, fig) {
			return s
		}
	}
	return ""
}

// touchesChecks reports whether an answer check would see the invented
// sentence (it holds a checked value, or a checked value holds its
// figure): the mistake must leave the answer checks as they were.
func (p *Policy) touchesChecks(sentence, fig string) bool {
	low := strings.ToLower(sentence)
	for _, w := range append(append([]string(nil), p.task.Must...), p.task.MustNot...) {
		if w = strings.ToLower(w); strings.Contains(low, w) || strings.Contains(w, fig) {
			return true
		}
	}
	return false
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ",")
}

// takeOverEarlier reads a follow-up's start as a competent model does:
// the findings taken over from the earlier run cover the items their
// sentences serve, so the policy looks only for the rest.
func (p *Policy) takeOverEarlier(msgs []llmtest.Message) {
	for _, m := range msgs {
		if m.Role != "user" {
			continue
		}
		p.followUp = p.followUp || strings.Contains(m.Content, "This follows up an earlier run")
		for _, f := range earlierLine.FindAllStringSubmatch(m.Content, -1) {
			var n int
			fmt.Sscan(f[1], &n)
			for i, it := range p.task.Checklist {
				if it.Serves(f[2]) {
					p.covered[i+1] = true
					p.coveredBy[i+1] = append(p.coveredBy[i+1], n)
					p.served[i] = append(p.served[i], it.groupsServed(f[2])...)
				}
			}
		}
	}
}
