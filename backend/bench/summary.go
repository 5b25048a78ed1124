package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/scout-research/scout/backend/agent"
)

// DefaultReadRate and DefaultWriteRate (tokens per second) project model
// time on a CPU: the ancestor measured them for a 7B Q4 model on an
// i5-9500, so only at these rates does a summary name that machine.
const (
	DefaultReadRate  = 7.0
	DefaultWriteRate = 3.5
)

// Summary is summary.json: the results and the rates they were projected at.
type Summary struct {
	Mode      string   `json:"mode"` // offline or live
	ReadRate  float64  `json:"read_rate"`
	WriteRate float64  `json:"write_rate"`
	Results   []Result `json:"results"`
	// Totals sum the results per mode (append, and rebuild when it ran).
	Totals []Total `json:"totals,omitempty"`
	// RebuildTimeRatio is the rebuild run's projected model time over the
	// append run's: how many times less the growing conversation needs.
	// Zero unless --no-cache-reuse ran both.
	RebuildTimeRatio float64 `json:"rebuild_time_ratio,omitempty"`
}

// Total is one mode's results summed, per style.
type Total struct {
	Mode  string `json:"mode"`
	Style Style  `json:"style,omitempty"`
	Tasks int    `json:"tasks"`
	// Passed counts the tasks finished by the agent with every answer check
	// and citation passing.
	Passed           int     `json:"tasks_passed"`
	Turns            int     `json:"turns"`
	PromptTokens     int     `json:"prompt_tokens"`
	Reusable         int     `json:"reusable_tokens"`
	ProjectedMinutes float64 `json:"projected_model_minutes"`
}

// ReuseRatio is Reusable over PromptTokens.
func (t Total) ReuseRatio() float64 {
	return Result{PromptTokens: t.PromptTokens, Reusable: t.Reusable}.ReuseRatio()
}

// totals sums the results per mode and style, in the order they ran, and
// the rebuild-over-append time ratio when both modes ran.
func (s Summary) totals() ([]Total, float64) {
	var out []Total
	index := map[string]int{}
	for _, r := range s.Results {
		key := r.Mode + "/" + string(r.Style)
		i, ok := index[key]
		if !ok {
			i, index[key] = len(out), len(out)
			out = append(out, Total{Mode: r.Mode, Style: r.Style})
		}
		t := &out[i]
		t.Tasks++
		if r.Passed() {
			t.Passed++
		}
		t.Turns += r.Turns
		t.PromptTokens += r.PromptTokens
		t.Reusable += r.Reusable
		t.ProjectedMinutes += r.ProjectedMinutes
	}
	r := totalOf(out, "rebuild", "")
	a := totalOf(out, "append", r.Style)
	if a.ProjectedMinutes == 0 || r.Tasks == 0 {
		return out, 0
	}
	return out, r.ProjectedMinutes / a.ProjectedMinutes
}

// totalOf is the total of one mode and style ("" for the first of the
// mode), zero when it did not run.
func totalOf(totals []Total, mode string, style Style) Total {
	for _, t := range totals {
		if t.Mode == mode && (style == "" || t.Style == style) {
			return t
		}
	}
	return Total{}
}

// Passed reports whether the agent finished the task with every answer
// check and citation passing, and a report that keeps its promise.
func (r Result) Passed() bool {
	return r.FinishedBy == "agent" && r.AnswerPassed == r.AnswerTotal && r.CitationsValid && r.Breaches() == 0
}

// Write saves summary.json and summary.md in dir and returns the Markdown.
func (s Summary) Write(dir string, baseline *Summary) (string, error) {
	s.Totals, s.RebuildTimeRatio = s.totals()
	md := s.Markdown(baseline)
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "summary.json"), append(data, '\n'), 0o644); err != nil {
		return "", err
	}
	return md, os.WriteFile(filepath.Join(dir, "summary.md"), []byte(md), 0o644)
}

// ReadSummary loads an earlier summary.json for --baseline.
func ReadSummary(path string) (*Summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the baseline %s: %w", path, err)
	}
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("the baseline %s is not a summary.json: %w", path, err)
	}
	return &s, nil
}

