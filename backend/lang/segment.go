package lang

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/go-ego/gse"
)

// Chinese and Japanese are written without spaces between words; gse cuts
// them by a dictionary of words and their frequencies. Scout embeds its
// own cut of gse's dictionaries (dict/, made by internal/dictgen: the
// Chinese words of frequency 20 and more, simplified and traditional, and
// the commoner Japanese words with the nouns its adjectives make (高さ):
// 1.1 MB compressed; gse's own, which it embeds too, the linker leaves
// out as nothing here reads them). Japanese numbers in kanji are kept
// whole (numeralRuns).
//
// A dictionary costs 0.4 to 1.6 s and 40 to 50 MB to load, so it is loaded
// only for a run whose objective is in its language (Prepare) or once a
// text has a sentence of it (sentenceRunes): an English page that names a
// mountain in Chinese characters loads nothing, and keeps the name whole.

//go:generate go run ./internal/dictgen

// sentenceRunes: a run of this many Han or kana characters is a sentence
// of Chinese or Japanese, not a name in passing.
const sentenceRunes = 12

var (
	//go:embed dict/zh.txt.gz
	zhDict []byte
	//go:embed dict/ja.txt.gz
	jaDict []byte

	zhSeg = &lazySegmenter{dict: zhDict}
	jaSeg = &lazySegmenter{dict: jaDict}
)

// lazySegmenter loads its dictionary the first time it is asked to.
type lazySegmenter struct {
	dict   []byte
	once   sync.Once
	seg    *gse.Segmenter
	loaded atomic.Bool
}

func (l *lazySegmenter) get() *gse.Segmenter {
	l.once.Do(func() {
		l.seg = segmenter(l.dict)
		l.loaded.Store(true)
	})
	return l.seg
}

// Prepare loads the segmenter of language t, if it has one, so that its
// text is cut into words from the first item on.
func Prepare(t Tag) {
	switch t {
	case Chinese, Traditional:
		zhSeg.get()
	case Japanese:
		jaSeg.get()
	}
}

func segmenter(gz []byte) *gse.Segmenter {
	seg := &gse.Segmenter{SkipLog: true}
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		panic(err) // embedded and under test
	}
	b, err := io.ReadAll(r)
	if err != nil {
		panic(err)
	}
	if err := seg.LoadDictStr(string(b)); err != nil {
		panic(err)
	}
	return seg
}

// PrepareFor loads the segmenter text needs when text is in Chinese or
// Japanese: a text that only names something in their characters needs
// none. The rules call it on each text before they cut it, so an item, a
// finding and the page it is from are cut alike.
func PrepareFor(text string) {
	if zhSeg.loaded.Load() && jaSeg.loaded.Load() || !HasCJK(text) {
		return
	}
	Prepare(Of(text))
}

// Cut cuts a run of letters into words: the Han and kana stretches of it
// by the segmenter (Japanese's where there is kana, else Chinese's), once
// loaded (see Prepare), the rest left whole. The words, joined, are the
// run again.
func Cut(run string) []string {
	if !HasCJK(run) {
		return []string{run}
	}
	var out []string
	for _, part := range scriptRuns(run) {
		if !isCJK(firstRune(part)) || isKatakana(firstRune(part)) {
			out = append(out, part)
			continue
		}
		out = append(out, cutCJK(part)...)
	}
	return out
}

// cutCJK cuts a run of Han and kana; should the segmenter's words not
// spell the run again, the run stays whole rather than be misplaced.
func cutCJK(run string) []string {
	seg := zhSeg
	if strings.IndexFunc(run, isKana) >= 0 {
		seg = jaSeg
	}
	if !seg.loaded.Load() && utf8.RuneCountInString(run) < sentenceRunes {
		return []string{run} // a name in passing: not worth a dictionary
	}
	pieces := []string{run}
	if seg == jaSeg {
		pieces = numeralRuns(run)
	}
	var out []string
	for _, p := range pieces {
		if utf8.RuneCountInString(p) >= minNumeralRun && strings.Trim(p, kanjiNumerals) == "" {
			out = append(out, p)
			continue
		}
		for _, w := range seg.get().Cut(p, true) {
			if w = strings.TrimSpace(w); w != "" {
				out = append(out, w)
			}
		}
	}
	if strings.Join(out, "") != run {
		return []string{run}
	}
	return out
}

// kanjiNumerals are the characters Japanese writes a number in; a run of
// minNumeralRun of them is one number ("三十", "二百億"), kept whole: the
// dictionary would rather read "三十分" as 三 and 十分 ("enough") than as
// 三十 and 分. A numeral alone is the dictionary's to read: 一番, 十分,
// 三 and つ.
const (
	kanjiNumerals = "〇一二三四五六七八九十百千万億兆"
	minNumeralRun = 2
)

// numeralRuns splits a Japanese run around its runs of minNumeralRun
// kanji numerals or more.
func numeralRuns(run string) []string {
	var out []string
	start, numStart, numRunes := 0, 0, 0
	flush := func(end int) { // the numeral run numStart:end is over
		if numRunes >= minNumeralRun {
			if numStart > start {
				out = append(out, run[start:numStart])
			}
			out = append(out, run[numStart:end])
			start = end
		}
		numRunes = 0
	}
	for i, r := range run {
		switch {
		case !strings.ContainsRune(kanjiNumerals, r):
			flush(i)
		case numRunes == 0:
			numStart, numRunes = i, 1
		default:
			numRunes++
		}
	}
	flush(len(run))
	if start < len(run) {
		out = append(out, run[start:])
	}
	return out
}

// scriptRuns splits s where it turns from Han and kana to other letters
// and digits, or back ("libreoffice是免费的" is "libreoffice", "是免费的"),
// and around katakana, in which Japanese writes a borrowed word whole
// ("3776メートルです" is "3776", "メートル", "です").
func scriptRuns(s string) []string {
	var out []string
	start := 0
	for i, r := range s {
		if i > start {
			prev, _ := utf8.DecodeLastRuneInString(s[:i])
			if isCJK(prev) != isCJK(r) || isKatakana(prev) != isKatakana(r) {
				out = append(out, s[start:i])
				start = i
			}
		}
	}
	return append(out, s[start:])
}

func isKatakana(r rune) bool { return unicode.Is(unicode.Katakana, r) || r == 'ー' }

func firstRune(s string) rune { r, _ := utf8.DecodeRuneInString(s); return r }
