package web

import "testing"

// TestReadable pins which media types are read: those Chromium shows as a
// page. It downloads CSV and PDF instead, and JSON is data, not prose.
func TestReadable(t *testing.T) {
	tests := []struct {
		mediaType string
		want      bool
	}{
		{"", true},
		{"text/html", true},
		{"application/xhtml+xml", true},
		{"text/plain", true},
		{"text/markdown", true},
		{"text/x-markdown", true},
		{"text/csv", false},
		{"application/json", false},
		{"application/pdf", false},
		{"image/png", false},
	}
	for _, tc := range tests {
		if got := Readable(tc.mediaType); got != tc.want {
			t.Errorf("Readable(%q) = %v, want %v", tc.mediaType, got, tc.want)
		}
	}
}
