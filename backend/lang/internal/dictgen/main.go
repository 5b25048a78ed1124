// Command dictgen makes the dictionaries Scout's segmenter embeds
// (backend/lang/dict) from those of the gse module in the module cache:
// of Chinese, the words of frequency minZhFreq and more, simplified and
// traditional; of Japanese, the words of two characters or more whose cost
// is at most maxJaCost (the commoner ones). Run it with go generate in
// backend/lang.
package main

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// minZhFreq keeps 130 thousand of gse's 590 thousand Chinese words: 0.4 s
// and 40 MB to load rather than 6 s and 130 MB, and the objectives and
// pages tried cut alike. maxJaCost keeps 37 thousand of 885 thousand
// Japanese words: 0.9 s and 43 MB rather than 10 s and 430 MB.
const (
	minZhFreq = 20
	maxJaCost = 4000
)

func main() {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/go-ego/gse").Output()
	if err != nil {
		fail(fmt.Errorf("finding gse's module (run go mod download): %w", err))
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "data", "dict")
	zh := pick(func(word string, n int) bool { return n >= minZhFreq },
		filepath.Join(dir, "zh", "s_1.txt"), filepath.Join(dir, "zh", "t_1.txt"))
	ja := pick(func(word string, n int) bool { return n <= maxJaCost && utf8.RuneCountInString(word) >= 2 },
		filepath.Join(dir, "jp", "dict.txt"))
	write("dict/zh.txt.gz", zh)
	write("dict/ja.txt.gz", ja)
}

// pick reads gse dictionary lines ("word number part-of-speech") and
// keeps those keep says, sorted and without repeats.
func pick(keep func(string, int) bool, files ...string) []string {
	var out []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			fail(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) < 2 {
				continue
			}
			if n, err := strconv.Atoi(fs[1]); err == nil && keep(fs[0], n) {
				out = append(out, sc.Text())
			}
		}
		f.Close()
	}
	slices.Sort(out)
	return slices.Compact(out)
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
