package coverage

// Reason is why an item is named as not found, as data: the model and
// the journal read it in English from agent's prompts (agent.ReasonEnglish),
// and the report says it in the objective's language from its own
// messages, by Key. agent's Missing.Why is the English of its Reasons,
// joined.
type Reason struct {
	Key       string   `json:"key"`
	Have      int      `json:"have,omitempty"`
	Want      int      `json:"want,omitempty"`
	Condition string   `json:"condition,omitempty"`
	Things    []string `json:"things,omitempty"`
	// Findings are those the result leaves out (ReasonUnsaid), or the
	// one the tie rule says cannot answer the item (ReasonRefuted).
	Findings []int `json:"findings,omitempty"`
	// Text is the model's own words (ReasonSaid), or why the finding
	// cannot answer the item, in English (ReasonRefuted).
	Text string `json:"text,omitempty"`
}

// The reasons an item is not found, each a message of the report.
const (
	ReasonUncovered     = "uncovered"      // no finding covers it
	ReasonCount         = "count"          // only Have of Want found
	ReasonCondition     = "condition"      // no finding shows it is Condition
	ReasonWhether       = "whether"        // no finding says whether Things are Condition
	ReasonLacking       = "lacking"        // nothing found for Things
	ReasonUnchecked     = "unchecked"      // the coverage call found it not covered
	ReasonRefuted       = "refuted"        // the finding cited cannot answer it
	ReasonSaid          = "said"           // the coverage call's own words
	ReasonUnsaid        = "unsaid"         // the result does not say it (for Things; Findings do)
	ReasonNoView        = "no_view"        // the result gives no view
	ReasonViewUnwritten = "view_unwritten" // the run ended before the result
	ReasonViewLater     = "view_later"     // the view comes when the run ends
)
