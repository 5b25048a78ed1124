package fixtureweb

import (
	"net/http"
	"os"
	"path/filepath"
)

// reportPDF is the PDF file under the web's directory.
const reportPDF = "files/report.pdf"

// servePDF serves the one-page report as a PDF download would arrive.
func (w *Web) servePDF(rw http.ResponseWriter, r *http.Request) {
	body, err := os.ReadFile(filepath.Join(w.dir, reportPDF))
	if err != nil {
		http.Error(rw, "fixtureweb: "+err.Error(), http.StatusInternalServerError)
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
