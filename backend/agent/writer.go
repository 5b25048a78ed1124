package agent

import (
	"cmp"
	"context"
	"errors"
	"github.com/scout-research/scout/backend/agent/opinion"
	"github.com/scout-research/scout/backend/agent/reply"
	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/lang"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/plain"
)

var writerSchema = map[string]any{
	"type":                 "object",
	"properties":           map[string]any{"result": map[string]any{"type": "string"}},
	"required":             []string{"result"},
	"additionalProperties": false,
}

// finish ends the run: the writer call (when the model can still be used),
// the gap sections, the unsupported-number flags, and the report's
// promise kept (promise.go). gaps are what an
// accepted FINISH left uncovered; a run that ended otherwise is checked
// anew.
func (a *Agent) finish(ctx context.Context, status Status, gaps []gap) {
	rec := &a.st.record
	a.res.Status = status
	a.res.Turns = a.st.turn
	a.res.Objective, a.res.Checklist, a.res.Findings = rec.objective, rec.checklist, rec.findings
	if status != StatusFinished {
		gaps = codeGaps(rec.ledger(), nil)
	}
	a.res.NotFound, a.res.LeftOut = gapLines(gaps)
	// The findings go to the writer however the run ended, except when the
	// model is gone or the user stopped the run (its context is done).
	if status != StatusModelUnavailable && len(rec.findings) > 0 && ctx.Err() == nil {
		if answer, err := a.write(ctx, gaps); err == nil {
			a.res.Answer = answer
			a.res.Unsupported = unsupportedNumbers(answer, rec.objective, rec.findings)
			a.emit(Event{Type: EvResult, Text: answer})
		} else {
			// Keep why the run ended, if it ended early, and say the result
			// is missing, and why: the report's status shows it.
			a.res.Ending = cmp.Or(a.res.Ending, &Ending{})
			a.res.Ending.Unwritten, a.res.Ending.SayUnwritten = err.Error(), phrase.OfError(err)
			a.res.Error = a.res.Ending.English()
		}
	}
	// The report keeps its promise before it is written, and the journal
	// says what that took.
	var said []string
	if status == StatusFinished {
		said = adopt(&a.res, rec.ledger(), a.st.account)
	}
	for _, said := range append(said, settle(&a.res)...) {
		a.emit(Event{Type: EvCheck, Kind: CheckReport, Reason: said})
	}
	a.res.ContextLength = a.cfg.ContextLength // after the writer, which may have found it smaller
	a.emit(Event{Type: EvRunFinished, Status: status, Message: a.res.Error, Ending: a.res.Ending})
}

// write asks for the final result from only the objective and the numbered
// findings, in a fresh prompt: the browsing conversation holds page text
// that was never recorded, which the writer must not use. The prompt opens
// with the agent's system prompt, unchanged: it holds rules and no page
// text, the server has it cached from the conversation, and it is where
// the next run's first prompt begins, so a server that keeps its cache
// between requests skips it then too.
//
// An overflow is retried once (the call has shrunk the context to what the
// server reported), and so is an answer shaped like a research action: a
// server that ignores the schema may let the system prompt's action format
// win; the retry goes with the one-line writer system prompt.
func (a *Agent) write(ctx context.Context, gaps []gap) (string, error) {
	answer, err := a.writeWith(ctx, a.writerPrompt(gaps))
	if errors.Is(err, chat.ErrContextOverflow) {
		answer, err = a.writeWith(ctx, a.writerPrompt(gaps))
	}
	if errors.Is(err, errActionShaped) {
		msgs := a.writerPrompt(gaps)
		msgs[0].Content = render("writer-system", nil)
		answer, err = a.writeWith(ctx, msgs)
	}
	return answer, err
}

// errActionShaped: the writer answered with a research action.
var errActionShaped = errors.New("the writer answered with a research action instead of the result")

func (a *Agent) writeWith(ctx context.Context, msgs []chat.Message) (string, error) {
	reply, err := a.call(ctx, KindWriter, msgs, writerSchema)
	if err != nil {
		a.adaptTo(err)
		return "", err
	}
	return resultOf(reply.Content)
}

// resultOf reads the writer's answer: the JSON asked for, the result under
// another name or as a list of paragraphs, or prose, which is still the
// answer. A research action instead is errActionShaped.
func resultOf(text string) (string, error) {
	if v, err := reply.FirstJSON(text, "{"); err == nil {
		if text := strings.TrimSpace(reply.TextIn(v, "result", "answer", "final_answer", "text", "content", "response", "report")); text != "" {
			return ClipResult(plain.Text(text)), nil
		}
	}
	if _, err := ParseAction(text); err == nil {
		return "", errActionShaped
	}
	return ClipResult(plain.Text(strings.TrimSpace(text))), nil // prose instead of JSON is still the answer
}

// ClipResult cuts a result longer than MaxResultChars at the last line
// break before the limit (else at the limit), saying so. A server that
// ignores the reply's token limit can send megabytes, and rendering
// Markdown of that size, nested deep, takes minutes on every opening of
// the report.
func ClipResult(s string) string {
	if len(s) <= MaxResultChars {
		return s
	}
	cut := MaxResultChars
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if nl := strings.LastIndexByte(s[:cut], '\n'); nl > MaxResultChars/2 {
		cut = nl
	}
	return strings.TrimSpace(s[:cut]) + "\n\n" + resultCut
}

