package agent

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/page"
)

// stoppedOnThePage is a run stopped (as Ctrl+C does) on turn 5, while the
// model was about to answer part 2 of the Kilimanjaro article: it searched,
// opened R1 and read on past part 1 (asked once what part 1 said). It
// returns the events the journal holds.
func stoppedOnThePage(t *testing.T) []Event {
	t.Helper()
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1, openKili, act(ActReadMore, "", ""), act(ActReadMore, "", "Part 1 says nothing more.")},
	})
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Model = &cancelling{scripted: m, at: 5, cancel: cancel} // the call after part 2 was shown
	if res, _ := Run(ctx, cfg); res.Status != StatusInterrupted || res.Turns != 4 {
		t.Fatalf("first stretch: %s on turn %d (%s)", res.Status, res.Turns, res.Error)
	}
	if shown := rec.of(EvPartShown); len(shown) != 2 || shown[1].Part != 2 {
		t.Fatalf("the first stretch did not stop on part 2: %+v", shown)
	}
	return rec.events
}

// A run resumed while a page was open goes on where it was: the page is
// open again at the part being read, the last results are back in the
// rebuilt prompt, and a DISCOVER right after the resume is judged against
// the parts shown before it (issue 22: it was refused with "no page is
// open"). The reopening is no visit of the model's, and from the resume's
// rebuild on the conversation only grows.
func TestResumeReopensThePageBeingRead(t *testing.T) {
	snap, err := snapshotOf(stoppedOnThePage(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg, m, rec, fake := newRun(t, map[string][]string{
		// finding1 is in part 1, shown before the stop, not in part 2.
		KindAction:   {act(ActDiscover, finding1, "Part 1 said it."), act(ActNavigate, "R2", "Now the second mountain."), act(ActFinish, "Kilimanjaro.", "All covered by [1].")},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Kilimanjaro [1]."}`},
	})
	cfg.Resume = &snap
	res, _ := Run(context.Background(), cfg)
	if refused := rec.of(EvRefused); len(refused) > 0 {
		t.Fatalf("sent back after the resume: %s", refused[0].Reason)
	}
	if res.Status != StatusFinished || len(res.Findings) != 1 {
		t.Fatalf("resumed run: %s, %d findings (%s)", res.Status, len(res.Findings), res.Error)
	}
	if f := res.Findings[0]; f.URL != base+"/wiki/Kilimanjaro" || f.Part != 1 || !strings.Contains(f.Quote, "5,895 metres (19,341 ft)") {
		t.Fatalf("finding %+v: not grounded on part 1 of the page", f)
	}
	first := m.calls(KindAction)[0].Messages
	prompt := first[len(first)-1].Content
	for _, want := range []string{
		"R1. Mount Kilimanjaro - Wiki", "R2. Mount Kenya - Wiki", // the results
		"You are on http://wiki.test/wiki/Kilimanjaro.\n<page>\nTitle: Mount Kilimanjaro - Wiki\nOutline (2 parts):", "Part 1 (read)", "Part 2 (read)", "Part 2 of 2:\n<page>", "## Climate", // the part being read
	} {
		if !strings.Contains(prompt, want) {
			t.Fatalf("the resumed prompt lacks %q:\n%s", want, prompt)
		}
	}
	// Reopened once, through the browser, then R2 by the model.
	if !slices.Equal(fake.Opened, []string{base + "/wiki/Kilimanjaro", base + "/wiki/Mount_Kenya"}) {
		t.Fatalf("opened %v", fake.Opened)
	}
	if opened := rec.of(EvPageOpened); len(opened) != 1 || opened[0].URL != base+"/wiki/Mount_Kenya" {
		t.Fatalf("page_opened events %+v: the reopening is not the model's visit", opened)
	}
	if shown := rec.of(EvPartShown); len(shown) < 1 || shown[0].Part != 2 || !strings.Contains(shown[0].Text, "Climate") {
		t.Fatalf("parts shown %+v: the part shown again is not kept", shown)
	}
	assertAppendOnly(t, withoutWriter(m.reqs))
}

// A page that cannot be opened again (the site is down) is said so, in
// the journal and the prompt, and the run goes on without it: a DISCOVER
// is sent back as coming from no page, not grounded on the copy in pages/
// (see reopen.go), and the model moves on by the results it is shown
// again. The failed reopening is no visit either.
func TestResumeWhenThePageCannotBeReopened(t *testing.T) {
	first := stoppedOnThePage(t)
	snap, err := snapshotOf(first)
	if err != nil {
		t.Fatal(err)
	}
	cfg, m, rec, fake := newRun(t, map[string][]string{
		KindAction: {act(ActDiscover, finding1, "Part 1 said it."), act(ActNavigate, "R2", "The page is gone; the second result."),
			act(ActDiscover, "[1] Mount Kenya is the second-highest mountain in Africa, at 5,199 metres (17,057 ft).", "")},
		KindWriter: {`{"result":"Mount Kenya is the second-highest [1]."}`},
	})
	fake.World["/wiki/Kilimanjaro"] = fakeweb.Page{Status: 503}
	cfg.Resume, cfg.MaxTurns = &snap, snap.Turn+2
	res, _ := Run(context.Background(), cfg)
	if res.Status != StatusTurnLimit || len(res.Findings) != 1 || !strings.Contains(res.Findings[0].Text, "5,199 metres") {
		t.Fatalf("resumed run: %s, findings %+v (%s)", res.Status, res.Findings, res.Error)
	}
	first2 := m.calls(KindAction)[0].Messages
	prompt := first2[len(first2)-1].Content
	for _, want := range []string{
		"T4 resumed: http://wiki.test/wiki/Kilimanjaro failed to open again: HTTP 503", // the journal
		"the page you were reading, http://wiki.test/wiki/Kilimanjaro, failed to open again: HTTP 503",
		"No page is open now", "R2. Mount Kenya - Wiki",
	} {
		if !strings.Contains(prompt, want) {
			t.Fatalf("the resumed prompt lacks %q:\n%s", want, prompt)
		}
	}
	if strings.Contains(prompt, "<page>") || strings.Contains(prompt, "You are on") {
		t.Fatalf("the resumed prompt shows a page that did not open:\n%s", prompt)
	}
	if refused := rec.of(EvRefused); len(refused) != 1 || refused[0].Kind != RefusalNoPage {
		t.Fatalf("refusals %+v", refused)
	}
	reopened := rec.of(EvPageReopened)
	if len(reopened) != 1 || !strings.Contains(reopened[0].Reason, "HTTP 503") || len(rec.of(EvPageFailed)) != 0 {
		t.Fatalf("page_reopened %+v, page_failed %+v", reopened, rec.of(EvPageFailed))
	}
	assertAppendOnly(t, withoutWriter(m.reqs))
	// The journal read back: one visit to the page, which is no longer the
	// one the run is on, and the line the prompt showed.
	whole, _ := snapshotOf(append(slices.Clone(first), rec.events...))
	if whole.Visits[base+"/wiki/Kilimanjaro"] != 1 || whole.Page == nil || whole.Page.URL != base+"/wiki/Mount_Kenya" ||
		!slices.Contains(whole.Journal, `T4 resumed: http://wiki.test/wiki/Kilimanjaro failed to open again: HTTP 503: the page could not be opened (the site has a problem)`) {
		t.Fatalf("read back: visits %v, page %+v, journal %q", whole.Visits, whole.Page, whole.Journal)
	}
}

// A run stopped with no page open resumes as before, with nothing to
// reopen; the results it was shown are back, numbered as they were.
func TestResumeWithNoPageOpen(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {search1},
	})
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Model = &cancelling{scripted: m, at: 2, cancel: cancel} // the call after the search
	if res, _ := Run(ctx, cfg); res.Status != StatusInterrupted {
		t.Fatalf("first stretch %s", res.Status)
	}
	snap, err := snapshotOf(rec.events)
	if err != nil || snap.Page != nil {
		t.Fatalf("snapshot %+v, %v", snap, err)
	}
	cfg2, m2, rec2, fake := newRun(t, map[string][]string{
		KindAction:   {openKili, act(ActDiscover, finding1, ""), act(ActFinish, "Kilimanjaro.", "All covered by [1].")},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Kilimanjaro [1]."}`},
	})
	cfg2.Resume = &snap
	res, _ := Run(context.Background(), cfg2)
	if res.Status != StatusFinished || len(res.Findings) != 1 || len(rec2.of(EvRefused)) != 0 {
		t.Fatalf("resumed run: %s, %d findings, refusals %+v", res.Status, len(res.Findings), rec2.of(EvRefused))
	}
	first := m2.calls(KindAction)[0].Messages
	prompt := first[len(first)-1].Content
	if !strings.Contains(prompt, "R1. Mount Kilimanjaro - Wiki\n") || strings.Contains(prompt, "<page>") {
		t.Fatalf("the resumed prompt:\n%s", prompt)
	}
	if len(rec2.of(EvPageReopened)) != 0 || !slices.Equal(fake.Opened, []string{base + "/wiki/Kilimanjaro"}) {
		t.Fatalf("reopened %+v; opened %v", rec2.of(EvPageReopened), fake.Opened)
	}
	assertAppendOnly(t, withoutWriter(m2.reqs))
}

