package agent

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/tokens"
)

const findingKenya = "[1] Mount Kilimanjaro is a dormant volcano in Tanzania and the highest mountain in Africa."

func TestTurnLimitReportsWhatIsMissing(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, findingKenya, ""), act(ActReadMore, "", ""), act(ActReadMore, "", "")},
		KindWriter:    {`{"result":"Mount Kilimanjaro is the tallest [1], about 3.66 miles high and 5895 m."}`},
	})
	cfg.MaxTurns = 5
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusTurnLimit || len(res.Findings) != 1 {
		t.Fatalf("status %s findings %d", res.Status, len(res.Findings))
	}
	var missing []int
	for _, it := range res.NotFound {
		missing = append(missing, it.Item.Number)
	}
	if !reflect.DeepEqual(missing, []int{2, 3}) {
		t.Fatalf("not found %v", missing)
	}
	// 5895 is in no finding here (the finding has no height); 3.66 neither.
	if !reflect.DeepEqual(res.Unsupported, []string{"3.66", "5895"}) {
		t.Fatalf("unsupported %v", res.Unsupported)
	}
	if len(m.calls(KindWriter)) != 1 || len(m.calls(KindCoverage)) != 0 {
		t.Fatalf("calls %v", res.Calls)
	}
}

// A model that answers every send-back with FINISH again must not loop to
// the turn limit: after maxGapSendBacks send-backs and the one step Scout
// takes in its place (insist.go), the gaps are reported as not found.
func TestInsistedFinishEndsWithGapsReported(t *testing.T) {
	finish := act(ActFinish, "Kilimanjaro.", "All covered.")
	actions := []string{search1, openKili, act(ActDiscover, findingKenya, "")}
	for i := 0; i < 10; i++ {
		actions = append(actions, finish)
	}
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    actions,
		KindWriter:    {`{"result":"Mount Kilimanjaro [1]."}`},
	})
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusFinished || len(res.NotFound) != 2 {
		t.Fatalf("status %s, not found %+v", res.Status, res.NotFound)
	}
	const stepTaken = 1
	if got, want := len(m.calls(KindAction)), 3+maxGapSendBacks+stepTaken+1; got != want {
		t.Fatalf("%d action calls, want %d: FINISH sent back %d times, Scout's step, then accepted", got, want, maxGapSendBacks)
	}
	steps := 0
	for _, e := range rec.of(EvCheck) {
		if e.Kind == CheckStepTaken {
			steps++
		}
	}
	if steps != stepTaken {
		t.Fatalf("Scout took %d steps, want %d", steps, stepTaken)
	}
}

func TestModelGoneMidRunKeepsFindings(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActReadMore, "", "")},
	})
	m.err = map[int]error{4: fmt.Errorf("connection refused")} // call 0 is the checklist
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusModelUnavailable || len(res.Findings) != 1 || res.Error != "Turn 4: connection refused" {
		t.Fatalf("status %s findings %d error %q", res.Status, len(res.Findings), res.Error)
	}
	if len(m.calls(KindWriter)) != 0 {
		t.Fatal("the writer was called with the model gone")
	}
	if last := rec.events[len(rec.events)-1]; last.Type != EvRunFinished || last.Status != StatusModelUnavailable {
		t.Fatalf("last event %+v", last)
	}
}

// cancelling is a Model that cancels the run during a chosen call, as
// Ctrl+C does.
type cancelling struct {
	*scripted
	at     int
	cancel context.CancelFunc
}

func (c *cancelling) Complete(ctx context.Context, req chat.Request, notify port.Notify) (chat.Reply, error) {
	if len(c.reqs) == c.at {
		c.cancel()
		return chat.Reply{}, ctx.Err()
	}
	return c.scripted.Complete(ctx, req, notify)
}

func TestInterruptStopsWithoutWriting(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, "")},
	})
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Model = &cancelling{scripted: m, at: 4, cancel: cancel}
	res, _ := Run(ctx, cfg)
	if res.Status != StatusInterrupted || len(res.Findings) != 1 || res.Answer != "" {
		t.Fatalf("status %s findings %d answer %q", res.Status, len(res.Findings), res.Answer)
	}
}

