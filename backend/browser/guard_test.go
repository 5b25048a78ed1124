package browser

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/search"
)

// counted serves h and counts the requests that reach it.
func counted(t *testing.T, h http.Handler) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// A page that moves on by itself to an address the guard refuses (a meta
// refresh, a Refresh header, a script setting location, a form it posts)
// is a refused visit, not a page whose text is the guard's refusal.
func TestClientSideRedirectsToRefusedAddressesFail(t *testing.T) {
	s := session(t)
	inner, hits := counted(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<html><body><main><p>INNER PAGE</p></main></body></html>")
	}))
	target := inner.URL + "/admin"
	pages := map[string]string{
		"/meta":     fmt.Sprintf(`<html><head><meta http-equiv="refresh" content="0;url=%s"></head><body><p>Moving on…</p></body></html>`, target),
		"/location": fmt.Sprintf(`<html><body><p>Moving on…</p><script>location.href = %q</script></body></html>`, target),
		"/form":     fmt.Sprintf(`<html><body><form method="post" action=%q><input name="a" value="b"></form><script>document.forms[0].submit()</script></body></html>`, target),
		"/header":   `<html><body><p>Moving on…</p></body></html>`,
	}
	public := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/header" {
			w.Header().Set("Refresh", "0; url="+target)
		}
		fmt.Fprint(w, pages[r.URL.Path])
	}))
	defer public.Close()
	s.guard.Allow(public.URL)
	for path := range pages {
		t.Run(path, func(t *testing.T) {
			v, err := openWithin(t, s, public.URL+path, 20*time.Second)
			if !errors.Is(err, port.ErrRefused) {
				text := ""
				if v != nil {
					text = allText(v)
				}
				t.Fatalf("got %v with text %q, want a refused visit", err, text)
			}
		})
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the refused address was reached %d times", n)
	}
}

// hostile is a public page (a stand-in on loopback) that tries every way
// for a page to reach an address: scripts fetching and posting, a frame,
// an image, a redirect, a form it posts, a script moving the page.
func hostile(t *testing.T, target string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/redirect":
			http.Redirect(w, r, target+"/v1/models", http.StatusFound)
		case "/form":
			fmt.Fprintf(w, `<html><body><form method="post" action="%s/v1/chat/completions"><input name="model" value="x"></form><script>document.forms[0].submit()</script></body></html>`, target)
		case "/move":
			fmt.Fprintf(w, `<html><body><p>Moving.</p><script>location.href = %q</script></body></html>`, target+"/props")
		default:
			fmt.Fprintf(w, `<html><body><main><p id="out">A page about mountains.</p></main>
<iframe src="%[1]s/slots"></iframe><img src="%[1]s/favicon.ico">
<script>
fetch(%[1]q + '/v1/models').then(r => r.text()).then(t => { document.getElementById('out').textContent = t }).catch(() => {});
fetch(%[1]q + '/v1/chat/completions', {method: 'POST', mode: 'no-cors', body: '{"messages":[]}'}).catch(() => {});
</script></body></html>`, target)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// No page reaches the model server or the search endpoint the user
// configured, with the local network allowed or not (and so even when the
// model server is the one loopback address the guard knows): pages there
// fetch, post, frame, redirect and move to both, and canaries count no
// visit. The search itself still works, with exactly one request to the
// search endpoint per results page: Scout's own.
func TestPagesCannotReachTheModelServerOrTheSearchEndpoint(t *testing.T) {
	br := realBrowser(t)
	fixtureWeb := fakeweb.New(filepath.Join("..", "..", "testdata", "web"))
	for _, allowLocal := range []bool{false, true} {
		t.Run(fmt.Sprintf("allow local %v", allowLocal), func(t *testing.T) {
			model, modelHits := counted(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Access-Control-Allow-Origin", "*")
				fmt.Fprint(w, `{"data":[{"id":"SECRET-MODEL"}]}`)
			}))
			searchSrv, searchHits := counted(t, fixtureWeb)
			guard := &netguard.Guard{AllowLocal: allowLocal}
			guard.Protect(model.URL + "/v1")
			guard.AllowOwn(searchSrv.URL + "/search/html/")
			s, err := br.NewSessionGuarded(guard)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()

			targets := []string{model.URL}
			if !allowLocal {
				// With the local network allowed, the search endpoint is
				// one local address among others, open to pages.
				targets = append(targets, searchSrv.URL)
			}
			for _, target := range targets {
				page := hostile(t, target)
				guard.Allow(page.URL) // a public site, as far as the guard knows
				for _, path := range []string{"/", "/redirect", "/form", "/move"} {
					v, err := openWithin(t, s, page.URL+path, 20*time.Second)
					if err == nil && strings.Contains(allText(v), "SECRET") {
						t.Errorf("%s%s read the model server: %q", target, path, allText(v))
					}
				}
				time.Sleep(300 * time.Millisecond) // let the scripts try
			}
			if n := modelHits.Load(); n != 0 {
				t.Errorf("pages reached the model server %d times", n)
			}
			if n := searchHits.Load(); !allowLocal && n != 0 {
				t.Errorf("pages reached the search endpoint %d times", n)
			}

			// The search still works: one request, the results page.
			before := searchHits.Load()
			ddg := &search.DuckDuckGo{HTMLURL: searchSrv.URL + "/search/html/", Fetcher: s}
			results, err := ddg.Search(context.Background(), "tallest mountain in Africa", nil)
			if err != nil || len(results) == 0 || !strings.HasSuffix(results[0].URL, "/wiki/Mount_Kilimanjaro") {
				t.Fatalf("search: %v, %+v", err, results)
			}
			if n := searchHits.Load() - before; !allowLocal && n != 1 {
				t.Errorf("the search made %d requests to the search endpoint, want Scout's one", n)
			}
			// A result on the search endpoint's own address is a page like
			// any other: refused unless the local network is allowed.
			if _, err := openWithin(t, s, results[0].URL, 20*time.Second); allowLocal != (err == nil) {
				t.Errorf("opening %s: %v", results[0].URL, err)
			}
		})
	}
}

