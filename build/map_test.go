package build

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// backend/README.md's map names every package under backend/ and draws
// an arrow for every import between them, and only those: `go list` says
// what the code imports, so the map cannot drift from it. The files the
// README names exist.
func TestBackendMap(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "backend", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	drawn, err := mapOf(string(readme))
	if err != nil {
		t.Fatal(err)
	}
	real := importsOf(t, root)
	for pkg, uses := range real {
		arrows, ok := drawn[pkg]
		if !ok {
			t.Errorf("backend/%s is not in the map", pkg)
			continue
		}
		for _, dep := range uses {
			if !slices.Contains(arrows, dep) {
				t.Errorf("the map lacks %s ─> %s", pkg, dep)
			}
		}
	}
	for pkg, arrows := range drawn {
		uses, ok := real[pkg]
		if !ok {
			t.Errorf("the map names %s, which is no package under backend/", pkg)
			continue
		}
		for _, dep := range arrows {
			if !slices.Contains(uses, dep) {
				t.Errorf("the map draws %s ─> %s, which the code does not import", pkg, dep)
			}
		}
	}
	for _, name := range filesNamed(string(readme)) {
		if !fileExists(root, name) {
			t.Errorf("backend/README.md names %s, which is no file", name)
		}
	}
}

// mapOf reads the map, the README's first code block: a line that starts
// with a package names it and, after "─>", the packages it imports; an
// indented line says what it holds.
func mapOf(readme string) (map[string][]string, error) {
	start := strings.Index(readme, "```\n")
	if start < 0 {
		return nil, os.ErrNotExist
	}
	block := readme[start+4:]
	block = block[:strings.Index(block, "```")]
	out := map[string][]string{}
	for _, line := range strings.Split(block, "\n") {
		if line == "" || strings.HasPrefix(line, " ") {
			continue
		}
		pkg, uses, _ := strings.Cut(line, "─>")
		out[strings.TrimSpace(pkg)] = strings.Fields(uses)
	}
	return out, nil
}

// importsOf is each package under backend/ but a command (package main),
// by its path under backend/, with the packages under backend/ it imports.
func importsOf(t *testing.T, root string) map[string][]string {
	const prefix = "github.com/scout-research/scout/backend/"
	out := map[string][]string{}
	list := run(t, root, "go", "list", "-f", `{{.Name}} {{.ImportPath}} {{join .Imports " "}}`, "./backend/...")
	for _, line := range strings.Split(strings.TrimSpace(list), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] == "main" {
			continue
		}
		pkg := strings.TrimPrefix(f[1], prefix)
		out[pkg] = []string{}
		for _, imp := range f[2:] {
			if dep, ok := strings.CutPrefix(imp, prefix); ok {
				out[pkg] = append(out[pkg], dep)
			}
		}
	}
	return out
}

var goFile = regexp.MustCompile("`([A-Za-z0-9_./-]+\\.go)`")

// filesNamed are the Go files the README names in code spans.
func filesNamed(readme string) []string {
	var out []string
	for _, m := range goFile.FindAllStringSubmatch(readme, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// fileExists reports whether a file the README names is in the checkout:
// a path from the checkout, backend/ or backend/agent/ (whose files the
// turn's table names), or a bare name of a file under backend/.
func fileExists(root, name string) bool {
	for _, dir := range []string{"", "backend", filepath.Join("backend", "agent")} {
		if _, err := os.Stat(filepath.Join(root, dir, name)); err == nil {
			return true
		}
	}
	if strings.Contains(name, "/") {
		return false
	}
	found := false
	filepath.WalkDir(filepath.Join(root, "backend"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == name {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}
