package agent

import (
	"embed"
	"fmt"
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
}).ParseFS(promptFS, "prompts/*.tmpl"))

// render executes a named prompt template; the templates are fixed and
// tested, so a failure is a programming error.
func render(name string, data any) string {
	var sb strings.Builder
	if err := prompts.ExecuteTemplate(&sb, name, data); err != nil {
		panic(fmt.Sprintf("prompt %s: %v", name, err))
	}
	return strings.TrimSpace(sb.String())
}
