package browser

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/page"
	"github.com/scout-research/scout/backend/tokens"
)

// allText joins everything the model could be shown of a visit.
func allText(v *port.Visit) string {
	pg := page.Split(v.Doc, page.PartBudget(8192), &tokens.Estimator{})
	var sb strings.Builder
	for _, p := range pg.Parts {
		sb.WriteString(p.Text + "\n")
	}
	return sb.String()
}

func TestReadingRules(t *testing.T) {
	s := session(t)
	tests := []struct {
		path    string
		has     []string
		hasNot  []string
		checkFn func(t *testing.T, v *port.Visit)
	}{
		{path: "/wiki/Mount_Kilimanjaro",
			// The title is the page's own (its opening <h1>, which repeats
			// it, is left to the main-content library).
			has: []string{"5,895 metres (19,341 ft)", "| Elevation | 5,895 m (19,341 ft) |", "## Climbing routes", "## Etymology"},
			// cookie banner, fundraising notice, navigation, footer, edit links
			hasNot: []string{"We use cookies", "Please donate", "Main page", "Text is available under", "[edit]", "View history"},
			checkFn: func(t *testing.T, v *port.Visit) {
				if v.Doc.Title != "Mount Kilimanjaro - Worldpedia" {
					t.Errorf("title %q", v.Doc.Title)
				}
				pg := page.Split(v.Doc, page.PartBudget(8192), &tokens.Estimator{})
				if len(pg.Parts) < 5 {
					t.Errorf("a 30-section article in %d parts", len(pg.Parts))
				}
				for _, p := range pg.Parts {
					if strings.Count(p.Text, "| Route |") > 0 && !strings.Contains(p.Text, "| Rongai |") {
						t.Errorf("the routes table is split across parts:\n%s", p.Text)
					}
				}
			}},
		{path: "/docs/fetch-api",
			has: []string{"```go\n", "\tif err != nil {\n\t\tlog.Fatalf(", "\t\tMaxRedirects: 5,"}},
		// Every way of hiding text the fixture has (display, visibility,
		// opacity, clip, clip-path, transforms, font size, text-indent,
		// off-page positions, zero-size boxes, colour) is left out; text a
		// person can see or open is kept, and controls are cleaned.
		{path: "/hidden-text",
			has: []string{"VISIBLE-OK", "VISIBLE-RESET", "VISIBLE-DETAILS", "Anemones are animals, not plants.", "tide --table today\ntide --pool north",
				"CONTROLS-OK: rock pools hold water at low tide."},
			hasNot: []string{"Ignore all previous instructions", "Subscribe to our newsletter", "\x1b", "\u202e", "\u200b"},
			checkFn: func(t *testing.T, v *port.Visit) {
				if leaked := regexp.MustCompile(`HIDDEN-[A-Z0-9-]+`).FindAllString(allText(v), -1); len(leaked) > 0 {
					t.Errorf("hidden text read: %v", leaked)
				}
			}},
		{path: "/latin1", has: []string{"Café Müller, señor, 5 €"}},
		// Tab panels are content; the hidden ones are hidden, the tab labels a tablist.
		{path: "/docs/install-tabs",
			has:    []string{"npm install @harbour/ledger-client", "pip install harbour-ledger", "Then run `ledger --init`"},
			hasNot: []string{"HIDDEN-TAB-", "Yarn"}},
		{path: "/apps/berth-board",
			has: []string{"## Berth 4", "SHADOW-DECLARATIVE", "SHADOW-SCRIPTED", "SHADOW-FALLBACK", "SLOTTED-LIGHT", "SLOTTED-NAMED"},
			checkFn: func(t *testing.T, v *port.Visit) {
				text := allText(v)
				for _, m := range []string{"SLOTTED-LIGHT", "SLOTTED-NAMED", "SHADOW-DECLARATIVE"} {
					if n := strings.Count(text, m); n != 1 {
						t.Errorf("%s read %d times, want once", m, n)
					}
				}
			}},
		// Chromium reports oklch() colours as written; they are colours all the same.
		{path: "/journal/night-shifts",
			has:    []string{"OKLCH-BODY", "## After dark", "OKLCH-ON-OKLCH", "WHITE-ON-OKLCH", "AMBER-ON-OKLCH"},
			hasNot: []string{"HIDDEN-OKLCH-SAMECOLOR"}},
		{path: "/notes/README.md",
			has: []string{"# Harbour ledger 2.4 release notes", "tar -xzf harbour-ledger-2.4.tar.gz", "MARKDOWN-LAST"}},
		{path: "/private-links",
			checkFn: func(t *testing.T, v *port.Visit) {
				if len(v.Doc.Links) != 1 || v.Doc.Links[0].URL != "http://example.org/" {
					t.Errorf("links offered: %+v", v.Doc.Links)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			v, err := s.Open(context.Background(), fixtureSrv.URL+tc.path)
			if err != nil {
				t.Fatal(err)
			}
			text := allText(v)
			for _, h := range tc.has {
				if !strings.Contains(text, h) {
					t.Errorf("text lacks %q", h)
				}
			}
			for _, h := range tc.hasNot {
				if strings.Contains(text, h) {
					t.Errorf("text has %q", h)
				}
			}
			if tc.checkFn != nil {
				tc.checkFn(t, v)
			}
		})
	}
}

func TestFailedVisits(t *testing.T) {
	s := session(t)
	tests := []struct {
		path string
		kind error
		says string
	}{
		{"/status/404", port.ErrHTTPStatus, "HTTP 404"},
		{"/status/403", port.ErrBotBlocked, "refuses automated browsers"},
		{"/status/500", port.ErrHTTPStatus, "HTTP 500"},
		{"/redirect-loop", port.ErrRedirectLoop, "redirects in a loop"},
		{"/files/broken.pdf", port.ErrNotReadable, "says it holds a PDF document but sent something else"},
		// Chromium downloads CSV instead of showing it, so it stays unreadable.
		{"/data/heights.csv", port.ErrNotReadable, "text/csv"},
		{"/slow?ms=8000", port.ErrTimeout, "too long"},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			_, err := s.Open(context.Background(), fixtureSrv.URL+tc.path)
			var ve *port.VisitError
			if !errors.Is(err, tc.kind) || !errors.As(err, &ve) || !strings.Contains(ve.Message, tc.says) {
				t.Fatalf("got %v, want kind %v saying %q", err, tc.kind, tc.says)
			}
		})
	}
	// After every failure the session still reads pages.
	if _, err := s.Open(context.Background(), fixtureSrv.URL+"/wiki/Mount_Kenya"); err != nil {
		t.Fatalf("session broken after failures: %v", err)
	}
}

