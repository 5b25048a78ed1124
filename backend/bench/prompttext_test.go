package bench

import (
	"slices"
	"testing"
)

// The policy reads a page's sentences in any language: a Chinese or
// Japanese sentence ends at its full stop, with no space after it, and a
// German number's thousands point is no sentence's end.
func TestSentencesOf(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"GIMP is a free and open-source image editor. It runs on Linux and Windows alike.",
			[]string{"GIMP is a free and open-source image editor", "It runs on Linux and Windows alike."}},
		{"Freeplane 是一款免费开源的思维导图软件，采用 GPL 许可证发布。它最早从 FreeMind 分支而来，如今功能远远超过了前身。",
			[]string{"Freeplane 是一款免费开源的思维导图软件，采用 GPL 许可证发布。", "它最早从 FreeMind 分支而来，如今功能远远超过了前身。"}},
		{"Minder 是免费开源的吗？是的，它采用 GPL-3.0 许可证发布！",
			[]string{"Minder 是免费开源的吗？", "是的，它采用 GPL-3.0 许可证发布！"}},
		{"Die Zugspitze ist 2.962 m hoch und liegt in Bayern. Ihr Gipfel trägt ein goldenes Kreuz.",
			[]string{"Die Zugspitze ist 2.962 m hoch und liegt in Bayern", "Ihr Gipfel trägt ein goldenes Kreuz."}},
	} {
		if got := sentencesOf(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("sentencesOf(%q)\n got %q\nwant %q", tc.text, got, tc.want)
		}
	}
}

// The policy's writer cites a finding before its full stop, in the
// finding's own script.
func TestCited(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"GIMP is free and open source.", "GIMP is free and open source [2]."},
		{"GIMP is free and open source", "GIMP is free and open source [2]."},
		{"Freeplane 是一款免费开源的思维导图软件。", "Freeplane 是一款免费开源的思维导图软件 [2]。"},
	} {
		if got := cited(tc.text, "2"); got != tc.want {
			t.Errorf("cited(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
