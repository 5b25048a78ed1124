package agent

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
)

// readingAhead plays Config.ReadAhead on the fake web, at once; pages in
// late are not read by the time the list is shown.
type readingAhead struct {
	b       Browser
	late    map[string]bool
	started []string
}

func (r *readingAhead) Start(urls []string) { r.started = append(r.started, urls...) }

func (r *readingAhead) Read(ctx context.Context, urls []string, _ time.Duration) map[string]*port.Visit {
	out := map[string]*port.Visit{}
	for _, u := range urls {
		if r.late[u] {
			continue
		}
		if v, err := r.b.Open(ctx, u); err == nil {
			out[u] = v
		}
	}
	return out
}

// watchedBrowser counts the pages opened in the window, and those shown
// there without being read.
type watchedBrowser struct {
	Browser
	opened, shown []string
}

func (w *watchedBrowser) Open(ctx context.Context, u string) (*port.Visit, error) {
	w.opened = append(w.opened, u)
	return w.Browser.Open(ctx, u)
}

func (w *watchedBrowser) Show(u string) { w.shown = append(w.shown, u) }

// kosciuszkoWorld: a list of mountains that names the peak but gives no
// height, a trail blog about something else, the article that has the
// answer, and a page that holds it but is read too late to be ranked.
func kosciuszkoWorld() fakeweb.World {
	filler := strings.Repeat("The walk passes snow gums, granite tors and alpine meadows. ", 12)
	return fakeweb.World{
		"/list": {Title: "Mountains of Australia", Blocks: []page.Block{
			{Kind: page.Paragraph, Text: "Australia's mountains include Mount Townsend, Mount Bogong and Mount Kosciuszko, all in the Australian Alps."},
		}},
		"/blog": {Title: "Our weekend on the trail", Blocks: []page.Block{
			{Kind: page.Paragraph, Text: "We packed sandwiches and set off early. " + filler},
		}},
		"/wiki/Kosciuszko": {Title: "Mount Kosciuszko - Wiki", Blocks: []page.Block{
			{Kind: page.Heading, Level: 2, Text: "Walking"},
			{Kind: page.Paragraph, Text: strings.Repeat(filler, 10)},
			{Kind: page.Heading, Level: 2, Text: "Height"},
			{Kind: page.Paragraph, Text: "Mount Kosciuszko rises 2,228 m above sea level in New South Wales."},
		}},
		"/late": {Title: "Kosciuszko facts", Blocks: []page.Block{
			{Kind: page.Paragraph, Text: "Mount Kosciuszko is 2,228 m high."},
		}},
	}
}

func kosciuszkoRun(t *testing.T, actions []string) (Config, *recorder, *readingAhead, *watchedBrowser, *scripted) {
	cfg, m, rec, fake := newRun(t, map[string][]string{
		KindChecklist: {`{"items":["the height of Mount Kosciuszko in metres"]}`},
		KindAction:    actions,
		KindCoverage:  {coverageAll()},
		KindWriter:    {`{"result":"Mount Kosciuszko is 2,228 m high [1]."}`},
	})
	fake.World = kosciuszkoWorld()
	cfg.Objective = "How high is Mount Kosciuszko in metres?"
	cfg.Search = fakeSearch{"mount kosciuszko height": {
		{Title: "Mountains of Australia", URL: base + "/list"},
		{Title: "Our weekend on the trail", URL: base + "/blog"},
		{Title: "Facts", URL: base + "/late"},
		{Title: "Mount Kosciuszko - Wiki", URL: base + "/wiki/Kosciuszko"},
	}}
	watched := &watchedBrowser{Browser: fake}
	ahead := &readingAhead{b: fake, late: map[string]bool{base + "/late": true}}
	cfg.Browser, cfg.ReadAhead = watched, ahead
	return cfg, rec, ahead, watched, m
}

