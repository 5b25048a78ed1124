// Package lang tells which language a text is written in and holds the
// words Scout's rules read in each language it knows (rules/*.json): stop
// words, negations, conditions, counts, ordinals and the phrasings of an
// item that asks for the agent's own view. Chinese and Japanese, written
// without spaces, are cut into words by a dictionary segmenter loaded the
// first time such text is read (segment.go).
package lang

import (
	"iter"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"github.com/abadojack/whatlanggo"
)

// Tag is a language Scout has rules for, as a BCP 47 tag.
type Tag string

// The languages Scout has rules for. English is also what a text is taken
// to be when nothing in it says otherwise (a name, a number).
const (
	English     Tag = "en"
	German      Tag = "de"
	French      Tag = "fr"
	Spanish     Tag = "es"
	Portuguese  Tag = "pt"
	Russian     Tag = "ru"
	Chinese     Tag = "zh-Hans"
	Traditional Tag = "zh-Hant"
	Japanese    Tag = "ja"
)

// Tags are the languages Scout has rules for.
var Tags = []Tag{English, German, French, Spanish, Portuguese, Russian, Chinese, Traditional, Japanese}

// Base is the language without its script: "zh" for both Chinese scripts.
func (t Tag) Base() string { b, _, _ := strings.Cut(string(t), "-"); return b }

// Detect tells the language of text. The script decides first (kana is
// Japanese, Han without kana Chinese, in the script its characters are
// written in, Cyrillic Russian) once it is a fair share of the letters: an
// objective in Chinese names "LibreOffice" in Latin letters. Latin text is
// decided by the function words it has of each language, which tell short
// objectives apart where letter trigrams cannot ("Ist LibreOffice
// kostenlos?"); a paragraph or more by whatlanggo's letter trigrams,
// where they are reliable. Text with no letters, or none that decide, is
// English.
func Detect(text string) Tag {
	var latin, cyrillic, han, kana int
	for _, r := range text {
		switch {
		case unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
			kana++
		case unicode.Is(unicode.Han, r):
			han++
		case unicode.Is(unicode.Cyrillic, r):
			cyrillic++
		case unicode.Is(unicode.Latin, r):
			latin++
		}
	}
	letters := latin + cyrillic + han + kana
	switch {
	case letters == 0:
		return English
	case kana > 0 && (kana+han)*scriptShareCJK >= letters:
		return Japanese
	case han > 0 && han*scriptShareCJK >= letters:
		return chineseScript(text)
	case cyrillic*scriptShareAlphabet >= letters:
		return Russian
	}
	if latin >= trigramLetters {
		if t, ok := byTrigrams(text); ok {
			return t
		}
	}
	if t, ok := byFunctionWords(text); ok {
		return t
	}
	return English
}

// Of a text of shareFromWords words or more, at least minSharePercent in
// a hundred must be the language's own for it to decide: a third or more
// of a French or German paragraph's words are its function words.
const (
	shareFromWords  = 20
	minSharePercent = 15
)

// trigramLetters: letter trigrams tell a text of this many letters (a
// paragraph) reliably; a shorter one (an objective, an item, a table
// row of names) is told by its function words alone, and is English
// when it has none ("rye bread" is not Spanish, nor "| Mount Kosciuszko |
// 2,228 m |" French, as trigrams took them).
const trigramLetters = 120

// scriptShareCJK: Han or kana a fifth of the letters makes a text Chinese
// or Japanese, as one Chinese character stands for a word of about five
// Latin letters ("LibreOffice 是免费的吗" has 5 of 16). scriptShareAlphabet:
// Cyrillic a third of the letters makes it Russian.
const (
	scriptShareCJK      = 5
	scriptShareAlphabet = 3
)