func TestBigPageIsCapped(t *testing.T) {
	s := session(t)
	v, err := s.Open(context.Background(), fixtureSrv.URL+"/big")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range v.Doc.Blocks {
		n += len(b.Text)
		for _, it := range b.Items {
			n += len(it)
		}
	}
	if !v.Doc.Truncated || n > DefaultMaxTextChars {
		t.Fatalf("truncated=%v with %d characters", v.Doc.Truncated, n)
	}
}

// A plain-text document (an RFC) is read as paragraphs: every word of it
// reaches the model, over several parts, none cut short.
func TestPlainTextIsReadWhole(t *testing.T) {
	s := session(t)
	const path = "/rfc/rfc9999.txt"
	v, err := s.Open(context.Background(), fixtureSrv.URL+path)
	if err != nil {
		t.Fatal(err)
	}
	pg := page.Split(v.Doc, page.PartBudget(goldenContext), &tokens.Estimator{})
	text := allText(v)
	if len(pg.Parts) < 3 || !strings.Contains(text, "Section 40: Closing the Harbour") || strings.Contains(text, "not shown]") {
		t.Fatalf("%d parts, ending %q", len(pg.Parts), text[max(0, len(text)-300):])
	}
	source := fetchText(t, fixtureSrv.URL+path)
	if got, want := strings.Fields(text), strings.Fields(source); !slices.Equal(got, want) {
		t.Errorf("read %d words of the %d in the file", len(got), len(want))
	}
}

// A plain-text file past the extraction cap keeps its beginning, cut at
// the cap, instead of losing the one paragraph that crosses it.
func TestBigTextIsCut(t *testing.T) {
	s := session(t)
	v, err := s.Open(context.Background(), fixtureSrv.URL+"/big.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range v.Doc.Blocks {
		n += len(b.Text)
	}
	if !v.Doc.Truncated || len(v.Doc.Blocks) == 0 || !strings.HasPrefix(v.Doc.Blocks[0].Text, "BIG-TEXT-START") {
		t.Fatalf("truncated=%v with %d blocks", v.Doc.Truncated, len(v.Doc.Blocks))
	}
	if n > DefaultMaxTextChars || n < DefaultMaxTextChars*9/10 {
		t.Fatalf("%d characters kept, want the cap of %d filled", n, DefaultMaxTextChars)
	}
}

// A PDF is read as a document: its title, headings and paragraphs, in the
// page's words.
func TestPDFIsRead(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: run make test, which installs poppler-utils")
	}
	s := session(t)
	// Sent as a download of plain bytes named .pdf, as many sites do, too.
	if v, err := s.Open(context.Background(), fixtureSrv.URL+"/download/alpine-huts.pdf"); err != nil || v.Doc.Title != "A Field Guide to Alpine Huts" {
		t.Fatalf("the PDF sent as a download: %v", err)
	}
	v, err := s.Open(context.Background(), fixtureSrv.URL+"/files/alpine-huts.pdf")
	if err != nil {
		t.Fatal(err)
	}
	if v.ContentType != port.PDF || v.Doc.Title != "A Field Guide to Alpine Huts" || v.Status != 200 {
		t.Fatalf("visit %s %d %q", v.ContentType, v.Status, v.Doc.Title)
	}
	var headings []string
	for _, b := range v.Doc.Blocks {
		if b.Kind == page.Heading {
			headings = append(headings, b.Text)
		}
	}
	if want := []string{"A Field Guide to Alpine Huts", "Booking a hut", "What to bring", "Opening dates and prices", "Safety"}; !slices.Equal(headings, want) {
		t.Errorf("headings %q, want %q", headings, want)
	}
	const prices = "The Gemsli hut opens on 14 June and closes on 21 September. A night in the dormitory costs 62 francs with half board, which means dinner and breakfast; members of an alpine club pay 48 francs."
	if !slices.ContainsFunc(v.Doc.Blocks, func(b page.Block) bool { return b.Text == prices }) {
		t.Errorf("no paragraph reads %q:\n%s", prices, allText(v))
	}
}

