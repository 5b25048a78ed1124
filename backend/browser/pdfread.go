package browser

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/web"
)

// Reading PDF documents. Chromium shows a PDF in a viewer no script can
// read (headless, it downloads it), so the session fetches the file itself,
// through the network guard's proxy like every other request of the run,
// and reads its text with poppler's pdftotext.

const (
	// maxPDFBytes caps a PDF read into memory: a long report is a few MB;
	// more is a book or a scan, with little text for its size.
	maxPDFBytes = 32 << 20
	// pdfFetchTimeout bounds downloading one PDF on a slow connection.
	pdfFetchTimeout = 90 * time.Second
	// pdfTextTimeout bounds pdftotext on one file: seconds for hundreds of
	// pages; a file that takes longer is not worth the wait.
	pdfTextTimeout = 30 * time.Second
)

// errNoPDFTool: pdftotext is not installed.
var errNoPDFTool = errors.New("reading PDFs needs pdftotext: install poppler-utils (on Debian or Ubuntu: sudo apt install poppler-utils)")

// readPDF fetches the PDF at rawURL and reads its text as a document.
func (s *Session) readPDF(ctx context.Context, rawURL string) (*web.Visit, error) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		return nil, web.Failure(web.ErrNotReadable, rawURL, "the address is a PDF document, and %v", errNoPDFTool)
	}
	data, final, err := s.fetchPDF(ctx, rawURL)
	if err != nil {
		return nil, err
	}
	text, title, err := pdfText(ctx, data)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		return nil, web.Failure(web.ErrNotReadable, rawURL, "the PDF document could not be read: %v", err)
	case strings.TrimSpace(text) == "":
		return nil, web.Failure(web.ErrNotReadable, rawURL, "the PDF document holds no text (a scan, perhaps)")
	}
	doc := pdfDocument(final, cmp.Or(title, fileTitle(final)), text, DefaultMaxTextChars)
	return &web.Visit{URL: rawURL, FinalURL: final, Status: http.StatusOK, ContentType: web.PDF, Doc: doc}, nil
}

// fetchPDF downloads rawURL through the guard's proxy, as the browser's
// own requests go, and returns its bytes and where redirects ended.
func (s *Session) fetchPDF(ctx context.Context, rawURL string) ([]byte, string, error) {
	proxy, err := url.Parse(s.proxy.URL())
	if err != nil {
		return nil, "", err
	}
	client := &http.Client{
		Transport: &http.Transport{Proxy: http.ProxyURL(proxy), DisableKeepAlives: true},
		Timeout:   pdfFetchTimeout,
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, "", web.Failure(web.ErrNetwork, rawURL, "cannot fetch the PDF: %v", err)
	}
	req.Header.Set("User-Agent", s.userAgent())
	req.Header.Set("Accept", web.PDF+",*/*;q=0.8")
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
		return nil, "", web.Failure(web.ErrNetwork, rawURL, "the PDF could not be downloaded: %v", err)
	}
	defer resp.Body.Close()
	final := resp.Request.URL.String()
	switch {
	case resp.Header.Get(netguard.RefusedHeader) != "":
		return nil, "", web.Refused(rawURL, errors.New(cmp.Or(s.proxy.LastFailure(resp.Request.URL.Hostname()), "the PDF's address is on this computer or the local network")))
	case resp.StatusCode >= 400:
		return nil, "", web.StatusError(rawURL, resp.StatusCode)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxPDFBytes+1))
	switch {
	case err != nil:
		return nil, "", web.Failure(web.ErrNetwork, rawURL, "the PDF download broke off: %v", err)
	case len(data) > maxPDFBytes:
		return nil, "", web.Failure(web.ErrNotReadable, rawURL, "the PDF document is over %d MB, too big to read", maxPDFBytes>>20)
	case !bytes.HasPrefix(bytes.TrimLeft(data, "\x00\t\r\n "), []byte("%PDF-")):
		return nil, "", web.Failure(web.ErrNotReadable, rawURL, "the address says it holds a PDF document but sent something else")
	}
	return data, final, nil
}

// userAgent is the browser's own, so a site answers the download as it
// answered the page; Chrome's when the tab cannot say.
func (s *Session) userAgent() string {
	if s.page != nil && !s.page.IsClosed() {
		if ua, err := await(context.Background(), time.Second, func() (any, error) { return s.page.Evaluate("navigator.userAgent") }); err == nil {
			if text, ok := ua.(string); ok && text != "" {
				return strings.Replace(text, "HeadlessChrome", "Chrome", 1)
			}
		}
	}
	return "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36"
}

// pdfText runs pdftotext (and pdfinfo, for the title) on data.
func pdfText(ctx context.Context, data []byte) (text, title string, err error) {
	f, err := os.CreateTemp("", "scout-*.pdf")
	if err != nil {
		return "", "", err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return "", "", err
	}
	if err := f.Close(); err != nil {
		return "", "", err
	}
	ctx, cancel := context.WithTimeout(ctx, pdfTextTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "pdftotext", "-q", "-enc", "UTF-8", "-eol", "unix", f.Name(), "-").Output()
	if err != nil {
		return "", "", fmt.Errorf("pdftotext: %w", err)
	}
	info, _ := exec.CommandContext(ctx, "pdfinfo", "-enc", "UTF-8", f.Name()).Output() // the title is a nicety
	return string(out), infoTitle(string(info)), nil
}

// infoTitle is the Title line of pdfinfo's output, unless it is one a
// program filled in ("Microsoft Word - draft.docx", "untitled").
func infoTitle(info string) string {
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(line, "Title:"); ok {
			v = strings.TrimSpace(v)
			low := strings.ToLower(v)
			if low == "untitled" || strings.HasPrefix(low, "microsoft word - ") || strings.HasSuffix(low, ".pdf") {
				return ""
			}
			return v
		}
	}
	return ""
}

// fileTitle names a document by its file name, for a PDF without a title.
func fileTitle(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return rawURL
	}
	if name, err := url.PathUnescape(path.Base(u.Path)); err == nil && name != "/" && name != "." {
		return name
	}
	return u.Host
}
