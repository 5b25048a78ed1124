package agent

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// check applies the rules to an action before anything happens. It returns
// the note to send back (the zero note when the action may go ahead), and
// finish when an accepted action is a FINISH.
func (a *Agent) check(ctx context.Context, act Action) (n note, finish bool) {
	switch act.Name {
	case ActSearch:
		return a.checkSearch(act.Param), false
	case ActNavigate:
		return a.checkNavigate(act.Param), false
	case ActReadMore:
		return a.checkReadMore(act.Param), false
	case ActDiscover:
		return a.checkDiscover(act.Param), false
	case ActFinish:
		n := a.checkFinish(ctx, act)
		return n, !n.sendsBack()
	}
	return refuse(RefusalUnknownAction, "unknown action."), false
}

func (a *Agent) checkSearch(q string) note {
	switch {
	case strings.TrimSpace(q) == "":
		return refuse(RefusalEmptyQuery, "SEARCH needs a query in the parameter.")
	case a.st.searches[normalizeQuery(q)]:
		return refuse(RefusalRepeatedSearch, fmt.Sprintf("you already searched %q; the results are above.", q))
	}
	return a.confirmLeave()
}

func (a *Agent) checkNavigate(param string) note {
	u, ok := a.resolveURL(param)
	switch {
	case !ok:
		return refuse(RefusalUnseenAddress, "that address was not in the search results or the page's links. NAVIGATE only to one of those, by URL or by its number (R1, L1).")
	case a.st.current != nil && a.st.current.url == u:
		return refuse(RefusalAlreadyOpen, "that page is already open. Use READ_MORE or DISCOVER, or open another page.")
	case a.st.visits[u] >= maxVisitsPerURL:
		return refuse(RefusalVisitLimit, fmt.Sprintf("you have opened that page %d times already.", maxVisitsPerURL))
	}
	return a.confirmLeave()
}

// resolveURL turns a URL or a result/link number into a seen URL.
func (a *Agent) resolveURL(param string) (string, bool) {
	p := unwrap(strings.TrimSpace(param))
	if m := refPattern.FindStringSubmatch(p); m != nil {
		n, _ := strconv.Atoi(m[2])
		list := a.st.results
		if strings.EqualFold(m[1], "L") {
			list = a.st.links
		}
		if n >= 1 && n <= len(list) {
			return list[n-1], true
		}
		return "", false
	}
	u := normalizeURL(p)
	return u, a.st.seen[u]
}

var refPattern = regexp.MustCompile(`^(?i)([RL])\s*(\d+)$`)

// unwrap removes one pair of wrapping brackets or quotes: "<url>",
// "[R2]", "'url'"; a URL ending in ")" (Mercury_(planet)) keeps it.
func unwrap(p string) string {
	pairs := map[byte]byte{'<': '>', '[': ']', '(': ')', '"': '"', '\'': '\''}
	for len(p) >= 2 && pairs[p[0]] != 0 && p[len(p)-1] == pairs[p[0]] {
		p = strings.TrimSpace(p[1 : len(p)-1])
	}
	return p
}

// confirmLeave asks once before leaving a page nothing was recorded from.
func (a *Agent) confirmLeave() note {
	p := a.st.current
	if p == nil || p.findings > 0 || p.confirmed {
		return note{}
	}
	p.confirmed = true
	return note{kind: RefusalConfirmLeave, text: render("confirm-leave", map[string]string{"Title": p.page.Title})}
}

func (a *Agent) checkReadMore(param string) note {
	p := a.st.current
	if p == nil {
		return refuse(RefusalNoPage, "no page is open. SEARCH or NAVIGATE first.")
	}
	n := len(p.page.Parts)
	if n <= 1 {
		return refuse(RefusalOnePart, "this page has only one part.")
	}
	target, problem := a.targetPart(param)
	switch {
	case problem.sendsBack():
		return problem
	case target > n:
		return refuse(RefusalBadPart, fmt.Sprintf("the page has only %d parts.", n))
	case p.read[target]:
		return refuse(RefusalPartRead, fmt.Sprintf("part %d was read already. Choose an unread part from the outline, or move on.", target))
	}
	if !p.partFindings[p.shown] && p.confirmedPart != p.shown {
		p.confirmedPart = p.shown
		return note{kind: RefusalConfirmReadOn, text: render("confirm-read-on", map[string]int{"Part": p.shown})}
	}
	return note{}
}

// targetPart is the part READ_MORE asks for, a number or the next unread,
// or the refusal when there is none.
func (a *Agent) targetPart(param string) (int, note) {
	p := a.st.current
	q := strings.ToLower(strings.TrimSpace(param))
	q = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(q, "part"), "#"))
	if q != "" && q != "next" && q != "more" {
		n, err := strconv.Atoi(strings.TrimSuffix(q, "."))
		if err != nil || n < 1 {
			return 0, refuse(RefusalBadPart, fmt.Sprintf("READ_MORE takes \"\" for the next part or a part number, not %q.", param))
		}
		return n, note{}
	}
	n := len(p.page.Parts)
	for k := 1; k < n; k++ { // the next unread part, wrapping around
		if i := (p.shown+k-1)%n + 1; !p.read[i] {
			return i, note{}
		}
	}
	return 0, refuse(RefusalAllPartsRead, "every part of this page was read. Record what it says, or move on.")
}

// itemsPrefix reads "[1,2] text", "1, 2: text" or "(items 1 and 2) text".
var itemsPrefix = regexp.MustCompile(`^\s*(?:[\[(]\s*(?i:items?\s*)?(\d+(?:\s*(?:,|and|&)\s*\d+)*)\s*[\])]\s*[:.\-–]?|(?i:items?\s*)(\d+(?:\s*(?:,|and|&)\s*\d+)*)\s*[:.\-–]|(\d+(?:\s*,\s*\d+)*)\s*:)(?:\s+|$)`)

// parseDiscover splits "[1,2] text" (or "(1) text", "items 1 and 2: text",
// "1, 2: text") into item numbers and the finding. A finding that merely
// starts with a number ("3 free tools are...") keeps it.
func parseDiscover(param string) (items []int, text string) {
	m := itemsPrefix.FindStringSubmatchIndex(param)
	if m == nil {
		return nil, strings.TrimSpace(param)
	}
	for g := 1; g <= 3; g++ {
		if m[2*g] >= 0 {
			for _, f := range digitsPattern.FindAllString(param[m[2*g]:m[2*g+1]], -1) {
				n, _ := strconv.Atoi(f)
				items = append(items, n)
			}
		}
	}
	return items, strings.TrimSpace(param[m[1]:])
}

var digitsPattern = regexp.MustCompile(`\d+`)