// The PDF is fetched through the network guard like the browser's own
// requests: an address on this computer that the run does not allow is
// refused and never reached, asked for directly or through a redirect, over
// http or https.
func TestPDFFetchGoesThroughTheGuard(t *testing.T) {
	s := session(t)
	var hits atomic.Int32
	secret := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", port.PDF)
		fmt.Fprint(w, "%PDF-1.4 secret")
	})
	inner, innerTLS := httptest.NewServer(secret), httptest.NewTLSServer(secret)
	defer inner.Close()
	defer innerTLS.Close()
	public := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target := inner.URL
		if r.URL.Path == "/tls.pdf" {
			target = innerTLS.URL
		}
		http.Redirect(w, r, target+"/secret.pdf", http.StatusFound)
	}))
	defer public.Close()
	s.guard.Allow(public.URL)
	for _, u := range []string{inner.URL + "/secret.pdf", public.URL + "/plain.pdf", public.URL + "/tls.pdf"} {
		_, _, err := s.fetchPDF(context.Background(), u)
		if !errors.Is(err, port.ErrRefused) {
			t.Errorf("fetching %s: %v, want it refused", u, err)
		}
	}
	if hits.Load() != 0 {
		t.Fatalf("the private server was reached %d times", hits.Load())
	}
	// A site the proxy cannot reach is that, not the site's own HTTP 502.
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	s.guard.Allow(closed.URL)
	if _, _, err := s.fetchPDF(context.Background(), closed.URL+"/gone.pdf"); !errors.Is(err, port.ErrConnRefused) {
		t.Errorf("fetching a PDF from a closed port: %v, want connection refused", err)
	}
}

func TestPDFDownloadIsRecognised(t *testing.T) {
	for _, c := range []struct {
		mediaType, disposition, url string
		want                        bool
	}{
		{"application/pdf", "", "https://x.test/report", true},
		{"application/x-pdf", "", "https://x.test/report", true},
		{"application/octet-stream", `attachment; filename="Hut Guide.PDF"`, "https://x.test/get?id=7", true},
		{"application/octet-stream", "", "https://x.test/files/guide.pdf", true},
		{"", "attachment", "https://x.test/guide.pdf?v=2", true},
		{"application/octet-stream", `attachment; filename="data.zip"`, "https://x.test/get", false},
		{"application/zip", "", "https://x.test/guide.pdf", false},
		{"text/html", "", "https://x.test/guide.pdf", false},
	} {
		if got := pdfDownload(c.mediaType, c.disposition, c.url); got != c.want {
			t.Errorf("pdfDownload(%q, %q, %q) = %v, want %v", c.mediaType, c.disposition, c.url, got, c.want)
		}
	}
}

// fetchText returns the body at u as the server sends it.
func fetchText(t *testing.T, u string) string {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(body)
}

func TestCancelStopsANavigation(t *testing.T) {
	s := session(t)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := s.Open(ctx, fixtureSrv.URL+"/slow?ms=10000")
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
		t.Fatalf("got %v after %v", err, time.Since(start))
	}
	if _, err := s.Open(context.Background(), fixtureSrv.URL+"/wiki/Mount_Kenya"); err != nil {
		t.Fatalf("session broken after a cancel: %v", err)
	}
}

func TestSubresourcesToPrivateAddressesAreBlocked(t *testing.T) {
	s := session(t)
	var hits atomic.Int32
	inner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "image/gif")
	}))
	defer inner.Close()
	public := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<html><body><main><p>A public page.</p><img src="%s/pixel.gif" alt="tracking pixel"><script src="%s/x.js"></script></main></body></html>`, inner.URL, inner.URL)
	}))
	defer public.Close()
	s.guard.Allow(public.URL)

	if _, err := s.Open(context.Background(), public.URL); err != nil {
		t.Fatal(err)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the page reached a private address %d times", n)
	}
	// The same page with the inner server allowed does reach it, so the
	// zero above is the guard's doing.
	s.guard.Allow(inner.URL)
	if _, err := s.Open(context.Background(), public.URL+"/?again"); err != nil {
		t.Fatal(err)
	}
	if hits.Load() == 0 {
		t.Fatal("control: allowed sub-resources were not loaded either")
	}
}
