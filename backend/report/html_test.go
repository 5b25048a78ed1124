package report

import (
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent"
)

func TestFragmentIsSafeAndLinked(t *testing.T) {
	res := &agent.Result{
		Objective: "Find <script>alert(1)</script> things",
		Status:    agent.StatusFinished, Turns: 3,
		Answer: "Kilimanjaro is highest [1], see [the page](javascript:alert(1)) and [2].",
		Findings: []agent.Finding{
			{Number: 1, Turn: 2, URL: "https://x.test/a", Text: `Tall <img src=x onerror=alert(1)> mountain`},
			{Number: 2, Turn: 3, URL: "javascript:alert(2)", Text: "Second [x](data:text/html,hi)"},
		},
		NotFound:    []agent.Missing{{Item: agent.Item{Number: 2, Text: "its height in feet"}}},
		Unsupported: []string{"3.66"},
		Calls:       map[string]int{},
	}
	h, err := Fragment(res, Figures{})
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script", "<img", `href="javascript:`, `href="data:`} {
		if strings.Contains(strings.ToLower(h), bad) {
			t.Errorf("rendered report contains %q:\n%s", bad, h)
		}
	}
	for _, want := range []string{
		`<a class="cite" data-finding="1" href="#finding-1">[1]</a>`,
		`<li id="finding-1">`, `<li id="finding-2">`,
		`<h2 class="gap">Not found in the pages read</h2><ul class="gap">`,
		`<blockquote class="unsupported">`,
		// Markup in a finding is the page's words: shown, never run.
		`from <a href="https://x.test/a">https://x.test/a</a>: Tall &lt;img src=x onerror=alert(1)&gt; mountain`,
	} {
		if !strings.Contains(h, want) {
			t.Errorf("rendered report lacks %q:\n%s", want, h)
		}
	}
}

// Only the result's [n] are citations, and only when finding n exists; a
// bracketed number in a finding, a page quote or code is left as written.
func TestOnlyTheResultsCitationsAreLinked(t *testing.T) {
	res := &agent.Result{
		Objective: "Q", Status: agent.StatusFinished, Turns: 2,
		Answer: "First [1], second [2], none [3], zero [0], code `a[1]` and\n\n```\nb[2]\n```\n\n[see](https://x.test) [1].\n\n## The writer's own heading\n\nBoth [1, 2], a range [1-3].",
		Findings: []agent.Finding{
			{Number: 1, Turn: 1, URL: "https://x.test/a", Text: "Footnote mark [2] in a finding", Quote: "quoted [1] mark", Part: 1},
			{Number: 2, Turn: 2, URL: "https://x.test/b", Text: "Plain"},
		},
		Calls: map[string]int{},
	}
	h, err := Fragment(res, Figures{})
	if err != nil {
		t.Fatal(err)
	}
	result, findings, _ := strings.Cut(h, "<h2>Findings (2)</h2>")
	for _, c := range []struct {
		in, text string
		want     int
	}{
		{"result", result, 6}, // [1], [2], the [1] after a link, both of [1, 2], the 1 of [1-3]
		{"findings", findings, 0},
	} {
		if got := strings.Count(c.text, `class="cite"`); got != c.want {
			t.Errorf("%s: %d citation links, want %d:\n%s", c.in, got, c.want, c.text)
		}
	}
	for _, want := range []string{"none [3]", "zero [0]", `Both [<a class="cite" data-finding="1" href="#finding-1">1</a>, <a class="cite" data-finding="2" href="#finding-2">2</a>]`, `a range [<a class="cite" data-finding="1" href="#finding-1">1</a>-3]`, "<code>a[1]</code>", "b[2]\n</code></pre>", "Footnote mark [2]", "quoted [1] mark"} {
		if !strings.Contains(h, want) {
			t.Errorf("rendered report lacks %q as written:\n%s", want, h)
		}
	}
}

// The numbers the check flags are marked where the result gives them,
// whole numbers only, and never inside a citation, code or a finding.
func TestFlaggedNumbersAreMarkedInTheResult(t *testing.T) {
	res := &agent.Result{
		Objective: "Q", Status: agent.StatusFinished, Turns: 2,
		Answer:   "It is 3.66 m [1], not 13.66 or 3.661; about 1,200 people [1], `3.66` in code; 1 more, not Qwen1 or [1, 2].",
		Findings: []agent.Finding{{Number: 1, Turn: 1, URL: "https://x.test/a", Text: "It is 3.66 m and 1,200 people"}},
		Calls:    map[string]int{},
		// As the agent's check would list them (1 stands for a number whose
		// mark must not touch the citation [1]).
		Unsupported: []string{"3.66", "1,200", "1"},
	}
	h, err := Fragment(res, Figures{})
	if err != nil {
		t.Fatal(err)
	}
	result, findings, _ := strings.Cut(h, "<h2>Findings (1)</h2>")
	mark := func(n string) string {
		return `<mark class="unsupported" title="In no finding: check it against the sources">` + n + "</mark>"
	}
	for _, want := range []string{
		"It is " + mark("3.66") + " m", "not 13.66 or 3.661", "about " + mark("1,200") + " people",
		"<code>3.66</code>", mark("1") + " more", `href="#finding-1">[1]</a>`, "not Qwen1 or [",
	} {
		if !strings.Contains(result, want) {
			t.Errorf("result lacks %q:\n%s", want, result)
		}
	}
	if got := strings.Count(result, "<mark"); got != 3 {
		t.Errorf("%d marks in the result, want 3:\n%s", got, result)
	}
	if strings.Contains(findings, "<mark") {
		t.Errorf("a finding is marked:\n%s", findings)
	}
}

// A finding's source is a link only when it is a web address.
func TestSourceLinksOnlyWebAddresses(t *testing.T) {
	for addr, want := range map[string]string{
		"https://x.test/a?b=1":    "<https://x.test/a?b=1>",
		"http://127.0.0.1:8089/p": "<http://127.0.0.1:8089/p>",
		"javascript:alert(1)":     "javascript:alert(1)",
		"file:///etc/passwd":      "file:///etc/passwd",
		"https://x.test/a b":      "https://x.test/a b",
		"https://x.test/<script>": `https://x.test/\<script\>`, // as text, not raw HTML
		"https:/no-host":          "https:/no-host",
	} {
		if got := source(addr); got != want {
			t.Errorf("source(%q) = %q, want %q", addr, got, want)
		}
	}
}

func TestStandaloneEmbedsStyles(t *testing.T) {
	res := &agent.Result{Objective: `A "title" <b>`, Status: agent.StatusFinished, Turns: 1, Answer: "Text [1].",
		Findings: []agent.Finding{{Number: 1, Turn: 1, URL: "https://x.test", Text: "y"}}, Calls: map[string]int{}}
	body, err := Fragment(res, Figures{})
	if err != nil {
		t.Fatal(err)
	}
	page, err := Standalone(res.Objective, body)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<!DOCTYPE html>", "<title>A &#34;title&#34; &lt;b&gt;</title>", "<style>", ".report a.cite", `<li id="finding-1">`,
		`<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;`} {
		if !strings.Contains(page, want) {
			t.Errorf("standalone page lacks %q", want)
		}
	}
	if strings.Contains(page, "<link") || strings.Contains(page, "<script") {
		t.Error("standalone page loads something from outside")
	}
}
