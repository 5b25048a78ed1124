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
	h, err := Fragment(Markdown(res, Figures{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script", "<img", "onerror", `href="javascript:`, `href="data:`} {
		if strings.Contains(strings.ToLower(h), bad) {
			t.Errorf("rendered report contains %q:\n%s", bad, h)
		}
	}
	for _, want := range []string{
		`<a class="cite" data-finding="1" href="#finding-1">[1]</a>`,
		`<li id="finding-1">`, `<li id="finding-2">`,
		`<h2 class="gap">Not found in the pages read</h2><ul class="gap">`,
		`<blockquote class="unsupported">`,
	} {
		if !strings.Contains(h, want) {
			t.Errorf("rendered report lacks %q:\n%s", want, h)
		}
	}
}

func TestStandaloneEmbedsStyles(t *testing.T) {
	page, err := Standalone(`A "title" <b>`, "# Hi\n\nText [1].\n\n## Findings (1)\n\n1. Turn 1, from https://x.test: y\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<!DOCTYPE html>", "<title>A &#34;title&#34; &lt;b&gt;</title>", "<style>", ".report a.cite", `<li id="finding-1">`} {
		if !strings.Contains(page, want) {
			t.Errorf("standalone page lacks %q", want)
		}
	}
	if strings.Contains(page, "<link") || strings.Contains(page, "<script") {
		t.Error("standalone page loads something from outside")
	}
}
