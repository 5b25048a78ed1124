package browser

import (
	"net/http/httptest"
	"testing"

	"github.com/scout-research/scout/backend/web/webtest"
)

func TestPlaywrightConformance(t *testing.T) {
	webtest.RunConformance(t, func(t *testing.T, w webtest.World) (webtest.Opener, string) {
		s := session(t)
		srv := httptest.NewServer(w.Handler())
		t.Cleanup(srv.Close)
		s.guard.Allow(srv.URL)
		return s, srv.URL
	})
}
