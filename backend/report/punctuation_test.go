package report

import (
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/lang"
)

// The findings read with the language's punctuation: its colon (French
// " : ", Chinese and Japanese "："), its quotation marks around a page's
// words, and its parentheses around the count ("（2）").
func TestFindingsInTheLanguagesPunctuation(t *testing.T) {
	fs := []agent.Finding{{Number: 1, Turn: 3, URL: "http://x.test/a", Part: 2, Text: "T", Quote: "Q"}}
	for _, c := range []struct {
		tag                   lang.Tag
		heading, line, quoted string
	}{
		{lang.English, "## Findings (1)", "<http://x.test/a>: T", `2: "Q"`},
		{lang.German, "## Funde (1)", "<http://x.test/a>: T", "2: „Q“"},
		{lang.French, "## Trouvailles (1)", "<http://x.test/a> : T", "2 : « Q »"},
		{lang.Spanish, "(1)", "<http://x.test/a>: T", "2: «Q»"},
		{lang.Portuguese, "(1)", "<http://x.test/a>: T", "2: “Q”"},
		{lang.Russian, "(1)", "<http://x.test/a>: T", "2: «Q»"},
		{lang.Chinese, "## 发现（1）", "<http://x.test/a>：T", "2 部分：“Q”"},
		{lang.Traditional, "（1）", "<http://x.test/a>：T", "：「Q」"},
		{lang.Japanese, "## 発見（1）", "<http://x.test/a>：T", "パート 2：「Q」"},
	} {
		var sb strings.Builder
		writeFindings(&sb, fs, words{tag: c.tag, m: messageFiles[c.tag]})
		for _, want := range []string{c.heading, c.line, c.quoted} {
			if !strings.Contains(sb.String(), want) {
				t.Errorf("%s: no %q in\n%s", c.tag, want, sb.String())
			}
		}
	}
}
