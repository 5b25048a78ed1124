package agent

import (
	"maps"
	"slices"
)

// refusalWords say each kind of refusal without its data, for the user:
// a rule's own words (a verdict's note, an Ending's Reason) are the
// model's, and hold its queries, titles and part numbers. The report
// (refusal_<kind>) and the window (refusal.<kind>) say them in their
// languages, in English word for word as here.
var refusalWords = map[string]string{
	RefusalUnparseable:    "the reply held no usable action",
	RefusalUnknownAction:  "an action Scout does not know",
	RefusalEmptyQuery:     "a search without a query",
	RefusalRepeatedSearch: "a search made already",
	RefusalUnseenAddress:  "an address in no search result or link",
	RefusalAlreadyOpen:    "the page was open already",
	RefusalVisitLimit:     "a page opened too often",
	RefusalNoPage:         "no page was open",
	RefusalOnePart:        "the page has only one part",
	RefusalBadPart:        "a part the page does not have",
	RefusalPartRead:       "a part read already",
	RefusalAllPartsRead:   "every part of the page was read",
	RefusalConfirmLeave:   "leaving a page nothing was recorded from",
	RefusalConfirmReadOn:  "reading on from a part nothing was recorded from",
	RefusalEmptyFinding:   "an empty finding",
	RefusalDuplicate:      "a finding recorded already",
	RefusalUngrounded:     "a finding far from anything on the page",
	RefusalLooseWording:   "a finding not in the page's words",
	RefusalNotOnPage:      "a finding the page does not say",
	RefusalNoFindings:     "no findings were recorded yet",
	RefusalNotCovered:     "its own reasoning said an item was still open",
	RefusalGaps:           "checklist items were still open",
}

// Refusals are the kinds of refusal this Scout knows, sorted.
func Refusals() []string { return slices.Sorted(maps.Keys(refusalWords)) }

// refusal is why e's action was refused, in the user's words: its kind's,
// or the rule's own for a kind from a newer Scout.
func (e Ending) refusal() string {
	if words, ok := refusalWords[e.Refusal]; ok {
		return words
	}
	return e.Reason
}
