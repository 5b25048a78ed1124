// Command dictgen makes the dictionaries Scout's segmenter embeds
// (backend/lang/dict) from those of the gse module in the module cache:
// of Chinese, the words of frequency minZhFreq and more, simplified and
// traditional; of Japanese, the words of two characters or more whose cost
// is at most maxJaCost (the commoner ones), the commoner kanji words, and
// the nouns its adjectives make with さ. Run it with go generate in
// backend/lang.
package main

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// minZhFreq keeps 130 thousand of gse's 590 thousand Chinese words: 0.4 s
// and 40 MB to load rather than 6 s and 130 MB, and the objectives and
// pages tried cut alike. maxJaCost keeps 37 thousand of 885 thousand
// Japanese words: 0.9 s and 43 MB rather than 10 s and 430 MB; the
// common words costlier than that (図書館, 毎朝, 最も, 売上) are nouns of
// two or three kanji, or a kanji and its kana, and maxJaKanjiCost keeps
// those: 54 thousand words, 49 MB (lang's TestJapaneseWordsComeOutWhole:
// 96% of the words whole without them, 99% with). IPADIC's number is a
// cost (the lower the commoner), which gse reads as a frequency; turned
// round, the same words cut no better on that table, so it stays.
const (
	minZhFreq      = 20
	maxJaCost      = 4000
	maxJaKanjiCost = 5500
)

// jaKanjiWord is a word of two or three kanji, or one kanji (not a
// numeral: 三つ is a number and its counter) and one hiragana (最も).
var jaKanjiWord = regexp.MustCompile(`^(?:\p{Han}{2,3}|[^〇一二三四五六七八九十百千万億兆\P{Han}]\p{Hiragana})$`)

func main() {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/go-ego/gse").Output()
	if err != nil {
		fail(fmt.Errorf("finding gse's module (run go mod download): %w", err))
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "data", "dict")
	zh := pick(func(word string, n int) bool { return n >= minZhFreq },
		filepath.Join(dir, "zh", "s_1.txt"), filepath.Join(dir, "zh", "t_1.txt"))
	jaFile := filepath.Join(dir, "jp", "dict.txt")
	ja := pick(func(word string, n int) bool {
		return utf8.RuneCountInString(word) >= 2 && (n <= maxJaCost || n <= maxJaKanjiCost && jaKanjiWord.MatchString(word))
	}, jaFile)
	ja = append(ja, nominalised(jaFile, ja)...)
	slices.Sort(ja)
	write("dict/zh.txt.gz", zh)
	write("dict/ja.txt.gz", ja)
}

// pick reads gse dictionary lines ("word number part-of-speech") and
// keeps those keep says, sorted and without repeats.
func pick(keep func(string, int) bool, files ...string) []string {
	var out []string
	for _, name := range files {
		for _, fs := range lines(name) {
			if n, err := strconv.Atoi(fs[1]); err == nil && keep(fs[0], n) {
				out = append(out, strings.Join(fs, " "))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// nominalised are the nouns Japanese makes of its adjectives with さ
// ("高い", high: "高さ", height; 長さ, 重さ), which IPADIC reads as the
// adjective's stem and a suffix, so that a measure an item asks for is
// one word: one for each adjective in kanji, at its cost, unless have
// holds it.
func nominalised(file string, have []string) []string {
	held := map[string]bool{}
	for _, l := range have {
		held[strings.Fields(l)[0]] = true
	}
	cost := map[string]int{}
	for _, fs := range lines(file) {
		word := fs[0]
		n, err := strconv.Atoi(fs[1])
		if err != nil || len(fs) < 3 || fs[2] != "形容詞" || !strings.HasSuffix(word, "い") || !hasKanji.MatchString(word) {
			continue
		}
		noun := strings.TrimSuffix(word, "い") + "さ"
		if c, ok := cost[noun]; !held[noun] && (!ok || n < c) {
			cost[noun] = n
		}
	}
	var out []string
	for noun, n := range cost {
		out = append(out, fmt.Sprintf("%s %d 名詞", noun, n))
	}
	return out
}

var hasKanji = regexp.MustCompile(`\p{Han}`)

// lines are the fields of each line of a gse dictionary with two or more.
func lines(name string) [][]string {
	f, err := os.Open(name)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fs := strings.Fields(sc.Text()); len(fs) >= 2 {
			out = append(out, fs)
		}
	}
	return out
}

func write(name string, lines []string) {
	f, err := os.Create(name)
	if err != nil {
		fail(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	for _, l := range lines {
		fmt.Fprintln(zw, l)
	}
	if err := zw.Close(); err != nil {
		fail(err)
	}
	if err := f.Close(); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "dictgen:", err)
	os.Exit(1)
}
