package chat

import "testing"

func TestSplitThinking(t *testing.T) {
	for _, tc := range []struct{ text, thinking, answer string }{
		{`{"a":1}`, "", `{"a":1}`},
		{"  plain text, kept as it is \n", "", "  plain text, kept as it is \n"},
		// Qwen3: a block before the answer, empty when thinking is off.
		{"<think>\nThe user wants the height.\n</think>\n\n{\"a\":1}", "The user wants the height.", `{"a":1}`},
		{"<think>\n\n</think>\n\n{\"a\":1}", "", `{"a":1}`},
		{"\n<think>x</think>{}", "x", "{}"},
		// DeepSeek-R1: the template opened the block in the prompt.
		{"Okay, so the page says 5,895 m.\n</think>\n\n{\"a\":1}", "Okay, so the page says 5,895 m.", `{"a":1}`},
		// Thinking about the tag itself: the answer follows the last one.
		{"<think>I must close with </think> first.</think>{}", "I must close with </think> first.", "{}"},
		// A block never closed holds no answer.
		{"<think>\nOkay, the user wants", "Okay, the user wants", ""},
		{"<think>x</think>", "x", ""},
	} {
		thinking, answer := SplitThinking(tc.text)
		if thinking != tc.thinking || answer != tc.answer {
			t.Errorf("SplitThinking(%q) = %q, %q; want %q, %q", tc.text, thinking, answer, tc.thinking, tc.answer)
		}
	}
}
