package fault

import (
	"errors"
	"fmt"
	"testing"
)

var errBlocked = errors.New("blocked")

// visit stands for a package's error type built on Fault.
type visit struct {
	Fault
	URL string
}

// A fault reads as its message and is its kind for errors.Is, alone,
// wrapped, and embedded in a package's own error type.
func TestFaultReadsAsItsMessageAndIsItsKind(t *testing.T) {
	for name, err := range map[string]error{
		"alone":    New(errBlocked, "the site refuses automated browsers (%d)", 403),
		"wrapped":  fmt.Errorf("opening: %w", New(errBlocked, "the site refuses automated browsers (%d)", 403)),
		"embedded": &visit{Fault: Fault{Kind: errBlocked, Message: "the site refuses automated browsers (403)"}, URL: "https://example.com/"},
	} {
		if !errors.Is(err, errBlocked) {
			t.Errorf("%s: not of its kind", name)
		}
		var f *Fault
		if name != "embedded" && (!errors.As(err, &f) || f.Message != "the site refuses automated browsers (403)") {
			t.Errorf("%s: errors.As gives %+v", name, f)
		}
		if got := err.Error(); got != "the site refuses automated browsers (403)" && got != "opening: the site refuses automated browsers (403)" {
			t.Errorf("%s reads %q", name, got)
		}
	}
}
