package port

import "testing"

// TestReadable pins which media types are read as pages: those Chromium
// shows as one (a PDF is read apart, CSV downloads, JSON is data), and of
// them the text files, which no script changes once loaded.
func TestReadable(t *testing.T) {
	tests := []struct {
		mediaType      string
		readable, text bool
	}{
		{"", true, false},
		{"text/html", true, false},
		{"application/xhtml+xml", true, false},
		{"text/plain", true, true},
		{"text/markdown", true, true},
		{"text/x-markdown", true, true},
		{"text/csv", false, false},
		{"application/json", false, false},
		{"application/pdf", false, false},
		{"image/png", false, false},
	}
	for _, tc := range tests {
		if got := Readable(tc.mediaType); got != tc.readable {
			t.Errorf("Readable(%q) = %v, want %v", tc.mediaType, got, tc.readable)
		}
		if got := TextFile(tc.mediaType); got != tc.text {
			t.Errorf("TextFile(%q) = %v, want %v", tc.mediaType, got, tc.text)
		}
	}
}