// The benchmark's baseline rebuilds the prompt before every action but the
// first, which goes out as the checklist exchange left it; each rebuilt
// prompt holds the observation the model has not answered yet.
func TestRebuildEveryTurnBaseline(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "x", "All covered by [1].")},
		KindCoverage:  {coverageAll()},
		KindWriter:    {`{"result":"Kilimanjaro [1]."}`},
	})
	cfg.RebuildEveryTurn = true
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusFinished || res.Rebuilds != 3 || len(rec.of(EvRebuilt)) != 3 {
		t.Fatalf("status %s, %d rebuilds (want one before each action after the first)", res.Status, res.Rebuilds)
	}
	actions := m.calls(KindAction)
	if first := actions[0].Messages; len(first) != 4 || !strings.HasPrefix(first[3].Content, "CHECKLIST") {
		t.Fatalf("the first action was not sent as the checklist exchange left it: %d messages", len(first))
	}
	for i, req := range actions[1:] {
		last := req.Messages[len(req.Messages)-1].Content
		if len(req.Messages) != 2 || strings.Contains(last, "Start with a SEARCH") {
			t.Fatalf("action %d: %d messages, rebuilt around the start instead of the latest observation:\n%s", i+2, len(req.Messages), last)
		}
	}
}

func TestOverflowRebuildsAndRetriesOnce(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "x", "All covered by [1].")},
		KindCoverage:  {coverageAll()},
		KindWriter:    {`{"result":"Kilimanjaro [1]."}`},
	})
	m.err = map[int]error{3: fmt.Errorf("server said: %w", chat.ErrContextOverflow)}
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusFinished || res.Rebuilds != 1 || len(rec.of(EvRebuilt)) != 1 {
		t.Fatalf("status %s rebuilds %d", res.Status, res.Rebuilds)
	}
	retried := m.reqs[4]
	if len(retried.Messages) != 2 || !strings.Contains(retried.Messages[1].Content, "JOURNAL (most recent last):") {
		t.Fatalf("retry after overflow was not a rebuilt prompt: %d messages", len(retried.Messages))
	}
	if n := len(checksOf(rec, "context")); n != 0 {
		t.Fatalf("an overflow that names no context changed it (%d events)", n)
	}
}

// overflow is a server's overflow error that says what context it loaded.
type overflow struct{ loaded int }

func (o overflow) Error() string      { return fmt.Sprintf("loaded with only %d tokens", o.loaded) }
func (o overflow) Unwrap() error      { return chat.ErrContextOverflow }
func (o overflow) LoadedContext() int { return o.loaded }

func checksOf(rec *recorder, kind string) []Event {
	var out []Event
	for _, ev := range rec.of(EvCheck) {
		if ev.Kind == kind {
			out = append(out, ev)
		}
	}
	return out
}

// A server that loaded less context than assumed (LM Studio loading the
// model just in time) says so in its overflow error: the run keeps to it,
// down to the size of the page parts it shows.
func TestOverflowAdaptsToTheLoadedContext(t *testing.T) {
	parts := func(ctxLen int, overflowAt map[int]error) (int, *recorder) {
		cfg, m, rec, _ := newRun(t, map[string][]string{
			KindChecklist: {kiliChecklist()},
			KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "x", "All covered by [1].")},
			KindCoverage:  {coverageAll()},
			KindWriter:    {`{"result":"Kilimanjaro [1]."}`},
		})
		cfg.ContextLength = ctxLen
		m.err = overflowAt
		res, _ := Run(context.Background(), cfg)
		if res.Status != StatusFinished {
			t.Fatalf("status %s (%s)", res.Status, res.Error)
		}
		if want := cmp.Or(chat.LoadedContext(overflowAt[2]), ctxLen); res.ContextLength != want {
			t.Fatalf("the result says context %d, want %d", res.ContextLength, want)
		}
		opened := rec.of(EvPageOpened)
		if len(opened) != 1 {
			t.Fatalf("%d pages opened", len(opened))
		}
		return opened[0].Parts, rec
	}
	before, _ := parts(8192, nil)
	// The NAVIGATE call (the third model call) overflows a 2048-token context.
	after, rec := parts(8192, map[int]error{2: fmt.Errorf("server said: %w", overflow{loaded: 2048})})
	if after <= before {
		t.Fatalf("the page has %d parts after the context shrank to 2048, %d at 8192", after, before)
	}
	got := checksOf(rec, "context")
	if len(got) != 1 || got[0].Count != 2048 || !strings.Contains(got[0].Reason, "2048 tokens of context loaded, not 8192") {
		t.Fatalf("context events %+v", got)
	}
}

