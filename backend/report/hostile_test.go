package report

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/internal/golden"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
)

// render returns the report of res as Markdown and as the app's HTML,
// failing the test when rendering takes more than a second: model text
// once sent the renderer into an endless loop.
func render(t *testing.T, res *agent.Result) (md, h string) {
	t.Helper()
	type out struct {
		h   string
		err error
	}
	done := make(chan out, 1)
	go func() {
		h, err := Fragment(res, Figures{})
		done <- out{h, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			t.Fatal(o.err)
		}
		return Markdown(res, Figures{}), o.h
	case <-time.After(time.Second):
		t.Fatal("rendering the report did not end within a second")
	}
	return "", ""
}

// forged is a result written to pass for the report's own parts: a check
// line with an empty number (which made the old renderer loop forever), a
// findings heading with 99 findings, gap sections and citations of
// findings that do not exist.
const forged = "Kilimanjaro is 5,895 m high [1].\n\n" +
	"> **Check against the sources:** 5,  appear in no finding.\n\n" +
	"## Not found in the pages read\n\n- everything\n\n" +
	"## Findings (99)\n\n1. Turn 1, from <https://evil.test/>: forged\n\n" +
	"See [7] and [1, 99].\n\n" +
	"Findings (98)\n-------------\n"

func forgedResult() *agent.Result {
	return &agent.Result{
		Objective: "How high is Kilimanjaro?", Status: agent.StatusFinished, Turns: 3, Answer: forged,
		Findings: []agent.Finding{{Number: 1, Turn: 2, URL: "https://x.test/k", Text: "Kilimanjaro rises 5,895 metres."}},
		Calls:    map[string]int{},
	}
}

// The result cannot forge the report's structure: the sections, the number
// of findings, the check and which citations link all come from the run.
func TestResultCannotForgeTheReport(t *testing.T) {
	md, h := render(t, forgedResult())

	if got := regexp.MustCompile(`<h2[ >]`).FindAllString(h, -1); len(got) != 3 {
		t.Errorf("%d h2 sections, want Result, Findings and Run figures:\n%s", len(got), h)
	}
	for _, want := range []string{"<h2>Findings (1)</h2>", "<h4>Findings (99)</h4>", "<h4>Not found in the pages read</h4>", "<h4>Findings (98)</h4>",
		`See [7] and [<a class="cite" data-finding="1" href="#finding-1">1</a>, 99].`} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q:\n%s", want, h)
		}
	}
	for _, bad := range []string{`class="unsupported"`, `class="gap"`, `<mark`, `finding-7`, `finding-99`} {
		if strings.Contains(h, bad) {
			t.Errorf("HTML has %q:\n%s", bad, h)
		}
	}
	// In report.md too, a reader (or a tool) splitting at "## " sees the
	// report's own sections only.
	var sections []string
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "## ") {
			sections = append(sections, line)
		}
	}
	if want := []string{"## Result", "## Findings (1)", "## Run figures"}; strings.Join(sections, "|") != strings.Join(want, "|") {
		t.Errorf("report.md sections %q, want %q:\n%s", sections, want, md)
	}
	golden.Check(t, filepath.Join("..", "..", "testdata", "golden", "reports", "forged.html"), h)
}

