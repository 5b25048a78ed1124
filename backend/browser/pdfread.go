package browser

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/page"
)

// Reading PDF documents. Chromium shows a PDF in a viewer no script can
// read (headless, it downloads it), so the session fetches the file itself,
// through the network guard's proxy like every other request of the run
// (each redirect too), and reads its text with poppler's pdftotext.

const (
	// maxPDFBytes caps a PDF read into memory: a long report is a few MB;
	// more is a book or a scan, with little text for its size.
	maxPDFBytes = 32 << 20
	// maxPDFPages: pages past this are not read; a longer document is a
	// book, and its first pages are what a search led to.
	maxPDFPages = 300
	// maxPDFTextBytes caps pdftotext's output, well above what a page may
	// give the model (DefaultMaxTextChars): a small file can expand to
	// gigabytes of text.
	maxPDFTextBytes = 4 * DefaultMaxTextChars
	// pdfFetchTimeout bounds downloading one PDF on a slow connection.
	pdfFetchTimeout = 90 * time.Second
	// pdfTextTimeout bounds pdftotext on one file: seconds for hundreds of
	// pages; a file that takes longer is not worth the wait.
	pdfTextTimeout = 30 * time.Second
)

// elsewhere is the advice for a PDF that cannot be read.
const elsewhere = "look for an HTML version of it or another source"

// errNoPDFTool: pdftotext is not installed.
var errNoPDFTool = errors.New("reading PDFs needs pdftotext: install poppler-utils (on Debian or Ubuntu: sudo apt install poppler-utils)")

// ReadsPDF reports whether PDF documents can be read: pdftotext is there.
func ReadsPDF() bool {
	_, err := exec.LookPath("pdftotext")
	return err == nil
}

// readPDF fetches the PDF at rawURL and reads its text as a document.
// Reading it (pdftotext, then laying out and cleaning its text) has the
// read timeout that a web page has, and ends when ctx does: a document
// built to take long cannot hold the run, nor keep Stop waiting.
func (s *Session) readPDF(ctx context.Context, rawURL string) (*port.Visit, error) {
	if !ReadsPDF() {
		return nil, port.Failure(port.ErrNotReadable, rawURL, "the address is a PDF document, and %v", errNoPDFTool)
	}
	data, final, err := s.fetchPDF(ctx, rawURL)
	if err != nil {
		return nil, err
	}
	rctx, cancel := context.WithCancel(ctx) // given up on, pdftotext is stopped too
	defer cancel()
	doc, err := await(rctx, s.readTimeout, func() (page.Document, error) {
		return pdfDocument(rctx, rawURL, final, data, s.br.opts.MaxTextChars)
	})
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.Is(err, errTookTooLong):
		return nil, port.Failure(port.ErrTimeout, rawURL, "the PDF document could not be read within %s: %s", s.readTimeout, elsewhere)
	case err != nil:
		return nil, err
	}
	return &port.Visit{URL: rawURL, FinalURL: final, Status: http.StatusOK, ContentType: port.PDF, Doc: doc}, nil
}

// pdfDocument reads the text of the PDF document data, fetched from
// rawURL and found at final, as a document of at most maxChars.
func pdfDocument(ctx context.Context, rawURL, final string, data []byte, maxChars int) (page.Document, error) {
	text, title, cut, err := pdfText(ctx, data)
	switch {
	case ctx.Err() != nil:
		return page.Document{}, ctx.Err()
	case err != nil:
		return page.Document{}, port.Failure(port.ErrNotReadable, rawURL, "the PDF document %v: %s", err, elsewhere)
	case strings.TrimSpace(text) == "":
		return page.Document{}, port.Failure(port.ErrNotReadable, rawURL, "the PDF document holds no text (a scan, perhaps): %s", elsewhere)
	}
	doc := plainDocument(page.PDFDocument(final, cmp.Or(title, fileTitle(final)), text, maxChars))
	doc.Truncated = doc.Truncated || cut
	return doc, nil
}

// fetchPDF downloads rawURL through the guard's proxy, as the browser's
// own requests go, and returns its bytes and where redirects ended.
func (s *Session) fetchPDF(ctx context.Context, rawURL string) ([]byte, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, "", port.Failure(port.ErrNetwork, rawURL, "cannot fetch the PDF: %v", err)
	}
	req.Header.Set("User-Agent", s.userAgent)
	req.Header.Set("Accept", port.PDF+",*/*;q=0.8")
	resp, err := s.downloads().Do(req)
	if err != nil {
		return nil, "", s.fetchFailure(ctx, rawURL, err)
	}
	defer resp.Body.Close()
	final := resp.Request.URL.String()
	if err := s.proxyAnswered(rawURL, final, resp.Header.Get); err != nil {
		return nil, "", err
	}
	if resp.StatusCode >= 400 {
		return nil, "", port.StatusError(rawURL, resp.StatusCode)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxPDFBytes+1))
	switch {
	case ctx.Err() != nil:
		return nil, "", ctx.Err()
	case err != nil:
		return nil, "", port.Failure(port.ErrNetwork, rawURL, "the PDF download broke off: %v", err)
	case len(data) > maxPDFBytes:
		return nil, "", port.Failure(port.ErrNotReadable, rawURL, "the PDF document is over %d MB, too big to read: %s", maxPDFBytes>>20, elsewhere)
	case !bytes.HasPrefix(bytes.TrimLeft(data, "\x00\t\r\n "), []byte("%PDF-")):
		return nil, "", port.Failure(port.ErrNotReadable, rawURL, "the address says it holds a PDF document but sent something else")
	}
	return data, final, nil
}