func TestRebuildNearTheContextLimit(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {search1, openKili, act(ActDiscover, finding1, ""), act(ActReadMore, "", ""), act(ActReadMore, "", ""),
			act(ActReadMore, "", ""), act(ActReadMore, "", ""), act(ActReadMore, "", ""), act(ActSearch, "mount kenya", "")},
		KindWriter: {`{"result":"Kilimanjaro [1]."}`},
	})
	cfg.ContextLength = 2048 // the page's parts fill it quickly
	cfg.MaxTurns = 8
	Run(context.Background(), cfg)
	if len(rec.of(EvRebuilt)) == 0 {
		t.Fatal("no rebuild in a 2,048-token context")
	}
	for i, r := range m.calls(KindAction) {
		if est := (&conversation{msgs: r.Messages, est: &tokens.Estimator{}}).tokens(); est+maxTokens[KindAction] > 2048 {
			t.Errorf("action request %d is ~%d tokens: it does not leave room for the reply", i, est)
		}
	}
}

func TestCheapRetriesAreBoundedPerTurn(t *testing.T) {
	// Each reply different, so the run is not ended as stuck.
	var bad []string
	for i := range 2 * (maxRetriesPerTurn + 1) {
		bad = append(bad, act(ActNavigate, fmt.Sprintf("http://nowhere.test/%d", i), ""))
	}
	cfg, m, rec, _ := newRun(t, map[string][]string{KindChecklist: {kiliChecklist()}, KindAction: bad})
	cfg.MaxTurns = 2
	Run(context.Background(), cfg)
	// Each turn: the first try plus maxRetriesPerTurn retries.
	if n := len(m.calls(KindAction)); n != 2*(maxRetriesPerTurn+1) {
		t.Fatalf("%d action calls", n)
	}
	if n := len(rec.of(EvRefused)); n != 2*(maxRetriesPerTurn+1) {
		t.Fatalf("%d refusals", n)
	}
}

func TestConfigErrors(t *testing.T) {
	full := Config{Objective: "o", Model: &scripted{t: t}, Browser: &fakeweb.Fake{}, Search: fakeSearch{}}
	for name, change := range map[string]func(*Config){
		"no objective": func(c *Config) { c.Objective = "" },
		"no model":     func(c *Config) { c.Model = nil },
		"no browser":   func(c *Config) { c.Browser = nil },
		"no search":    func(c *Config) { c.Search = nil },
	} {
		c := full
		change(&c)
		if res, err := Run(context.Background(), c); err == nil || res != nil {
			t.Errorf("%s: accepted (%v)", name, res)
		}
	}
}

func TestResumeContinuesFromTheJournal(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, findingKenya, "")},
	})
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Model = &cancelling{scripted: m, at: 4, cancel: cancel}
	first, _ := Run(ctx, cfg)
	if first.Status != StatusInterrupted {
		t.Fatalf("first run %s", first.Status)
	}
	snap, err := snapshotOf(rec.events)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Turn != 4 || len(snap.Findings) != 1 || len(snap.Checklist) != 3 || snap.LastSeq != rec.events[len(rec.events)-1].Seq {
		t.Fatalf("snapshot %+v", snap)
	}

	cfg2, m2, rec2, _ := newRun(t, map[string][]string{
		KindAction: {act(ActSearch, "tallest mountain in Africa", ""), act(ActNavigate, base+"/wiki/Kilimanjaro", ""),
			act(ActDiscover, "[2,3] Rising 5,895 metres (19,341 ft) above sea level.", ""), act(ActFinish, "Kilimanjaro", "All covered.")},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Kilimanjaro [1], 5,895 metres (19,341 ft) [2]."}`},
	})
	cfg2.Resume = &snap
	res, _ := Run(context.Background(), cfg2)
	if res.Status != StatusFinished || len(res.Findings) != 2 || res.Turns <= 4 {
		t.Fatalf("resumed run: %s, %d findings, %d turns", res.Status, len(res.Findings), res.Turns)
	}
	if m2.calls(KindChecklist) != nil {
		t.Fatal("a resumed run made a new checklist")
	}
	first2 := m2.calls(KindAction)[0].Messages
	if len(first2) != 2 || !strings.Contains(first2[1].Content, "[1] Mount Kilimanjaro is a dormant volcano") {
		t.Fatalf("resumed prompt does not carry the findings:\n%s", first2[len(first2)-1].Content)
	}
	// The old search is remembered (refused), and the page the run was on
	// is open again (opening it is refused: resume_test.go has the rest).
	if refusals := rec2.of(EvRefused); len(refusals) < 2 || !strings.Contains(refusals[0].Reason, "already searched") || refusals[1].Kind != RefusalAlreadyOpen {
		t.Fatalf("refusals %+v", refusals)
	}
	if rec2.events[0].Seq != snap.LastSeq+1 {
		t.Fatalf("sequence restarted at %d", rec2.events[0].Seq)
	}
	// The figures count the whole run, both stretches.
	var whole Result
	for _, ev := range append(slices.Clone(rec.events), rec2.events...) {
		whole.Tally(ev)
	}
	if res.PromptTokens != whole.PromptTokens || res.Calls[KindAction] != whole.Calls[KindAction] || res.Calls[KindChecklist] != 1 ||
		res.CompletionTokens != whole.CompletionTokens || res.SentBack != whole.SentBack {
		t.Errorf("resumed run's figures: %d prompt tokens, calls %v, %d written, %d sent back; the whole run's: %d, %v, %d, %d",
			res.PromptTokens, res.Calls, res.CompletionTokens, res.SentBack, whole.PromptTokens, whole.Calls, whole.CompletionTokens, whole.SentBack)
	}
}

