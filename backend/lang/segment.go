package lang

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"io"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/go-ego/gse"
)

// Chinese and Japanese are written without spaces between words; gse cuts
// them by a dictionary of words and their frequencies. Scout embeds its
// own cut of gse's dictionaries (dict/, made by internal/dictgen: the
// Chinese words of frequency 20 and more, simplified and traditional, and
// the commoner Japanese words), not gse's whole ones, and loads each the
// first time a text needs it: a run that never reads Chinese or Japanese
// pays nothing. Build with the tag ne so gse leaves its own out of the
// binary (see the Makefile).

//go:generate go run ./internal/dictgen

var (
	//go:embed dict/zh.txt.gz
	zhDict []byte
	//go:embed dict/ja.txt.gz
	jaDict []byte

	zhSeg = sync.OnceValue(func() *gse.Segmenter { return segmenter(zhDict) })
	jaSeg = sync.OnceValue(func() *gse.Segmenter { return segmenter(jaDict) })
)

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

// Cut cuts a run of letters into words: the Han and kana stretches of it
// by the segmenter (Japanese's where there is kana, else Chinese's), the
// rest left whole. The words, joined, are the run again.
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
	var out []string
	n := 0
	for _, w := range seg().Cut(run, true) {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, w)
			n += len(w)
		}
	}
	if n != len(run) || strings.Join(out, "") != run {
		return []string{run}
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
