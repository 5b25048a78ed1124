// Package attribution takes off what a model wraps around a finding: the
// words that say where it comes from when they name the page open, the
// quotation marks around the whole, the numbers of a list (made bullets).
// What is left is the claim the agent judges.
package attribution
