// Package tokens estimates how many tokens a text costs the model, without
// a tokenizer: a characters-per-token ratio that starts at a value typical of
// English prose for Llama- and Qwen-family tokenizers and is calibrated from
// the prompt counts the server reports.
package tokens

import "sync"

// DefaultCharsPerToken is typical of English prose and Markdown for the
// tokenizers of 7B-9B models (Qwen2.5, Llama 3, Mistral): about 4 characters.
// Slightly low on purpose, so estimates err on the side of more tokens.
const DefaultCharsPerToken = 3.8

// Calibration bounds: outside these a reported count is a server quirk
// (for example a cached count reported as the prompt), not a tokenizer.
const (
	minCharsPerToken = 2.0
	maxCharsPerToken = 6.0
	// calibrationWeight is how much one observation moves the ratio; small
	// so a single unusual prompt (a table, code) does not swing it.
	calibrationWeight = 0.3
)

// Estimator converts characters to tokens. The zero value uses
// DefaultCharsPerToken. It is safe for concurrent use.
type Estimator struct {
	mu            sync.Mutex
	charsPerToken float64
}

// Count estimates the tokens of s, rounding up.
func (e *Estimator) Count(s string) int {
	return e.CountChars(Weight(s))
}

// CountChars estimates the tokens of a text of weight n (see Weight: for
// English prose, its characters), rounding up.
func (e *Estimator) CountChars(n int) int {
	if n <= 0 {
		return 0
	}
	r := e.Ratio()
	t := int(float64(n) / r)
	if float64(t)*r < float64(n) {
		t++
	}
	return t
}

// Ratio returns the current characters-per-token ratio.
func (e *Estimator) Ratio() float64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.charsPerToken == 0 {
		return DefaultCharsPerToken
	}
	return e.charsPerToken
}

// Calibrate moves the ratio towards what the server measured for a prompt
// of weight chars (see Weight) that it counted as tokens. Implausible observations
// are ignored.
func (e *Estimator) Calibrate(chars, tokens int) {
	if chars <= 0 || tokens <= 0 {
		return
	}
	observed := float64(chars) / float64(tokens)
	if observed < minCharsPerToken || observed > maxCharsPerToken {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	cur := e.charsPerToken
	if cur == 0 {
		cur = DefaultCharsPerToken
	}
	e.charsPerToken = cur + calibrationWeight*(observed-cur)
}
