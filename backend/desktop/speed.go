package desktop

import (
	"context"

	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/settings"
	"github.com/scout-research/scout/backend/speed"
)

// EventProbeStep tells the settings screen how the model probe it asked
// for goes; data is an llm.ProbeStep.
const EventProbeStep = "speed:probe"

// MeasureModel runs the model probe against model (or, when it is "", the
// one a run would use) on the server at serverURL, sending key, and keeps
// the measurement for the runs that follow (see runner.Measure); tell,
// when not nil, hears how the probe goes.
func MeasureModel(ctx context.Context, serverURL string, key settings.Key, model string, tell func(llm.ProbeStep)) (speed.Measurement, error) {
	client := runner.Connect(serverURL, key)
	info, err := client.Probe(ctx, model)
	if err != nil {
		return speed.Measurement{}, err
	}
	return runner.Measure(ctx, client, info, tell)
}

// ModelSpeed returns the kept measurement of model on the server at
// serverURL (with model "", the newest of any model there), or nil when
// it has not been measured.
func ModelSpeed(serverURL, model string) (*speed.Measurement, error) {
	book, err := runner.SpeedBook()
	if err != nil {
		return nil, err
	}
	find := book.Find
	if model == "" {
		find = func(serverURL, _ string) (speed.Measurement, bool) { return book.Newest(serverURL) }
	}
	if m, ok := find(serverURL, model); ok {
		return &m, nil
	}
	return nil, nil
}