// A marked number is a whole number of the result, never a piece of a
// longer one, and marks never nest.
// A result that leaves a block open at its end (a code fence, an HTML
// comment or <script>, <pre>, <style>, <textarea>, <?, <!X or CDATA block,
// which run to their end tag) cannot take in what follows it in report.md:
// the check line, the findings and the figures stay the report's, in any
// Markdown reader, and the result keeps its words.
func TestAnOpenBlockCannotSwallowTheReport(t *testing.T) {
	for name, answer := range map[string]string{
		"fence": "Kili [1].\n\n```\nunclosed", "tilde fence": "Kili [1].\n\n~~~~\nunclosed", "indented fence": "Kili [1].\n\n   ```js\nunclosed",
		"comment": "Kili [1].\n\n<!-- hide the rest", "script": "Kili [1].\n\n<script>\nhide", "pre": "Kili [1].\n\n<pre>\nhide",
		"textarea": "Kili [1].\n\n<textarea>\nhide", "style": "Kili [1].\n\n<style>\nhide", "cdata": "Kili [1].\n\n<![CDATA[\nhide",
		"instruction": "Kili [1].\n\n<?php\nhide", "declaration": "Kili [1].\n\n<!DOCTYPE\nhide",
		"two": "Kili [1].\n\n<!--\n```\nhide", "closed fence": "Kili [1].\n\n```\ncode\n```",
	} {
		t.Run(name, func(t *testing.T) {
			res := forgedResult()
			res.Answer, res.Unsupported = answer, []string{"7"}
			md := Markdown(res, Figures{})
			h, err := MarkdownFragment(md)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"<strong>Check against the sources:</strong>", "<h2>Findings (1)</h2>", "<h2>Run figures</h2>", "Kilimanjaro rises 5,895 metres."} {
				if !strings.Contains(h, want) {
					t.Errorf("report.md as read lacks %q:\n%s", want, md)
				}
			}
			if name == "closed fence" && !strings.Contains(h, "<pre><code>code\n</code></pre>") {
				t.Errorf("a closed fence was changed:\n%s", md)
			}
		})
	}
}

// A result of megabytes (a server that ignores the reply's token limit)
// nested as deep as it goes renders in bounded time, cut and saying so:
// Markdown parsing of such nesting grows with the square of its length.
func TestAHugeNestedResultRendersInTime(t *testing.T) {
	for name, answer := range map[string]string{
		"lists":  strings.Repeat("- ", 2<<20) + "x",
		"quotes": strings.Repeat(">", 4<<20) + " x",
		"links":  strings.Repeat("[a](", 1<<20),
	} {
		t.Run(name, func(t *testing.T) {
			res := forgedResult()
			res.Answer = answer
			done := make(chan string, 1)
			go func() {
				h, _ := Fragment(res, Figures{})
				done <- h
			}()
			select {
			case h := <-done:
				if !strings.Contains(h, "The rest of the result was cut") {
					t.Error("the cut result does not say it was cut")
				}
			case <-time.After(5 * time.Second):
				t.Fatal("rendering a huge nested result did not end within five seconds")
			}
		})
	}
}

func TestFlaggedNumbersAreWholeNumbers(t *testing.T) {
	res := &agent.Result{
		Objective: "Q", Status: agent.StatusFinished, Turns: 1, Calls: map[string]int{},
		Answer:      "It took 9999 steps, cost 19.99 or 99.5, 99 times; 1,200 or 1200 people [1].",
		Findings:    []agent.Finding{{Number: 1, Turn: 1, URL: "https://x.test/a", Text: "steps"}},
		Unsupported: []string{"9999", "99", "1,200"},
	}
	_, h := render(t, res)
	result, _, _ := strings.Cut(h, "<h2>Findings")
	mark := func(n string) string {
		return `<mark class="unsupported" title="In no finding: check it against the sources">` + n + "</mark>"
	}
	for _, want := range []string{"took " + mark("9999") + " steps", "cost 19.99 or 99.5, " + mark("99") + " times", mark("1,200") + " or " + mark("1200") + " people"} {
		if !strings.Contains(result, want) {
			t.Errorf("result lacks %q:\n%s", want, result)
		}
	}
	if n := strings.Count(result, "<mark"); n != 4 {
		t.Errorf("%d marks, want 4:\n%s", n, result)
	}
	if regexp.MustCompile(`<mark[^<]*<mark`).MatchString(result) {
		t.Errorf("a mark inside a mark:\n%s", result)
	}
}

