package runner

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
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

// The notes a run starts with are the window's messages, in English word
// for word as the journal has them: the speed measured now or before, each
// summary's parts, the warnings, and a probe or a read-ahead that failed,
// its error said as the window's message too when it is one.
func TestNotesAreTheWindowsMessages(t *testing.T) {
	window := phrasetest.Window(t)
	measured := []speed.Measurement{
		{ReadRate: 138912.6, WriteRate: 3.46, PrefixReuse: speed.Yes, Schema: speed.Yes, Took: 65 * time.Second, Measured: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)},
		{ReadRate: 412, PrefixReuse: speed.No, Schema: speed.No, Took: 6 * time.Second},
		{WriteRate: 12, PrefixReuse: speed.Unknown, Schema: speed.Yes},
		{ReadRate: 3.04, WriteRate: 9.96, Schema: speed.Yes},
	}
	var notes []port.Notice
	for _, m := range measured {
		notes = append(notes, speedNote(m, true), speedNote(m, false))
	}
	var warned speed.Measurement
	warned.WarnNotKept(errors.New("disk full"))
	notes = append(notes, warningNotes(warned)...)
	_, refused := Connect("http://127.0.0.1:9/v1", "").Probe(context.Background(), "")
	notes = append(notes, notMeasuredNote(refused), notMeasuredNote(errors.New("the probe timed out")), aheadOffNote(errors.New("no browser")))
	for _, n := range notes {
		if got, known := phrasetest.English(window, n.Say); !known || got != n.Text {
			t.Errorf("the window says (known: %v)\n%s\nGo:\n%s", known, got, n.Text)
		}
	}
	if got := notes[len(notes)-3].Say.Args["error"]; got != phrase.OfError(refused) || got == nil {
		t.Errorf("the failed probe's error is said as %#v, want the window's message", got)
	}
	if got := warningNotes(speed.Measurement{Warnings: []string{"kept by an older Scout"}}); got[0].Say != nil {
		t.Errorf("a warning with no message of its own is said as %+v", got[0].Say)
	}
}
