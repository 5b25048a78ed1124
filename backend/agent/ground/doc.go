// Package ground tells whether a finding is in the words of the page
// parts shown, and which stretch of them it matches: a pure function of
// the finding's text and the parts' text, which the agent's DISCOVER rule
// judges by.
package ground
