package agent

import (
	_ "embed"
	"strconv"
	"strings"
	"unicode/utf8"
)

// lookalikesData is the table of look-alike characters, generated from
// Unicode's data by package lookalike (go generate ./backend/agent): a line
// per character, its code point, a tab, the character it is read as.
//
//go:embed lookalikes.txt
var lookalikesData string

// lookalikes maps every character a reader may take for a bracket, a
// slash or a letter of a fence tag to it: NFKC, UTS #39 confusables and
// character names.
var lookalikes = parseLookalikes(lookalikesData)

func parseLookalikes(data string) map[rune]rune {
	table := map[rune]rune{}
	for _, line := range strings.Split(data, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		code, rest, _ := strings.Cut(line, "\t")
		r, err := strconv.ParseUint(code, 16, 32)
		as, _ := utf8.DecodeRuneInString(rest)
		if err != nil || as == utf8.RuneError {
			panic("agent: lookalikes.txt: a line reads " + strconv.Quote(line)) // embedded: every test reaches it
		}
		table[rune(r)] = as
	}
	return table
}