// resultCut ends a clipped result.
const resultCut = "(The rest of the result was cut: the model wrote far more than it was asked for.)"

// writerPrompt is the objective and the findings under the writer's rules;
// when they would not fit the context with the answer, a one-line system
// prompt replaces the agent's, then the findings are shortened step by step
// (their full text stays in the report).
func (a *Agent) writerPrompt(gaps []gap) []chat.Message {
	var msgs []chat.Message
	brief := writerBrief(a.st.record.checklist, a.st.record.findings, gaps)
	for _, chars := range writerFindingChars {
		fs := brief.findings
		if chars > 0 {
			fs = shortFindings(fs, chars)
		}
		// The one-line system prompt before any shorter findings: the
		// answer matters more than a cache hit in a later run.
		for _, system := range []string{"system", "writer-system"} {
			msgs = []chat.Message{
				{Role: chat.System, Content: render(system, languageName(a.st.record.objective))},
				{Role: chat.User, Content: render("writer-request", map[string]any{"Objective": a.st.record.objective, "ViewLabel": viewLabel(a.st.record.objective),
					"Items": brief.items, "Views": brief.views, "Findings": fs})},
			}
			c := conversation{msgs: msgs, est: a.st.conv.est}
			if fits, _ := c.fits(a.cfg.ContextLength, maxTokens[KindWriter]); fits {
				return msgs
			}
		}
	}
	return msgs
}

var (
	citationPattern = regexp.MustCompile(`\[\d+(?:\s*[-–,]\s*\d+)*\]`)
	listMarker      = regexp.MustCompile(`(?m)^\s*\d+[.)]\s`)
)

// unsupportedNumbers lists numbers in the answer that no finding (nor the
// objective) contains: the writer's most common invention.
func unsupportedNumbers(answer, objective string, findings []Finding) []string {
	known := map[string]bool{}
	add := func(text string) {
		t := lang.Of(text)
		for _, n := range words.Numbers(text) {
			for _, k := range words.NumberReadings(n, t) {
				known[k] = true
			}
		}
	}
	add(objective)
	for _, f := range findings {
		add(f.Text)
	}
	var out []string
	seen := map[string]bool{}
	prose := listMarker.ReplaceAllString(citationPattern.ReplaceAllString(answer, " "), " ")
	t := lang.Of(answer)
	for _, n := range words.Numbers(prose) {
		k := words.NumberKey(n, t)
		if !known[k] && !seen[k] {
			seen[k] = true
			out = append(out, strings.TrimRight(n, ".,"))
		}
	}
	return out
}

// brief is what the writer is asked for: the checklist items the findings
// answer, the items that ask for a view, and the findings to write from.
type brief struct {
	items    []briefItem
	views    []Item
	findings []Finding
}

// briefItem is an item to answer, with what the writer must say of it: a
// condition no finding shows ("not shown to be official: say so").
type briefItem struct {
	Item
	Caveat string
}

// writerBrief leaves out of the writer's prompt what no finding answers:
// the items nothing covers, and the findings about things not shown to
// meet a condition (FreeOffice in a list of open-source suites) that serve
// nothing else. The code names them after the result instead, so a small
// model neither invents what is missing nor lists what does not qualify.
// An item whose findings do not show its condition at all stays, with
// that said: its findings may still be the best answer there is.
func writerBrief(checklist []Item, findings []Finding, gaps []gap) brief {
	var b brief
	unanswered, caveats := map[int]bool{}, map[int]string{}
	var excluded []gap
	for _, g := range gaps {
		switch {
		case len(g.Things) > 0:
			excluded = append(excluded, g)
		case g.Condition != "":
			caveats[g.Item.Number] = render("caveat-condition", g.Condition)
		case !g.Partial:
			unanswered[g.Item.Number] = true
		}
	}
	for _, it := range checklist {
		switch {
		case opinion.Is(it.Text):
			b.views = append(b.views, it)
		case !unanswered[it.Number]:
			b.items = append(b.items, briefItem{it, caveats[it.Number]})
		}
	}
	for _, f := range findings {
		if !onlyAbout(f, unanswered) && !aboutLeftOut(f, excluded) {
			b.findings = append(b.findings, f)
		}
	}
	return b
}

// aboutLeftOut reports whether f serves only items some of whose things
// were left out, and names a thing left out but none that qualified.
func aboutLeftOut(f Finding, gaps []gap) bool {
	items, leftOut := map[int]bool{}, map[string]bool{}
	var met []string
	for _, g := range gaps {
		items[g.Item.Number] = true
		for _, t := range g.Things {
			leftOut[strings.Join(words.Of(t), " ")] = true
		}
		met = append(met, g.Met...)
	}
	return onlyAbout(f, items) && namesOnly(f.Text, leftOut, met)
}

// onlyAbout reports whether every item f serves is in items.
func onlyAbout(f Finding, items map[int]bool) bool {
	for _, n := range f.Items {
		if !items[n] {
			return false
		}
	}
	return len(f.Items) > 0
}

// namesOnly reports whether text names a thing left out and none that
// met the conditions.
func namesOnly(text string, leftOut map[string]bool, met []string) bool {
	have := " " + strings.Join(words.Of(text), " ") + " "
	named := false
	for t := range leftOut {
		named = named || strings.Contains(have, " "+t+" ")
	}
	for _, m := range met {
		if strings.Contains(have, " "+strings.Join(words.Of(m), " ")+" ") {
			return false
		}
	}
	return named
}
