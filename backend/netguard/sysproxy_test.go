package netguard

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/scout-research/scout/backend/gsettings"
)

// GNOME's manual proxy setting is followed, except for the hosts it says
// to reach directly; with no manual proxy there is none.
func TestGnomeProxy(t *testing.T) {
	settings := map[string]string{
		"org.gnome.system.proxy mode":         "manual",
		"org.gnome.system.proxy.https host":   "proxy.corp.example",
		"org.gnome.system.proxy.https port":   "3128",
		"org.gnome.system.proxy.http host":    "plain.corp.example",
		"org.gnome.system.proxy.http port":    "8080",
		"org.gnome.system.proxy ignore-hosts": "['localhost', '127.0.0.0/8', '*.intranet.example', '.corp.example']",
	}
	get := func(schema, key string) string { return gsettings.Unquote(settings[schema+" "+key]) }
	proxy := gnomeProxy(get)
	if proxy == nil {
		t.Fatal("a manual proxy was not read")
	}
	for _, tc := range []struct{ target, want string }{
		{"https://www.example.org/", "http://proxy.corp.example:3128"},
		{"http://www.example.org/", "http://plain.corp.example:8080"},
		{"https://wiki.intranet.example/", ""},
		{"https://docs.corp.example/", ""},
		{"http://127.0.0.5:8000/", ""},
		{"http://localhost/", ""},
	} {
		u, _ := url.Parse(tc.target)
		got, err := proxy(&http.Request{URL: u})
		if err != nil || (got == nil) != (tc.want == "") || (got != nil && got.String() != tc.want) {
			t.Errorf("%s: proxy %v (%v), want %q", tc.target, got, err, tc.want)
		}
	}
	settings["org.gnome.system.proxy mode"] = "'none'"
	if gnomeProxy(get) != nil {
		t.Fatal("a proxy with the mode set to none")
	}
	settings["org.gnome.system.proxy mode"] = "manual"
	settings["org.gnome.system.proxy.https port"], settings["org.gnome.system.proxy.http port"] = "0", "0"
	if gnomeProxy(get) != nil {
		t.Fatal("a proxy without a port")
	}
}

// The environment's proxy comes first; without one, GNOME's is asked for
// (through gsettings, faked here).
func TestUpstreamProxyPrefersTheEnvironment(t *testing.T) {
	dir := t.TempDir()
	asked := filepath.Join(dir, "asked")
	script := "#!/bin/sh\necho \"$@\" >> " + asked + "\ncase \"$2 $3\" in\n" +
		"'org.gnome.system.proxy mode') echo \"'manual'\";;\n" +
		"'org.gnome.system.proxy.https host') echo \"'desktop.example'\";;\n" +
		"'org.gnome.system.proxy.https port') echo 3128;;\n" +
		"*) echo \"''\";;\nesac\n"
	if err := os.WriteFile(filepath.Join(dir, "gsettings"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	for _, name := range []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"} {
		t.Setenv(name, "")
	}
	u, _ := url.Parse("https://www.example.org/")
	got, err := upstreamProxy()(&http.Request{URL: u})
	if err != nil || got == nil || got.Host != "desktop.example:3128" {
		t.Fatalf("without the environment: %v, %v", got, err)
	}
	os.Remove(asked)
	t.Setenv("HTTPS_PROXY", "http://env.example:3128")
	upstreamProxy()
	if _, err := os.Stat(asked); err == nil {
		t.Fatal("gsettings was asked though the environment names a proxy")
	}
}
