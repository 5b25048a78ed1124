package content

import (
	"os"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/internal/corpus"
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/tokens"
)

// readerOnSaved reads a corpus page as it was saved, without a browser:
// no stylesheet hides anything and no script runs, so the figures are a
// little below what the browser gets (backend/browser measures that).
func readerOnSaved(p corpus.Page) corpus.Result {
	doc := Read(Page{URL: "https://corpus.test/" + p.Name, HTML: p.HTML()})
	return corpus.Result{Page: p, Got: shown(doc), Whole: doc.Whole}
}

// shown is a document as the model is shown it: its parts at the
// design point's budget, joined.
func shown(doc page.Document) string {
	var sb strings.Builder
	for _, part := range page.Split(doc, page.PartBudget(8192), &tokens.Estimator{}).Parts {
		sb.WriteString(part.Text + "\n\n")
	}
	return sb.String()
}

// Floors the reader holds on the saved real pages: the figures reached
// when the reader was built on a main-content library, a little below so
// that a change in the library's next release does not fail the tests,
// while any real loss does.
const (
	floorArticleF1     = 0.93
	floorArticleRecall = 0.93
	floorSnippetF1     = 0.85
)

// TestReaderOnRealPages holds the reader to its floor on the real-page
// corpus, read without a browser.
func TestReaderOnRealPages(t *testing.T) {
	pages, err := corpus.Load(corpus.Dir)
	if err != nil {
		t.Fatal(err)
	}
	var results []corpus.Result
	for _, p := range pages {
		results = append(results, readerOnSaved(p))
	}
	a, s := corpus.Measure(results)
	if testing.Verbose() || os.Getenv("CORPUS_REPORT") != "" {
		corpus.Report(os.Stdout, "Scout's reader on the saved pages", results, 10)
	}
	if a.F1 < floorArticleF1 || a.Recall < floorArticleRecall {
		t.Errorf("articles: F1 %.3f, recall %.3f; the floor is F1 %.2f, recall %.2f", a.F1, a.Recall, floorArticleF1, floorArticleRecall)
	}
	if s.F1 < floorSnippetF1 {
		t.Errorf("snippets: F1 %.3f; the floor is %.2f", s.F1, floorSnippetF1)
	}
}
