package tokens

import (
	"unicode"
	"unicode/utf8"
)

// The ratio of characters to tokens holds for text written with spaces
// between words. Other text costs far more per character, and a page can be
// made of nothing else: Chinese, Japanese, Korean and Thai prose, or a
// block of base64, a long address, a hash. So a text is weighed in
// characters of English prose, the unit the ratio divides:
//
//   - a character of a script written without spaces is about a token of
//     its own, so it weighs wideWeight, a token's worth of prose;
//   - a run of other characters without a space longer than denseRun is
//     not words but data, which tokenizers cut into short pieces: it weighs
//     a token's worth for each piece of one kind of character (a word,
//     capitals, digits, punctuation), more for long pieces;
//   - everything else weighs one per character, spaces included.
//
// Measured counts (testdata/tokens/counts.json, with the tokenizers of
// Qwen3, whose vocabulary Qwen2.5 shares, Llama 3 and Mistral 7B), in
// tokens per character: Chinese 0.67-1.18, Japanese 0.70-1.13, Korean
// 0.64-1.15, Thai 0.47-1.00, base64 0.73-0.82, a long address 0.37-0.50,
// English 0.22-0.25. A token per character is the middle for Chinese and
// errs on the side of more tokens for the rest (Thai up to 2.2 times, on
// Llama 3): a part cut too small costs a turn, one too large overflows the
// context. The estimate stays within 0.72 and 2.2 times every count there.
const (
	// wideWeight is a token's worth of English prose in characters,
	// rounded up from DefaultCharsPerToken so estimates err high.
	wideWeight = 4
	// denseRun: a run without spaces longer than this is data, not a word
	// (English words, even long compounds, stay below it).
	denseRun = 24
	// Characters per token within a dense run's pieces: letter sequences
	// tokenize like short words; digits go one or a few to a token, and so
	// does punctuation.
	denseLetters = 4
	denseOthers  = 2
)

// Weight returns the weight of s in characters of English prose: what the
// estimator divides by its ratio to count tokens.
func Weight(s string) int {
	var m Meter
	for _, r := range s {
		m.Add(r)
	}
	return m.Weight()
}

// Meter weighs a text one character at a time, so a cut can be made where
// the text reaches a budget. Its weight never decreases as characters are
// added, and after the last one it equals Weight of the whole text.
type Meter struct {
	done int // weight of the runs already ended by a space

	// The run since the last space: its wide characters, the length of
	// its other characters, their weight as prose and as data (ended
	// pieces, then the open piece).
	wide, other, prose int
	pieces             int
	piece              rune // kind of the open piece; 0 when none
	pieceLen           int
}

// Add weighs one more character.
func (m *Meter) Add(r rune) {
	switch {
	case unicode.IsSpace(r):
		m.done += m.run() + 1
		m.wide, m.other, m.prose, m.pieces, m.piece, m.pieceLen = 0, 0, 0, 0, 0, 0
	case isWide(r):
		m.wide++
		m.endPiece()
	default:
		m.other++
		m.prose++
		switch k := kindOf(r); {
		case k == 'a' && m.piece == 'A' && m.pieceLen == 1:
			m.piece = 'a' // a capital starts a word: "Camel"
		case k != m.piece:
			m.endPiece()
			m.piece = k
		}
		m.pieceLen++
	}
}

// Weight is the weight of the text added so far.
func (m *Meter) Weight() int { return m.done + m.run() }

// run weighs the run since the last space: as prose while short, as data
// once longer than denseRun (which never weighs less, so the weight only
// grows).
func (m *Meter) run() int {
	w := m.wide * wideWeight
	if m.other <= denseRun {
		return w + m.prose
	}
	return w + wideWeight*(m.pieces+pieceTokens(m.piece, m.pieceLen))
}

func (m *Meter) endPiece() {
	m.pieces += pieceTokens(m.piece, m.pieceLen)
	m.piece, m.pieceLen = 0, 0
}

// pieceTokens is the tokens of a piece of n characters of one kind.
func pieceTokens(kind rune, n int) int {
	per := denseOthers
	if kind == 'a' || kind == 'A' {
		per = denseLetters
	}
	return (n + per - 1) / per
}

// kindOf sorts characters into the kinds a tokenizer splits data at:
// capitals ('A'), other letters ('a'), digits ('0') and the rest ('.').
// Random data (base64) changes kind every character or two, which is
// about where tokenizers cut it too.
func kindOf(r rune) rune {
	switch {
	case unicode.IsUpper(r):
		return 'A'
	case unicode.IsLetter(r) || unicode.Is(unicode.M, r):
		return 'a'
	case unicode.IsDigit(r):
		return '0'
	}
	return '.'
}

// wideScripts are written without spaces between words, and tokenizers
// give their characters about a token each.
var wideScripts = []*unicode.RangeTable{
	unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
	unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan,
}

// isWide reports a character of a script written without spaces, or the
// punctuation and full-width forms that go with them.
func isWide(r rune) bool {
	if r < utf8.RuneSelf {
		return false
	}
	if (r >= 0x3000 && r <= 0x303F) || (r >= 0xFF00 && r <= 0xFFEF) {
		return true // CJK punctuation, full-width forms
	}
	return unicode.In(r, wideScripts...)
}
