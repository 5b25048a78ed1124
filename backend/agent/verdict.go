package agent

// Refusal kinds name the rule that sent a reply back. Each EvRefused event
// carries one in Kind, so a run's refusals can be counted by rule without
// reading the note, whose words hold queries, titles and part numbers.
const (
	RefusalUnparseable    = "unparseable"    // the reply held no usable action
	RefusalUnknownAction  = "unknown_action" // an action name Scout does not know
	RefusalEmptyQuery     = "empty_query"
	RefusalRepeatedSearch = "repeated_search"
	RefusalUnseenAddress  = "unseen_address" // NAVIGATE to an address in no results or links
	RefusalAlreadyOpen    = "already_open"
	RefusalVisitLimit     = "visit_limit"
	RefusalNoPage         = "no_page" // READ_MORE or DISCOVER with no page open
	RefusalOnePart        = "one_part"
	RefusalBadPart        = "bad_part" // READ_MORE's part is not a number, or past the end
	RefusalPartRead       = "part_read"
	RefusalAllPartsRead   = "all_parts_read"
	RefusalConfirmLeave   = "confirm_leave"   // leaving a page nothing was recorded from
	RefusalConfirmReadOn  = "confirm_read_on" // reading on from a part nothing was recorded from
	RefusalEmptyFinding   = "empty_finding"
	RefusalDuplicate      = "duplicate_finding"
	RefusalUngrounded     = "ungrounded"    // a finding far from anything on the page
	RefusalLooseWording   = "loose_wording" // near a page sentence but not in its words: sent back once
	RefusalNotOnPage      = "not_on_page"   // numbers or names the page does not have
	RefusalNoFindings     = "no_findings"   // FINISH before any finding
	RefusalNotCovered     = "not_covered"   // FINISH whose own reasoning says an item is open
	RefusalGaps           = "gaps"          // FINISH with items the coverage check finds open
)

// verdict is a rule's answer to an action: accept it (the zero verdict), or
// send it back with the note the model reads instead of a result, and the
// kind of rule that sent it. Some send-backs are questions asked once:
// leaving a page and reading on are remembered by the open page (remember
// in turn.go), a finding's wording by the log of send-backs (sendbacks.go).
type verdict struct {
	kind string
	note string
	// quotesPage: the note quotes the page (the sentence closest to a
	// loosely worded finding).
	quotesPage bool
	// reason is a plain refusal's reason, without the words around it.
	reason string
	// key is what a send-back asked once is remembered by (a finding's
	// words).
	key string

	// What an accepted action's rules worked out, for the act step.
	url     string   // NAVIGATE's address
	part    int      // READ_MORE's part
	finding *Finding // DISCOVER's finding, with its evidence
	notFor  []notFor // the items DISCOVER named that its finding cannot answer
	gaps    []gap    // what FINISH leaves uncovered, reported as missing
}

// sendsBack reports whether the action is refused (or must be confirmed).
func (v verdict) sendsBack() bool { return v.note != "" }

// refuse is the verdict of a plain refusal: the reason, from the named
// template, inside the "refused" note.
func refuse(kind, reason string, data any) verdict {
	r := render(reason, data)
	return verdict{kind: kind, note: render("refused", r), reason: r}
}

// confirm is the verdict of a question asked once (leaving a page, reading
// on, a finding's wording): the note from the named template, kept from
// being asked again as the verdict's comment says.
func confirm(kind, note string, data any) verdict {
	return verdict{kind: kind, note: render(note, data)}
}

// first is the first verdict that sends the action back, else the last:
// rules come in order of precedence, and the last verdict may be the
// accepting one that carries what the act step needs. Rules are pure, so
// judging an action by all of them changes nothing but the time taken.
func first(vs ...verdict) verdict {
	for _, v := range vs {
		if v.sendsBack() {
			return v
		}
	}
	return vs[len(vs)-1]
}
