package netguard

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The model server the user configured is reached by Scout wherever it
// is: a GPU box on the home network is the user's choice. Nothing else of
// that network is, with the local network off, for Scout or the browser;
// and no page reaches the server, even with the local network on.
func TestTheModelServerIsScoutsAlone(t *testing.T) {
	res := fakeResolver{"gpu.lan": {"192.168.1.50"}, "router.lan": {"192.168.1.1"}, "rebind.example.com": {"192.168.1.50"}}
	for _, server := range []string{"http://192.168.1.50:8080/v1", "http://gpu.lan:8080/v1"} {
		for _, local := range []bool{false, true} {
			g := &Guard{AllowLocal: local, Resolver: res}
			g.ModelServer(server)
			tests := []struct {
				who  who
				url  string
				kind error // nil: allowed
			}{
				{scoutAsks, "http://192.168.1.50:8080/v1/models", nil},
				{scoutAsks, "http://gpu.lan:8080/v1/chat/completions", nil},
				{scoutAsks, "http://192.168.1.50:22/", ErrPrivate},
				{scoutAsks, "http://192.168.1.1/", ErrPrivate},
				{scoutAsks, "http://router.lan/", ErrPrivate},
				{browserAsks, "http://192.168.1.50:8080/v1/models", ErrModelServer},
				{browserAsks, "http://gpu.lan:8080/v1/models", ErrModelServer},
				{browserAsks, "http://rebind.example.com:8080/v1/models", ErrModelServer},
				{browserAsks, "http://192.168.1.1/", ErrPrivate},
			}
			for _, tc := range tests {
				kind := tc.kind
				if local && kind == ErrPrivate {
					kind = nil // the user allowed the local network
				}
				err := g.check(context.Background(), tc.url, true, tc.who)
				if (kind == nil) != (err == nil) || kind != nil && !errors.Is(err, kind) {
					t.Errorf("server %s, local %v, %s asks for %s: %v, want %v", server, local, map[who]string{scoutAsks: "Scout", browserAsks: "a page"}[tc.who], tc.url, err, kind)
				}
			}
		}
	}
}

// A server on the internet shares its addresses with other sites (a
// cloud's load balancers, a CDN): pages are kept off it by its name, not
// off every site at its addresses. A page can do no more there than
// anyone on the internet: it has no key.
func TestAHostedServerDoesNotHideItsNeighbours(t *testing.T) {
	g := &Guard{Resolver: fakeResolver{"api.example.com": {"203.0.113.10"}, "blog.example.org": {"203.0.113.10"}}}
	g.ModelServer("https://api.example.com/v1")
	if err := g.Check(context.Background(), "https://blog.example.org/post"); err != nil {
		t.Errorf("a site sharing the hosted server's address is refused: %v", err)
	}
	if err := g.Check(context.Background(), "https://api.example.com/v1/models"); !errors.Is(err, ErrModelServer) {
		t.Errorf("a page reached the hosted server: %v", err)
	}
	if err := g.CheckOwn(context.Background(), "https://api.example.com/v1/models"); err != nil {
		t.Errorf("Scout cannot reach the hosted server: %v", err)
	}
}

// Scout's requests to the model server meet the guard: a redirect from
// it to anything else on the local network is refused before it is
// followed.
func TestModelClientRefusesARedirectInward(t *testing.T) {
	inner, hits := canary(t)
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/models" {
			http.Redirect(w, r, inner.URL+"/admin", http.StatusFound)
			return
		}
		io.WriteString(w, `{"ok":true}`)
	}))
	defer model.Close()
	g := &Guard{}
	g.ModelServer(model.URL + "/v1")
	client := g.ModelClient()
	res, err := client.Get(model.URL + "/v1/props")
	if err != nil {
		t.Fatalf("the model server itself: %v", err)
	}
	res.Body.Close()
	if res, err := client.Get(model.URL + "/v1/models"); err == nil {
		res.Body.Close()
		t.Fatal("the redirect inward was followed")
	} else if !errors.Is(err, ErrPrivate) {
		t.Errorf("refused for another reason: %v", err)
	}
	if hits.Load() != 0 {
		t.Errorf("the canary was reached %d times", hits.Load())
	}
}