// Markdown renders the summary table, the totals, the ratio to the
// rebuild-every-turn baseline when it ran, and the change per task against
// an earlier summary.
func (s Summary) Markdown(baseline *Summary) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# Scout benchmark (%s)\n\n", s.Mode)
	machine := ""
	if s.ReadRate == DefaultReadRate && s.WriteRate == DefaultWriteRate {
		machine = " (a 7B Q4 model on an ordinary CPU)"
	}
	fmt.Fprintf(&sb, "Projected model time assumes %.1f prompt tokens/s read and %.1f tokens/s written%s; tokens the prompt cache can reuse are not read.\n\n", s.ReadRate, s.WriteRate, machine)
	s.writeZoo(&sb)
	s.writeSpending(&sb)
	s.writeReplays(&sb)
	s.writeFollowUps(&sb)
	sb.WriteString("\n## Every run\n\n")
	sb.WriteString("| Task | Style | Mode | Ended | Turns | Calls | Prompt tok | Reusable | Written | Refusals | Items | Answer | Citations | Promise | Flagged | Model min |\n")
	sb.WriteString("| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | --- | ---: | ---: |\n")
	estimated := false
	for _, r := range s.Results {
		cites := "valid"
		if !r.CitationsValid {
			cites = fmt.Sprintf("%d problems", len(r.CitationProblems))
		}
		reuse := fmt.Sprintf("%.0f%%", 100*r.ReuseRatio())
		if r.ReuseEstimated {
			reuse, estimated = "≈"+reuse, true
		}
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %d | %d | %d | %s | %d | %d | %d/%d | %d/%d | %s | %s | %d | %.1f |\n",
			r.ID, r.styleName(s.Mode), r.Mode, r.FinishedBy, r.Turns, sum(r.Calls), r.PromptTokens, reuse, r.CompletionTokens,
			sum(r.Refusals), r.ItemsCovered, r.Items, r.AnswerPassed, r.AnswerTotal, cites, r.promiseCell(), r.NumbersFlagged, r.ProjectedMinutes)
	}
	sb.WriteString("\nPromise: items the report answers / names as not found / names as left out / gives a view on, then ✓, or ✗ and how many ways it breaks the report's promise (an item named twice, or not at all).\n")
	if estimated {
		sb.WriteString("\n≈ The model server does not report how much of each prompt its cache reused (LM Studio and Ollama do not); Scout estimated it from the prompts it sent.\n")
	}
	s.writeTotals(&sb)
	s.writeDetails(&sb)
	if baseline != nil {
		s.writeBaseline(&sb, baseline)
	}
	return sb.String()
}

// listWaits is every append run's wait from a SEARCH to its results
// list, sorted.
func (s Summary) listWaits() []float64 {
	var out []float64
	for _, r := range s.Results {
		if r.Mode == "append" {
			out = append(out, r.ListWaits...)
		}
	}
	slices.Sort(out)
	return out
}

// promiseCell is the Every run table's promise column.
func (r Result) promiseCell() string {
	p := r.Promise
	if p == nil {
		return "–"
	}
	mark := "✓"
	if len(p.Breaches) > 0 {
		mark = fmt.Sprintf("✗ %d", len(p.Breaches))
	}
	return fmt.Sprintf("%d/%d/%d/%d %s", p.Answered, p.NotFound, p.LeftOut, p.Views, mark)
}

func (s Summary) writeTotals(sb *strings.Builder) {
	totals, ratio := s.totals()
	sb.WriteString("\n## Totals\n\n")
	checked, breaches := 0, 0
	for _, r := range s.Results {
		if r.Promise != nil {
			checked++
			breaches += r.Breaches()
		}
	}
	if waits := s.listWaits(); len(waits) > 0 {
		fmt.Fprintf(sb, "- From a SEARCH to its results list: %.1f s at the median, %.1f s at most (the search, and the pages read ahead while the list waits); searches: %d.\n",
			waits[len(waits)/2], waits[len(waits)-1], len(waits))
	}
	if checked > 0 {
		fmt.Fprintf(sb, "- The report's promise: %d breaches in %d reports.\n", breaches, checked)
	}
	for _, t := range totals {
		label := t.Mode
		if t.Style != "" {
			label += ", " + string(t.Style)
		}
		fmt.Fprintf(sb, "- %s: %d of %d tasks finished by the agent with every answer check and citation passing; %d turns; %d prompt tokens, %.0f%% reusable; %.1f projected model minutes\n",
			label, t.Passed, t.Tasks, t.Turns, t.PromptTokens, 100*t.ReuseRatio(), t.ProjectedMinutes)
	}
	if ratio > 0 {
		r := totalOf(totals, "rebuild", "")
		fmt.Fprintf(sb, "- The growing conversation needs %.2fx less model time than rebuilding the prompt every turn (%.1f vs %.1f minutes).\n",
			ratio, totalOf(totals, "append", r.Style).ProjectedMinutes, r.ProjectedMinutes)
	}
}

