package desktop

import (
	"os/exec"
	"strings"
	"testing"
)

// A link that cannot be opened says why and what to do, for each way the
// opener fails; one that opens says nothing; only web addresses go.
func TestOpenLink(t *testing.T) {
	tests := []struct {
		name    string
		url     string
		command []string
		says    string // "" for no error
	}{
		{"opened", "https://example.org/a", []string{"true"}, ""},
		{"the opener fails", "https://example.org/a", []string{"sh", "-c", "exit 4"}, "did not open the link"},
		{"no opener", "https://example.org/a", []string{"scout-no-such-opener"}, "found no program to open web addresses"},
		{"not a web address", "file:///etc/passwd", []string{"true"}, "only web addresses"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			was := openCommand
			defer func() { openCommand = was }()
			openCommand = func(url string) *exec.Cmd { return exec.Command(tc.command[0], append(tc.command[1:], url)...) }
			err := OpenLink(tc.url)
			switch {
			case tc.says == "" && err != nil:
				t.Errorf("OpenLink: %v", err)
			case tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says)):
				t.Errorf("OpenLink error %v; want it to say %q", err, tc.says)
			}
		})
	}
}
