package browser

import (
	"net/http/httptest"
	"testing"

	"github.com/scout-research/scout/backend/fakeweb"
)

func TestPlaywrightConformance(t *testing.T) {
	fakeweb.RunConformance(t, func(t *testing.T, w fakeweb.World) (fakeweb.Opener, string) {
		s := session(t)
		srv := httptest.NewServer(w.Handler())
		t.Cleanup(srv.Close)
		s.guard.Allow(srv.URL)
		return s, srv.URL
	})
}
