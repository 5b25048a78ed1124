package bench

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/scout-research/scout/backend/llm/llmtest"
)

// What the policy reads in the prompts Scout sends: the results shown,
// the page part last shown, its sentences, and the parts not yet read.

// result is one search result as the observation lists it.
type result struct {
	url, title, snippet string
	opened              bool // Scout marks it opened already
}

// resultsShown are the results of the newest observation that lists any.
func resultsShown(msgs []llmtest.Message) []result {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role != "user" {
			continue
		}
		if m := resultLine.FindAllStringSubmatch(msgs[i].Content, -1); m != nil {
			out := make([]result, len(m))
			for j, r := range m {
				title := strings.TrimSuffix(r[2], " (opened already)")
				out[j] = result{url: r[3], title: title, snippet: r[4], opened: title != r[2]}
			}
			return out
		}
	}
	return nil
}

// lastPageMessage is the newest user message that shows page text.
func lastPageMessage(msgs []llmtest.Message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "user" && partFence.MatchString(msgs[i].Content) {
			return msgs[i].Content
		}
	}
	return ""
}

// partFence opens the fence of a page part (a page's title and outline,
// and a sentence quoted back, have fences of their own).
var partFence = regexp.MustCompile(`Part \d+ of \d+:\n<page>\n`)

// pageText is the text of the last part shown in msg: inside its fence,
// after the heading it continues, before the part's links, which a model
// reads as links, not as text.
func pageText(msg string) string {
	opens := partFence.FindAllStringIndex(msg, -1)
	if opens == nil {
		return ""
	}
	text := msg[opens[len(opens)-1][1]:]
	if end := strings.Index(text, "</page>"); end >= 0 {
		text = text[:end]
	}
	if strings.HasPrefix(text, "(continuing ") {
		_, text, _ = strings.Cut(text, "\n")
	}
	if i := strings.LastIndex(text, "\nLinks in this part:\n"); i >= 0 {
		text = text[:i]
	}
	return text
}

// unreadPart returns an unread part number from the message's outline.
func unreadPart(msg string) int {
	for _, m := range outlineLine.FindAllStringSubmatch(msg, -1) {
		if m[2] == "" {
			var n int
			fmt.Sscan(m[1], &n)
			return n
		}
	}
	if m := partOf.FindStringSubmatch(msg); m != nil && m[1] != m[2] && !strings.Contains(msg, "Outline") {
		var n int
		fmt.Sscan(m[1], &n)
		return n + 1
	}
	return 0
}

var (
	sentenceEnd = regexp.MustCompile(`([.!?])\s+`)
	// fullStop ends a sentence in Chinese or Japanese, with or without a
	// space after it.
	fullStop = regexp.MustCompile(`([。！？])\s*`)
)

// sentencesOf splits Markdown page text into sentences, skipping tables,
// code and headings, and list markers; a Chinese or Japanese sentence ends
// at its full stop, which keeps it.
func sentencesOf(text string) []string {
	var out []string
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			inCode = !inCode
			continue
		}
		if inCode || t == "" || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "#") {
			continue
		}
		t = strings.TrimSpace(strings.TrimLeft(t, "-*>0123456789. "))
		t = fullStop.ReplaceAllString(t, "$1\n")
		for _, s := range sentenceEnd.Split(sentenceEnd.ReplaceAllString(t, "$1\n"), -1) {
			for _, part := range strings.Split(s, "\n") {
				if part = strings.TrimSpace(part); len(part) > 20 {
					out = append(out, part)
				}
			}
		}
	}
	return out
}
