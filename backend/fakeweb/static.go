package fakeweb

import (
	"net/http"
	"os"
	"path/filepath"
)

// servePDF serves a PDF file of the web's files folder as a PDF.
func (w *Web) servePDF(rw http.ResponseWriter, r *http.Request) {
	w.servePDFAs(rw, r, "application/pdf", "")
}

// serveDownload serves a PDF file of the web's files folder the way many
// sites send documents: as bytes to save, named only by the file name.
func (w *Web) serveDownload(rw http.ResponseWriter, r *http.Request) {
	w.servePDFAs(rw, r, "application/octet-stream", `attachment; filename="`+r.PathValue("name")+`"`)
}

// servePDFAs serves the PDF the path names from the files folder with the
// given content type and, if any, content disposition.
func (w *Web) servePDFAs(rw http.ResponseWriter, r *http.Request, mediaType, disposition string) {
	name := r.PathValue("name")
	if filepath.Ext(name) != ".pdf" || name != filepath.Base(name) {
		http.NotFound(rw, r)
		return
	}
	body, err := os.ReadFile(filepath.Join(w.dir, "files", name))
	if err != nil {
		http.NotFound(rw, r)
		return
	}
	rw.Header().Set("Content-Type", mediaType)
	if disposition != "" {
		rw.Header().Set("Content-Disposition", disposition)
	}
	rw.Write(body)
}

// serveRobots allows every crawler everywhere.
func serveRobots(rw http.ResponseWriter, r *http.Request) {
	rw.Header().Set("Content-Type", "text/plain; charset=utf-8")
	rw.Write([]byte("User-agent: *\nAllow: /\n"))
}
