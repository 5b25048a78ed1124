package bench

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// Policy is the offline benchmark's model: a deterministic player that
// reads Scout's real prompts the way a competent small model would (search
// the objective, open the best result, record sentences that serve the
// checklist, read on, move on, finish) and makes the typical small-model
// mistakes at fixed points, so the rules that catch them are exercised and
// their cost is measured.
type Policy struct {
	task Task

	mu        sync.Mutex
	calls     int             // action calls so far
	queries   int             // queries tried from task.Queries
	opened    map[string]bool // result URLs opened
	recorded  map[string]bool // sentences recorded (or refused)
	pending   string          // the sentence of the last DISCOVER
	covered   map[int]bool    // checklist items with a finding
	mistakes  map[string]bool // injected mistakes already made
	lastAct   string          // the last action, to repeat on a confirm note
	tried     map[string]bool // queries searched
	partsHere int             // parts read of the current page
}

// NewPolicy returns a policy for task.
func NewPolicy(task Task) *Policy { return newPolicy(task, false) }

// newPolicy returns a policy that makes its scripted mistakes unless
// flawless is set.
func newPolicy(task Task, flawless bool) *Policy {
	p := &Policy{task: task, opened: map[string]bool{}, recorded: map[string]bool{}, covered: map[int]bool{},
		mistakes: map[string]bool{}, tried: map[string]bool{}}
	if flawless {
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
		return llmtest.Reply{Content: p.act(msgs)}
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

func action(name, param, thought string) string {
	data, _ := json.Marshal(agent.Action{Thought: thought, Name: name, Param: param})
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
func (p *Policy) act(msgs []llmtest.Message) string {
	p.calls++
	last := msgs[len(msgs)-1].Content
	p.noteOutcome(last)
	if a := p.mistake(msgs, last); a != "" {
		return a
	}
	// A confirm note may open the message or, after a rebuilt prompt, end it.
	if strings.Contains(last, "You are leaving \"") || strings.Contains(last, "Before reading on: what does part") {
		return p.lastAct // nothing to record: confirm by repeating
	}
	a := p.decide(msgs)
	p.lastAct = a
	return a
}

// noteOutcome learns from the last message what became of the last action.
func (p *Policy) noteOutcome(last string) {
	if m := searchedLine.FindStringSubmatch(last); m != nil {
		p.tried[strings.ToLower(m[1])] = true
	}
	if m := alreadySearched.FindStringSubmatch(last); m != nil {
		p.tried[strings.ToLower(m[1])] = true
	}
	if m := recordedLine.FindStringSubmatch(last); m != nil {
		for _, n := range digits.FindAllString(m[1], -1) {
			var k int
			fmt.Sscan(n, &k)
			p.covered[k] = true
		}
	}
	p.pending = ""
}

var (
	recordedLine = regexp.MustCompile(`recorded finding \[\d+\] for items? ([\d, ]+)`)
	digits       = regexp.MustCompile(`\d+`)
	resultLine   = regexp.MustCompile(`(?m)^R(\d+)\. .*\n\s+(\S+)`)
	outlineLine  = regexp.MustCompile(`(?m)^Part (\d+)( \(read\))?:`)
	partOf       = regexp.MustCompile(`Part (\d+) of (\d+)`)
	// partHint is Scout's pointer to the unread part that matches an open
	// item; a small model follows such a plain suggestion.
	partHint = regexp.MustCompile(`Unread parts that match open checklist items: part (\d+)`)
)

var (
	searchedLine    = regexp.MustCompile(`SEARCH "([^"]+)" (?:gave|found nothing)`)
	alreadySearched = regexp.MustCompile(`you already searched "([^"]+)"`)
)

// mistake makes each scripted mistake of the research once, at its point
// in the run: a repeated search after the first results, an empty finding
// and then a malformed reply on the first page, a finding from "memory"
// after the first real one, and a FINISH before every item is covered.
// The writer's mistake is in write.
func (p *Policy) mistake(msgs []llmtest.Message, last string) string {
	onPage := lastPageMessage(msgs) != ""
	switch {
	case searchedLine.MatchString(last) && p.once(mistakeRepeatSearch):
		return action(agent.ActSearch, searchedLine.FindStringSubmatch(last)[1], "Let me search for this.")
	case onPage && len(p.covered) == 0 && p.once(mistakeEmpty):
		return action(agent.ActDiscover, "[1]", "The page has the answer; DISCOVER will extract it.")
	case p.mistakes[mistakeEmpty] && p.once(mistakeMalformed):
		return "I think the page has what I need, so I will record it next."
	case onPage && len(p.covered) > 0 && p.once(mistakeOffPage):
		return action(agent.ActDiscover, "[1] Experts agree the answer was settled in 1999 by the Global Survey Council.", "I remember this.")
	case len(p.covered) > 0 && len(p.covered) < len(p.task.Checklist) && p.once(mistakeEarlyFinish):
		return action(agent.ActFinish, "Done.", "I have found enough.")
	}
	return ""
}

// decide is the competent behaviour: record, read on, open, search, finish.
func (p *Policy) decide(msgs []llmtest.Message) string {
	if s, items := p.nextSentence(msgs); s != "" {
		p.recorded[s] = true
		p.pending = s
		return action(agent.ActDiscover, fmt.Sprintf("[%s] %s", joinInts(items), s), "This part states it.")
	}
	if p.allCovered() {
		return action(agent.ActFinish, "All items are covered.", p.coverageThought())
	}
	last := lastPageMessage(msgs)
	if unread := unreadPart(last); unread > 0 && p.relevant(last) && p.partsHere < maxPartsPerPage {
		p.partsHere++
		if m := partHint.FindStringSubmatch(last); m != nil {
			return action(agent.ActReadMore, m[1], "Part "+m[1]+" matches what is still missing.")
		}
		return action(agent.ActReadMore, "", "The rest of the page may have the missing items.")
	}
	if u := p.nextResult(msgs); u != "" {
		p.opened[u] = true
		p.partsHere = 1
		return action(agent.ActNavigate, u, "This result looks relevant.")
	}
	if q := p.nextQuery(); q != "" {
		return action(agent.ActSearch, q, "I need to search.")
	}
	return action(agent.ActFinish, "This is what the pages say.", p.coverageThought())
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
		if !p.covered[i+1] {
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
		if !p.covered[i+1] {
			return false
		}
	}
	return true
}

func (p *Policy) coverageThought() string {
	var parts []string
	for i := range p.task.Checklist {
		if p.covered[i+1] {
			parts = append(parts, fmt.Sprintf("item %d covered", i+1))
		}
	}
	return strings.Join(parts, ", ") + "."
}

// nextSentence finds, in the newest page text, a sentence not yet recorded
// that serves an item still open.
func (p *Policy) nextSentence(msgs []llmtest.Message) (string, []int) {
	text := pageText(lastPageMessage(msgs))
	for _, s := range sentencesOf(text) {
		if p.recorded[s] {
			continue
		}
		var items []int
		open := false
		for i, it := range p.task.Checklist {
			if it.Serves(s) {
				items = append(items, i+1)
				open = open || !p.covered[i+1]
			}
		}
		if len(items) > 0 && open {
			return s, items
		}
	}
	return "", nil
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

// nextResult is the best result of the latest search not opened yet.
func (p *Policy) nextResult(msgs []llmtest.Message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if m := resultLine.FindAllStringSubmatch(msgs[i].Content, -1); m != nil && msgs[i].Role == "user" {
			for _, r := range m {
				if !p.opened[r[2]] {
					return r[2]
				}
			}
			return ""
		}
	}
	return ""
}

// lastPageMessage is the newest user message that shows page text.
func lastPageMessage(msgs []llmtest.Message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "user" && strings.Contains(msgs[i].Content, "<page>") {
			return msgs[i].Content
		}
	}
	return ""
}

// pageText is the text of the part shown in msg: inside the fence,
// before the part's links, which a model reads as links, not as text.
func pageText(msg string) string {
	start := strings.Index(msg, "<page>")
	end := strings.LastIndex(msg, "</page>")
	if start < 0 || end < start {
		return ""
	}
	text := msg[start+len("<page>") : end]
	if i := strings.LastIndex(text, "\nLinks in this part:\n"); i >= 0 {
		text = text[:i]
	}
	return text
}

// unreadPart returns an unread part number from the message's outline.
func unreadPart(msg string) int {
	for _, m := range outlineLine.FindAllStringSubmatch(msg, -1) {
		if m[2] == "" {
			var n int
			fmt.Sscan(m[1], &n)
			return n
		}
	}
	if m := partOf.FindStringSubmatch(msg); m != nil && m[1] != m[2] && !strings.Contains(msg, "Outline") {
		var n int
		fmt.Sscan(m[1], &n)
		return n + 1
	}
	return 0
}

var sentenceEnd = regexp.MustCompile(`([.!?])\s+`)

// sentencesOf splits Markdown page text into sentences, skipping tables,
// code and headings, and list markers.
func sentencesOf(text string) []string {
	var out []string
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			inCode = !inCode
			continue
		}
		if inCode || t == "" || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "#") {
			continue
		}
		t = strings.TrimSpace(strings.TrimLeft(t, "-*>0123456789. "))
		for _, s := range sentenceEnd.Split(sentenceEnd.ReplaceAllString(t, "$1\n"), -1) {
			for _, part := range strings.Split(s, "\n") {
				if part = strings.TrimSpace(part); len(part) > 20 {
					out = append(out, part)
				}
			}
		}
	}
	return out
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
		parts = append(parts, fmt.Sprintf("%s [%s]", strings.TrimSuffix(text, "."), f[1]))
	}
	if len(parts) == 0 {
		return "The pages read did not answer the objective."
	}
	if s := p.inventedSentence(request); s != "" && p.once(mistakeNumber) {
		parts = append(parts, s)
	}
	return strings.Join(parts, ". ") + "."
}

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
