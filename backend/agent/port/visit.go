// A page visit, independent of the browser that made it: the visit, its
// failure kinds, and the rules for HTTP statuses and content types that
// every browser (the real one and the fake web's) shares.

package port

import (
	"errors"
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/fault"
	"github.com/scout-research/scout/backend/page"
)

// Visit is a page that opened and was read.
type Visit struct {
	// URL is the address asked for; FinalURL is where redirects ended.
	URL      string
	FinalURL string
	Status   int
	// ContentType is the response's media type, without parameters.
	ContentType string
	// Doc is the readable content.
	Doc page.Document
}

// Kinds of failed visit, for errors.Is. Each failure is a *VisitError
// wrapping one of these, with a short message for the journal.
var (
	ErrRefused       = errors.New("address refused")
	ErrHTTPStatus    = errors.New("the site answered with an error")
	ErrBotBlocked    = errors.New("the site refuses automated browsers")
	ErrRedirectLoop  = errors.New("redirect loop")
	ErrDNS           = errors.New("host not found")
	ErrConnRefused   = errors.New("connection refused")
	ErrTLS           = errors.New("secure connection failed")
	ErrTimeout       = errors.New("page timed out")
	ErrNotReadable   = errors.New("not a readable web page")
	ErrNetwork       = errors.New("network error")
	ErrBrowserClosed = errors.New("the browser is closed")
)

// VisitError is a failed visit: its kind, and a short line for the
// journal and the model (the Message).
type VisitError struct {
	fault.Fault
	URL    string
	Status int
	// MediaType is what a not-readable address holds (NotReadable).
	MediaType string
}

// Failure returns a *VisitError of kind with a formatted message.
func Failure(kind error, url, format string, args ...any) *VisitError {
	return &VisitError{Fault: *fault.New(kind, format, args...), URL: url}
}

// Refused is a visit the network guard refused, with the guard's words.
func Refused(url string, err error) *VisitError {
	return &VisitError{Fault: fault.Fault{Kind: ErrRefused, Message: err.Error()}, URL: url}
}

// NotReadable is a visit to an address that is not a web page.
func NotReadable(url, mediaType string) *VisitError {
	e := Failure(ErrNotReadable, url, "the address is %s, not a web page", DescribeType(mediaType))
	e.MediaType = mediaType
	return e
}

// PDF is the media type of a PDF document, which a browser shows in a
// viewer of its own (or downloads) rather than as a page.
const PDF = "application/pdf"

// IsPDF reports whether err is a visit that found a PDF document.
func IsPDF(err error) bool {
	var ve *VisitError
	return errors.As(err, &ve) && ve.Kind == ErrNotReadable && ve.MediaType == PDF
}

// OpenableLinks keeps the links check allows (the guard's literal check),
// so the model is never offered an address it may not open.
func OpenableLinks(links []page.Link, check func(url string) error) []page.Link {
	out := links[:0]
	for _, l := range links {
		if check(l.URL) == nil {
			out = append(out, l)
		}
	}
	return out
}

// StatusError explains an HTTP error status. A 403 is almost always a site
// refusing automated browsers; Scout does not disguise itself, it moves on.
func StatusError(url string, status int) *VisitError {
	e := Failure(ErrHTTPStatus, url, "HTTP %d: the page could not be opened (%s)", status, statusText(status))
	if status == 403 || status == 429 {
		e.Kind = ErrBotBlocked
		e.Message = fmt.Sprintf("HTTP %d: the site refuses automated browsers; try another source", status)
	}
	e.Status = status
	return e
}

func statusText(status int) string {
	switch {
	case status == 404 || status == 410:
		return "no such page"
	case status == 401:
		return "login required"
	case status >= 500:
		return "the site has a problem"
	}
	return "client error"
}

// Readable reports whether a media type is a page Scout can read: HTML,
// and the text files Chromium shows as text (plain text and Markdown), which
// are read as paragraphs. Not CSV (Chromium downloads it) nor JSON (data,
// not prose).
func Readable(mediaType string) bool {
	switch mediaType {
	case "", "text/html", "application/xhtml+xml":
		return true
	}
	return TextFile(mediaType)
}

// TextFile reports whether a media type is a text file a browser shows as
// it came (plain text, Markdown): readable, and never changed by a script.
func TextFile(mediaType string) bool {
	switch mediaType {
	case "text/plain", "text/markdown", "text/x-markdown":
		return true
	}
	return false
}

// DescribeType names a media type for the "not readable" message.
func DescribeType(mediaType string) string {
	switch {
	case mediaType == PDF:
		return "a PDF document"
	case strings.HasPrefix(mediaType, "image/"):
		return "an image"
	case strings.HasPrefix(mediaType, "video/") || strings.HasPrefix(mediaType, "audio/"):
		return "a video or sound file"
	case strings.Contains(mediaType, "zip") || strings.Contains(mediaType, "tar") || strings.Contains(mediaType, "octet-stream"):
		return "an archive or binary file"
	}
	return "a file of type " + mediaType
}
