// Package tie holds the item rules: which checklist items a finding
// answers. They read an item for the things it asks about and the kind of
// value it asks (a measure, a year, whether a condition holds), find
// which thing each value in a finding is about, infer the items a finding
// serves when the model names none, read an item's conditions and count,
// and word the search for what an item still lacks, in each language the
// rules know (backend/lang).
//
// The rules are pure: they take values (the objective, the checklist's
// items, a finding as agent/checklist writes them) and return verdicts
// (a Tie with the Why behind a None, item numbers, things named). They
// hold no state of a run and cannot import agent, which keeps the loop,
// the conversation and the effects, and words a Why for the model.
package tie
