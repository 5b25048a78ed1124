package goconst

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestStrings(t *testing.T) {
	dir := t.TempDir()
	src := "package p\n\ntype Kind string\n\nconst (\n\tKindA Kind = \"a\"\n\tKindB Kind = \"b\"\n\tplain = \"x\"\n\tnumber = 3\n)\n\nconst One, Two = \"1\", \"2\"\n"
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p_test.go"), []byte("package p\n\nconst Test = \"t\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	want := []Const{{"KindA", "Kind", "a"}, {"KindB", "Kind", "b"}, {"plain", "", "x"}, {"One", "", "1"}, {"Two", "", "2"}}
	if got := Strings(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}
