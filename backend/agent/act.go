package agent

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/page"
)

// The act step: an accepted action carried out, its state changes and
// events, and the observation the model reads next. An error ends the run.

// search runs the query and shows its first results, numbered for
// NAVIGATE; searches failing in a row end the run.
func (a *Agent) search(ctx context.Context, act Action) (string, error) {
	q := unquoted(act.Param)
	// A search waiting on the user (a bot check) says so as it waits.
	results, err := a.cfg.Search.Search(ctx, q, a.notify(q))
	asked := ""
	if plain := withoutOperators(q); err == nil && len(results) == 0 && plain != q && plain != "" {
		// Quotes and site: narrow a search to nothing more often than not:
		// the deterministic part of a better query is done here.
		asked, q = q, plain
		results, err = a.cfg.Search.Search(ctx, q, a.notify(q))
	}
	end := a.st.counts.searched(err)
	if err != nil {
		a.emit(Event{Type: EvSearched, Query: q, Message: err.Error()})
		a.journal(act, render("journal-search-failed", nil))
		return render("search-failed", map[string]any{"Turn": a.st.turn, "Query": q, "Err": err.Error()}), end
	}
	a.st.trail.searches[normalizeQuery(q)] = true // a failed search may be tried again
	if asked != "" {
		a.st.trail.searches[normalizeQuery(asked)] = true // not widened again
	}
	if len(results) > maxResultsShown {
		results = results[:maxResultsShown]
	}
	for i := range results {
		results[i].Snippet = clip(results[i].Snippet, maxSnippetChars)
	}
	var held map[string]string
	if a.cfg.ReadAhead != nil && len(results) > 0 {
		results, held = a.readAhead(ctx, results)
	}
	list := a.st.trail.offerResults(results, held)
	a.emit(Event{Type: EvSearched, Query: q, Count: len(results), URLs: append([]string(nil), a.st.trail.results...), Results: slices.Clone(results)})
	a.journal(act, render("journal-results", len(results)))
	obs := render("searched", map[string]any{"Turn": a.st.turn, "Query": q, "Asked": asked, "Results": list})
	// The results numbered R1... now; none after a search that found
	// nothing, as the trail's numbering has none either.
	a.st.conv.lastResults = ""
	if len(list) > 0 {
		a.st.conv.lastResults = obs
	}
	return obs, nil
}

// unquoted is a query without the quotes a small model puts around all of
// it, which make it one exact phrase that few pages hold.
func unquoted(q string) string {
	q = strings.TrimSpace(q)
	for _, pair := range []string{`""`, "“”", "''", "‘’"} {
		open, close := string([]rune(pair)[0]), string([]rune(pair)[1])
		if len(q) > 2 && strings.HasPrefix(q, open) && strings.HasSuffix(q, close) && !strings.Contains(q[len(open):len(q)-len(close)], open) {
			return strings.TrimSpace(q[len(open) : len(q)-len(close)])
		}
	}
	return q
}

// withoutOperators is q without quote marks and site: or other operators.
func withoutOperators(q string) string {
	var ws []string
	for _, w := range strings.Fields(q) {
		if operator.MatchString(w) {
			continue
		}
		ws = append(ws, strings.Trim(w, `"“”`))
	}
	return strings.Join(strings.Fields(strings.Join(ws, " ")), " ")
}

var operator = regexp.MustCompile(`^-?(?i:site|inurl|intitle|filetype|intext):\S*$`)

// navigate opens u, the address NAVIGATE's rule resolved, and shows its
// first part (pageText: the observation carries it).
func (a *Agent) navigate(ctx context.Context, act Action, u string) (obs string, pageText bool, err error) {
	a.st.trail.visits[u]++
	v, err := a.open(ctx, u)
	if err != nil {
		reason := visitReason(err)
		a.emit(Event{Type: EvPageFailed, URL: u, Reason: reason})
		a.journal(act, render("journal-failed", reason))
		return render("failed", map[string]any{"Turn": a.st.turn, "URL": u, "Reason": reason}), false, browserGone(err)
	}
	pg := page.Split(v.Doc, a.budget(), a.st.conv.est)
	if pg.Title == "" {
		pg.Title = v.FinalURL
	}
	a.st.page = newOpenPage(u, v.Doc, pg)
	held := a.judge(pg)
	a.st.page.holds = held.parts()
	a.st.trail.landed(u, v.FinalURL)
	opened := Event{Type: EvPageOpened, URL: u, Title: pg.Title, Parts: len(pg.Parts)}
	if v.Doc.Whole {
		opened.Message = WholePage
	}
	a.emit(opened)
	a.journal(Action{Name: act.Name, Param: u}, render("journal-opened", len(pg.Parts)))
	if len(pg.Parts) == 0 {
		return render("unreadable", map[string]any{"Turn": a.st.turn, "URL": u}), false, nil
	}
	first := 1
	if best := held.bestPart(); best > 1 && !slices.ContainsFunc(held.holds, func(h holding) bool { return h.part == 1 }) {
		first = best // part 1 holds nothing the checklist still needs
	}
	if first = a.readBefore(u, first); first == 0 {
		data := a.part(a.st.page, a.st.page.shown)
		data["Turn"] = a.st.turn
		return render("opened-read-before", data), true, nil
	}
	a.show(first)
	data := a.part(a.st.page, first)
	data["Turn"] = a.st.turn
	return render("opened", data), true, nil
}

