package fakeweb

import "net/http"

// redirectTo answers every request with a redirect to path on the same
// server, with an absolute Location as most servers send.
func redirectTo(path string, code int) http.HandlerFunc {
	return func(rw http.ResponseWriter, r *http.Request) {
		http.Redirect(rw, r, baseURL(r)+path, code)
	}
}
