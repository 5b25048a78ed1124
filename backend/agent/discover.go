package agent

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/scout-research/scout/backend/rank"
)

// checkDiscover accepts a finding only when it names checklist items, says
// something new, and is grounded in the page text shown. An accepted
// finding waits in st.pending with its evidence for execute to record.
func (a *Agent) checkDiscover(param string) note {
	p := a.st.current
	if p == nil {
		return refuse(RefusalNoPage, "no page is open: findings must come from a page you read.")
	}
	items, text := parseDiscover(param)
	if n := a.checkItems(items, text); n.sendsBack() {
		return n
	}
	for _, f := range a.st.findings {
		if overlap(pairs(text), pairs(f.Text)) >= duplicateOverlap && !newNumbers(text, f.Text) {
			return refuse(RefusalDuplicate, fmt.Sprintf("that repeats finding [%d]. Record something new, or move on.", f.Number))
		}
	}
	pageText := strings.Join(p.text, "\n")
	quote, score := closestSentences(text, pageText)
	switch {
	case score < groundRefuse:
		return note{kind: RefusalUngrounded, text: render("ground-retry", map[string]string{"Closest": "", "Unseen": a.unseenTerms(pageText)}) +
			" That finding is far from anything on the page, so it was not recorded."}
	case score < groundAccept && !a.st.groundWarned[normalizeQuery(text)]:
		a.st.groundWarned[normalizeQuery(text)] = true
		return note{kind: RefusalLooseWording, text: render("ground-retry", map[string]string{"Closest": clip(quote, 400)})}
	}
	if absent := notOnPage(text, pageText); len(absent) > 0 {
		// A page sentence with an invented clause scores high on word
		// pairs; its numbers and names give it away.
		return refuse(RefusalNotOnPage, fmt.Sprintf("the page you read does not say %s. Record only what the page says.", strings.Join(absent, ", ")))
	}
	a.st.pending = &Finding{Text: text, Items: items, URL: p.url, Title: p.page.Title, Part: p.partOf(quote), Quote: quote}
	return note{}
}

// notOnPage lists the numbers and capitalised names of text that the page
// text does not contain.
func notOnPage(text, pageText string) []string {
	have := map[string]bool{}
	for _, w := range words(pageText) {
		have[w] = true
	}
	haveNum := map[string]bool{}
	for _, n := range numbersIn(pageText) {
		haveNum[normalizeNumber(n)] = true
	}
	var absent []string
	for _, n := range numbersIn(text) {
		if k := normalizeNumber(n); !haveNum[k] && !slices.Contains(absent, k) {
			absent = append(absent, strings.TrimRight(n, ".,"))
		}
	}
	for i, w := range strings.Fields(text) {
		name := strings.Trim(w, ".,;:!?()\"'“”‘’[]")
		if i == 0 || len([]rune(name)) < 3 || !unicode.IsUpper([]rune(name)[0]) {
			continue
		}
		for _, part := range words(name) {
			if !have[part] && !slices.Contains(absent, name) {
				absent = append(absent, name)
			}
		}
	}
	return absent
}

func (a *Agent) checkItems(items []int, text string) note {
	if text == "" {
		return refuse(RefusalEmptyFinding, "the finding is empty. Write the information itself into the parameter, after the item numbers.")
	}
	if len(items) == 0 {
		return refuse(RefusalNoItems, "start the finding with the checklist item numbers it serves in brackets, like [1] or [1,3].")
	}
	for _, n := range items {
		if n < 1 || n > len(a.st.checklist) {
			return refuse(RefusalBadItem, fmt.Sprintf("there is no checklist item %d; the items are 1 to %d.", n, len(a.st.checklist)))
		}
	}
	return note{}
}

// unseenTerms names the objective's words that the parts read so far never
// mention, so the model knows to read on rather than guess.
func (a *Agent) unseenTerms(pageText string) string {
	have := map[string]bool{}
	for _, w := range words(pageText) {
		have[w] = true
	}
	var missing []string
	for _, w := range words(a.st.objective) {
		if len(w) > 3 && !rank.IsStopWord(w) && !have[w] && !slices.Contains(missing, w) {
			missing = append(missing, w)
		}
	}
	if len(missing) > 5 {
		missing = missing[:5]
	}
	return strings.Join(missing, ", ")
}

// newNumbers reports whether text states a number that old does not: a
// finding of the same shape about another value is new information.
func newNumbers(text, old string) bool {
	have := map[string]bool{}
	for _, n := range numbersIn(old) {
		have[normalizeNumber(n)] = true
	}
	for _, n := range numbersIn(text) {
		if !have[normalizeNumber(n)] {
			return true
		}
	}
	return false
}