func (s Summary) writeDetails(sb *strings.Builder) {
	sb.WriteString("\n## Details\n\n")
	for _, r := range s.Results {
		var parts []string
		if len(r.Calls) > 0 {
			parts = append(parts, "model calls: "+describeCounts(r.Calls))
		}
		if len(r.Refusals) > 0 {
			parts = append(parts, "refusals: "+describeCounts(r.Refusals))
		}
		if len(r.Checks) > 0 {
			parts = append(parts, "checks: "+describeCounts(r.Checks))
		}
		if len(r.AnswerMisses) > 0 {
			parts = append(parts, "answer: "+strings.Join(r.AnswerMisses, ", "))
		}
		if len(r.CitationProblems) > 0 {
			parts = append(parts, "citations: "+strings.Join(r.CitationProblems, "; "))
		}
		if r.Breaches() > 0 {
			parts = append(parts, "promise: "+strings.Join(r.Promise.Breaches, "; "))
		}
		if r.Error != "" {
			parts = append(parts, "error: "+r.Error)
		}
		if len(parts) > 0 {
			fmt.Fprintf(sb, "- %s (%s, %s): %s\n", r.ID, r.styleName(s.Mode), r.Mode, strings.Join(parts, " | "))
		}
	}
}

// writeBaseline prints each task's change against an earlier summary, and
// says what cannot be compared: a baseline of another mode or other rates,
// and tasks only one of the two ran.
func (s Summary) writeBaseline(sb *strings.Builder, base *Summary) {
	sb.WriteString("\n## Change against the baseline\n\n")
	s.writeBaselineCaveats(sb, base)
	old := map[string]Result{}
	for _, r := range base.Results {
		old[r.key(base.Mode)] = r
	}
	var rows, missing []string
	for _, r := range s.Results {
		o, ok := old[r.key(s.Mode)]
		if !ok {
			missing = append(missing, r.label(s.Mode))
			continue
		}
		delete(old, r.key(s.Mode))
		rows = append(rows, fmt.Sprintf("| %s | %s | %s | %d → %d | %.1f → %.1f | %.0f%% → %.0f%% | %d/%d → %d/%d |\n", r.ID, r.styleName(s.Mode), r.Mode,
			o.Turns, r.Turns, o.ProjectedMinutes, r.ProjectedMinutes, 100*o.ReuseRatio(), 100*r.ReuseRatio(),
			o.AnswerPassed, o.AnswerTotal, r.AnswerPassed, r.AnswerTotal))
	}
	if len(rows) > 0 {
		sb.WriteString("| Task | Style | Mode | Turns | Model min | Reuse | Answer |\n| --- | --- | --- | --- | --- | --- | --- |\n" + strings.Join(rows, ""))
	} else {
		sb.WriteString("No task of this run is in the baseline: nothing to compare.\n")
	}
	if len(missing) > 0 {
		fmt.Fprintf(sb, "\nNot in the baseline, so not compared: %s.\n", strings.Join(missing, ", "))
	}
	if len(old) > 0 {
		fmt.Fprintf(sb, "\nIn the baseline only, not run now: %s.\n", strings.Join(baselineOnly(base, old), ", "))
	}
}

// writeBaselineCaveats says when the baseline ran another mode or at
// other rates: its figures then differ for that reason too.
func (s Summary) writeBaselineCaveats(sb *strings.Builder, base *Summary) {
	if base.Mode != s.Mode {
		fmt.Fprintf(sb, "The baseline ran %s, this run %s: the changes below include that difference.\n\n", base.Mode, s.Mode)
	}
	if base.ReadRate != s.ReadRate || base.WriteRate != s.WriteRate {
		fmt.Fprintf(sb, "The baseline projected model time at %.1f and %.1f tokens/s, this run at %.1f and %.1f: the model minutes are not comparable.\n\n",
			base.ReadRate, base.WriteRate, s.ReadRate, s.WriteRate)
	}
}

// baselineOnly lists the baseline's results left in old, in its order.
func baselineOnly(base *Summary, old map[string]Result) []string {
	var out []string
	for _, r := range base.Results {
		if _, ok := old[r.key(base.Mode)]; ok {
			out = append(out, r.label(base.Mode))
		}
	}
	return out
}

// styleName is the style a result was played in: offline results from
// before the zoo played the oracle; live ones the model in settings.
func (r Result) styleName(mode string) Style {
	switch {
	case r.Style != "":
		return r.Style
	case strings.HasPrefix(mode, "live"):
		return "model"
	}
	return Oracle
}

