package browser

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// unended is 256 KB of openers of terminal command strings (OSC, DCS,
// 8-bit OSC) that no terminator ever closes: cleaning it once took time
// quadratic in its length, over a minute for this page. (The PDF's text is
// a megabyte; a web page's is smaller, as the walker takes seconds more
// for each 256 KB of control characters in a text file.)
var unended = strings.Repeat("\x1b]0;", 1<<14) + strings.Repeat("\x1bP", 1<<15) + strings.Repeat("\u009d", 1<<16)

// hostileText serves unended on every path a page is read by: HTML, a
// Markdown and a plain text file, and a PDF document (whose text the fake
// pdftotext writes).
func hostileText(t *testing.T) *httptest.Server {
	t.Helper()
	fakeTool(t, "pdftotext", `printf 'A report\n\n'; yes "$(printf '\033]0;')" | head -c 1000000; printf '\n\nThe end of the report.\n'`)
	fakeTool(t, "pdfinfo", `printf 'Title:  A report\n'`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/page.html":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, "<!doctype html><title>A report</title><h1>A report</h1><p>%s</p><p>The end of the report.</p>", unended)
		case "/notes.md":
			w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
			fmt.Fprintf(w, "# A report\n\n%s\n\nThe end of the report.\n", unended)
		case "/notes.txt":
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			fmt.Fprintf(w, "A report\n\n%s\n\nThe end of the report.\n", unended)
		case "/report.pdf":
			w.Header().Set("Content-Type", "application/pdf")
			fmt.Fprint(w, "%PDF-1.4 the fake pdftotext reads this")
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A page of unterminated escape-sequence openers is read, cleaned, in
// seconds, whatever its kind: before, the HTML, Markdown and text pages
// failed after the read timeout (the cleaning going on in the background,
// a core busy), and the PDF held the run for hours.
func TestUnterminatedEscapesAreReadInTime(t *testing.T) {
	srv := hostileText(t)
	s := session(t)
	s.guard.Allow(srv.URL)
	for _, path := range []string{"/page.html", "/notes.md", "/notes.txt", "/report.pdf"} {
		start := time.Now()
		v, err := openWithin(t, s, srv.URL+path, 30*time.Second)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		text := allText(v)
		if i := strings.IndexAny(text, "\x1b\u009d"); i >= 0 {
			t.Errorf("%s: the text keeps a control at %d", path, i)
		}
		if !strings.Contains(text, "The end of the report.") {
			t.Errorf("%s: the text after the openers is missing", path)
		}
		t.Logf("%s read in %s", path, time.Since(start).Round(time.Millisecond))
	}
}

// Reading a PDF document ends when the run is stopped, whatever pdftotext
// does: here it writes a line and waits on a child that keeps its output
// open, so killing pdftotext alone did not end the read.
func TestStopEndsReadingAPDF(t *testing.T) {
	srv := hostileText(t)
	fakeTool(t, "pdftotext", `printf 'A report\n'; sleep 30`)
	s := session(t)
	s.guard.Allow(srv.URL)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(time.Second, cancel)
	start := time.Now()
	_, err := await(context.Background(), 20*time.Second, func() (any, error) { return s.Open(ctx, srv.URL+"/report.pdf") })
	if took := time.Since(start); !errors.Is(err, context.Canceled) || took > 4*time.Second {
		t.Fatalf("stopped after 1 s, Open returned after %s: %v", took.Round(time.Millisecond), err)
	}
}
