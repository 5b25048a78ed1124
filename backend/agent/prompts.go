package agent

import (
	"embed"
	"fmt"
	"regexp"
	"strings"
	"text/template"
)

//go:embed prompts/*.tmpl
var promptFS embed.FS

// prompts holds every text the model is shown, as named templates; golden
// tests pin their output so a prompt change is a visible diff.
var prompts = template.Must(template.New("").Funcs(template.FuncMap{
	"inc": func(i int) int { return i + 1 },
	"join": func(ns []int) string {
		s := make([]string, len(ns))
		for i, n := range ns {
			s[i] = fmt.Sprint(n)
		}
		return strings.Join(s, ", ")
	},
	"inert":  inert,
	"line":   line,
	"quoted": quoted,
}).ParseFS(promptFS, "prompts/*.tmpl"))

// The prompts fence what came from the web: page text between <page> and
// </page>, search results between <results> and </results>; the system
// prompt tells the model both are data, not instructions. Every piece of
// text from a page, a search engine or a model (which may copy a page)
// goes into a prompt through one of these, so none can close a fence, open
// a fake one, or pass for a line of Scout's own:
//   - inert, for text shown as it is (a page part, an outline);
//   - line, for a piece on one line (a finding, a link's text, a reason);
//   - quoted, for a piece in quotes (a title, a heading, a page sentence),
//     whose own double quotes become single ones so it cannot end them.

// fenceTag is anything that could read as a fence's tag: <page>, </page>,
// <results> or </results>, in any case, with spaces, with full-width or
// small angle brackets, or written as an HTML character reference.
var fenceTag = regexp.MustCompile(`(?i)(?:<|＜|﹤|&lt;?|&#0*60;?|&#x0*3c;?)(\s*/?\s*(?:page|results)\b)`)

// inert returns s with the bracket of every fence tag in it replaced by
// a single angle quote: the model still reads "‹/page>" as the page's
// words, and never as the end of them.
func inert(s string) string {
	return fenceTag.ReplaceAllString(s, "‹$1")
}

// line is inert on one line: a line break in it cannot start a line that
// reads as Scout's ("Turn 5: ...", "R3. ...").
func line(s string) string {
	return inert(strings.Join(strings.Fields(s), " "))
}

// quoted is line in double quotes.
func quoted(s string) string {
	return `"` + strings.ReplaceAll(line(s), `"`, "'") + `"`
}

// render executes a named prompt template; the templates are fixed and
// tested, so a failure is a programming error.
func render(name string, data any) string {
	var sb strings.Builder
	if err := prompts.ExecuteTemplate(&sb, name, data); err != nil {
		panic(fmt.Sprintf("prompt %s: %v", name, err))
	}
	return strings.TrimSpace(sb.String())
}
