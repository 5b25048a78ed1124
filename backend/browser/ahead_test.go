package browser

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/netguard"
)

// TestReadAhead: pages queued are read in the background, in sessions of
// their own behind the guard; Read returns those read (a failed page, an
// address the guard refuses, are left out), and again at once later.
func TestReadAhead(t *testing.T) {
	guard := &netguard.Guard{}
	guard.Allow(fixtureSrv.URL)
	a, err := NewAhead(realBrowser(t), guard)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	kili, kenya, missing, refused := fixtureSrv.URL+"/wiki/Mount_Kilimanjaro", fixtureSrv.URL+"/wiki/Mount_Kenya",
		fixtureSrv.URL+"/status/404", "http://127.0.0.1:9/admin"
	urls := []string{kili, kenya, missing, refused}
	a.Start(urls)
	got := a.Read(context.Background(), urls, 30*time.Second)
	if len(got) != 2 || !strings.Contains(allText(got[kili]), "5,895") || !strings.Contains(allText(got[kenya]), "5,199") {
		t.Fatalf("read ahead %d pages: %v", len(got), keys(got))
	}
	start := time.Now()
	if again := a.Read(context.Background(), []string{kili}, 0); again[kili] != got[kili] {
		t.Fatal("a page read ahead is not kept")
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("reading a kept page took %s", d)
	}
	a.Start([]string{kili}) // read already: not read again
	if again := a.Read(context.Background(), []string{kili}, 0); again[kili] != got[kili] {
		t.Fatal("a page read ahead was read again")
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
