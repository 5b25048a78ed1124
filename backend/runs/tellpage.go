package runs

import (
	"cmp"
	"fmt"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/plain"
)

// The tellers of searches and pages (tell.go).

func tellSearched(ev agent.Event) telling {
	if ev.Message != "" {
		return told(fmt.Sprintf("search %q failed: %s", ev.Query, ev.Message), "⚠", "Search failed", ev.Message, "failed").saying("searchFailed")
	}
	t := told(fmt.Sprintf("search %q: %d results", ev.Query, ev.Count), "◎", plural(ev.Count, "result"), ev.Query, "info").saying("results", "n", ev.Count)
	for _, res := range ev.Results {
		t.row.Results = append(t.row.Results, Result{Title: plain.Line(res.Title), URL: res.URL})
	}
	if len(t.row.Results) == 0 { // a journal from before Results keeps the addresses only
		for _, u := range ev.URLs {
			t.row.Results = append(t.row.Results, Result{URL: u})
		}
	}
	return t
}

func tellPageOpened(ev agent.Event) telling {
	line := fmt.Sprintf("opened %s %q (%d parts)", ev.URL, ev.Title, ev.Parts)
	parts := cmp.Or(ev.Parts, 1)
	detail := fmt.Sprintf("%s · %s", plural(parts, "part"), ev.URL)
	t := told(line, "▤", "Opened "+cmp.Or(ev.Title, ev.URL), detail, "info").saying("opened", "title", cmp.Or(ev.Title, ev.URL))
	if ev.Message != "" { // the browser's own words
		t.line += ": " + oneLine(ev.Message)
		t.row.Detail += " · " + ev.Message
		return t.detailSaying("partsAtNoted", "n", parts, "url", ev.URL, "note", ev.Message)
	}
	return t.detailSaying("partsAt", "n", parts, "url", ev.URL)
}

func tellPageFailed(ev agent.Event) telling {
	return told(fmt.Sprintf("could not open %s: %s", ev.URL, ev.Reason), "⚠", "Page failed", ev.URL+": "+ev.Reason, "failed").saying("pageFailed")
}

func tellPageReopened(ev agent.Event) telling {
	if ev.Reason != "" {
		return told(fmt.Sprintf("could not reopen %s: %s", ev.URL, ev.Reason), "⚠", "Page not reopened", ev.URL+": "+ev.Reason, "failed").saying("pageNotReopened")
	}
	return told(fmt.Sprintf("reopened %s %q at part %d of %d", ev.URL, ev.Title, ev.Part, ev.Parts),
		"▤", "Reopened "+cmp.Or(ev.Title, ev.URL), fmt.Sprintf("at part %d of %d · %s", ev.Part, ev.Parts, ev.URL), "info").
		saying("reopened", "title", cmp.Or(ev.Title, ev.URL)).detailSaying("reopenedAt", "part", ev.Part, "parts", ev.Parts, "url", ev.URL)
}

func tellPartShown(ev agent.Event) telling {
	line := fmt.Sprintf("showed part %d of %d of %s", ev.Part, ev.Parts, ev.URL)
	if ev.File != "" {
		line += " (saved as " + ev.File + ")"
	}
	return told(line, "≡", fmt.Sprintf("Reading part %d of %d", ev.Part, ev.Parts), ev.Title, "info").saying("reading", "part", ev.Part, "parts", ev.Parts)
}

// plural is n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
