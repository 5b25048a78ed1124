package fakeweb

import (
	"net/http"
	"strings"
)

// The search endpoints, as paths on the fixture web. A settings value or a
// flag takes the base URL of the server followed by one of these (a site's
// are under its own path: see SearchPath).
const (
	DuckDuckGoHTMLPath = searchPrefix + "html/" // imitates https://html.duckduckgo.com/html/
	DuckDuckGoLitePath = searchPrefix + "lite/" // imitates https://lite.duckduckgo.com/lite/
	SearXNGPath        = "/searx"               // a SearXNG instance with JSON output on
	SearXNGNoJSONPath  = "/searx-nojson"        // a SearXNG instance with JSON output off
)

const (
	searchPrefix = "/search/"        // where both DuckDuckGo pages are
	searxSearch  = "/search"         // what a SearXNG instance serves its results under
	notFoundFile = "status-404.html" // the page for any path the web lacks
)

// Fixture is one page of the fixture web, as the index and the standalone
// command list it.
type Fixture struct {
	Path  string // the path, with a query when the page needs one
	About string // what the page is there to test
}

// fixtures lists the fixture web in the order the index shows it.
var fixtures = []Fixture{
	{"/wiki/Mount_Kilimanjaro", "a long encyclopedia article with all its chrome (banners, sidebar, infobox, 30+ sections)"},
	{"/wiki/Mount_Kenya", "a shorter encyclopedia article with the same chrome"},
	{"/guide/brew-pour-over-coffee", "a how-to with numbered steps, tips and ads"},
	{"/docs/fetch-api", "a documentation page with code blocks, a parameters table and a note"},
	{"/hidden-text", "a short article with text hidden eight ways, one an instruction to the model, and a modal"},
	{"/status/404", "an error page served as 404"},
	{"/status/403", "a bot-block page served as 403"},
	{"/status/500", "an error page served as 500"},
	{"/slow?ms=5000", "a page that answers after ms milliseconds (at most 60000)"},
	{"/redirect-loop", "two addresses redirecting to each other forever"},
	{"/redirect-once", "a permanent redirect to the Mount Kenya article"},
	{"/big", "a 5 MB page of generated paragraphs"},
	{"/latin1", "a page in windows-1252, not UTF-8"},
	{"/pdf-link", "a page linking to a PDF"},
	{"/files/report.pdf", "a one-page PDF"},
	{"/private-links", "a page linking to loopback, private, link-local and non-http addresses"},
	{"/docs/install-tabs", "install commands in Docusaurus- and Sphinx-style tabs, one panel of each shown"},
	{"/apps/berth-board", "text inside web components' shadow roots, with slotted text"},
	{"/journal/night-shifts", "text coloured with oklch(), as Tailwind CSS v4 writes it, on an oklch background"},
	{"/rfc/rfc9999.txt", "a paginated RFC-style plain-text document of 40 sections"},
	{"/big.txt", "a 3 MB plain-text log with no blank lines"},
	{"/notes/README.md", "release notes served as text/markdown"},
	{"/data/heights.csv", "a small table served as text/csv"},
	{DuckDuckGoHTMLPath + "?q=tallest+mountain+in+africa", "DuckDuckGo HTML results"},
	{DuckDuckGoLitePath + "?q=tallest+mountain+in+africa", "DuckDuckGo lite results"},
	{SearXNGPath + searxSearch + "?q=tallest+mountain+in+africa&format=json", "SearXNG JSON results"},
	{SearXNGNoJSONPath + searxSearch + "?q=tallest+mountain+in+africa&format=json", "a SearXNG instance refusing JSON (403)"},
	{"/robots.txt", "robots.txt allowing everything"},
}

// Fixtures returns the fixture web's pages in the order the index lists
// them.
func Fixtures() []Fixture {
	return append([]Fixture(nil), fixtures...)
}

// files maps the paths served straight from a file to that file and its
// content type.
var files = map[string]struct{ name, contentType string }{
	"/wiki/Mount_Kilimanjaro":      {"mount-kilimanjaro.html", htmlType},
	"/wiki/Mount_Kenya":            {"mount-kenya.html", htmlType},
	"/guide/brew-pour-over-coffee": {"brew-pour-over-coffee.html", htmlType},
	"/docs/fetch-api":              {"fetch-api.html", htmlType},
	"/hidden-text":                 {"hidden-text.html", htmlType},
	"/pdf-link":                    {"pdf-link.html", htmlType},
	"/private-links":               {"private-links.html", htmlType},
	"/docs/install-tabs":           {"install-tabs.html", htmlType},
	"/apps/berth-board":            {"web-components.html", htmlType},
	"/journal/night-shifts":        {"modern-colours.html", htmlType},
	"/rfc/rfc9999.txt":             {"rfc9999.txt", "text/plain; charset=utf-8"},
	"/notes/README.md":             {"release-notes.md", "text/markdown; charset=utf-8"},
	"/data/heights.csv":            {"heights.csv", "text/csv; charset=utf-8"},
}

// statuses maps the error pages to the status they are served with.
var statuses = map[string]int{
	"/status/404": http.StatusNotFound,
	"/status/403": http.StatusForbidden,
	"/status/500": http.StatusInternalServerError,
}

func (w *Web) routes() {
	m := w.mux
	for path, f := range files {
		m.HandleFunc("GET "+path, func(rw http.ResponseWriter, r *http.Request) {
			w.serveFile(rw, r, f.name, f.contentType, http.StatusOK)
		})
	}
	for path, code := range statuses {
		name := "status-" + strings.TrimPrefix(path, "/status/") + ".html"
		m.HandleFunc("GET "+path, func(rw http.ResponseWriter, r *http.Request) {
			w.serveFile(rw, r, name, htmlType, code)
		})
	}
	m.HandleFunc("GET /{$}", w.serveIndex)
	m.HandleFunc("GET /slow", w.serveSlow)
	m.HandleFunc("GET /redirect-loop", redirectTo("/redirect-loop/b", http.StatusFound))
	m.HandleFunc("GET /redirect-loop/b", redirectTo("/redirect-loop", http.StatusFound))
	m.HandleFunc("GET /redirect-once", redirectTo("/wiki/Mount_Kenya", http.StatusMovedPermanently))
	m.HandleFunc("GET /big", serveBig)
	m.HandleFunc("GET /big.txt", serveBigText)
	m.HandleFunc("GET /latin1", w.serveLatin1)
	m.HandleFunc("GET /files/{name}", w.servePDF)
	m.HandleFunc("GET /download/{name}", w.serveDownload)
	m.HandleFunc("GET /robots.txt", serveRobots)

	w.handleDuckDuckGo(searchPrefix, lookup)
	m.HandleFunc(SearXNGPath+searxSearch, serveSearXNG)
	m.HandleFunc(SearXNGNoJSONPath+searxSearch, serveSearXNGNoJSON)

	m.HandleFunc("/", func(rw http.ResponseWriter, r *http.Request) {
		w.serveFile(rw, r, notFoundFile, htmlType, http.StatusNotFound)
	})
}