// A resumed run stopped again before its first action resumes on the same
// page and part: the reopening changed nothing the journal tells of it.
func TestResumeTwiceStaysOnThePage(t *testing.T) {
	first := stoppedOnThePage(t)
	snap, _ := snapshotOf(first)
	cfg, m, rec, _ := newRun(t, map[string][]string{KindAction: {act(ActDiscover, finding1, "")}})
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Model, cfg.Resume = &cancelling{scripted: m, at: 0, cancel: cancel}, &snap
	if res, _ := Run(ctx, cfg); res.Status != StatusInterrupted {
		t.Fatalf("second stretch %s", res.Status)
	}
	events := append(slices.Clone(first), rec.events...)
	again, err := snapshotOf(events)
	if err != nil {
		t.Fatal(err)
	}
	if p := again.Page; p == nil || p.URL != base+"/wiki/Kilimanjaro" || p.Part != 2 || p.Parts != 2 || len(p.Shown) != 3 ||
		again.Visits[p.URL] != 1 || !slices.Equal(again.Journal, snap.Journal) {
		t.Fatalf("read back after the second stretch: page %+v, visits %v, journal %q (was %q)", again.Page, again.Visits, again.Journal, snap.Journal)
	}
	cfg3, m3, rec3, _ := newRun(t, map[string][]string{
		KindAction:   {act(ActDiscover, finding1, ""), act(ActFinish, "Kilimanjaro.", "All covered by [1].")},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Kilimanjaro [1]."}`},
	})
	cfg3.Resume = &again
	if res, _ := Run(context.Background(), cfg3); res.Status != StatusFinished || len(res.Findings) != 1 || len(rec3.of(EvRefused)) != 0 {
		t.Fatalf("third stretch: %s, %d findings, refusals %+v", res.Status, len(res.Findings), rec3.of(EvRefused))
	}
	if prompt := m3.calls(KindAction)[0].Messages[1].Content; !strings.Contains(prompt, "Part 2 of 2:\n<page>") {
		t.Fatalf("the third stretch's prompt:\n%s", prompt)
	}
}

