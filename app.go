package main

import (
	"context"
	"errors"
	"sync"

	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/settings"
)

// App is the object bound to the frontend. It adapts backend packages to
// Wails: every method returns (T, error) so the JavaScript promise rejects
// with the error's message, which is written for the user.
type App struct {
	ctx   context.Context
	store *settings.Store

	mu      sync.Mutex
	warning string // from loading a damaged settings file, until a save
}

// SettingsView is what the settings screen shows.
type SettingsView struct {
	Settings settings.Settings `json:"settings"`
	// Warning is non-empty when the settings file was damaged and defaults
	// are in use.
	Warning string `json:"warning"`
	// Path is the settings file, shown so users know where it lives.
	Path string `json:"path"`
}

// SaveResult reports a save: empty Errors means it was written.
type SaveResult struct {
	Errors []settings.FieldError `json:"errors"`
}

// NewApp returns an App storing settings in store.
func NewApp(store *settings.Store) *App {
	return &App{store: store}
}

func (a *App) startup(ctx context.Context) {
	a.ctx = ctx
}

// LoadSettings returns the saved settings, or defaults with a warning when
// the file was damaged.
func (a *App) LoadSettings() (SettingsView, error) {
	loaded := a.store.Load()
	a.mu.Lock()
	defer a.mu.Unlock()
	if loaded.Warning != "" {
		a.warning = loaded.Warning
	}
	return SettingsView{Settings: loaded.Settings, Warning: a.warning, Path: a.store.Path}, nil
}

// DefaultSettings returns the settings a new user starts with.
func (a *App) DefaultSettings() (settings.Settings, error) {
	return settings.Defaults(), nil
}

// SaveSettings validates and saves. Invalid fields come back in
// SaveResult.Errors; the error is for failures to write.
func (a *App) SaveSettings(s settings.Settings) (SaveResult, error) {
	err := a.store.Save(s)
	var invalid *settings.Invalid
	if errors.As(err, &invalid) {
		return SaveResult{Errors: invalid.Fields}, nil
	}
	if err != nil {
		return SaveResult{}, err
	}
	a.mu.Lock()
	a.warning = ""
	a.mu.Unlock()
	return SaveResult{Errors: []settings.FieldError{}}, nil
}

// TestConnection lists the server's models and detects the context length
// of model (or of the first model when model is empty).
func (a *App) TestConnection(serverURL, model string) (llm.ServerInfo, error) {
	return llm.New(serverURL).Probe(a.context(), model)
}

func (a *App) context() context.Context {
	if a.ctx == nil {
		return context.Background()
	}
	return a.ctx
}