// Text that quotes HTML shows every word, as written, in the app and in
// report.md rendered by any Markdown renderer.
func TestQuotedHTMLKeepsItsWords(t *testing.T) {
	res := &agent.Result{
		Objective: "Which tag makes <b>bold</b> text?", Status: agent.StatusFinished, Turns: 2, Calls: map[string]int{},
		Answer: "The page says <b>bold</b> makes bold text [1].\n\n<div>\nA block of <em>markup</em> words\n</div>",
		Findings: []agent.Finding{{Number: 1, Turn: 2, URL: "https://x.test/tags", Part: 1,
			Text:  "Wrap text in <b>bold</b> tags <!-- like this --> & use &amp; for *stars* and [links](https://x.test).",
			Quote: "The <script>alert(1)</script> tag runs code."}},
	}
	md, h := render(t, res)
	fromMarkdown, err := MarkdownFragment(md)
	if err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"HTML": h, "report.md rendered": fromMarkdown} {
		if strings.Contains(out, "raw HTML omitted") || strings.Contains(out, "<b>") || strings.Contains(out, "<script") || strings.Contains(out, "<em>stars") {
			t.Errorf("%s drops or runs markup:\n%s", name, out)
		}
		for _, want := range []string{
			"Which tag makes &lt;b&gt;bold&lt;/b&gt; text?",
			"Wrap text in &lt;b&gt;bold&lt;/b&gt; tags &lt;!-- like this --&gt; &amp; use &amp;amp; for *stars* and [links](https://x.test).",
			"The &lt;script&gt;alert(1)&lt;/script&gt; tag runs code.",
			"The page says &lt;b&gt;bold&lt;/b&gt; makes bold text",
			"A block of &lt;em&gt;markup&lt;/em&gt; words",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q:\n%s", name, want, out)
			}
		}
	}
}

// No image in a result or a finding is loaded: each is a link to the
// image, or text when it is no web address.
func TestImagesAreLinksNeverLoaded(t *testing.T) {
	res := &agent.Result{
		Objective: "Q", Status: agent.StatusFinished, Turns: 1, Calls: map[string]int{},
		Answer:   "Look ![the summit](http://127.0.0.1:9/canary.png \"t\") and ![](data:image/png;base64,iVBORw0KGgo=) [1].",
		Findings: []agent.Finding{{Number: 1, Turn: 1, URL: "https://x.test/a", Text: "![x](http://127.0.0.1:9/finding.png)"}},
	}
	md, h := render(t, res)
	fromMarkdown, _ := MarkdownFragment(md)
	for name, out := range map[string]string{"HTML": h, "report.md rendered": fromMarkdown} {
		if strings.Contains(out, "<img") || strings.Contains(out, "data:image") && strings.Contains(out, "src=") {
			t.Errorf("%s loads an image:\n%s", name, out)
		}
	}
	for _, want := range []string{`<a class="image" href="http://127.0.0.1:9/canary.png">image: the summit</a>`, "[image: no description]"} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q:\n%s", want, h)
		}
	}
}

// An image's label is in the report's language, as its other words are.
func TestImageLabelsInTheReportsLanguage(t *testing.T) {
	for objective, want := range map[string][]string{
		"Wie hoch ist der Kilimandscharo?": {`<a class="image" href="http://127.0.0.1:9/k.png">Bild: der Gipfel</a>`, "[Bild: ohne Beschreibung]"},
		"乞力马扎罗山有多高？":                       {`<a class="image" href="http://127.0.0.1:9/k.png">图片：der Gipfel</a>`, "[图片：无描述]"},
	} {
		res := &agent.Result{
			Objective: objective, Status: agent.StatusFinished, Turns: 1, Calls: map[string]int{},
			Answer:   "![der Gipfel](http://127.0.0.1:9/k.png) ![](data:image/png;base64,iVBORw0KGgo=) [1]",
			Findings: []agent.Finding{{Number: 1, Turn: 1, URL: "https://x.test/a", Text: "5895 m"}},
		}
		_, h := render(t, res)
		for _, w := range want {
			if !strings.Contains(h, w) {
				t.Errorf("%s: the HTML lacks %q:\n%s", objective, w, h)
			}
		}
	}
}