// byFunctionWords is the Latin-script language whose own words text has
// the most of (its function words, and the words its rules read: counts,
// negations, conditions), when one has more than any other; English when
// it has as many as the best. Where others tie ("le" is French and
// Spanish), letter trigrams choose among them.
func byFunctionWords(text string) (Tag, bool) {
	ws := plainWords(text)
	var best []Tag
	bestN := 0
	for _, t := range []Tag{English, German, French, Spanish, Portuguese} {
		r, n := For(t), 0
		for _, w := range ws {
			if r.known[w] {
				n++
			}
		}
		switch {
		case n > bestN:
			best, bestN = []Tag{t}, n
		case n == bestN && n > 0:
			best = append(best, t)
		}
	}
	switch {
	case bestN == 0, len(ws) >= shareFromWords && bestN*100 < len(ws)*minSharePercent:
		return English, false // stray words in a language without rules (Czech "a", "se")
	case len(best) == 1 || best[0] == English:
		return best[0], true
	}
	return byTrigramsAmong(text, best), true
}

var trigramLangs = map[whatlanggo.Lang]Tag{whatlanggo.Eng: English, whatlanggo.Deu: German, whatlanggo.Fra: French,
	whatlanggo.Spa: Spanish, whatlanggo.Por: Portuguese}

// byTrigrams asks whatlanggo, among all the languages it knows (a Czech
// page is not French for being nearer French than English), and trusts
// it only when it says its answer is reliable; a language Scout has no
// rules for is read by English's.
func byTrigrams(text string) (Tag, bool) {
	info := whatlanggo.Detect(text)
	if !info.IsReliable() {
		return English, false
	}
	if t, ok := trigramLangs[info.Lang]; ok {
		return t, true
	}
	return English, true // a language without rules of its own: English's
}

// byTrigramsAmong is the one of langs whatlanggo finds likeliest; the
// first where it finds none of them.
func byTrigramsAmong(text string, langs []Tag) Tag {
	if t, ok := trigramLangs[whatlanggo.DetectLangWithOptions(text, whitelist(slices.Values(langs)))]; ok {
		return t
	}
	return langs[0]
}

func whitelist(tags iter.Seq[Tag]) whatlanggo.Options {
	opts := whatlanggo.Options{Whitelist: map[whatlanggo.Lang]bool{}}
	for t := range tags {
		for l, lt := range trigramLangs {
			if lt == t {
				opts.Whitelist[l] = true
			}
		}
	}
	return opts
}

// chineseScript tells simplified from traditional Chinese by the
// characters only one of them writes (rules/zh-Hant.json lists pairs).
func chineseScript(text string) Tag {
	simp, trad := scriptPairs()
	var s, t int
	for _, r := range text {
		switch {
		case simp[r]:
			s++
		case trad[r]:
			t++
		}
	}
	if t > s {
		return Traditional
	}
	return Chinese
}

// plainWords are text's lower-case words, split at anything not a letter
// (apostrophes too: "d'Afrique" has "d" and "afrique").
func plainWords(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) })
}

// Of is Detect remembered: the rules ask the language of the same item
// text many times a turn.
func Of(text string) Tag {
	if len(text) > maxRememberedLen {
		return Detect(strings.ToValidUTF8(text[:maxRememberedLen], ""))
	}
	if v, ok := seen.Load(text); ok {
		return v.(Tag)
	}
	t := Detect(text)
	if seenCount.Add(1) > maxRemembered {
		seen.Clear()
		seenCount.Store(0)
	}
	seen.Store(text, t)
	return t
}

// maxRemembered bounds the texts Of remembers: a run's items and the
// findings judged against them are some hundreds. A text longer than
// maxRememberedLen (a page) is not remembered, and told by its start.
const (
	maxRemembered    = 4096
	maxRememberedLen = 2048
)

var (
	seen      sync.Map
	seenCount atomic.Int64
)

// Answering is the language to answer text in, and to write its report
// in: Of(text), except that a text of fewer than minAnswerWords words is
// English when Of takes it for another language written in Latin letters,
// as one word cannot tell ("o" is Portuguese's article, and a name).
func Answering(text string) Tag {
	t := Of(text)
	switch t {
	case German, French, Spanish, Portuguese:
		if len(plainWords(text)) < minAnswerWords {
			return English
		}
	}
	return t
}

// minAnswerWords: "Ist LibreOffice kostenlos?" is German by two of its
// three words; "o" or "Linux" alone is no language.
const minAnswerWords = 2
