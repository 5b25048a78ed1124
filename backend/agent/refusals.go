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
	RefusalNoItems        = "no_items" // a finding without checklist item numbers
	RefusalBadItem        = "bad_item"
	RefusalDuplicate      = "duplicate_finding"
	RefusalUngrounded     = "ungrounded"    // a finding far from anything on the page
	RefusalLooseWording   = "loose_wording" // near a page sentence but not in its words: sent back once
	RefusalNotOnPage      = "not_on_page"   // numbers or names the page does not have
	RefusalNoFindings     = "no_findings"   // FINISH before any finding
	RefusalNotCovered     = "not_covered"   // FINISH whose own reasoning says an item is open
	RefusalGaps           = "gaps"          // FINISH with items the coverage check finds open
)

// note is what goes back to the model instead of carrying out its action,
// with the kind of rule that sent it; the zero note lets the action go
// ahead.
type note struct {
	kind, text string
	// reason is a plain refusal's reason, without the words around it.
	reason string
}

// sendsBack reports whether the action is refused (or must be confirmed).
func (n note) sendsBack() bool { return n.text != "" }

// refuse is the note of a plain refusal, its reason inside the "refused"
// template.
func refuse(kind, reason string) note {
	return note{kind: kind, text: render("refused", reason), reason: reason}
}