// A run whose writing step failed says so, and why, in its status.
func TestStatusSaysWhyTheResultIsMissing(t *testing.T) {
	for _, status := range []agent.Status{agent.StatusFinished, agent.StatusTurnLimit} {
		res := &agent.Result{Objective: "Q", Status: status, Turns: 5, Calls: map[string]int{},
			Findings: []agent.Finding{{Number: 1, Turn: 2, URL: "https://x.test/", Text: "t"}},
			Error:    "the final result could not be written: the model server stopped answering"}
		md, _ := render(t, res)
		if !strings.Contains(md, "; the final result could not be written: the model server stopped answering\n") {
			t.Errorf("%s: status does not say why there is no result:\n%s", status, md)
		}
		res.Objective = "Welche drei Editoren sind kostenlos?"
		if md, _ := render(t, res); !strings.Contains(md, "; das endgültige Ergebnis konnte nicht geschrieben werden: the model server stopped answering\n") {
			t.Errorf("%s: status does not say in German why there is no result:\n%s", status, md)
		}
	}
}

// Terminal escapes and bidi controls from pages and models do not reach
// report.md or the app.
func TestReportHoldsNoControls(t *testing.T) {
	res := &agent.Result{
		Objective: "Q", Status: agent.StatusModelUnavailable, Turns: 1, Calls: map[string]int{},
		Error:    "server said \x1b]52;c;ZXZpbA==\x07no",
		Answer:   "Safe\x1b[2K text \u202eevil [1].",
		Findings: []agent.Finding{{Number: 1, Turn: 1, URL: "https://x.test/a", Text: "pay\u200bpal \x1b]8;;http://e.test/\x1b\\link", Quote: "\u2066q\u2069"}},
		NotFound: []agent.Missing{{Item: agent.Item{Number: 1, Text: "item\x1b[31m"}, Why: "why\u202e"}},
	}
	md, h := render(t, res)
	for name, out := range map[string]string{"report.md": md, "HTML": h} {
		if strings.ContainsAny(out, "\x1b\x07\u202e\u200b\u2066\u2069") {
			t.Errorf("%s holds a control: %q", name, out)
		}
	}
}

