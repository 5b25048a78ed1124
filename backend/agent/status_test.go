package agent

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every status declared has its words, a tone and whether it resumes, so
// a new one cannot be forgotten where the app shows it.
func TestEveryStatusIsWorded(t *testing.T) {
	declared := declaredStatuses(t)
	if len(declared) < 8 {
		t.Fatalf("found %d statuses declared: %v", len(declared), declared)
	}
	tones := []string{ToneDone, ToneInfo, ToneFailed}
	for _, s := range declared {
		st, ok := statuses[s]
		if !ok {
			t.Errorf("status %q has no entry in statuses", s)
			continue
		}
		if st.words == "" || !slices.Contains(tones, st.tone) {
			t.Errorf("status %q: words %q, tone %q", s, st.words, st.tone)
		}
	}
	if got := Statuses(); len(got) != len(declared) {
		t.Errorf("Statuses() has %d, %d are declared", len(got), len(declared))
	}
	// One this Scout does not know, from a newer one's run.
	if s := Status("something_new"); s.Words() != "something_new" || s.Tone() != ToneFailed || s.Resumable() {
		t.Errorf("unknown status: %q, %q, %v", s.Words(), s.Tone(), s.Resumable())
	}
}

// declaredStatuses are the constants of type Status in the package's
// source.
func declaredStatuses(t *testing.T) []Status {
	files, _ := filepath.Glob("*.go")
	var out []Status
	fset := gotoken.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != gotoken.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Status" {
					continue
				}
				for _, v := range vs.Values {
					lit, _ := v.(*ast.BasicLit)
					if lit == nil {
						t.Fatalf("a Status constant not written as a string: %s", fset.Position(v.Pos()))
					}
					s, _ := strconv.Unquote(lit.Value)
					out = append(out, Status(s))
				}
			}
		}
	}
	return out
}
