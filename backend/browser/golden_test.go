package browser

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/tokens"
)

var update = flag.Bool("update", false, "rewrite the golden files of extracted page text")

// goldenContext is the context length the goldens are cut for: the design
// point, an 8k context.
const goldenContext = 8192

// goldenBase replaces the fixture server's random port in goldens.
const goldenBase = "http://fixture.test"

// fixturePages are the fixture pages whose reading is pinned by goldens.
var fixturePages = []struct{ name, path string }{
	{"kilimanjaro", "/wiki/Mount_Kilimanjaro"},
	{"kenya", "/wiki/Mount_Kenya"},
	{"coffee", "/guide/brew-pour-over-coffee"},
	{"docs", "/docs/fetch-api"},
	{"hidden", "/hidden-text"},
	{"latin1", "/latin1"},
	{"private-links", "/private-links"},
	{"pdf-link", "/pdf-link"},
}

// TestGoldenPages pins what the model is shown of each fixture page: the
// parts, their links and the outline. Run with -update after an intended
// change and read the diff.
func TestGoldenPages(t *testing.T) {
	s := session(t)
	for _, fp := range fixturePages {
		t.Run(fp.name, func(t *testing.T) {
			v, err := s.Open(context.Background(), fixtureSrv.URL+fp.path)
			if err != nil {
				t.Fatal(err)
			}
			pg := page.Split(v.Doc, page.PartBudget(goldenContext), &tokens.Estimator{})
			got := strings.ReplaceAll(renderGolden(pg), fixtureSrv.URL, goldenBase)
			path := filepath.Join("..", "..", "testdata", "golden", "pages", fp.name+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("no golden file (run go test -run TestGoldenPages -update ./backend/browser/): %v", err)
			}
			if got != string(want) {
				t.Errorf("%s changed; run with -update and review the diff.\n%s", path, firstDiff(string(want), got))
			}
		})
	}
}

// renderGolden shows a page the way the model is shown it, part by part.
func renderGolden(pg page.Page) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Title: %s\nURL: %s\nTruncated: %v\n", pg.Title, pg.URL, pg.Truncated)
	if o := pg.Outline(map[int]bool{1: true}); o != "" {
		sb.WriteString("\n" + o + "\n")
	}
	for _, p := range pg.Parts {
		fmt.Fprintf(&sb, "\n===== Part %d of %d (%d tokens)", p.Number, len(pg.Parts), p.Tokens)
		if p.Context != "" {
			fmt.Fprintf(&sb, ", continuing %q", p.Context)
		}
		sb.WriteString(" =====\n" + p.Text + "\n")
		if len(p.Links) > 0 {
			sb.WriteString("--- links ---\n")
			for _, l := range p.Links {
				fmt.Fprintf(&sb, "[%s](%s)\n", l.Text, l.URL)
			}
		}
	}
	return sb.String()
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("first difference at line %d:\nwant: %s\n got: %s", i+1, w, g)
		}
	}
	return ""
}
