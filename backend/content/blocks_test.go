package content

import (
	"reflect"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/page"
)

// TestPieces pins how the visible DOM becomes blocks: the structure the
// parts and the outline use (headings, lists, tables, code) survives, a
// table used for layout is read as its cells' content, and what is never
// read (scripts, controls, hidden markup) is left out.
func TestPieces(t *testing.T) {
	tests := []struct {
		name, body string
		want       []page.Block
	}{
		{"heading and paragraphs", `<h2>Climate</h2><p>Two rainy <b>seasons</b>.</p>loose <i>text</i>`,
			[]page.Block{{Kind: page.Heading, Level: 2, Text: "Climate"}, {Kind: page.Paragraph, Text: "Two rainy seasons."}, {Kind: page.Paragraph, Text: "loose text"}}},
		{"line breaks kept, spaces collapsed", `<p>line one<br>  line   two</p>`,
			[]page.Block{{Kind: page.Paragraph, Text: "line one\nline two"}}},
		{"nested list", `<ul><li>Kibo<ul><li>Uhuru Peak</li></ul></li><li>Mawenzi</li></ul>`,
			[]page.Block{{Kind: page.List, Items: []string{"Kibo", "  Uhuru Peak", "Mawenzi"}}}},
		{"ordered list", `<ol><li>Rinse the filter</li><li>Bloom</li></ol>`,
			[]page.Block{{Kind: page.List, Ordered: true, Items: []string{"Rinse the filter", "Bloom"}}}},
		{"definition list with grouped terms", `<dl><div><dt>Elevation</dt><dd>5,895 m</dd></div><dt>Range</dt><dd>Eastern Rift</dd></dl>`,
			[]page.Block{{Kind: page.List, Items: []string{"Elevation: 5,895 m", "Range: Eastern Rift"}}}},
		{"data table with caption", `<table><caption>Cones</caption><tr><th>Cone</th><th>Height</th></tr><tr><td>Kibo</td><td>5,895 m</td></tr></table>`,
			[]page.Block{{Kind: page.Paragraph, Text: "Cones"}, {Kind: page.Table, Rows: [][]string{{"Cone", "Height"}, {"Kibo", "5,895 m"}}}}},
		{"layout table read as its cells", `<table><tr><td><h1>Bartleby</h1><p>` + strings.Repeat("I am a rather elderly man. ", 20) + `</p></td><td>menu</td></tr></table>`,
			[]page.Block{{Kind: page.Heading, Level: 1, Text: "Bartleby"}, {Kind: page.Paragraph, Text: strings.TrimSpace(strings.Repeat("I am a rather elderly man. ", 20))}, {Kind: page.Paragraph, Text: "menu"}}},
		{"code block keeps its layout and language", `<pre data-lang="go">func main() {
	fmt.Println("hi")
}</pre><p>Run <code>go run .</code> to try it.</p>`,
			[]page.Block{{Kind: page.Code, Lang: "go", Text: "func main() {\n\tfmt.Println(\"hi\")\n}"}, {Kind: page.Paragraph, Text: "Run `go run .` to try it."}}},
		{"quote", `<blockquote><p>The journey we cannot finish.</p></blockquote>`,
			[]page.Block{{Kind: page.Quote, Text: "The journey we cannot finish."}}},
		{"a block inside a link breaks the line", `<a href="/a"><div>Title</div><div>Teaser</div></a>`,
			[]page.Block{{Kind: page.Paragraph, Text: "Title\nTeaser"}}},
		{"never read", `<script>var x = "script text";</script><style>p{}</style><noscript>enable JS</noscript><p hidden>hidden attr</p><p aria-hidden="true">aria</p><button>Share</button><nav>Home</nav><p>read</p>`,
			[]page.Block{{Kind: page.Paragraph, Text: "read"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := parseHTML("<html><body>" + tt.body + "</body></html>")
			if err != nil {
				t.Fatal(err)
			}
			var got []page.Block
			for _, pc := range pieces(root) {
				got = append(got, pc.Block)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("blocks:\n got %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

// TestPiecesKnowTheChrome: the fallback reads the page minus its chrome,
// so a header, footer or sidebar is chrome outside the content, and an
// article's own header is not.
func TestPiecesKnowTheChrome(t *testing.T) {
	root, _ := parseHTML(`<body><header>Site name</header><aside>Trending now</aside><div role="contentinfo">Imprint</div>
		<article><header>Article headline</header><p>Body text.</p><footer>Filed under mountains</footer></article>
		<footer>Copyright</footer></body>`)
	chrome := map[string]bool{}
	for _, pc := range pieces(root) {
		chrome[pc.words] = pc.chrome
	}
	want := map[string]bool{"Site name": true, "Trending now": true, "Imprint": true, "Article headline": false,
		"Body text.": false, "Filed under mountains": false, "Copyright": true}
	if !reflect.DeepEqual(chrome, want) {
		t.Errorf("chrome = %v, want %v", chrome, want)
	}
}

// TestPiecesLinks: each link is kept with its text and the block it is
// in, for the page's link list.
func TestPiecesLinks(t *testing.T) {
	root, _ := parseHTML(`<body><p>See <a href="https://a.test/kibo">Kibo</a>.</p><ul><li><a href="https://a.test/x">X</a></li></ul></body>`)
	doc := page.Document{}
	for _, pc := range pieces(root) {
		for _, l := range pc.links {
			l.Block = len(doc.Blocks)
			doc.Links = append(doc.Links, l)
		}
		doc.Blocks = append(doc.Blocks, pc.Block)
	}
	want := []page.Link{{Text: "Kibo", URL: "https://a.test/kibo", Block: 0}, {Text: "X", URL: "https://a.test/x", Block: 1}}
	if !reflect.DeepEqual(doc.Links, want) {
		t.Errorf("links = %#v, want %#v", doc.Links, want)
	}
}

// TestPiecesKnowACookieNotice: a small box named as a cookie or consent
// notice is never read; a page or an article that merely has such a word
// in its names is.
func TestPiecesKnowACookieNotice(t *testing.T) {
	recipe := strings.Repeat("Cream the butter and sugar, then fold in the flour and chocolate. ", 12)
	root, _ := parseHTML(`<body><div id="cookie-consent">We use cookies. <button>Accept</button></div>
		<div class="gdpr_banner"><p>Your privacy matters to us.</p></div>
		<article class="cookie-recipe"><p>` + recipe + `</p></article></body>`)
	notice := map[string]bool{}
	for _, pc := range pieces(root) {
		notice[pc.words] = pc.notice
	}
	want := map[string]bool{"We use cookies.": true, "Your privacy matters to us.": true, strings.TrimSpace(recipe): false}
	if !reflect.DeepEqual(notice, want) {
		t.Errorf("notice = %v, want %v", notice, want)
	}
}
