package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/search"
	"github.com/scout-research/scout/backend/web"
)

// execute carries out an accepted action and returns its result for the
// conversation.
func (a *Agent) execute(ctx context.Context, act Action) string {
	switch act.Name {
	case ActSearch:
		return a.doSearch(ctx, act)
	case ActNavigate:
		return a.doNavigate(ctx, act)
	case ActReadMore:
		return a.doReadMore(act)
	case ActDiscover:
		a.st.newFinding = true
		return a.doDiscover(act)
	}
	return ""
}

func (a *Agent) doSearch(ctx context.Context, act Action) string {
	q := strings.TrimSpace(act.Param)
	// A search waiting on the user (a bot check) says so as it waits.
	ctx = search.WithNotice(ctx, func(n search.Note) {
		ev := Event{Type: EvNotice, Query: q, Message: n.Text}
		if n.Waiting {
			ev.Kind = NoticeWaiting
		}
		a.emit(ev)
	})
	results, err := a.cfg.Search.Search(ctx, q)
	a.searched(err)
	if err == nil {
		a.st.searches[normalizeQuery(q)] = true // a failed search may be tried again
	}
	if err != nil {
		a.emit(Event{Type: EvSearched, Query: q, Message: err.Error()})
		a.journal(act, "search failed")
		return fmt.Sprintf("Turn %d: SEARCH %q failed: %v", a.st.turn, q, err)
	}
	if len(results) > maxResultsShown {
		results = results[:maxResultsShown]
	}
	for i := range results {
		results[i].Snippet = clip(results[i].Snippet, maxSnippetChars)
	}
	a.st.results = a.st.results[:0]
	type shown struct {
		search.Result
		Opened bool // a small model otherwise opens the same page again
	}
	list := make([]shown, len(results))
	for i, r := range results {
		u := normalizeURL(r.URL)
		a.st.results = append(a.st.results, u)
		a.st.seen[u] = true
		list[i] = shown{r, a.st.opened[u]}
	}
	a.emit(Event{Type: EvSearched, Query: q, Count: len(results), URLs: append([]string(nil), a.st.results...)})
	a.journal(act, fmt.Sprintf("%d results", len(results)))
	return render("searched", map[string]any{"Turn": a.st.turn, "Query": q, "Results": list})
}

func (a *Agent) doNavigate(ctx context.Context, act Action) string {
	u, _ := a.resolveURL(act.Param)
	a.st.visits[u]++
	v, err := a.cfg.Browser.Open(ctx, u)
	if err != nil {
		a.noteBrowser(err)
		reason := err.Error()
		var ve *web.VisitError
		if errors.As(err, &ve) {
			reason = ve.Message
		}
		a.emit(Event{Type: EvPageFailed, URL: u, Reason: reason})
		a.journal(act, "failed: "+reason)
		return render("failed", map[string]any{"Turn": a.st.turn, "URL": u, "Reason": reason})
	}
	pg := page.Split(v.Doc, a.budget, a.est)
	if pg.Title == "" {
		pg.Title = v.FinalURL
	}
	a.st.current = &openPage{url: u, doc: v.Doc, page: pg, read: map[int]bool{}, partFindings: map[int]bool{}}
	if final := normalizeURL(v.FinalURL); final != u {
		a.st.visits[final]++
		a.st.opened[final] = true
	}
	a.st.opened[u] = true
	a.emit(Event{Type: EvPageOpened, URL: u, Title: pg.Title, Parts: len(pg.Parts)})
	a.journal(act, fmt.Sprintf("opened %q (%d parts)", clip(pg.Title, 60), len(pg.Parts)))
	if len(pg.Parts) == 0 {
		return fmt.Sprintf("Turn %d: opened %q (%s) but it has no readable text. Choose another page.", a.st.turn, pg.Title, u)
	}
	a.show(1)
	data := a.partData(a.st.current, 1)
	data["Turn"] = a.st.turn
	return render("opened", data)
}

func (a *Agent) doReadMore(act Action) string {
	target, _ := a.targetPart(act.Param)
	a.show(target)
	data := a.partData(a.st.current, target)
	a.journal(act, fmt.Sprintf("part %d of %d", target, len(a.st.current.page.Parts)))
	return fmt.Sprintf("Turn %d: ", a.st.turn) + render("part", data)
}

// show marks part n as read and shown, keeps its text for grounding, and
// publishes it so the run folder saves what the model saw.
func (a *Agent) show(n int) {
	p := a.st.current
	part := p.page.Parts[n-1]
	p.read[n] = true
	p.shown = n
	p.text = append(p.text, part.Text)
	a.emit(Event{Type: EvPartShown, URL: p.url, Title: p.page.Title, Part: n, Parts: len(p.page.Parts), Text: part.Text})
}

// partData is what the "part" template shows of part n, once show(n) has
// marked it read; links get numbers the model can NAVIGATE to.
func (a *Agent) partData(p *openPage, n int) map[string]any {
	part := p.page.Parts[n-1]
	type numbered struct {
		N         int
		Text, URL string
	}
	var links []numbered
	a.st.links = a.st.links[:0]
	for _, l := range part.Links {
		if len(links) == maxLinksPerPart {
			break
		}
		u := normalizeURL(l.URL)
		a.st.links = append(a.st.links, u)
		a.st.seen[u] = true
		links = append(links, numbered{len(links) + 1, l.Text, u})
	}
	return map[string]any{
		"Part": n, "Parts": len(p.page.Parts), "Context": part.Context, "Text": part.Text, "Links": links,
		"Hints": a.partHints(p, p.read),
		"Title": p.page.Title, "URL": p.url, "Outline": p.page.Outline(p.read),
	}
}

func (a *Agent) doDiscover(act Action) string {
	f := *a.st.pending
	a.st.pending = nil
	f.Number = len(a.st.findings) + 1
	f.Turn = a.st.turn
	a.st.findings = append(a.st.findings, f)
	p := a.st.current
	p.findings++
	p.partFindings[f.Part] = true
	a.emit(Event{Type: EvFinding, Finding: &f, URL: f.URL})
	a.journal(Action{Name: act.Name, Param: f.Text}, fmt.Sprintf("finding [%d]", f.Number))
	status := "Checklist:\n" + a.coverageStatus()
	if a.st.allCovered() {
		a.emit(Event{Type: EvCheck, Kind: "finish_now"})
		status += "\n" + render("finish-now", nil)
	}
	return render("recorded", map[string]any{"Turn": a.st.turn, "Number": f.Number, "Items": f.Items, "Status": status})
}
