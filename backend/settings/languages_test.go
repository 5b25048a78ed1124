package settings

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/lang"
)

// The interface languages Settings accept are the frontend's message
// files, no more and no fewer.
func TestInterfaceLanguagesAreTheFrontendsFiles(t *testing.T) {
	files, err := filepath.Glob("../../frontend/src/i18n/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no message files in frontend/src/i18n: %v", err)
	}
	var got []string
	for _, f := range files {
		got = append(got, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	want := slices.Clone(InterfaceLanguages)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("frontend/src/i18n has %v; settings.InterfaceLanguages are %v", got, want)
	}
}

// The search languages the Settings screen lists are the languages Scout
// knows (lang.Tags), in their order.
func TestSearchLanguagesAreScouts(t *testing.T) {
	src, err := os.ReadFile("../../frontend/src/lib/languages.ts")
	if err != nil {
		t.Fatal(err)
	}
	var listed []lang.Tag
	for _, m := range regexp.MustCompile(`tag: '([^']+)'`).FindAllStringSubmatch(string(src), -1) {
		listed = append(listed, lang.Tag(m[1]))
	}
	if !slices.Equal(listed, lang.Tags) {
		t.Errorf("the Settings screen lists %v; Scout knows %v", listed, lang.Tags)
	}
}
