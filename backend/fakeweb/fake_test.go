package fakeweb

import (
	"testing"

	"github.com/scout-research/scout/backend/netguard"
)

func TestFakeConformance(t *testing.T) {
	RunConformance(t, func(t *testing.T, w World) (Opener, string) {
		const base = "http://127.0.0.1:8089"
		g := &netguard.Guard{}
		g.Allow(base)
		return &Fake{World: w, Base: base, Guard: g}, base
	})
}
