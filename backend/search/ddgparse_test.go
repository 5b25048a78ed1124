package search

import (
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/agent/port"
)

func TestParseFixtures(t *testing.T) {
	tests := []struct {
		page, golden   string
		parse          parser
		wantChallenged bool
		wantCount      int
	}{
		{"ddg_html_results.html", "ddg_html_results.golden.json", ParseDuckDuckGoHTML, false, 6},
		{"ddg_html_no_results.html", "ddg_html_no_results.golden.json", ParseDuckDuckGoHTML, false, 0},
		{"ddg_html_challenge.html", "ddg_html_challenge.golden.json", ParseDuckDuckGoHTML, true, 0},
		{"ddg_lite_results.html", "ddg_lite_results.golden.json", ParseDuckDuckGoLite, false, 4},
		{"ddg_html_challenge.html", "ddg_lite_challenge.golden.json", ParseDuckDuckGoLite, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			results, challenged, err := tt.parse(fixture(t, tt.page))
			if err != nil {
				t.Fatal(err)
			}
			if challenged != tt.wantChallenged {
				t.Errorf("challenged = %v, want %v", challenged, tt.wantChallenged)
			}
			if results == nil {
				t.Error("results is nil; want an empty slice for no results")
			}
			if len(results) != tt.wantCount {
				t.Errorf("got %d results, want %d", len(results), tt.wantCount)
			}
			checkGolden(t, tt.golden, results)
		})
	}
}

// resultDiv is one organic result in html.duckduckgo.com's markup.
func resultDiv(class, href, title, snippet string) string {
	return `<div class="result results_links ` + class + `"><div class="links_main result__body">` +
		`<h2 class="result__title"><a rel="nofollow" class="result__a" href="` + href + `">` + title + `</a></h2>` +
		`<a class="result__snippet" href="` + href + `">` + snippet + `</a></div></div>`
}

func TestParseDuckDuckGoHTML(t *testing.T) {
	wiki := "//duckduckgo.com/l/?uddg=https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FK2&rut=1"
	tests := []struct {
		name           string
		doc            string
		want           []port.SearchResult
		wantChallenged bool
	}{
		{
			name: "escapes and invisible controls written as character references dropped",
			doc:  resultDiv("web-result", wiki, "K2&#x1b;]0;pwned&#x7; &#x202e;Wikipedia", "K2&#x1b;[2K is &#x200b;high."),
			want: []port.SearchResult{{Title: "K2 Wikipedia", URL: "https://en.wikipedia.org/wiki/K2", Snippet: "K2 is high."}},
		},
		{
			name: "bold flattened and whitespace collapsed",
			doc:  resultDiv("web-result", wiki, "  <b>K2</b>\n - Wikipedia ", "K2 is the <b>second</b>-highest\n\n mountain."),
			want: []port.SearchResult{{Title: "K2 - Wikipedia", URL: "https://en.wikipedia.org/wiki/K2", Snippet: "K2 is the second-highest mountain."}},
		},
		{
			name: "ad class dropped",
			doc:  resultDiv("result--ad", "https://shop.example/k2", "Buy K2 gear", "ad") + resultDiv("web-result", wiki, "K2", ""),
			want: []port.SearchResult{{Title: "K2", URL: "https://en.wikipedia.org/wiki/K2"}},
		},
		{
			name: "small ad class dropped",
			doc:  resultDiv("result--ad result--ad--small", "https://shop.example/k2", "Buy K2 gear", "ad"),
			want: []port.SearchResult{},
		},
		{
			name: "y.js link dropped",
			doc:  resultDiv("web-result", "https://duckduckgo.com/y.js?ad_domain=shop.example", "Buy", "ad"),
			want: []port.SearchResult{},
		},
		{
			name: "repeat dropped, first kept",
			doc: resultDiv("web-result", wiki, "First", "one") +
				resultDiv("web-result", "https://en.wikipedia.org/wiki/K2", "Second", "two"),
			want: []port.SearchResult{{Title: "First", URL: "https://en.wikipedia.org/wiki/K2", Snippet: "one"}},
		},
		{
			name: "missing title uses URL",
			doc:  resultDiv("web-result", "https://a.example/", "  ", "text"),
			want: []port.SearchResult{{Title: "https://a.example/", URL: "https://a.example/", Snippet: "text"}},
		},
		{
			name: "snippet as div",
			doc:  `<div class="result"><a class="result__a" href="https://a.example/">A</a><div class="result__snippet">S <b>b</b></div></div>`,
			want: []port.SearchResult{{Title: "A", URL: "https://a.example/", Snippet: "S b"}},
		},
		{
			name: "result__a outside a result ignored",
			doc:  `<a class="result__a" href="https://a.example/">A</a>`,
			want: []port.SearchResult{},
		},
		{
			name: "wording inside a result is not a challenge",
			doc:  resultDiv("web-result", "https://blog.example/ddg", "Why bots use DuckDuckGo too", "Unfortunately, bots use DuckDuckGo too, says the modal."),
			want: []port.SearchResult{{Title: "Why bots use DuckDuckGo too", URL: "https://blog.example/ddg", Snippet: "Unfortunately, bots use DuckDuckGo too, says the modal."}},
		},
		{
			name:           "wording split over lines",
			doc:            "<p>Unfortunately, bots use\n   DuckDuckGo too.</p>",
			want:           []port.SearchResult{},
			wantChallenged: true,
		},
		{
			name:           "challenge form alone",
			doc:            `<form id="challenge-form" action="/anomaly.js"><button>Go</button></form>`,
			want:           []port.SearchResult{},
			wantChallenged: true,
		},
		{
			name:           "anomaly modal alone",
			doc:            `<div class="anomaly-modal__modal">Select all squares</div>`,
			want:           []port.SearchResult{},
			wantChallenged: true,
		},
		{
			name:           "wording in a script is not a challenge",
			doc:            `<script>var s = "bots use DuckDuckGo too";</script>`,
			want:           []port.SearchResult{},
			wantChallenged: false,
		},
		{
			name: "empty document",
			doc:  "",
			want: []port.SearchResult{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, challenged, err := ParseDuckDuckGoHTML(tt.doc)
			if err != nil {
				t.Fatal(err)
			}
			if challenged != tt.wantChallenged {
				t.Errorf("challenged = %v, want %v", challenged, tt.wantChallenged)
			}
			assertResults(t, got, tt.want)
		})
	}
}

