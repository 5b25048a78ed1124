// Package checklist holds what a run is for and what it found, as plain
// values: the checklist's items and the findings recorded for them, in
// the form result.json and the journal write. It sits below the rules
// (agent/tie) and the loop (agent), which both read these values; it
// holds no rule and no state of a run.
package checklist

// Item is one thing the result must contain, from the checklist call.
type Item struct {
	Number int    `json:"number"`
	Text   string `json:"text"`
}

// Finding is a recorded piece of information with its evidence.
type Finding struct {
	Number int    `json:"number"`
	Turn   int    `json:"turn"`
	Text   string `json:"text"`
	URL    string `json:"url"`
	Title  string `json:"title"`
	Part   int    `json:"part"`
	Items  []int  `json:"items"`
	// Quote is the stretch of page text the finding matches, verbatim,
	// found by the grounding check: what a reader checks it against.
	Quote string `json:"quote"`
	// Inferred: the model named no checklist item, and Items are those the
	// finding's words serve.
	Inferred bool `json:"items_inferred,omitempty"`
	// Headings are the headings its quote stands under, nearest first: on
	// a page about several things, what "the mountain" is (the tie rule's
	// alias).
	Headings []string `json:"headings,omitempty"`
	// Earlier marks a finding a follow-up took over from the run it
	// follows (agent's followup.go); nil for the run's own.
	Earlier *EarlierFinding `json:"earlier,omitempty"`
}

// EarlierFinding marks a finding a follow-up took over: the run it was
// recorded in (as Earlier.Run names it), its number and turn there.
type EarlierFinding struct {
	Run    string `json:"run"`
	Number int    `json:"number"`
	Turn   int    `json:"turn"`
}
