package agent

import (
	"slices"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent/words"
	"github.com/scout-research/scout/backend/page"
)

// The rules for moving about: SEARCH, NAVIGATE and READ_MORE. Each is a
// pure function of the action and the parts of the state it reads; the
// turn (turn.go) calls them in order and applies what they decide. The
// rules for findings are in discover.go, for FINISH in finish.go.

// searchRule: a SEARCH needs a query, and not one searched already.
func searchRule(q string, searches map[string]bool) verdict {
	switch {
	case strings.TrimSpace(q) == "":
		return refuse(RefusalEmptyQuery, "empty-query", nil)
	case searches[normalizeQuery(q)]:
		return refuse(RefusalRepeatedSearch, "repeated-search", q)
	}
	return verdict{}
}

// navigateRule: NAVIGATE goes to an address offered in results or links
// (seen), not to the page open, and to no address more than
// maxVisitsPerURL times.
func navigateRule(u string, seen bool, visits map[string]int, p pageFacts) verdict {
	switch {
	case !seen:
		return refuse(RefusalUnseenAddress, "unseen-address", nil)
	case p.open && p.url == u:
		return refuse(RefusalAlreadyOpen, "already-open", nil)
	case visits[u] >= maxVisitsPerURL:
		return refuse(RefusalVisitLimit, "visit-limit", maxVisitsPerURL)
	}
	return verdict{}
}

// leaveRule asks once before leaving a page nothing was recorded from,
// unless code is sure it holds nothing for the open items (ahead.go):
// nothing there could be.
func leaveRule(p pageFacts) verdict {
	if !p.open || p.findings > 0 || p.confirmed || p.holds != nil && len(p.holds) == 0 {
		return verdict{}
	}
	return confirm(RefusalConfirmLeave, "confirm-leave", map[string]string{"URL": p.url})
}

// readMoreRule: READ_MORE needs an open page of several parts, and names
// an unread part of it (or none, for the next unread). It returns that
// part.
func readMoreRule(param string, p pageFacts) (int, verdict) {
	if !p.open {
		return 0, refuse(RefusalNoPage, "no-page-to-read", nil)
	}
	n := len(p.parts)
	if n <= 1 {
		return 0, refuse(RefusalOnePart, "one-part", nil)
	}
	target, v := targetPart(param, p)
	switch {
	case v.sendsBack():
		return 0, v
	case target > n:
		return 0, refuse(RefusalBadPart, "past-last-part", n)
	case p.read[target]:
		return 0, refuse(RefusalPartRead, "part-read", target)
	}
	return target, verdict{}
}

// readOnRule asks once, before reading on from a part nothing was recorded
// from, what that part says, unless code is sure the part holds nothing for
// the open items.
func readOnRule(p pageFacts) verdict {
	if !p.open || p.partFindings[p.shown] || p.confirmedPart == p.shown || p.holds != nil && !p.holds[p.shown] {
		return verdict{}
	}
	return confirm(RefusalConfirmReadOn, "confirm-read-on", map[string]int{"Part": p.shown})
}

// targetPart is the part READ_MORE asks for, a number or the next unread,
// or the refusal when there is none. A small model writes the part loosely
// ("2", "part 2.", "Part two", "the next part", "continue"): its meaning is
// taken.
func targetPart(param string, p pageFacts) (int, verdict) {
	n, next := partAsked(param)
	if !next && n < 1 {
		n = partHeaded(param, p.parts) // a heading from the outline
	}
	switch {
	case !next && n < 1:
		return 0, refuse(RefusalBadPart, "bad-part", param)
	case !next:
		return n, verdict{}
	}
	n = len(p.parts)
	for k := 1; k < n; k++ { // the next unread part, wrapping around
		if i := (p.shown+k-1)%n + 1; !p.read[i] {
			return i, verdict{}
		}
	}
	return 0, refuse(RefusalAllPartsRead, "all-parts-read", nil)
}

// partAsked reads READ_MORE's parameter: a part number (the first number
// or number word in it), or the next part (empty, or a word like "next",
// "more", "continue"). Neither is n 0 and next false.
func partAsked(param string) (n int, next bool) {
	for _, w := range words.Of(param) {
		if d, err := strconv.Atoi(w); err == nil {
			return d, false
		}
		if d, ok := partWords[w]; ok {
			return d, false
		}
	}
	for _, w := range words.Of(param) {
		if nextWords[w] {
			return 0, true
		}
	}
	return 0, strings.Trim(param, " \t\"'.#") == ""
}

// partHeaded is the one part with a heading (or the heading it
// continues under) that param names, as the outline shows them: "Climate",
// "the Climate section". It is 0 when none or several are.
func partHeaded(param string, parts []page.Part) int {
	var asked []string
	for _, w := range words.Of(param) {
		if !headingFiller[w] {
			asked = append(asked, w)
		}
	}
	if len(asked) == 0 {
		return 0
	}
	found := 0
	for _, part := range parts {
		names := []string{part.Context}
		for _, h := range part.Headings {
			names = append(names, h.Text)
		}
		for _, name := range names {
			named := slices.DeleteFunc(words.Of(name), func(w string) bool { return headingFiller[w] })
			if len(named) > 0 && slices.Equal(named, asked) && found != part.Number {
				if found != 0 {
					return 0
				}
				found = part.Number
			}
		}
	}
	return found
}

// headingFiller are the words around a heading's name in READ_MORE's
// parameter.
var headingFiller = map[string]bool{"the": true, "section": true, "heading": true, "part": true, "about": true, "on": true, "read": true}

// partWords are the number words a part is asked by.
var partWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}

// nextWords ask for the next part.
var nextWords = map[string]bool{"next": true, "more": true, "continue": true, "following": true, "rest": true, "further": true, "on": true}
