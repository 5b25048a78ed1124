package bench

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/llm/llmtest"
)

// Where the model's time goes. On a CPU most of it is reading prompt text
// the prompt cache could not reuse, so every run's fresh (uncached) prompt
// tokens are broken down by where the text came from, set against a
// floor, the text no agent that reads and cites the page can avoid, and
// the share of text read a second time is counted.

// Sources of fresh prompt text, in the order the summary shows them.
const (
	SourceSystem   = "system prompt"
	SourceStart    = "checklist call"
	SourceResults  = "search results"
	SourcePage     = "page text"
	SourceNotes    = "notes and refusals"
	SourceChecks   = "checks"
	SourceRebuilds = "rebuilt prompts"
	SourceCoverage = "coverage call"
	SourceWriter   = "writer call"
	SourceOther    = "other"
)

// Sources lists every source in summary order.
var Sources = []string{SourceSystem, SourceStart, SourceResults, SourcePage, SourceNotes, SourceChecks, SourceRebuilds, SourceCoverage, SourceWriter, SourceOther}

// Spending is where one run's model time went, in tokens.
type Spending struct {
	// Fresh is the prompt tokens read anew, by source.
	Fresh map[string]int `json:"fresh_by_source"`
	// Written is the tokens written, by call kind.
	Written map[string]int `json:"written_by_kind"`
	// Floor is the fresh tokens no agent that reads and cites the page can
	// avoid: the system prompt, one results list, the page parts the
	// findings come from and the findings for the writer, each read once.
	Floor int `json:"floor"`
	// ReRead is the fresh tokens of text the model had read before in the
	// run: what the cache could not spare it a second time.
	ReRead int `json:"reread"`
	// Thought is the tokens of the action calls' writing that were the
	// thought beside the action (as the conversation kept it).
	Thought int `json:"thought_written"`
}

// spending works out a run's Spending from the calls the fake server
// answered (which know the text each read anew), the run's journal (what
// Scout counted written: a reply Scout stopped ends where it hung up, which
// the fake, writing at full speed, may not have noticed) and its folder.
func spending(calls []llmtest.ChatCall, events []agent.Event, res *agent.Result, dir string) Spending {
	s := Spending{Fresh: map[string]int{}, Written: map[string]int{}}
	for _, ev := range events {
		switch {
		case ev.Type == agent.EvModelCall && ev.Usage != nil:
			s.Written[ev.Kind] += ev.Usage.CompletionTokens
		case ev.Type == agent.EvAction:
			s.Thought += llmtest.Tokens(ev.Thought)
		}
	}
	seen := map[string]bool{}
	for i, c := range calls {
		fresh := c.PromptTokens - c.CachedTokens
		split := splitFresh(c, i == 0)
		assign(s.Fresh, split, fresh)
		s.ReRead += reread(newText(c), seen, fresh)
		for _, line := range strings.Split(c.Prompt, "\n") {
			seen[strings.TrimSpace(line)] = true
		}
	}
	s.Floor = floor(calls, res, dir)
	return s
}

// splitFresh attributes the characters of a call's fresh text to sources.
func splitFresh(c llmtest.ChatCall, first bool) map[string]int {
	out := map[string]int{}
	switch c.Kind {
	case agent.KindCoverage:
		out[SourceCoverage] = len(newText(c))
		return out
	case agent.KindWriter:
		out[SourceWriter] = len(newText(c))
		return out
	}
	for _, seg := range segments(newText(c)) {
		switch {
		case seg.role == "system":
			out[SourceSystem] += len(seg.text)
		case seg.role != "user":
			out[SourceOther] += len(seg.text)
		case c.Kind == agent.KindChecklist || strings.HasPrefix(seg.text, "CHECKLIST (the result must"):
			out[SourceStart] += len(seg.text)
		case strings.HasPrefix(seg.text, "OBJECTIVE:"):
			out[SourceRebuilds] += len(seg.text)
		default:
			splitMessage(seg.text, out)
		}
	}
	return out
}

// splitMessage attributes a user message's characters: a fenced page part
// or results list with the paragraph that introduces it, and every other
// paragraph by what it is.
func splitMessage(text string, out map[string]int) {
	fenced := map[string]int{}
	text = fence.ReplaceAllStringFunc(text, func(m string) string {
		mark := pageMark
		if strings.HasPrefix(m, "<results>") {
			mark = resultsMark
		}
		fenced[mark] += len(m)
		return mark
	})
	for _, para := range strings.SplitAfter(text, "\n\n") {
		src := sourceOf(para)
		n := len(para)
		for mark, chars := range fenced {
			if c := strings.Count(para, mark); c > 0 {
				n += c * (chars/strings.Count(text, mark) - len(mark))
			}
		}
		out[src] += n
	}
}

