package agent

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/page"
)

// Reopening the page a resumed run was on. The run goes on where it
// stopped: the page is open again at the part being read, and the rebuilt
// prompt shows that part as a NAVIGATE or READ_MORE would. It is no visit
// of the model's (the journal counted that one when it opened) and the
// journal's account of what was read stands: findings from the page are
// judged against the parts shown before the stop, as saved then, and the
// part shown again.
//
// When the page cannot be opened, the journal and the prompt say so and
// no page is open: the model chooses another result or searches again. The
// saved parts are not a page to go on with then: a page open means parts to
// read on to and links to follow, which a saved copy does not have, and a
// run that seemed on a page it cannot read would be sent back for every
// READ_MORE and NAVIGATE it chose there. The findings already recorded from
// it keep their quotes, and pages/ keeps the text they came from.

// resume starts a resumed run: the page it was on, open again, and a
// fresh compact prompt. An error (the browser gone) ends the run.
func (a *Agent) resume(ctx context.Context) error {
	if was := a.cfg.Resume.Page; was != nil {
		if err := a.reopen(ctx, was); err != nil {
			return err
		}
	}
	a.rebuild("resumed from the journal")
	return nil
}

// reopen opens was again through the browser, at the part being read.
func (a *Agent) reopen(ctx context.Context, was *PageRead) error {
	v, err := a.cfg.Browser.Open(ctx, was.URL)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if gone := browserGone(err); gone != nil {
			return gone // the next resume tries again
		}
		a.notReopened(was, visitReason(err))
		return nil
	}
	pg := page.Split(v.Doc, a.budget(), a.st.conv.est)
	if pg.Title == "" {
		pg.Title = cmp.Or(was.Title, v.FinalURL)
	}
	p := newOpenPage(was.URL, v.Doc, pg)
	p.takeOver(was)
	a.st.page = p
	a.st.trail.opened[normalizeURL(v.FinalURL)] = true
	a.emit(Event{Type: EvPageReopened, URL: p.url, Title: pg.Title, Part: p.shown, Parts: len(pg.Parts)})
	if p.shown > 0 {
		a.show(p.shown) // the run folder keeps the part as shown now
	}
	return nil
}

// notReopened tells the journal, and the model in the rebuilt prompt, that
// the page was could not be opened again and why.
func (a *Agent) notReopened(was *PageRead, reason string) {
	a.emit(Event{Type: EvPageReopened, URL: was.URL, Title: was.Title, Reason: reason})
	data := reopenData(a.st.turn, was.URL, reason)
	a.st.conv.journal = append(a.st.conv.journal, render("journal-reopen-failed", data))
	a.st.conv.lastObs, a.st.conv.lastObsPage = render("reopen-failed", data), false
}

// reopenData is what the templates of a failed reopening show; the
// journal line is the same whether the run makes it or a resume reads it
// back.
func reopenData(turn int, url, reason string) map[string]any {
	return map[string]any{"Turn": turn, "URL": url, "Reason": reason}
}

// takeOver carries over what was read of the page, and where findings came
// from, as the journal tells it. The page may be split otherwise now (the
// context or the reading speed differ) or say something else, so parts are
// matched by the text shown, as after a resplit; only when no text was
// kept do the part numbers stand, and only for a page in as many parts.
func (p *openPage) takeOver(was *PageRead) {
	p.findings = was.Findings
	shown := slices.Clone(was.Shown)
	slices.SortStableFunc(shown, func(x, y ShownPart) int { return x.Part - y.Part }) // page order, as Split joins
	var readTexts, foundTexts []string
	shownStart := ""
	for _, s := range shown {
		if s.Text == "" {
			continue
		}
		readTexts = append(readTexts, s.Text)
		if s.Found {
			foundTexts = append(foundTexts, s.Text)
		}
	}
	for _, s := range was.Shown { // in the order shown, as a run keeps them
		if s.Text != "" {
			p.text = append(p.text, s.Text)
		}
	}
	if n := len(was.Shown); n > 0 {
		shownStart = probe(was.Shown[n-1].Text)
	}
	if len(p.page.Parts) == 0 {
		return
	}
	if len(readTexts) > 0 {
		p.read, p.partFindings, p.shown = mapParts(p.page.Parts, strings.Join(readTexts, "\n\n"), strings.Join(foundTexts, "\n\n"), shownStart)
	} else if was.Parts == len(p.page.Parts) {
		for _, s := range was.Shown {
			p.read[s.Part] = true
			p.partFindings[s.Part] = p.partFindings[s.Part] || s.Found
		}
	}
	if p.shown == 0 {
		p.shown = min(max(was.Part, 1), len(p.page.Parts))
	}
}
