package runner

import (
	"context"
	"fmt"
	"time"

	"github.com/adrg/xdg"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/speed"
)

// speedBookPath is the book of model speeds below the XDG data home.
const speedBookPath = "scout/speeds.json"

// SpeedBook returns the book of measured model speeds in the data folder,
// $XDG_DATA_HOME/scout/speeds.json.
func SpeedBook() (*speed.Book, error) {
	path, err := xdg.DataFile(speedBookPath)
	if err != nil {
		return nil, fmt.Errorf("cannot make the data folder for the model speeds: %w", err)
	}
	return &speed.Book{Path: path}, nil
}

// Measure probes the model's speed (llm.Client.Measure) and keeps the
// measurement in the speed book; a book that cannot be written is said
// among the warnings, as the measurement still holds. tell, when not nil,
// hears how the probe goes (llm.ProbeStep).
func Measure(ctx context.Context, client *llm.Client, info llm.ServerInfo, tell func(llm.ProbeStep)) (speed.Measurement, error) {
	m, err := client.Measure(ctx, info, tell)
	if err != nil {
		return m, err
	}
	book, err := SpeedBook()
	if err == nil {
		err = book.Put(m)
	}
	if err != nil {
		m.WarnNotKept(err)
	}
	return m, nil
}

// measured gives the client the model's speed for the run and returns the
// notes the run starts with: what the speed is and the warnings about it,
// each as the window's message too. The speed is a recent measurement
// from the book, else, when measure is set, a new one (an older one serves
// when none is made or it fails); w, when not nil, hears how the measuring
// goes. A probe that fails does not stop the run: the waits are then
// worked out from the run's own calls.
func measured(ctx context.Context, client *llm.Client, serverURL string, info llm.ServerInfo, measure bool, w SetupWatcher, now time.Time) []port.Notice {
	var m speed.Measurement
	found := false
	if book, err := SpeedBook(); err == nil {
		m, found = book.Find(serverURL, info.Model)
	}
	var notes []port.Notice
	measuredNow := false
	if measure && !(found && m.Fresh(now)) {
		var probe func(llm.ProbeStep)
		if w != nil {
			w.SetupStatus(fmt.Sprintf("Measuring how fast %s reads and writes: three short calls, made once a week for each model.", info.Model),
				phrase.Of("wait.measuring", "model", info.Model))
			probe = w.SetupProbe
		}
		got, err := Measure(ctx, client, info, probe)
		switch {
		case err == nil:
			m, found, measuredNow = got, true, true
		case ctx.Err() != nil:
			return nil // stopped: the run ends at once
		default:
			notes = append(notes, notMeasuredNote(err))
		}
	}
	if !found {
		return notes
	}
	client.UseMeasurement(m)
	return append(append([]port.Notice{speedNote(m, measuredNow)}, warningNotes(m)...), notes...)
}

// speedNote says the model's speed: measured now, or on the day it was.
func speedNote(m speed.Measurement, now bool) port.Notice {
	if now {
		return port.Notice{Text: fmt.Sprintf("Measured the model in %s: it %s.", speed.Spent(m.Took), m.Summary()),
			Say: phrase.Of("note.measuredNow", "took", phrase.SecondsOf(m.Took), "summary", m.SummarySaid())}
	}
	day := m.Measured.Local()
	return port.Notice{Text: fmt.Sprintf("Model speed, measured %s: %s.", day.Format("2 Jan 2006"), m.Summary()),
		Say: phrase.Of("note.measured", "day", phrase.DayOf(day), "summary", m.SummarySaid())}
}

// warningNotes are m's warnings, each with its message when m keeps one
// for each (a measurement an older Scout kept has none).
func warningNotes(m speed.Measurement) []port.Notice {
	notes := make([]port.Notice, len(m.Warnings))
	for i, w := range m.Warnings {
		notes[i].Text = w
		if len(m.WarningSays) == len(m.Warnings) {
			notes[i].Say = m.WarningSays[i]
		}
	}
	return notes
}

// notMeasuredNote says the probe failed, and what the waits go by.
func notMeasuredNote(err error) port.Notice {
	return port.Notice{Text: "Scout could not measure the model's speed (" + err.Error() + "); the waits it shows are worked out from the run's own calls.",
		Say: phrase.Of("note.notMeasured", "error", errorValue(err))}
}

// aheadOffNote says results are not read ahead, as the browser could not
// open the session that reads them.
func aheadOffNote(err error) port.Notice {
	return port.Notice{Text: fmt.Sprintf("Results are not read ahead in this run: %v.", err), Say: phrase.Of("note.noAhead", "error", errorValue(err))}
}

// errorValue is err as a message's value: the window's message when it
// is one, else its text as written.
func errorValue(err error) any {
	if said := phrase.OfError(err); said != nil {
		return said
	}
	return err.Error()
}

// keepRates files the speeds a run's calls moved its measurement to (see
// llm.Client.Rates) under the model's kept measurement, so the next run
// starts from how the model ran last, not from the probe's figures of up
// to a week before. A model never measured keeps nothing: the probe's
// other answers (prefix reuse, schema) are not known for it.
func keepRates(book *speed.Book, serverURL, model string, r speed.Rates) error {
	m, found := book.Find(serverURL, model)
	if !found || r.Read <= 0 || r.Write <= 0 || (r.Read == m.ReadRate && r.Write == m.WriteRate) {
		return nil
	}
	m.ReadRate, m.WriteRate = r.Read, r.Write
	return book.Put(m)
}
