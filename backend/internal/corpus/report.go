package corpus

import (
	"fmt"
	"io"
	"sort"

	"github.com/scout-research/scout/backend/tokens"
)

// Result is what a reader gave for one page.
type Result struct {
	Page Page
	// Got is the page's text as the model is shown it, all parts joined.
	Got string
	// Whole is set when the reader read the whole page, not finding its
	// main content.
	Whole bool
}

// Figures are a reader's scores on one set of the corpus.
type Figures struct {
	Pages, Whole int
	// Precision, Recall and F1 are means over pages (articles), or over
	// passages (snippets), as the benchmarks each set comes from count.
	Precision, Recall, F1 float64
	// TokenRatio is, per article page, the tokens the model reads over
	// the tokens of the article itself: the median and the 90th
	// percentile.
	TokenRatioMedian, TokenRatio90 float64
}

// Measure scores results, per set.
func Measure(results []Result) (articles, snippets Figures) {
	var ratios []float64
	var found, missed, junk int
	est := &tokens.Estimator{}
	for _, r := range results {
		switch r.Page.Set {
		case ArticleSet:
			p, rc, f := ShingleScore(r.Page.Expected, r.Got)
			articles.Pages++
			articles.Precision += p
			articles.Recall += rc
			articles.F1 += f
			if r.Whole {
				articles.Whole++
			}
			if want := est.Count(r.Page.Expected); want > 0 {
				ratios = append(ratios, float64(est.Count(r.Got))/float64(want))
			}
		case SnippetSet:
			f, m, j, _ := Snippets(r.Page.With, r.Page.Without, r.Got)
			found, missed, junk = found+f, missed+m, junk+j
			snippets.Pages++
			if r.Whole {
				snippets.Whole++
			}
		}
	}
	if n := float64(articles.Pages); n > 0 {
		articles.Precision, articles.Recall, articles.F1 = articles.Precision/n, articles.Recall/n, articles.F1/n
	}
	articles.TokenRatioMedian, articles.TokenRatio90 = percentile(ratios, 0.5), percentile(ratios, 0.9)
	if found+junk > 0 && found+missed > 0 {
		p, rc := float64(found)/float64(found+junk), float64(found)/float64(found+missed)
		snippets.Precision, snippets.Recall = p, rc
		if p+rc > 0 {
			snippets.F1 = 2 * p * rc / (p + rc)
		}
	}
	return articles, snippets
}

func percentile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[int(q*float64(len(s)-1))]
}

// Report prints a reader's figures per set and its worst pages.
func Report(w io.Writer, reader string, results []Result, worst int) {
	a, s := Measure(results)
	fmt.Fprintf(w, "%s\n", reader)
	fmt.Fprintf(w, "  articles (%d pages, %d read whole): F1 %.3f  precision %.3f  recall %.3f  tokens read per article token: median %.2f, 90th percentile %.2f\n",
		a.Pages, a.Whole, a.F1, a.Precision, a.Recall, a.TokenRatioMedian, a.TokenRatio90)
	fmt.Fprintf(w, "  snippets (%d pages, %d read whole): F1 %.3f  precision %.3f  recall %.3f\n", s.Pages, s.Whole, s.F1, s.Precision, s.Recall)
	if worst <= 0 {
		return
	}
	est := &tokens.Estimator{}
	type loss struct {
		name       string
		p, r, read float64
	}
	var losses []loss
	for _, res := range results {
		if res.Page.Set != ArticleSet {
			continue
		}
		p, r, _ := ShingleScore(res.Page.Expected, res.Got)
		read := 0.0
		if want := est.Count(res.Page.Expected); want > 0 {
			read = float64(est.Count(res.Got)) / float64(want)
		}
		losses = append(losses, loss{res.Page.Name, p, r, read})
	}
	sort.SliceStable(losses, func(i, j int) bool { return f1(losses[i].p, losses[i].r) < f1(losses[j].p, losses[j].r) })
	fmt.Fprintf(w, "  the %d articles read worst:\n", min(worst, len(losses)))
	for _, l := range losses[:min(worst, len(losses))] {
		fmt.Fprintf(w, "    %-32s F1 %.2f  precision %.2f  recall %.2f  tokens read per article token %.2f\n", l.name, f1(l.p, l.r), l.p, l.r, l.read)
	}
}

func f1(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}
