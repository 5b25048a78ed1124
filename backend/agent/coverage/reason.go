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
	// cannot answer the item, in English (ReasonRefuted), with Tie the
	// same as data (a reason kept before it was has none). The agent words
	// both: the rules leave them empty and return the tie rule's Why
	// (Gap.Refuted).
	Text string `json:"text,omitempty"`
	Tie  *Tie   `json:"tie,omitempty"`
}

// Tie is why the tie rule says a finding cannot answer an item, as a
// reason keeps it: its Key (Tie*) and what the sentence names.
type Tie struct {
	// Key is one of the Tie* values.
	Key string `json:"key"`
	// Kind is the kind of value the item asks for ("date", "condition",
	// a measure's), Dim a measure's dimension ("length"), Unit its unit
	// when the item names one, Condition what a thing is asked to be.
	Kind      string `json:"kind,omitempty"`
	Dim       string `json:"dim,omitempty"`
	Unit      string `json:"unit,omitempty"`
	Condition string `json:"condition,omitempty"`
	// Things are those the item asks about.
	Things []string `json:"things,omitempty"`
}

// Why a finding cannot answer an item.
const (
	TieUnnamed   = "unnamed"   // it names none of the things asked about
	TieNoValue   = "no-value"  // it gives no value of the kind asked for
	TieElsewhere = "elsewhere" // its values are of another thing
)

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