// When the overflow comes with a page part on screen, the retried prompt
// shows the page split for the smaller context, so it fits.
func TestOverflowWithAPageOpenResplitsIt(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "x", "All covered by [1].")},
		KindCoverage:  {coverageAll()},
		KindWriter:    {`{"result":"Kilimanjaro [1]."}`},
	})
	cfg.ContextLength = 8192
	const loaded = 1500
	m.err = map[int]error{3: fmt.Errorf("server said: %w", overflow{loaded: loaded})} // the DISCOVER after part 1
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusFinished || len(res.Findings) != 1 {
		t.Fatalf("status %s (%s), %d findings", res.Status, res.Error, len(res.Findings))
	}
	retried := m.reqs[4]
	chars := 0
	for _, msg := range retried.Messages {
		chars += len(msg.Content)
	}
	if chars/4+maxTokens[KindAction] > loaded {
		t.Fatalf("the retried prompt is ~%d tokens; with %d for the reply it does not fit %d", chars/4, maxTokens[KindAction], loaded)
	}
	last := retried.Messages[len(retried.Messages)-1].Content
	if !strings.Contains(last, "<page>") || !strings.Contains(last, "Part 1 of ") {
		t.Fatalf("the retried prompt does not show the page's first part anew:\n%s", last)
	}
	if got := checksOf(rec, "context"); len(got) != 1 || !strings.Contains(got[0].Reason, "The open page is now in") {
		t.Fatalf("context events %+v", got)
	}
}

// The coverage check is appended to the conversation only when it fits
// with room for its answer; otherwise it goes with a fresh compact prompt.
func TestCoverageCheckFitsTheContext(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "x", "All covered by [1].")},
		KindCoverage:  {coverageAll()},
		KindWriter:    {`{"result":"Kilimanjaro [1]."}`},
	})
	cfg.ContextLength = 1800 // the conversation at FINISH fits, but not with the check and its answer
	if res, _ := Run(context.Background(), cfg); res.Status != StatusFinished {
		t.Fatalf("status %s (%s)", res.Status, res.Error)
	}
	cov := m.calls(KindCoverage)
	chars := 0
	for _, msg := range cov[0].Messages {
		chars += len(msg.Content)
	}
	if chars/4+maxTokens[KindCoverage]+safetyMargin > cfg.ContextLength {
		t.Fatalf("the coverage prompt is ~%d tokens: with its answer it does not fit %d", chars/4, cfg.ContextLength)
	}
	rebuilt := false
	for _, ev := range rec.of(EvRebuilt) {
		rebuilt = rebuilt || strings.Contains(ev.Reason, "coverage")
	}
	if !rebuilt {
		t.Fatal("no rebuild for the coverage check: make the context small enough that one is needed")
	}
}