// downloads is the session's client for its own downloads, made on first
// use: through the guard's proxy, keep-alives off so that every hop of a
// redirect opens its own connection, which the guard checks.
func (s *Session) downloads() *http.Client {
	if s.pdfClient == nil {
		proxy, _ := url.Parse(s.proxy.URL()) // an address the proxy made
		s.pdfClient = &http.Client{
			Transport: &http.Transport{Proxy: http.ProxyURL(proxy), DisableKeepAlives: true},
			Timeout:   pdfFetchTimeout,
		}
	}
	return s.pdfClient
}

// fetchFailure explains a failed download: the guard's proxy knows when
// it refused a hop (a redirect inward) or could not reach the site.
func (s *Session) fetchFailure(ctx context.Context, rawURL string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		if perr := s.tunnelFailure(rawURL, ue.URL); perr != nil {
			return perr
		}
	}
	return port.Failure(port.ErrNetwork, rawURL, "the PDF could not be downloaded: %v", err)
}

// chromeUserAgent is the user agent of the browser at version, as its
// window sends it (without "Headless"), for the session's own downloads.
func chromeUserAgent(version string) string {
	return "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/" +
		cmp.Or(version, "130.0.0.0") + " Safari/537.36"
}

// pdfDownload reports whether a download is a PDF: by its media type, or
// a generic one with a file name or address ending in .pdf.
func pdfDownload(mediaType, disposition, rawURL string) bool {
	switch mediaType {
	case port.PDF, "application/x-pdf":
		return true
	case "", "application/octet-stream", "binary/octet-stream", "application/download", "application/force-download":
	default:
		return false
	}
	if _, params, err := mime.ParseMediaType(disposition); err == nil && strings.HasSuffix(strings.ToLower(params["filename"]), ".pdf") {
		return true
	}
	u, err := url.Parse(rawURL)
	return err == nil && strings.HasSuffix(strings.ToLower(u.Path), ".pdf")
}

// pdfText runs pdftotext (and pdfinfo, for the title) on data. cut says
// the text was longer than maxPDFTextBytes, or took too long, and ends
// where reading stopped.
func pdfText(ctx context.Context, data []byte) (text, title string, cut bool, err error) {
	f, err := os.CreateTemp("", "scout-*.pdf")
	if err != nil {
		return "", "", false, err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return "", "", false, err
	}
	if err := f.Close(); err != nil {
		return "", "", false, err
	}
	ctx, cancel := context.WithTimeout(ctx, pdfTextTimeout)
	defer cancel()
	text, cut, err = runPDFToText(ctx, f.Name())
	if err != nil {
		return "", "", false, err
	}
	pdfinfo := exec.CommandContext(ctx, "pdfinfo", "-enc", "UTF-8", f.Name())
	pdfinfo.WaitDelay = time.Second // once killed, its output is not waited for either
	info, _ := pdfinfo.Output()     // the title is a nicety
	return text, infoTitle(string(info)), cut, nil
}

// runPDFToText reads file's text, at most maxPDFTextBytes of it; a run
// stopped by the limit or the timeout keeps what it wrote. When ctx ends
// the output is closed as well as the process killed: whatever still holds
// the other end (a child it started) cannot keep the read waiting.
func runPDFToText(ctx context.Context, file string) (string, bool, error) {
	cmd := exec.CommandContext(ctx, "pdftotext", "-q", "-l", fmt.Sprint(maxPDFPages), "-enc", "UTF-8", "-eol", "unix", file, "-")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", false, err
	}
	if err := cmd.Start(); err != nil {
		return "", false, fmt.Errorf("could not be read: %w", err)
	}
	stop := context.AfterFunc(ctx, func() { _ = out.Close() })
	defer stop()
	text, _ := io.ReadAll(io.LimitReader(out, maxPDFTextBytes+1))
	cut := len(text) > maxPDFTextBytes
	if cut {
		text = text[:maxPDFTextBytes]
		_ = cmd.Process.Kill()
	}
	werr := cmd.Wait()
	switch {
	case cut:
		return string(text), true, nil
	case ctx.Err() == context.DeadlineExceeded && len(text) > 0:
		return string(text), true, nil // slow: what it read in time
	case ctx.Err() == context.DeadlineExceeded:
		return "", false, fmt.Errorf("took longer than %s to read", pdfTextTimeout)
	case ctx.Err() != nil:
		return "", false, ctx.Err()
	case werr != nil:
		return "", false, pdfToTextError(werr)
	}
	return string(text), false, nil
}

// pdfToTextError says what pdftotext's exit status means.
func pdfToTextError(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		switch ee.ExitCode() {
		case 1:
			return errors.New("is damaged or not a PDF poppler can open")
		case 3:
			return errors.New("is protected by a password or does not allow copying its text")
		}
	}
	return fmt.Errorf("could not be read (pdftotext: %v)", err)
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
