package runs

import (
	"fmt"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/agent/port"
)

// maxFieldBytes caps each text field of a journal event. Page text goes to
// pages/, and what the model writes is bounded by its reply limit, so only
// a hostile page (a 5 MB title, a 1 MB address) comes near it; cut there,
// no event line comes near maxEventLine, which the reader can hold.
const maxFieldBytes = 32 << 10

// bounded returns ev with every text field cut to maxFieldBytes. The slices
// and the finding it holds belong to the agent, so they are copied before
// a change.
func bounded(ev agent.Event) agent.Event {
	for _, s := range []*string{&ev.Objective, &ev.Kind, &ev.Action, &ev.Param, &ev.Thought, &ev.Thinking, &ev.Reason,
		&ev.Query, &ev.URL, &ev.Title, &ev.Text, &ev.File, &ev.Message} {
		*s = cutField(*s)
	}
	ev.Status = agent.Status(cutField(string(ev.Status)))
	if long(ev.URLs...) {
		urls := make([]string, len(ev.URLs))
		for i, u := range ev.URLs {
			urls[i] = cutField(u)
		}
		ev.URLs = urls
	}
	ev.Results = boundedResults(ev.Results)
	if len(ev.Checklist) > 0 {
		texts := make([]string, len(ev.Checklist))
		for i, it := range ev.Checklist {
			texts[i] = it.Text
		}
		if long(texts...) {
			items := make([]agent.Item, len(ev.Checklist))
			for i, it := range ev.Checklist {
				items[i] = agent.Item{Number: it.Number, Text: cutField(it.Text)}
			}
			ev.Checklist = items
		}
	}
	if f := ev.Finding; f != nil && long(f.Text, f.URL, f.Title, f.Quote) {
		c := *f
		c.Text, c.URL, c.Title, c.Quote = cutField(c.Text), cutField(c.URL), cutField(c.Title), cutField(c.Quote)
		ev.Finding = &c
	}
	return ev
}

// boundedResults is results with every field cut to maxFieldBytes, as a
// copy when one is longer.
func boundedResults(results []port.SearchResult) []port.SearchResult {
	for _, r := range results {
		if long(r.Title, r.URL, r.Snippet) {
			out := make([]port.SearchResult, len(results))
			for i, r := range results {
				out[i] = port.SearchResult{Title: cutField(r.Title), URL: cutField(r.URL), Snippet: cutField(r.Snippet)}
			}
			return out
		}
	}
	return results
}

func long(ss ...string) bool {
	for _, s := range ss {
		if len(s) > maxFieldBytes {
			return true
		}
	}
	return false
}

// cutField cuts s to maxFieldBytes at a character boundary, saying how much
// was left out.
func cutField(s string) string {
	if len(s) <= maxFieldBytes {
		return s
	}
	end := maxFieldBytes
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return s[:end] + fmt.Sprintf(" [… %d more bytes not kept]", len(s)-end)
}