// key identifies a result across summaries; a live run's model is
// compared with the oracle, the offline stand-in for a model.
func (r Result) key(mode string) string {
	st := r.styleName(mode)
	if st == "model" {
		st = Oracle
	}
	return r.ID + "/" + r.Mode + "/" + string(st)
}

func (r Result) label(mode string) string {
	return fmt.Sprintf("%s (%s, %s)", r.ID, r.styleName(mode), r.Mode)
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func describeCounts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s ×%d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// writeZoo prints the styles-by-tasks table when more than one style
// played: how each run ended, its answer checks, its citations and its
// projected model minutes, with each style's passes and minutes summed.
func (s Summary) writeZoo(sb *strings.Builder) {
	var styles []Style
	var tasks []string
	cell := map[string]Result{}
	for _, r := range s.Results {
		if r.Mode != "append" || r.Style == "" || r.Style == Replay || r.FollowUp != nil {
			continue // a follow-up is played by the oracle alone, and has a section of its own
		}
		if !slices.Contains(styles, r.Style) {
			styles = append(styles, r.Style)
		}
		if !slices.Contains(tasks, r.ID) {
			tasks = append(tasks, r.ID)
		}
		cell[string(r.Style)+"/"+r.ID] = r
	}
	if len(styles) < 2 {
		return
	}
	sb.WriteString("\n## The model zoo: styles by task\n\n")
	sb.WriteString("Each cell: how the run ended, answer checks passed, citations (✓ valid), projected model minutes, the items the report names as not found or left out, and ✗ promise with how many ways the report breaks its promise, if it does. A style passes a task when the agent finished it with every answer check and citation passing and a report that keeps its promise; short of that, a report should name what it lacks.\n\n")
	sb.WriteString("| Style | " + strings.Join(tasks, " | ") + " | Passed | Or named | Model min |\n")
	sb.WriteString("| --- |" + strings.Repeat(" --- |", len(tasks)) + " ---: | ---: | ---: |\n")
	for _, st := range styles {
		row, passed, named, minutes := []string{string(st)}, 0, 0, 0.0
		for _, id := range tasks {
			r, ok := cell[string(st)+"/"+id]
			if !ok {
				row = append(row, "")
				continue
			}
			cites := "✓"
			if !r.CitationsValid {
				cites = "✗"
			}
			c := fmt.Sprintf("%s %d/%d %s %.1f", r.FinishedBy, r.AnswerPassed, r.AnswerTotal, cites, r.ProjectedMinutes)
			if r.GapsNamed > 0 {
				c += fmt.Sprintf(" (%d named)", r.GapsNamed)
			}
			if b := r.Breaches(); b > 0 {
				c += fmt.Sprintf(" ✗ promise %d", b)
			}
			row = append(row, c)
			switch {
			case r.Passed():
				passed++
			case r.GapsNamed > 0 && r.CitationsValid:
				named++
			}
			minutes += r.ProjectedMinutes
		}
		fmt.Fprintf(sb, "| %s | %d/%d | %d | %.1f |\n", strings.Join(row, " | "), passed, len(tasks), named, minutes)
	}
}

// writeReplays sets each replayed run beside the recorded run it replays.
func (s Summary) writeReplays(sb *strings.Builder) {
	for _, r := range s.Results {
		if r.Style != Replay || r.Ancestor == nil {
			continue
		}
		a := r.Ancestor
		fmt.Fprintf(sb, "\n## %s replayed: Scout beside the ancestor\n\n", r.ID)
		fmt.Fprintf(sb, "The same recorded actions, as the ancestor's model wrote them. The ancestor's minutes were measured on its machine; Scout's are projected at the rates above.\n\n")
		sb.WriteString("| Run | Ended | Turns | Action prompts (tokens) | Writer prompt | Written | Model min |\n| --- | --- | ---: | --- | ---: | ---: | ---: |\n")
		fmt.Fprintf(sb, "| ancestor %s | agent | %d | %s | %d | %d | %.1f |\n", a.Version, a.Turns, joinCounts(a.PromptTokens), a.WriterPrompt, sumInts(a.CompletionTokens), a.ModelMinutes)
		var prompts []int
		writer, written := 0, 0
		for _, c := range r.PerCall {
			written += c.Written
			switch c.Kind {
			case "writer":
				writer = c.Prompt
			case "action":
				prompts = append(prompts, c.Prompt)
			}
		}
		fmt.Fprintf(sb, "| Scout | %s | %d | %s | %d | %d | %.1f |\n", r.FinishedBy, r.Turns, joinCounts(prompts), writer, written, r.ProjectedMinutes)
		sb.WriteString("\nScout's calls, with what the prompt cache reused:\n\n| # | Kind | Prompt | Reused | Written |\n| ---: | --- | ---: | ---: | ---: |\n")
		for i, c := range r.PerCall {
			fmt.Fprintf(sb, "| %d | %s | %d | %d | %d |\n", i+1, c.Kind, c.Prompt, c.Reused, c.Written)
		}
	}
}

func joinCounts(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, ", ")
}

