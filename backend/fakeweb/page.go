package fakeweb

import (
	"bytes"
	"html/template"
	"net/http"
	"os"
	"path/filepath"
)

// basePlaceholder stands in the page files for the server's own base URL,
// which only the incoming request knows.
const basePlaceholder = "{{base}}"

// htmlType is the content type of every UTF-8 page.
const htmlType = "text/html; charset=utf-8"

// baseURL returns the scheme and host the request was made to, without a
// final slash: "http://127.0.0.1:8089".
func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// readPage reads a page file with its links made absolute for r.
func (w *Web) readPage(r *http.Request, name string) ([]byte, error) {
	body, err := os.ReadFile(filepath.Join(w.dir, name))
	if err != nil {
		return nil, err
	}
	return bytes.ReplaceAll(body, []byte(basePlaceholder), []byte(baseURL(r))), nil
}

// serveFile answers with a fixture file as the given content type and
// status.
func (w *Web) serveFile(rw http.ResponseWriter, r *http.Request, name, contentType string, status int) {
	body, err := w.readPage(r, name)
	if err != nil {
		http.Error(rw, "fakeweb: "+err.Error(), http.StatusInternalServerError)
		return
	}
	rw.Header().Set("Content-Type", contentType)
	rw.WriteHeader(status)
	rw.Write(body)
}

var indexPage = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Scout fixture web</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:2rem auto;line-height:1.5}code{background:#f3f3f3}</style>
</head>
<body>
<h1>Scout fixture web</h1>
<p>A small local web for testing Scout. Point the search setting at
<code>{{.Base}}/search/html/</code> and ask about the tallest mountain in Africa.</p>
<ul>
{{range .Pages}}<li><a href="{{$.Base}}{{.Path}}">{{.Path}}</a>: {{.About}}</li>
{{end}}</ul>
</body>
</html>
`))

// serveIndex lists every page of the fixture web.
func (w *Web) serveIndex(rw http.ResponseWriter, r *http.Request) {
	rw.Header().Set("Content-Type", htmlType)
	indexPage.Execute(rw, struct {
		Base  string
		Pages []Fixture
	}{baseURL(r), fixtures})
}