// Many findings at a small context: the writer's prompt shortens them so
// it fits with room for the answer.
func TestWriterPromptFitsTheContext(t *testing.T) {
	cfg, _, _, _ := newRun(t, nil)
	cfg.Objective, cfg.ContextLength = "Explain how tides work.", 2048
	a := newAgent(t, cfg)
	for i := 1; i <= 20; i++ {
		a.st.record.findings = append(a.st.record.findings, Finding{Number: i, Items: []int{1}, Title: "Tide - Wiki",
			Text: fmt.Sprintf("Finding %d: ", i) + strings.Repeat("the Moon's pull raises a bulge of water on the side of the Earth facing it ", 4)})
	}
	msgs := a.writerPrompt(nil)
	c := conversation{msgs: msgs, est: a.st.conv.est}
	if fits, _ := c.fits(a.cfg.ContextLength, maxTokens[KindWriter]); !fits {
		t.Fatalf("the writer prompt is ~%d tokens: with its answer it does not fit 2048", c.tokens())
	}
	if !strings.Contains(msgs[1].Content, "[20] Finding 20:") {
		t.Fatal("a finding was dropped instead of shortened")
	}
	// Between: the whole findings fit with the one-line system prompt, and
	// that goes before any finding is shortened.
	mid := 0
	for ctx := 2048; ctx < 32768 && mid == 0; ctx += 50 {
		a.cfg.ContextLength = ctx
		if p := a.writerPrompt(nil); strings.Contains(p[1].Content, strings.TrimSpace(a.st.record.findings[0].Text)) {
			mid = ctx
			if p[0].Content != render("writer-system", nil) {
				t.Fatalf("at %d tokens the whole findings fit only with the one-line system prompt, but it was not used", ctx)
			}
		}
	}
	if mid == 0 {
		t.Fatal("no context fits the whole findings")
	}
	a.cfg.ContextLength = 32768
	full := a.writerPrompt(nil)
	if !strings.Contains(full[1].Content, strings.TrimSpace(a.st.record.findings[0].Text)) {
		t.Fatal("findings were shortened although they fit")
	}
	if full[0].Content != render("system", nil) {
		t.Fatal("with room, the writer's prompt does not open with the agent's (cached) system prompt")
	}
}

// A result the model has opened already is marked in later results, so a
// small model does not spend a page read on it again; one that failed to
// open is not.
func TestResultsMarkPagesOpenedAlready(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {search1, act(ActNavigate, "R3", ""), openKili, act(ActDiscover, finding1, ""),
			act(ActSearch, "Kilimanjaro height", ""), act(ActFinish, "x", "All covered by [1].")},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Kilimanjaro [1]."}`},
	})
	results := append(append([]port.SearchResult(nil), kiliResults["tallest mountain in africa"]...),
		port.SearchResult{Title: "Tanzania - Wiki", URL: base + "/wiki/Tanzania", Snippet: "a country"})
	cfg.Search = fakeSearch{"tallest mountain in africa": results, "kilimanjaro height": results}
	if res, _ := Run(context.Background(), cfg); res.Status != StatusFinished {
		t.Fatalf("status %s (%s)", res.Status, res.Error)
	}
	var second string
	for _, msg := range m.calls(KindAction)[5].Messages {
		if strings.Contains(msg.Content, `SEARCH "Kilimanjaro height"`) {
			second = msg.Content
		}
	}
	if !strings.Contains(second, "R1. Mount Kilimanjaro - Wiki (opened already)") || strings.Contains(second, "Mount Kenya - Wiki (opened") ||
		!strings.Contains(second, "R3. Tanzania - Wiki\n") {
		t.Fatalf("second results:\n%s", second)
	}
}