func sumInts(ns []int) int {
	t := 0
	for _, n := range ns {
		t += n
	}
	return t
}

// writeSpending prints where the fresh prompt tokens went, task by task,
// for the first style that ran offline, with the floor and the share read
// twice; then each style's suite totals.
func (s Summary) writeSpending(sb *strings.Builder) {
	var first Style
	var rows []Result
	for _, r := range s.Results {
		if r.Spending == nil || r.Mode != "append" || r.Style == Replay {
			continue
		}
		if first == "" {
			first = r.Style
		}
		if r.Style == first {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(sb, "\n## Where the model time goes (%s)\n\n", first)
	sb.WriteString("Fresh prompt tokens (read anew, not from the cache) by where the text came from; the floor is the system prompt, one results list, the page parts the findings come from and the findings for the writer, each read once; re-read is fresh text the run had read before; thought is the share of the action calls' writing that was the thought beside the action.\n\n")
	sb.WriteString("| Task | Fresh | " + strings.Join(Sources, " | ") + " | Floor | Fresh/floor | Re-read | Written (action/checklist/coverage/writer) | Thought |\n")
	sb.WriteString("| --- | ---: |" + strings.Repeat(" ---: |", len(Sources)) + " ---: | ---: | ---: | --- | ---: |\n")
	var total Spending
	total.Fresh, total.Written = map[string]int{}, map[string]int{}
	fresh := 0
	for _, r := range rows {
		sp := r.Spending
		f := r.PromptTokens - r.Reusable
		cells := []string{r.ID, fmt.Sprint(f)}
		for _, src := range Sources {
			cells = append(cells, fmt.Sprint(sp.Fresh[src]))
			total.Fresh[src] += sp.Fresh[src]
		}
		for k, n := range sp.Written {
			total.Written[k] += n
		}
		total.Floor += sp.Floor
		total.ReRead += sp.ReRead
		total.Thought += sp.Thought
		fresh += f
		cells = append(cells, fmt.Sprint(sp.Floor), ratio(f, sp.Floor), percent(sp.ReRead, r.PromptTokens), written(sp.Written), percent(sp.Thought, sp.Written[agent.KindAction]))
		sb.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	cells := []string{"**suite**", fmt.Sprint(fresh)}
	for _, src := range Sources {
		cells = append(cells, fmt.Sprint(total.Fresh[src]))
	}
	prompt := 0
	for _, r := range rows {
		prompt += r.PromptTokens
	}
	cells = append(cells, fmt.Sprint(total.Floor), ratio(fresh, total.Floor), percent(total.ReRead, prompt), written(total.Written), percent(total.Thought, total.Written[agent.KindAction]))
	sb.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	s.writeStyleSpending(sb)
}

// writeStyleSpending sums fresh tokens, floor and re-read per style.
func (s Summary) writeStyleSpending(sb *strings.Builder) {
	type sums struct{ fresh, floor, reread, prompt int }
	var order []Style
	by := map[Style]*sums{}
	for _, r := range s.Results {
		if r.Spending == nil || r.Mode != "append" {
			continue
		}
		if by[r.Style] == nil {
			by[r.Style] = &sums{}
			order = append(order, r.Style)
		}
		t := by[r.Style]
		t.fresh += r.PromptTokens - r.Reusable
		t.floor += r.Spending.Floor
		t.reread += r.Spending.ReRead
		t.prompt += r.PromptTokens
	}
	if len(order) < 2 {
		return
	}
	sb.WriteString("\n| Style | Fresh | Floor | Fresh/floor | Re-read |\n| --- | ---: | ---: | ---: | ---: |\n")
	for _, st := range order {
		t := by[st]
		fmt.Fprintf(sb, "| %s | %d | %d | %s | %s |\n", st, t.fresh, t.floor, ratio(t.fresh, t.floor), percent(t.reread, t.prompt))
	}
}

func ratio(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", float64(a)/float64(b))
}

func percent(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

func written(by map[string]int) string {
	return fmt.Sprintf("%d/%d/%d/%d", by["action"], by["checklist"], by["coverage"], by["writer"])
}