// fence finds Scout's own fences; page text cannot open one (see the
// agent's inert).
var fence = regexp.MustCompile(`(?s)<page>.*?</page>|<results>.*?</results>`)

const (
	pageMark    = "\x00page\x00"
	resultsMark = "\x00results\x00"
)

// sourceOf classifies one paragraph of a user message.
func sourceOf(para string) string {
	switch {
	case strings.Contains(para, pageMark):
		return SourcePage
	case strings.Contains(para, resultsMark), searchedTurn.MatchString(para):
		return SourceResults
	case strings.HasPrefix(para, "Progress check") || strings.HasPrefix(para, "Objective check"):
		return SourceChecks
	}
	return SourceNotes
}

var searchedTurn = regexp.MustCompile(`^Turn \d+: SEARCH `)

// segment is one message's text within a rendered prompt.
type segment struct{ role, text string }

// segments cuts rendered ChatML text into messages; text before the first
// message start (the end of one cut by the cache) has no role.
func segments(text string) []segment {
	var out []segment
	parts := strings.Split(text, "<|im_start|>")
	if parts[0] != "" {
		out = append(out, segment{text: parts[0]})
	}
	for _, p := range parts[1:] {
		role, body, _ := strings.Cut(p, "\n")
		out = append(out, segment{role: role, text: strings.TrimSuffix(strings.TrimSuffix(body, "\n"), "<|im_end|>")})
	}
	return out
}

// assign shares a call's fresh tokens among its sources by characters.
func assign(into, chars map[string]int, tokens int) {
	total := 0
	for _, n := range chars {
		total += n
	}
	if total == 0 {
		into[SourceOther] += tokens
		return
	}
	given, last := 0, ""
	for _, src := range Sources {
		if chars[src] == 0 {
			continue
		}
		n := tokens * chars[src] / total
		into[src] += n
		given, last = given+n, src
	}
	into[last] += tokens - given // rounding
}

// reread is the tokens of text's lines (of some length) that an earlier
// prompt of the run held, as a share of the call's fresh tokens.
func reread(text string, seen map[string]bool, fresh int) int {
	if len(text) == 0 {
		return 0
	}
	again := 0
	for _, line := range strings.Split(text, "\n") {
		if l := strings.TrimSpace(line); len(l) >= minRereadLine && seen[l] {
			again += len(line) + 1
		}
	}
	return min(fresh, fresh*again/len(text))
}

// minRereadLine: shorter lines ("CHECKLIST:", "Part 1 of 3:") recur by
// their nature and say nothing about text read twice.
const minRereadLine = 40

// floor is the tokens of the system prompt, the first results list, the
// page parts the findings come from, and the findings as the writer reads
// them, at the fake server's characters per token.
func floor(calls []llmtest.ChatCall, res *agent.Result, dir string) int {
	chars := 0
	if len(calls) > 0 {
		for _, seg := range segments(calls[0].Prompt) {
			if seg.role == "system" {
				chars += len(seg.text)
			}
		}
	}
	for _, c := range calls {
		if m := firstResults.FindString(c.Prompt); m != "" {
			chars += len(m)
			break
		}
	}
	parts := map[string]bool{}
	for _, f := range res.Findings {
		parts[f.URL+"#"+strconv.Itoa(f.Part)] = true
		chars += len(f.Text) + findingOverhead
	}
	chars += savedParts(dir, parts)
	return chars / charsPerToken
}

var firstResults = regexp.MustCompile(`(?s)<results>.*?</results>`)

// findingOverhead is the characters a finding's number and line add in
// the writer's list.
const findingOverhead = 6

// charsPerToken is the fake server's tokenizer (llmtest).
const charsPerToken = 4

// savedParts adds up the text of the saved page parts named in want
// (URL#part), each once.
func savedParts(dir string, want map[string]bool) int {
	files, _ := filepath.Glob(filepath.Join(dir, "pages", "*.md"))
	chars := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		head, body, _ := strings.Cut(string(data), "\n")
		m := partHead.FindStringSubmatch(head)
		if m == nil {
			continue
		}
		key := m[1] + "#" + m[2]
		if want[key] {
			chars += len(body)
			delete(want, key)
		}
	}
	return chars
}

var partHead = regexp.MustCompile(`^<!-- (\S+) \| .* \| part (\d+) of \d+ -->`)