// An overflow on the coverage check is retried once in a compact prompt,
// so the check is made rather than skipped.
func TestCoverageOverflowIsRetried(t *testing.T) {
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "x", "All covered by [1].")},
		KindCoverage:  {coverageAll()},
		KindWriter:    {`{"result":"Kilimanjaro [1]."}`},
	})
	m.err = map[int]error{5: fmt.Errorf("server said: %w", overflow{loaded: 3000})} // the coverage call after FINISH
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusFinished {
		t.Fatalf("status %s (%s)", res.Status, res.Error)
	}
	if kinds := kinds(m.reqs); len(m.calls(KindCoverage)) != 2 || kinds[5] != KindCoverage {
		t.Fatalf("calls %v: want the coverage check sent twice", kinds)
	}
	// A compact prompt with the check in its one user message: some chat
	// templates refuse two user messages in a row.
	if retry := m.calls(KindCoverage)[1].Messages; len(retry) != 2 || !strings.Contains(retry[1].Content, "JOURNAL") ||
		!strings.Contains(retry[1].Content, "COVERAGE CHECK") {
		t.Fatalf("the retried check was not one compact prompt: %d messages", len(retry))
	}
	for _, r := range m.reqs {
		for i := 1; i < len(r.Messages); i++ {
			if r.Messages[i].Role == r.Messages[i-1].Role {
				t.Fatalf("%s call has two %s messages in a row", r.Kind, r.Messages[i].Role)
			}
		}
	}
}

// The writer is retried once after an overflow (in the context the server
// reported) and once after answering with a research action, then with
// the one-line writer system prompt.
func TestWriterRetries(t *testing.T) {
	for _, tc := range []struct {
		name    string
		writer  []string
		errAt   map[int]error
		context int
		system  string // the retried call's system prompt
	}{
		{"overflow", []string{`{"result":"Kilimanjaro [1]."}`}, map[int]error{6: fmt.Errorf("said: %w", overflow{loaded: 3000})}, 3000, "system"},
		{"an action instead of the result", []string{act(ActFinish, "Kilimanjaro.", "done"), `{"result":"Kilimanjaro [1]."}`}, nil, 8192, "writer-system"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, m, _, _ := newRun(t, map[string][]string{
				KindChecklist: {kiliChecklist()},
				KindAction:    {search1, openKili, act(ActDiscover, finding1, ""), act(ActFinish, "x", "All covered by [1].")},
				KindCoverage:  {coverageAll()},
				KindWriter:    tc.writer,
			})
			cfg.ContextLength = 8192
			m.err = tc.errAt
			res, _ := Run(context.Background(), cfg)
			calls := m.calls(KindWriter)
			if res.Answer != "Kilimanjaro [1]." || len(calls) != 2 || res.ContextLength != tc.context {
				t.Fatalf("answer %q after %d writer calls, context %d (%s)", res.Answer, len(calls), res.ContextLength, res.Error)
			}
			if calls[1].Messages[0].Content != render(tc.system, nil) {
				t.Errorf("the retry's system prompt is not %s", tc.system)
			}
		})
	}
}

// snapshotOf is what package runs hands a resumed run: the snapshot of
// events, added one by one.
func snapshotOf(events []Event) (Snapshot, error) {
	var s Snapshot
	for _, ev := range events {
		s.Add(ev)
	}
	return s.Resumable()
}

// A report written while the run goes on reads its figures back from the
// journal (package runs tallies its events as the agent does): the
// journal must hold every figure the run itself keeps.
func TestJournalFiguresMatchTheRun(t *testing.T) {
	cfg, _, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction: {search1, search1, "not json at all", openKili, act(ActDiscover, finding1, ""),
			act(ActFinish, "x", "All covered by [1].")},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Kilimanjaro [1]."}`},
	})
	cfg.RebuildEveryTurn = true // some rebuilds too
	res, _ := Run(context.Background(), cfg)
	var got Result
	for _, ev := range rec.events {
		got.Tally(ev)
	}
	if res.SentBack != 2 || res.Rebuilds == 0 {
		t.Fatalf("the run sent back %d replies and rebuilt %d times; the script has a repeated search and an unusable reply", res.SentBack, res.Rebuilds)
	}
	// Every scripted reply was one call; the journal must say so too.
	if want := map[string]int{KindChecklist: 1, KindAction: 6, KindCoverage: 1, KindWriter: 1}; !reflect.DeepEqual(got.Calls, want) {
		t.Fatalf("calls from the journal %v, want %v", got.Calls, want)
	}
	if !reflect.DeepEqual(got.Calls, res.Calls) || got.PromptTokens != res.PromptTokens || got.CachedTokens != res.CachedTokens ||
		got.CompletionTokens != res.CompletionTokens || got.ModelTime != res.ModelTime || got.SentBack != res.SentBack || got.Rebuilds != res.Rebuilds {
		t.Fatalf("from the journal %+v\nthe run kept %+v", got, res)
	}
}