// liteRows is one result in lite.duckduckgo.com's table markup.
func liteRows(rowClass, href, title, snippet string) string {
	rows := `<tr class="` + rowClass + `"><td>1.&nbsp;</td><td><a rel="nofollow" href="` + href + `" class="result-link">` + title + `</a></td></tr>`
	if snippet != "" {
		rows += `<tr class="` + rowClass + `"><td></td><td class="result-snippet">` + snippet + `</td></tr>`
	}
	return rows + `<tr><td>&nbsp;</td><td>&nbsp;</td></tr>`
}

func TestParseDuckDuckGoLite(t *testing.T) {
	tests := []struct {
		name string
		rows string
		want []port.SearchResult
	}{
		{
			name: "redirect decoded, snippet paired",
			rows: liteRows("", "//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.example%2F&rut=1", "A <b>a</b>", "about <b>A</b>"),
			want: []port.SearchResult{{Title: "A a", URL: "https://a.example/", Snippet: "about A"}},
		},
		{
			name: "snippet of a dropped link not given to the previous one",
			rows: liteRows("", "https://a.example/", "A", "") + liteRows("", "javascript:x()", "Bad", "bad snippet"),
			want: []port.SearchResult{{Title: "A", URL: "https://a.example/"}},
		},
		{
			name: "sponsored row dropped",
			rows: liteRows("result-sponsored", "https://shop.example/", "Ad", "buy") + liteRows("", "https://b.example/", "B", "b"),
			want: []port.SearchResult{{Title: "B", URL: "https://b.example/", Snippet: "b"}},
		},
		{
			name: "y.js link dropped",
			rows: liteRows("", "https://duckduckgo.com/y.js?ad_domain=shop.example", "Ad", "buy"),
			want: []port.SearchResult{},
		},
		{
			name: "repeat keeps the first snippet",
			rows: liteRows("", "https://a.example/", "A", "first") + liteRows("", "https://a.example/", "A again", "second"),
			want: []port.SearchResult{{Title: "A", URL: "https://a.example/", Snippet: "first"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, challenged, err := ParseDuckDuckGoLite("<table>" + tt.rows + "</table>")
			if err != nil {
				t.Fatal(err)
			}
			if challenged {
				t.Error("challenged = true, want false")
			}
			assertResults(t, got, tt.want)
		})
	}
}

// manyResults is a results page with n distinct organic results.
func manyResults(n int) string {
	var b strings.Builder
	for i := range n {
		href := "https://site" + string(rune('a'+i%26)) + strings.Repeat("x", i/26) + ".example/"
		b.WriteString(resultDiv("web-result", href, "Result", "snippet"))
	}
	return b.String()
}
