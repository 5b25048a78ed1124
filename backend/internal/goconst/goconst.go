// Package goconst reads the string constants a package's source declares,
// for tests that hold every declared kind or status to its entry in a
// table, so a new one cannot be forgotten.
package goconst

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Const is one string constant: its name, its declared type's name ("" for
// an untyped one, or one whose type is implied by the line above) and its
// value.
type Const struct {
	Name, Type, Value string
}

// Strings are the string constants declared in the non-test Go files of
// the folder dir, in file order.
func Strings(t testing.TB, dir string) []Const {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	var out []Const
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				out = append(out, strs(g)...)
			}
		}
	}
	return out
}

func strs(g *ast.GenDecl) []Const {
	var out []Const
	for _, spec := range g.Specs {
		vs := spec.(*ast.ValueSpec)
		typ := ""
		if id, ok := vs.Type.(*ast.Ident); ok {
			typ = id.Name
		}
		for i, n := range vs.Names {
			if i >= len(vs.Values) {
				continue
			}
			if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				v, _ := strconv.Unquote(lit.Value)
				out = append(out, Const{Name: n.Name, Type: typ, Value: v})
			}
		}
	}
	return out
}