// A redirect the guard refuses is reported with its own reason, whatever
// else failed around it: the page before still had a request in flight
// (cancelled as the next page commits), another address on the same host
// was refused the visit before, the redirect leads to https (a tunnel the
// browser reports only as failed) or to plain http.
func TestARefusedRedirectSaysWhy(t *testing.T) {
	br := realBrowser(t)
	modelTLS := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) }))
	defer modelTLS.Close()
	modelHTTP, _ := counted(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) }))
	inner, _ := counted(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "inner") }))
	guard := &netguard.Guard{}
	guard.Protect(modelTLS.URL + "/v1")
	guard.Protect(modelHTTP.URL + "/v1")
	s, err := br.NewSessionGuarded(guard)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	release := make(chan struct{})
	defer close(release)
	pub := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/to-model-https":
			http.Redirect(w, r, modelTLS.URL+"/v1/models", http.StatusFound)
		case "/to-model":
			http.Redirect(w, r, modelHTTP.URL+"/v1/models", http.StatusFound)
		case "/to-inner":
			http.Redirect(w, r, inner.URL+"/admin", http.StatusFound)
		case "/slow":
			select {
			case <-release:
			case <-r.Context().Done():
			}
		case "/waiting":
			fmt.Fprint(w, `<html><body><main><p>A page still loading something.</p></main><script>fetch('/slow').catch(() => {})</script></body></html>`)
		case "/knocking":
			fmt.Fprintf(w, `<html><body><main><p>A page that keeps trying an inner address.</p></main><script>setInterval(() => fetch(%q).catch(() => {}), 50)</script></body></html>`, inner.URL+"/x")
		}
	}))
	defer pub.Close()
	guard.Allow(pub.URL)
	const modelReason = "model server"
	for _, step := range []struct{ path, want string }{
		{"/to-inner", "local network"},
		{"/to-model-https", modelReason},
		{"/to-inner", "local network"},
		{"/to-model", modelReason},
		{"/waiting", ""},
		{"/to-model-https", modelReason},
		{"/waiting", ""},
		{"/to-model", modelReason},
		{"/knocking", ""},
		{"/to-model-https", modelReason},
		{"/knocking", ""},
		{"/to-model", modelReason},
	} {
		_, err := openWithin(t, s, pub.URL+step.path, 20*time.Second)
		switch {
		case step.want == "" && err != nil:
			t.Fatalf("%s: %v", step.path, err)
		case step.want != "" && (!errors.Is(err, port.ErrRefused) || !strings.Contains(err.Error(), step.want)):
			t.Errorf("%s: %v, want a refusal naming the %s", step.path, err, step.want)
		}
	}
}

// A redirect to a file on this computer, a data: document or a browser
// page is a refused visit, told in words rather than in Playwright's.
func TestRedirectsToOtherSchemesAreRefused(t *testing.T) {
	s := session(t)
	pub := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, map[string]string{"/file": "file:///etc/passwd", "/data": "data:text/html,<p>hi</p>", "/chrome": "chrome://settings"}[r.URL.Path], http.StatusFound)
	}))
	defer pub.Close()
	s.guard.Allow(pub.URL)
	for _, path := range []string{"/file", "/data", "/chrome"} {
		_, err := openWithin(t, s, pub.URL+path, 20*time.Second)
		if !errors.Is(err, port.ErrRefused) || !strings.Contains(err.Error(), "no web page") || strings.Contains(err.Error(), "playwright") {
			t.Errorf("%s: %v, want a refusal in words", path, err)
		}
	}
}
