package llmtest

import (
	"crypto/subtle"
	"net/http"
	"strings"
)

// llamaPublic are the paths llama-server answers without its API key, so
// its web page can list the models and a monitor can check its health
// before anyone has typed a key.
var llamaPublic = map[string]bool{"/health": true, "/v1/health": true, "/models": true, "/v1/models": true, "/api/tags": true}

// authorized reports whether r may be answered: the fake wants no key,
// r brings it, or the path is one the flavour leaves public.
func (s *Handler) authorized(r *http.Request) bool {
	if s.opts.APIKey == "" || s.opts.Flavour == LlamaCpp && llamaPublic[r.URL.Path] {
		return true
	}
	sent, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(sent), []byte(s.opts.APIKey)) == 1
}

// refuse answers a request without the right key as the servers do:
// llama-server's error object, or OpenAI's (which vLLM and LM Studio
// follow). Neither quotes the key that was sent.
func (s *Handler) refuse(w http.ResponseWriter) {
	if s.opts.Flavour == LlamaCpp {
		s.writeJSON(w, http.StatusUnauthorized, map[string]any{"error": map[string]any{
			"code": http.StatusUnauthorized, "message": "Invalid API Key", "type": "authentication_error"}})
		return
	}
	s.writeJSON(w, http.StatusUnauthorized, map[string]any{"error": map[string]any{
		"message": "Incorrect API key provided. You can find your API key in your account settings.",
		"type":    "invalid_request_error", "param": nil, "code": "invalid_api_key"}})
}
