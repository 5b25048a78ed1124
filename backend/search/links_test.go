package search

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/scout-research/scout/backend/agent/port"
)

func TestResultURL(t *testing.T) {
	tests := []struct {
		name, href, want string
	}{
		{"protocol-relative redirect", "//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Fa%2Fb&rut=abc", "https://example.com/a/b"},
		{"https redirect", "https://duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2F&rut=abc", "https://example.com/"},
		{"http redirect host", "http://duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2F", "https://example.com/"},
		{"relative redirect", "/l/?uddg=https%3A%2F%2Fexample.com%2Fpage&rut=1", "https://example.com/page"},
		{"redirect without slash", "//duckduckgo.com/l?uddg=https%3A%2F%2Fexample.com%2F", "https://example.com/"},
		{"subdomain redirect", "https://html.duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2F", "https://example.com/"},
		{"target with query and fragment", "//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Fs%3Fa%3D1%26b%3D2%23top&rut=x", "https://example.com/s?a=1&b=2#top"},
		{"target with escaped space", "//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Fa%2520b", "https://example.com/a%20b"},
		{"http target", "//duckduckgo.com/l/?uddg=http%3A%2F%2Fold.example.net%2F", "http://old.example.net/"},
		{"rut first", "//duckduckgo.com/l/?rut=abc&uddg=https%3A%2F%2Fexample.com%2F", "https://example.com/"},
		{"protocol-relative target", "//duckduckgo.com/l/?uddg=%2F%2Fexample.com%2Fx", "https://example.com/x"},
		{"direct https", "https://example.org/page", "https://example.org/page"},
		{"direct http", "http://example.org/", "http://example.org/"},
		{"protocol-relative direct", "//example.org/page", "https://example.org/page"},
		{"surrounding space", "  https://example.org/page \n", "https://example.org/page"},
		{"ad", "https://duckduckgo.com/y.js?ad_domain=x.example&u3=https%3A%2F%2Fwww.bing.com", ""},
		{"relative ad", "/y.js?ad_domain=x.example", ""},
		{"redirect to javascript", "//duckduckgo.com/l/?uddg=javascript%3Aalert(1)", ""},
		{"redirect without target", "//duckduckgo.com/l/?rut=abc", ""},
		{"duckduckgo page", "https://duckduckgo.com/?q=related", ""},
		{"duckduckgo results page", "https://html.duckduckgo.com/html/?q=next", ""},
		{"a page DuckDuckGo hosts", "https://duckduckgo.com/duckduckgo-help-pages/results/sources", "https://duckduckgo.com/duckduckgo-help-pages/results/sources"},
		{"its privacy page, linked directly", "https://duckduckgo.com/privacy", "https://duckduckgo.com/privacy"},
		{"relative non-redirect", "/html/?q=next", ""},
		{"javascript", "javascript:void(0)", ""},
		{"mailto", "mailto:someone@example.com", ""},
		{"ftp", "ftp://example.com/file", ""},
		{"empty", "", ""},
		{"bad escape", "//duckduckgo.com/l/?uddg=%zz", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := resultURL(tt.href)
			if got != tt.want || ok != (tt.want != "") {
				t.Errorf("resultURL(%q) = %q, %v; want %q", tt.href, got, ok, tt.want)
			}
		})
	}
}

func TestCleanText(t *testing.T) {
	tests := map[string]string{
		"  a  b\n\tc ":  "a b c",
		"":              "",
		"\u00a0x\u00a0": "x",
		"one":           "one",
		// Terminal escapes and bidi controls from a result page never
		// reach the model, the journal or the terminal.
		"\x1b[31mred\x1b[0m \x1b]52;c;ZXZpbA==\x07x": "red x",
		"gro\u200bund \u202eevil":                    "ground evil",
	}
	for in, want := range tests {
		if got := cleanText(in); got != want {
			t.Errorf("cleanText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCollectorDedupes(t *testing.T) {
	var c collector
	c.add(port.SearchResult{Title: "First", URL: "https://a.example/", Snippet: "one"})
	c.add(port.SearchResult{Title: "Again", URL: "https://a.example/", Snippet: "two"})
	c.add(port.SearchResult{Title: "", URL: "https://b.example/", Snippet: " x  y "})
	c.add(port.SearchResult{Title: "No URL"})
	want := []port.SearchResult{
		{Title: "First", URL: "https://a.example/", Snippet: "one"},
		{Title: "https://b.example/", URL: "https://b.example/", Snippet: "x y"},
	}
	assertResults(t, c.list(), want)
}

// assertResults fails the test when got and want differ.
func assertResults(t *testing.T, got, want []port.SearchResult) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d results, want %d:\n%+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("result %d:\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

// A results page cannot put megabytes into the prompt or the journal: a
// result's title and snippet are capped, and an address too long for a
// model to name back is left out.
func TestResultsAreCapped(t *testing.T) {
	var c collector
	huge := strings.Repeat("標題", 2_500_000)
	c.add(port.SearchResult{URL: "https://a.test/", Title: huge, Snippet: huge})
	c.add(port.SearchResult{URL: "https://b.test/" + strings.Repeat("x", 5000), Title: "long address"})
	got := c.list()
	if len(got) != 1 {
		t.Fatalf("%d results: the long address was kept", len(got))
	}
	if n := utf8.RuneCountInString(got[0].Title); n > maxResultTitle {
		t.Errorf("title of %d characters", n)
	}
	if n := utf8.RuneCountInString(got[0].Snippet); n > maxResultSnippet {
		t.Errorf("snippet of %d characters", n)
	}
}
