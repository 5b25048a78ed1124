package lookalike

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The agent's table and the tests' list are what the generator makes now:
// a change to the sources or the rules shows as a diff of both.
func TestGeneratedFilesAreUpToDate(t *testing.T) {
	table := Table()
	for path, want := range map[string][]byte{
		filepath.Join("..", "..", "lookalikes.txt"):                                  Data(table),
		filepath.Join("..", "..", "..", "..", "testdata", "fence", "lookalikes.txt"): Spellings(table, FenceWords...),
	} {
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is out of date: run go generate ./backend/agent", path)
		}
	}
}

// Each source reads what it should: the re-probe's look-alikes among them.
func TestSources(t *testing.T) {
	byRune := map[rune]Entry{}
	for _, e := range Table() {
		byRune[e.Rune] = e
	}
	for _, c := range []struct {
		r, as  rune
		source string
	}{
		{'＜', '<', "NFKC"}, {'𝐩', 'p', "NFKC"}, {'ⓟ', 'p', "NFKC"},
		{'ɑ', 'a', "UTS 39"}, {'ⲣ', 'p', "UTS 39"}, {'ց', 'g', "UTS 39"}, {'⋖', '<', "UTS 39"}, {'‹', '<', "UTS 39"}, {'é', 'e', "UTS 39"}, {'I', 'l', "UTS 39"},
		{'❰', '<', "name"}, {'⟪', '<', "name"}, {'《', '<', "name"}, {'ᴘ', 'p', "name"}, {'⧷', '\\', "name"},
		{'τ', 't', "kept"},
	} {
		if e, ok := byRune[c.r]; !ok || e.As != c.as || e.Source != c.source {
			t.Errorf("%q (%U) reads as %q by %q, want %q by %q", c.r, c.r, e.As, e.Source, c.as, c.source)
		}
	}
	for _, r := range "<pageabc ,.>\u0301\u200b" {
		if e, ok := byRune[r]; ok {
			t.Errorf("%q (%U) is in the table as %q (%s)", r, r, e.As, e.Source)
		}
	}
}