// The page may be split otherwise when the run resumes (a smaller context
// here): what was read carries over by its text, and the part shown is
// the one where the part being read began.
func TestResumeOnAPageSplitOtherwise(t *testing.T) {
	snap, _ := snapshotOf(stoppedOnThePage(t))
	cfg, m, _, _ := newRun(t, map[string][]string{
		KindAction:   {act(ActDiscover, finding1, ""), act(ActFinish, "Kilimanjaro.", "All covered by [1].")},
		KindCoverage: {coverageAll()},
		KindWriter:   {`{"result":"Kilimanjaro [1]."}`},
	})
	cfg.Resume, cfg.ContextLength = &snap, 3000
	if res, _ := Run(context.Background(), cfg); res.Status != StatusFinished || len(res.Findings) != 1 {
		t.Fatalf("resumed run: %s, %d findings (%s)", res.Status, len(res.Findings), res.Error)
	}
	prompt := m.calls(KindAction)[0].Messages[1].Content
	if !strings.Contains(prompt, "Outline (5 parts):") || strings.Count(prompt, " (read): ") != 5 || !strings.Contains(prompt, "Part 4 of 5:\n<page>\n## Climate") {
		t.Fatalf("the resumed prompt:\n%s", prompt)
	}
}

// A search that failed is read back from the journal as the run kept it:
// failed, and not searched, so a resumed run may try it again (the run
// itself lets it, see search).
func TestResumeMayRetryAFailedSearch(t *testing.T) {
	cfg, m, rec, _ := newRun(t, map[string][]string{
		KindChecklist: {kiliChecklist()},
		KindAction:    {act(ActSearch, "kilimanjaro height", "")},
	})
	cfg.Search = down{ok: kiliResults, err: errors.New("could not load DuckDuckGo's results page: connection refused")}
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Model = &cancelling{scripted: m, at: 2, cancel: cancel} // the call after the failed search
	if res, _ := Run(ctx, cfg); res.Status != StatusInterrupted {
		t.Fatalf("first stretch %s", res.Status)
	}
	snap, err := snapshotOf(rec.events)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Searches) != 0 || !slices.Equal(snap.Journal, []string{"T1 SEARCH kilimanjaro height: search failed"}) {
		t.Fatalf("read back: searches %q, journal %q", snap.Searches, snap.Journal)
	}
	cfg2, _, rec2, _ := newRun(t, map[string][]string{KindAction: {act(ActSearch, "kilimanjaro height", "")}})
	cfg2.Resume, cfg2.MaxTurns = &snap, snap.Turn+1
	cfg2.Search = fakeSearch{"kilimanjaro height": kiliResults["tallest mountain in africa"]}
	cfg2.Model.(*scripted).replies[KindWriter] = []string{`{"result":"Nothing yet."}`}
	Run(context.Background(), cfg2)
	if refused := rec2.of(EvRefused); len(refused) != 0 || len(rec2.of(EvSearched)) != 1 {
		t.Fatalf("the failed search was not tried again: refusals %+v", refused)
	}
}

