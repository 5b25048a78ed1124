package fixtureweb

import (
	"net/http"
	"os"
	"path/filepath"
)

// servePDF serves a PDF file of the web's files folder as a server sends
// a document to download.
func (w *Web) servePDF(rw http.ResponseWriter, r *http.Request) {
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
	rw.Header().Set("Content-Type", "application/pdf")
	rw.Write(body)
}

// serveRobots allows every crawler everywhere.
func serveRobots(rw http.ResponseWriter, r *http.Request) {
	rw.Header().Set("Content-Type", "text/plain; charset=utf-8")
	rw.Write([]byte("User-agent: *\nAllow: /\n"))
}
