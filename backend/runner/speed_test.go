package runner

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/speed"
)

// The speeds a run's calls settled on are kept for the next run, with the
// rest of the measurement as the probe made it; a model never measured
// keeps nothing, nor does a run that timed no call.
func TestKeepRates(t *testing.T) {
	book := &speed.Book{Path: filepath.Join(t.TempDir(), "speeds.json")}
	const url = "http://127.0.0.1:1234/v1"
	probed := speed.Measurement{ServerURL: url, Model: "m", ReadRate: 400, WriteRate: 25, PrefixReuse: speed.Yes, Schema: speed.Yes,
		Measured: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	if err := book.Put(probed); err != nil {
		t.Fatal(err)
	}
	if err := keepRates(book, url, "m", speed.Rates{}); err != nil {
		t.Fatal(err)
	}
	if m, _ := book.Find(url, "m"); m.ReadRate != 400 {
		t.Errorf("a run that timed no call changed the speeds: %+v", m)
	}
	if err := keepRates(book, url, "m", speed.Rates{Read: 180, Write: 11}); err != nil {
		t.Fatal(err)
	}
	m, _ := book.Find(url, "m")
	if m.ReadRate != 180 || m.WriteRate != 11 || m.PrefixReuse != speed.Yes || !m.Measured.Equal(probed.Measured) {
		t.Errorf("kept %+v; want the run's speeds with the probe's other answers and date", m)
	}
	if err := keepRates(book, url, "other", speed.Rates{Read: 180, Write: 11}); err != nil {
		t.Fatal(err)
	}
	if _, found := book.Find(url, "other"); found {
		t.Error("a model never measured got a measurement from a run")
	}
}