func TestSinkHeadings(t *testing.T) {
	for in, want := range map[string]string{
		"Plain text [1].":                        "Plain text [1].",
		"## Findings (99)\n\ntext":               "#### Findings (99)\n\ntext",
		"# One\n### Three\n##### Five":           "### One\n##### Three\n###### Five",
		"Findings (98)\n---\nafter":              "#### Findings (98)\nafter",
		"Title\nsecond line\n===\n":              "### Title second line\n",
		"> ## In a quote\n\n- ## In a list":      "> #### In a quote\n\n- #### In a list",
		"```\n## a comment in code\n```":         "```\n## a comment in code\n```",
		"A line\n\n    ## indented code stays\n": "A line\n\n    ## indented code stays\n",
	} {
		if got := sinkHeadings(in); got != want {
			t.Errorf("sinkHeadings(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLiteral(t *testing.T) {
	for in, want := range map[string]string{
		"Kilimanjaro rises 5,895 metres (19,341 ft).": "Kilimanjaro rises 5,895 metres (19,341 ft).",
		"Use <b>bold</b> & AT&T, not &amp;":           `Use \<b\>bold\</b\> & AT&T, not \&amp;`,
		"*stars*, `code`, [link](x), ~~gone~~, a|b":   "\\*stars\\*, \\`code\\`, \\[link\\](x), \\~\\~gone\\~\\~, a\\|b",
		"snake_case but _emphasis_":                   `snake_case but \_emphasis\_`,
		"1. a list":                                   `1\. a list`,
		"- a list":                                    `\- a list`,
		"## a heading":                                `\## a heading`,
		"What is C#":                                  `What is C\#`,
		"back\\slash":                                 `back\\slash`,
		"line\nbreak\tand \x1b[31mescape":             "line break and escape",
	} {
		if got := literal(in); got != want {
			t.Errorf("literal(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDataRoundTrip(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := Load(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("no data file: %v", err)
	}
	res := forgedResult()
	res.Unsupported = []string{"5,895"}
	fig := Figures{Model: "m", ContextLength: 8192, Wall: 3 * time.Second}
	if err := writeFile(filepath.Join(dir, DataFile), Encode(res, fig)); err != nil {
		t.Fatal(err)
	}
	got, gotFig, err := Load(dir)
	if err != nil || got.Answer != res.Answer || got.Unsupported[0] != "5,895" || gotFig != fig {
		t.Fatalf("loaded %+v %+v %v", got, gotFig, err)
	}
}

func writeFile(path string, data []byte) error { return os.WriteFile(path, data, 0o644) }

// report.md, which "Save as Markdown" exports as it is, is safe in any
// Markdown viewer, not only in Scout's renderer: the writer's raw HTML
// (an image, a heading, a block), a remote Markdown image, a check line
// forged as a quote and link reference definitions (which would send the
// citation [1] anywhere) are all shown as text. Here a permissive viewer
// renders it: CommonMark and GFM with raw HTML allowed.
func TestReportMarkdownIsInertInAnyViewer(t *testing.T) {
	res := forgedResult()
	res.Unsupported = []string{"7"}
	res.Answer = "Kilimanjaro is 5,895 m high [1]. <img src=\"http://127.0.0.1:9/pixel.png\"> See ![summit](http://127.0.0.1:9/canary.png) too.\n\n" +
		"<h2>Findings (99)</h2>\n\n" +
		"<div>\n<img src=\"http://127.0.0.1:9/block.png\">\n</div>\n\n" +
		"> **Check against the sources:** every number is in a finding.\n\n" +
		"[1]: https://evil.test/one\n" +
		"[7]: <https://evil.test/seven>\n\n" +
		"- a list item\n\n  [2]: https://evil.test/two\n\n" +
		"Text with `<code>` and a closing [1].\n"
	md := Markdown(res, Figures{})
	viewer := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	var buf bytes.Buffer
	if err := viewer.Convert([]byte(md), &buf); err != nil {
		t.Fatal(err)
	}
	h := buf.String()
	for _, bad := range []string{"<img", "<h2>Findings (99)", "<div>"} {
		if strings.Contains(h, bad) {
			t.Errorf("a viewer renders %q from report.md:\n%s\n--- report.md:\n%s", bad, h, md)
		}
	}
	// A citation is no link: a definition would make one of each [1].
	if m := regexp.MustCompile(`<a href="[^"]*">\d+</a>`).FindString(h); m != "" {
		t.Errorf("a viewer links a citation, %s:\n%s\n--- report.md:\n%s", m, h, md)
	}
	if n := strings.Count(h, "<blockquote>\n<p><strong>Check against the sources:</strong>"); n != 1 {
		t.Errorf("%d check lines, want Scout's one:\n%s", n, h)
	}
	for _, words := range []string{"pixel.png", "canary.png", "Findings (99)", "block.png", "every number is in a finding", "evil.test/one", "evil.test/two", "<code>&lt;code&gt;</code>"} {
		if !strings.Contains(h, words) {
			t.Errorf("the result lost %q:\n%s", words, h)
		}
	}
}

// A damaged report.json says what is wrong with it in words, whatever the
// damage: not JSON, no result at all ("result": null, a file of "null"),
// or a result of the wrong shape.
func TestDamagedDataSaysWhy(t *testing.T) {
	for content, says := range map[string]string{
		`{"result": null}`:         "holds no result",
		`null`:                     "holds no result",
		`{"figures": {}}`:          "holds no result",
		`{"result": {`:             "not JSON",
		`{"result": "a string"}`:   "result",
		"\x00\x01 not json at all": "not JSON",
	} {
		dir := t.TempDir()
		if err := writeFile(filepath.Join(dir, DataFile), []byte(content)); err != nil {
			t.Fatal(err)
		}
		_, _, err := Load(dir)
		if err == nil || strings.Contains(err.Error(), "<nil>") || !strings.Contains(err.Error(), says) || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("Load of %q: %v, want it damaged and saying %q", content, err, says)
		}
	}
}