// takeOver carries what was read of a page over to the page as it opens
// on resume: by the text shown where it was kept, by part numbers only
// where none was and the page is in as many parts, and at the part being
// read by its number when the page says something else now.
func TestTakeOver(t *testing.T) {
	parts := func(texts ...string) page.Page {
		pg := page.Page{Title: "T"}
		for i, text := range texts {
			pg.Parts = append(pg.Parts, page.Part{Number: i + 1, Text: text})
		}
		return pg
	}
	three := parts("alpha one.", "beta two.", "gamma three.")
	for _, tc := range []struct {
		name        string
		now         page.Page
		was         PageRead
		read, found []int
		shown       int
		text        []string
	}{
		{"the same split", three, PageRead{Part: 2, Parts: 3, Shown: []ShownPart{{Part: 1, Text: "alpha one.", Found: true}, {Part: 2, Text: "beta two."}}},
			[]int{1, 2}, []int{1}, 2, []string{"alpha one.", "beta two."}},
		{"split otherwise", parts("alpha one.\n\nbeta two.", "gamma three."), PageRead{Part: 2, Parts: 3, Shown: []ShownPart{{Part: 2, Text: "beta two."}, {Part: 1, Text: "alpha one."}}},
			[]int{1}, nil, 1, []string{"beta two.", "alpha one."}},
		{"no text kept", three, PageRead{Part: 3, Parts: 3, Shown: []ShownPart{{Part: 1, Found: true}, {Part: 3}}},
			[]int{1, 3}, []int{1}, 3, nil},
		{"no text kept, split otherwise", parts("a", "b"), PageRead{Part: 3, Parts: 3, Shown: []ShownPart{{Part: 1}, {Part: 3}}},
			nil, nil, 2, nil},
		{"the page changed", three, PageRead{Part: 2, Parts: 3, Shown: []ShownPart{{Part: 1, Text: "old one."}, {Part: 2, Text: "old two."}}},
			nil, nil, 2, []string{"old one.", "old two."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newOpenPage("http://a.test/", page.Document{}, tc.now)
			p.takeOver(&tc.was)
			if got := numbers(p.read); !slices.Equal(got, tc.read) {
				t.Errorf("read %v, want %v", got, tc.read)
			}
			if got := numbers(p.partFindings); !slices.Equal(got, tc.found) {
				t.Errorf("with findings %v, want %v", got, tc.found)
			}
			if p.shown != tc.shown || !slices.Equal(p.text, tc.text) {
				t.Errorf("shown %d, text %q; want %d, %q", p.shown, p.text, tc.shown, tc.text)
			}
		})
	}
}

// numbers are the parts a map marks, in order.
func numbers(marked map[int]bool) []int {
	var out []int
	for n, ok := range marked {
		if ok {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// withoutWriter is the requests of one conversation: all but the writer's,
// which is a fresh prompt.
func withoutWriter(reqs []chat.Request) []chat.Request {
	var out []chat.Request
	for _, r := range reqs {
		if r.Kind != KindWriter {
			out = append(out, r)
		}
	}
	return out
}
