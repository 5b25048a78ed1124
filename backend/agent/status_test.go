package agent

import (
	"slices"
	"testing"

	"github.com/scout-research/scout/backend/internal/goconst"
)

// Every status declared has its words, a tone and whether it resumes, so
// a new one cannot be forgotten where the app shows it.
func TestEveryStatusIsWorded(t *testing.T) {
	declared := declaredStatuses(t)
	if len(declared) < 8 {
		t.Fatalf("found %d statuses declared: %v", len(declared), declared)
	}
	tones := []string{ToneDone, ToneInfo, ToneFailed}
	for _, s := range declared {
		st, ok := statuses[s]
		if !ok {
			t.Errorf("status %q has no entry in statuses", s)
			continue
		}
		if st.words == "" || !slices.Contains(tones, st.tone) {
			t.Errorf("status %q: words %q, tone %q", s, st.words, st.tone)
		}
	}
	if got := Statuses(); len(got) != len(declared) {
		t.Errorf("Statuses() has %d, %d are declared", len(got), len(declared))
	}
	// One this Scout does not know, from a newer one's run.
	if s := Status("something_new"); s.Words() != "something_new" || s.Tone() != ToneFailed || s.Resumable() {
		t.Errorf("unknown status: %q, %q, %v", s.Words(), s.Tone(), s.Resumable())
	}
}

// declaredStatuses are the constants of type Status in the package's
// source.
func declaredStatuses(t *testing.T) []Status {
	var out []Status
	for _, c := range goconst.Strings(t, ".") {
		if c.Type == "Status" {
			out = append(out, Status(c.Value))
		}
	}
	return out
}