// TestTheResultsAreOrderedByWhatThePagesHold: the page that answers the
// open item is offered first, with what it holds; a page read too late
// keeps its place after it; pages that hold nothing for the open items
// come last and say so.
func TestTheResultsAreOrderedByWhatThePagesHold(t *testing.T) {
	cfg, rec, ahead, _, m := kosciuszkoRun(t, []string{act(ActSearch, "mount kosciuszko height", ""), act(ActFinish, "x", "")})
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	told := false
	for _, n := range rec.of(EvNotice) {
		told = told || strings.HasPrefix(n.Message, "Read 3 of the first 4 results ahead: Mountains of Australia: Nothing for the open items; ")
	}
	if !told {
		t.Errorf("the journal does not say what was read ahead: %+v", rec.of(EvNotice))
	}
	// The window says the note in its language; in English word for word
	// as the journal has it, the pages' titles and values as written.
	window := phrasetest.Window(t)
	for _, n := range rec.of(EvNotice) {
		if !strings.HasPrefix(n.Message, "Read ") {
			continue
		}
		if n.Say == nil {
			t.Errorf("the note %q is no message of the window's", n.Message)
		} else if got, known := phrasetest.English(window, n.Say); !known || got != n.Message {
			t.Errorf("the window says (known: %v)\n%s\nthe journal:\n%s", known, got, n.Message)
		}
	}
	if len(ahead.started) != 4 {
		t.Fatalf("read ahead %q, want the four results", ahead.started)
	}
	prompt := m.calls(KindAction)[1].Messages
	list := prompt[len(prompt)-1].Content
	order := []string{"R1. Mount Kosciuszko - Wiki", "Has item 1 (2,228 m) in part 2.", "R2. Facts", "R3. Mountains of Australia",
		"Nothing for the open items.", "R4. Our weekend on the trail", "Nothing for the open items."}
	at := 0
	for _, want := range order {
		i := strings.Index(list[at:], want)
		if i < 0 {
			t.Fatalf("the list lacks %q after what came before:\n%s", want, list)
		}
		at += i
	}
}

// TestAPageReadAheadOpensAtOnceAtItsBestPart: NAVIGATE to a page read
// ahead takes it as read (the window is shown it, not asked to read it
// again), opens at the part that holds the open item, and leaving a page
// that holds nothing is not questioned.
func TestAPageReadAheadOpensAtOnceAtItsBestPart(t *testing.T) {
	finding := "[1] Mount Kosciuszko rises 2,228 m above sea level in New South Wales."
	cfg, rec, _, watched, m := kosciuszkoRun(t, []string{act(ActSearch, "mount kosciuszko height", ""),
		act(ActNavigate, "R4", ""), act(ActNavigate, "R1", ""), act(ActDiscover, finding, ""), act(ActFinish, "2,228 m [1]", "")})
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(watched.opened) != 0 || !slices.Equal(watched.shown, []string{base + "/blog", base + "/wiki/Kosciuszko"}) {
		t.Errorf("the window opened %q and was shown %q; want nothing opened anew, both pages shown", watched.opened, watched.shown)
	}
	if refused := rec.of(EvRefused); len(refused) != 0 {
		t.Errorf("refusals %+v: leaving the blog, which holds nothing for the open item, is not questioned", refused)
	}
	shown := rec.of(EvPartShown)
	if len(shown) != 2 || shown[1].Part != 2 {
		t.Errorf("parts shown %+v, want the wiki page opened at part 2, which holds the height", shown)
	}
	if res.Status != StatusFinished || len(m.calls(KindAction)) != 5 {
		t.Errorf("status %s after %d action calls", res.Status, len(m.calls(KindAction)))
	}
}

// TestNudgesSkipWhatHoldsNothing: the questions before leaving a page and
// before reading on are not asked of a page, or a part, that code is sure
// holds nothing for the open items; where it cannot be sure (nil), they
// are asked as ever.
func TestNudgesSkipWhatHoldsNothing(t *testing.T) {
	for _, tc := range []struct {
		name          string
		holds         map[int]bool
		shown         int
		leave, readOn bool
	}{
		{"not judged", nil, 1, true, true},
		{"holds nothing", map[int]bool{}, 1, false, false},
		{"part 1 holds nothing, part 2 does", map[int]bool{2: true}, 1, true, false},
		{"the part shown holds something", map[int]bool{2: true}, 2, true, true},
	} {
		p := &openPage{page: page.Page{Title: "t", Parts: make([]page.Part, 3)}, read: map[int]bool{}, partFindings: map[int]bool{}, holds: tc.holds, shown: tc.shown}
		if got := leaveRule(p.facts()).kind != ""; got != tc.leave {
			t.Errorf("%s: asked before leaving %v, want %v", tc.name, got, tc.leave)
		}
		if got := readOnRule(p.facts()).kind != ""; got != tc.readOn {
			t.Errorf("%s: asked before reading on %v, want %v", tc.name, got, tc.readOn)
		}
	}
}
