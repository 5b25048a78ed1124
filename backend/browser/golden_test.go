package browser

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/internal/golden"
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/tokens"
)

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
	{"tabs", "/docs/install-tabs"},
	{"web-components", "/apps/berth-board"},
	{"oklch", "/journal/night-shifts"},
	{"rfc-text", "/rfc/rfc9999.txt"},
	{"markdown", "/notes/README.md"},
	{"pdf", "/files/alpine-huts.pdf"},
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
			golden.Check(t, filepath.Join("..", "..", "testdata", "golden", "pages", fp.name+".txt"), got)
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
