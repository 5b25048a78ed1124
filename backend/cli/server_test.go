package cli

import "testing"

func TestSameServer(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"http://127.0.0.1:1234/v1", "http://127.0.0.1:1234/v1", true},
		{"http://127.0.0.1:1234/v1", "http://127.0.0.1:1234", true},
		{"http://LocalHost:8080/v1", "http://localhost:8080/api/v1/", true},
		{"http://example.org/v1", "http://example.org:80/v1", true},
		{"https://example.org/v1", "https://example.org:443/v1", true},
		{"http://127.0.0.1:1234/v1", "http://127.0.0.1:8080/v1", false},
		{"http://127.0.0.1:1234/v1", "http://localhost:1234/v1", false},
		{"http://example.org/v1", "https://example.org/v1", false},
		{"http://example.org/v1", "http://example.org.evil.test/v1", false},
		{"http://example.org/v1", "http://user@evil.test/v1", false},
		{"", "http://127.0.0.1:1234/v1", false},
		{"127.0.0.1:1234", "127.0.0.1:1234", false}, // no scheme: not an address a key is sent to
		{"ftp://example.org", "ftp://example.org", false},
	}
	for _, tc := range tests {
		if got := sameServer(tc.a, tc.b); got != tc.same {
			t.Errorf("sameServer(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}
