// Package words is how Scout compares texts: their words (Chinese and
// Japanese cut into theirs), word pairs, numbers read as each language
// writes them, and units in one spelling. It holds no state of a run.
package words
