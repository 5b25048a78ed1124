// Package coverage holds the coverage rules: which checklist items the
// findings of a run leave open, and why. Given the checklist, the
// findings, the tie rule over them (agent/tie) and, when it was asked,
// the model's own account of coverage, it decides per item whether the
// findings answer it: for each thing an item names, with the count it
// asks for and the conditions it sets, and a cited finding the tie rule
// can say cannot answer the item is no evidence.
//
// The rules sit above tie, which judges one finding against one item;
// coverage judges the whole ledger. They are pure: they take values and
// return gaps and reasons as data (Gap, Reason). They hold no state of a
// run and cannot import agent, which words a gap for the model (its
// templates), names the step that may close it and keeps the account.
package coverage
