package netguard

import (
	"context"
	"errors"
	"net/netip"
	"testing"
)

// fakeResolver answers from a table; unknown names fail to resolve.
type fakeResolver map[string][]string

func (f fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	ips, ok := f[host]
	if !ok {
		return nil, errors.New("no such host")
	}
	var out []netip.Addr
	for _, s := range ips {
		out = append(out, netip.MustParseAddr(s))
	}
	return out, nil
}

var resolver = fakeResolver{
	"example.org":          {"93.184.215.14"},
	"inward.example.com":   {"10.1.2.3"},
	"mixed.example.com":    {"93.184.215.14", "192.168.0.10"},
	"v6inward.example.com": {"fd00::1"},
}

func TestCheck(t *testing.T) {
	tests := []struct {
		url  string
		want error // nil = allowed
	}{
		{"https://example.org/wiki/Kilimanjaro", nil},
		{"http://93.184.215.14/", nil},
		{"https://[2606:4700::1111]/", nil},
		{"https://unresolvable.example/", nil}, // the browser reports the DNS failure
		{"file:///etc/passwd", ErrScheme},
		{"javascript:alert(1)", ErrScheme},
		{"data:text/html,hi", ErrScheme},
		{"chrome://settings", ErrScheme},
		{"ftp://example.org/x", ErrScheme},
		{"view-source:https://example.org", ErrScheme},
		{"http:///nohost", ErrBadURL},
		{"http://127.0.0.1:9/admin", ErrPrivate},
		{"http://127.1/", ErrPrivate},
		{"http://2130706433/", ErrPrivate},
		{"http://0x7f000001/", ErrPrivate},
		{"http://0177.0.0.1/", ErrPrivate},
		{"http://0x7f.1/", ErrPrivate},
		{"http://0/", ErrPrivate},
		{"http://0.0.0.0:8080/", ErrPrivate},
		{"http://10.0.0.8/", ErrPrivate},
		{"http://172.16.5.4/", ErrPrivate},
		{"http://192.168.1.1/", ErrPrivate},
		{"http://100.64.1.1/", ErrPrivate},
		{"http://198.18.0.7/", nil},                 // a "fake IP" VPN's address for a public site
		{"http://[64:ff9b::c0a8:101]/", ErrPrivate}, // NAT64 for 192.168.1.1
		{"http://[64:ff9b::5db8:d70e]/", nil},       // NAT64 for a public address
		{"http://[::127.0.0.1]/", ErrPrivate},       // IPv4-compatible, deprecated
		{"http://[::c0a8:101]/", ErrPrivate},        // the same, 192.168.1.1
		{"http://[::ffff:0:7f00:1]/", ErrPrivate},   // SIIT's IPv4-translated form
		{"http://[2002:7f00:1::]/", ErrPrivate},     // 6to4 for 127.0.0.1
		{"http://[2002:a00:1::5]/", ErrPrivate},     // 6to4 for 10.0.0.1
		{"http://[2002:5db8:d70e::1]/", nil},        // 6to4 for a public address
		{"http://[::5db8:d70e]/", nil},              // IPv4-compatible, public
		{"http://169.254.169.254/latest/meta-data/", ErrPrivate},
		{"http://[::1]/", ErrPrivate},
		{"http://[::ffff:127.0.0.1]/", ErrPrivate},
		{"http://[::ffff:7f00:1]/", ErrPrivate},
		{"http://[fe80::1]/", ErrPrivate},
		{"http://[fd12:3456::1]/", ErrPrivate},
		{"http://localhost:8080/", ErrPrivate},
		{"http://LOCALHOST./", ErrPrivate},
		{"http://api.localhost/", ErrPrivate},
		{"http://printer.local/", ErrPrivate},
		{"http://inward.example.com/", ErrPrivate},
		{"http://mixed.example.com/", ErrPrivate},
		{"http://v6inward.example.com/", ErrPrivate},
		{"http://256.1.1.1/", nil}, // not an address: a (failing) name
	}
	g := &Guard{Resolver: resolver}
	for _, tc := range tests {
		t.Run(tc.url, func(t *testing.T) {
			err := g.Check(context.Background(), tc.url)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			var r *Refusal
			if !errors.As(err, &r) || r.Message == "" {
				t.Fatalf("no explanation: %#v", err)
			}
		})
	}
}

func TestAllowLocalAndAllowedOrigins(t *testing.T) {
	g := &Guard{Resolver: resolver}
	g.Allow("http://127.0.0.1:1234/v1")
	g.Allow("http://localhost:8089/search/html/")
	for _, u := range []string{"http://127.0.0.1:1234/v1/models", "http://localhost:8089/wiki/Kibo", "http://2130706433:1234/"} {
		if err := g.Check(context.Background(), u); err != nil {
			t.Errorf("%s: allowed origin refused: %v", u, err)
		}
	}
	for _, u := range []string{"http://127.0.0.1:1235/", "http://localhost:8090/"} {
		if err := g.Check(context.Background(), u); !errors.Is(err, ErrPrivate) {
			t.Errorf("%s: other port allowed: %v", u, err)
		}
	}
	open := &Guard{AllowLocal: true, Resolver: resolver}
	if err := open.Check(context.Background(), "http://192.168.1.1/"); err != nil {
		t.Errorf("AllowLocal refused: %v", err)
	}
	if err := open.Check(context.Background(), "file:///etc/passwd"); !errors.Is(err, ErrScheme) {
		t.Errorf("AllowLocal opened a file URL: %v", err)
	}
}

func TestParseHost(t *testing.T) {
	tests := []struct {
		host string
		want string // "" = not an address
	}{
		{"2130706433", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"0X7F.0.0.1", "127.0.0.1"},
		{"017700000001", "127.0.0.1"},
		{"127.1", "127.0.0.1"},
		{"10.1.65535", "10.1.255.255"},
		{"1.2.3.4.", "1.2.3.4"},
		{"[::1]", "::1"},
		{"4294967296", ""},
		{"1.2.3.4.5", ""},
		{"08.1.1.1", ""},
		{"example.org", ""},
		{"1.256.1.1", ""},
	}
	for _, tc := range tests {
		a, ok := ParseHost(tc.host)
		got := ""
		if ok {
			got = a.String()
		}
		if got != tc.want {
			t.Errorf("ParseHost(%q) = %q, want %q", tc.host, got, tc.want)
		}
	}
}

func TestCheckLiteralDoesNotResolve(t *testing.T) {
	g := &Guard{Resolver: resolver}
	if err := g.CheckLiteral("http://inward.example.com/"); err != nil {
		t.Errorf("CheckLiteral resolved a name: %v", err)
	}
	for _, u := range []string{"http://2130706433/", "file:///etc/passwd", "http://localhost/"} {
		if err := g.CheckLiteral(u); err == nil {
			t.Errorf("CheckLiteral allowed %s", u)
		}
	}
}