// open is the page at u: read ahead already (shown in the window the
// user watches as it is taken), else opened now.
func (a *Agent) open(ctx context.Context, u string) (*port.Visit, error) {
	if v := a.readAlready(ctx, u); v != nil {
		if s, ok := a.cfg.Browser.(Shower); ok {
			s.Show(u)
		}
		return v, nil
	}
	return a.cfg.Browser.Open(ctx, u)
}

// visitReason is why a visit failed, in the words of its VisitError.
func visitReason(err error) string {
	var ve *port.VisitError
	if errors.As(err, &ve) {
		return ve.Message
	}
	return err.Error()
}

// readMore shows part n, the part READ_MORE's rule chose.
func (a *Agent) readMore(act Action, n int) string {
	a.show(n)
	data := a.part(a.st.page, n)
	data["Turn"] = a.st.turn
	a.journal(act, render("journal-part", map[string]int{"Part": n, "Parts": len(a.st.page.page.Parts)}))
	return render("read", data)
}

// record keeps the finding DISCOVER's rules accepted, says which items it
// was recorded for (and which it named but cannot answer, and why), and
// asks whether the findings now answer the objective: a small model
// otherwise reads on for details nobody asked for. It is told to finish
// outright only when every item has a finding code is sure of: never on
// ties by shared words alone.
func (a *Agent) record(act Action, f Finding, notFor []notFor) string {
	rec := &a.st.record
	f = rec.add(f, a.st.turn)
	a.st.page.recorded(f.Part)
	a.emit(Event{Type: EvFinding, Finding: &f, URL: f.URL})
	a.journal(Action{Name: act.Name, Param: f.Text}, render("journal-finding", f.Number))
	finishNow := rec.allCovered()
	if finishNow {
		a.emit(Event{Type: EvCheck, Kind: CheckFinishNow})
	}
	status := render("recorded-status", map[string]any{"Status": rec.status(false), "FinishNow": finishNow})
	return render("recorded", map[string]any{"Turn": a.st.turn, "Number": f.Number, "Items": f.Items, "Inferred": f.Inferred, "NotFor": notFor, "Status": status})
}

// show marks part n of the open page read and shown, and publishes it so
// the run folder saves what the model saw.
func (a *Agent) show(n int) {
	p := a.st.page
	part := p.show(n)
	a.emit(Event{Type: EvPartShown, URL: p.url, Title: p.page.Title, Part: n, Parts: len(p.page.Parts), Text: part.Text})
}

// part is what the "part" template shows of part n of p, once show(n)
// has marked it read: its links offered on the trail, numbered for
// NAVIGATE (the one effect), and hints to the parts that may answer the
// items still open.
func (a *Agent) part(p *openPage, n int) map[string]any {
	return partData(partView{
		page: p.page, url: p.url, n: n, read: p.read,
		links: a.st.trail.offerLinks(p.page.Parts[n-1].Links),
		hints: partHints(p.index(), p.read, a.st.record.openItems()),
	})
}

// partView is a part of the open page as the model is shown it, as
// values: the page at url, the part's number n, the parts read (n's
// included), its links as offered and the hints to the parts to read.
type partView struct {
	page  page.Page
	url   string
	n     int
	read  map[int]bool
	links []shownLink
	hints string
}

// partData is v as the "part" template reads it.
func partData(v partView) map[string]any {
	part := v.page.Parts[v.n-1]
	return map[string]any{
		"Part": v.n, "Parts": len(v.page.Parts), "Context": part.Context, "Text": part.Text,
		"Links": v.links, "Hints": v.hints,
		"Title": v.page.Title, "URL": v.url, "Outline": v.page.Outline(v.read),
		"Unread": len(v.read) < len(v.page.Parts),
	}
}
