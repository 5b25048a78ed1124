package desktop

import (
	"context"
	"strings"

	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/settings"
	"github.com/scout-research/scout/backend/speed"
)

// The settings screen keeps the API key through these methods, and only
// ever learns whether one is kept and where (settings.KeyStatus): the key
// goes from the window to Go when typed, never back.

// keyFile is the key file's name beside settings.json, where the key is
// kept when the desktop has no keyring.
const keyFile = "api-key"

// KeyStatus says whether an API key is kept, and where.
func (s *Service) KeyStatus() settings.KeyStatus { return s.keys.Status() }

// SaveKey keeps key as the model server's API key (an empty key clears
// it) and says where it went.
func (s *Service) SaveKey(key string) (settings.KeyStatus, error) { return s.keys.Save(key) }

// ClearKey forgets the API key.
func (s *Service) ClearKey() (settings.KeyStatus, error) { return s.keys.Clear() }

// key is typed when the user typed one that is not saved yet, else the
// kept key.
func (s *Service) key(typed string) (settings.Key, error) {
	if k := strings.TrimSpace(typed); k != "" {
		return settings.Key(k), nil
	}
	key, _, err := s.keys.Load()
	return key, err
}

// TestConnection lists the models of the server at serverURL and detects
// the context length of model (the first loaded when ""), sending typed
// as the API key, or the kept key when typed is "".
func (s *Service) TestConnection(ctx context.Context, serverURL, model, typed string) (llm.ServerInfo, error) {
	key, err := s.key(typed)
	if err != nil {
		return llm.ServerInfo{}, err
	}
	return runner.Connect(serverURL, key).Probe(ctx, model)
}

// MeasureModel is the package's MeasureModel with the key TestConnection
// would send.
func (s *Service) MeasureModel(ctx context.Context, serverURL, model, typed string, tell func(llm.ProbeStep)) (speed.Measurement, error) {
	key, err := s.key(typed)
	if err != nil {
		return speed.Measurement{}, err
	}
	return MeasureModel(ctx, serverURL, key, model, tell)
}
