package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/cli"
	"github.com/scout-research/scout/backend/desktop"
	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/runs"
	"github.com/scout-research/scout/backend/settings"
	"github.com/scout-research/scout/backend/speed"
)

// App is the object bound to the frontend. It adapts backend packages to
// Wails: every method returns (T, error) so the JavaScript promise rejects
// with the error's message, which is written for the user.
type App struct {
	ctx   context.Context
	store *settings.Store
	svc   *desktop.Service
	// themeSet: runGUI set GTK_THEME for the window alone (see desktop.Theme).
	themeSet bool
	// stopMeasure cancels the model probe Settings asked for, if one runs.
	measureMu   sync.Mutex
	stopMeasure context.CancelFunc
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
	a := &App{store: store}
	a.svc = desktop.New(store, a.emit)
	return a
}

func (a *App) startup(ctx context.Context) {
	a.ctx = ctx
}

// domReady runs once the window shows the page: GTK and WebKit have read
// GTK_THEME by then (startup runs beside the window's creation, too soon),
// so it goes, and the browser and other children start with the user's
// own environment.
func (a *App) domReady(context.Context) {
	if a.themeSet {
		a.themeSet = false
		os.Unsetenv("GTK_THEME")
	}
}

// shutdown stops a run in progress so its report is written and no
// browser is left behind when the window closes.
func (a *App) shutdown(context.Context) {
	a.svc.Shutdown()
}

func (a *App) emit(name string, data any) {
	if a.ctx != nil {
		runtime.EventsEmit(a.ctx, name, data)
	}
}

// LoadSettings returns the saved settings, or defaults with a warning when
// the file was damaged.
func (a *App) LoadSettings() (SettingsView, error) {
	loaded := a.store.Load()
	return SettingsView{Settings: loaded.Settings, Warning: loaded.Warning, Path: a.store.Path}, nil
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
	return SaveResult{Errors: []settings.FieldError{}}, nil
}

// TestConnection lists the server's models and detects the context length
// of model (or of the first model when model is empty), sending key as the
// API key: one typed in Settings and not saved yet, or, when "", the one
// kept.
func (a *App) TestConnection(serverURL, model, key string) (llm.ServerInfo, error) {
	return a.svc.TestConnection(a.context(), serverURL, model, key)
}

// MeasureModel measures how fast model (the one a run would use when "")
// reads and writes on the server at serverURL, whether the server reuses
// a cached prompt prefix and follows JSON schemas, and keeps the
// measurement for the runs that follow; key is sent as TestConnection
// sends it. It costs seconds of model time on a GPU, up to a minute or
// two on a CPU: how it goes arrives as desktop.EventProbeStep events, and
// CancelMeasure stops it.
func (a *App) MeasureModel(serverURL, model, key string) (speed.Measurement, error) {
	ctx, cancel := context.WithCancel(a.context())
	a.measureMu.Lock()
	if a.stopMeasure != nil {
		a.stopMeasure() // the window asks for one at a time; a new one wins
	}
	a.stopMeasure = cancel
	a.measureMu.Unlock()
	defer cancel()
	m, err := a.svc.MeasureModel(ctx, serverURL, model, key, func(s llm.ProbeStep) { a.emit(desktop.EventProbeStep, s) })
	if errors.Is(err, context.Canceled) {
		return m, errors.New("The measurement was stopped before it finished; the speeds measured before, if any, still hold.")
	}
	return m, err
}

// APIKeyStatus says whether an API key for the model server is kept, and
// where (the system keyring, or a file only the user can read); never the
// key itself.
func (a *App) APIKeyStatus() (settings.KeyStatus, error) {
	return a.svc.KeyStatus(), nil
}

// SaveAPIKey keeps key as the model server's API key (an empty one clears
// it) and says where it went.
func (a *App) SaveAPIKey(key string) (settings.KeyStatus, error) {
	return a.svc.SaveKey(key)
}

// ClearAPIKey forgets the model server's API key.
func (a *App) ClearAPIKey() (settings.KeyStatus, error) {
	return a.svc.ClearKey()
}

// CancelMeasure stops the model probe MeasureModel runs, if any.
func (a *App) CancelMeasure() error {
	a.measureMu.Lock()
	defer a.measureMu.Unlock()
	if a.stopMeasure != nil {
		a.stopMeasure()
		a.stopMeasure = nil
	}
	return nil
}

// ModelSpeed returns the kept measurement of model on the server at
// serverURL, or null when it has not been measured.
func (a *App) ModelSpeed(serverURL, model string) (*speed.Measurement, error) {
	return desktop.ModelSpeed(serverURL, model)
}

func (a *App) context() context.Context {
	if a.ctx == nil {
		return context.Background()
	}
	return a.ctx
}

// StartRun checks the model server and starts researching objective in the
// background; events arrive as "run:events" batches, the end as "run:done".
func (a *App) StartRun(objective string) (desktop.RunView, error) {
	return a.svc.Start(a.context(), objective)
}

// FollowUpRun asks question as a follow-up of the past run in dir, in the
// background: a new run that starts from that run's findings.
func (a *App) FollowUpRun(dir, question string) (desktop.RunView, error) {
	return a.svc.FollowUp(a.context(), dir, question)
}

// QueueRuns adds objectives to the research queue, which runs up to the
// "Runs at once" setting of them at once.
func (a *App) QueueRuns(objectives []string) (desktop.QueueView, error) {
	return a.svc.Queue(a.context(), objectives)
}

// StopQueued stops one objective of the queue, waiting or running.
func (a *App) StopQueued(id int) error {
	return a.svc.StopQueued(id)
}

// FollowQueued makes the research screen show the run of queued objective id.
func (a *App) FollowQueued(id int) (desktop.RunView, error) {
	return a.svc.Follow(id)
}

// Queue returns the research queue: each objective queued, running or done.
func (a *App) Queue() (desktop.QueueView, error) {
	return a.svc.QueueItems(), nil
}

// StopRun ends the run in progress; its report is still written.
func (a *App) StopRun() error {
	return a.svc.Stop()
}

// CurrentRun returns the run in progress or the last one, with its events.
func (a *App) CurrentRun() (desktop.RunView, error) {
	return a.svc.Current(), nil
}

// Report returns the report of the run in dir, as Markdown and safe HTML.
func (a *App) Report(dir string) (desktop.ReportView, error) {
	return a.svc.Report(dir)
}

// ExportReport writes the report of the run in dir to path as format
// ("md", "html" or "pdf") without a dialog, and returns the path written.
func (a *App) ExportReport(dir, format, path string) (string, error) {
	return a.svc.Export(dir, format, path)
}

// EventPrinting says a PDF is being printed to the path it carries, which
// takes seconds: the report screen counts them.
const EventPrinting = "report:printing"

// SaveReportAs asks where to save the report with the native dialog and
// writes it there; it returns "" when the user cancels.
func (a *App) SaveReportAs(dir, format string) (string, error) {
	names := map[string]string{desktop.FormatMarkdown: "Markdown", desktop.FormatHTML: "Web page", desktop.FormatPDF: "PDF"}
	name := "report." + format
	if view, err := a.svc.Report(dir); err == nil {
		name = desktop.ExportName(view.Title, format)
	}
	path, err := runtime.SaveFileDialog(a.context(), runtime.SaveDialogOptions{
		Title:            "Save the report",
		DefaultDirectory: a.svc.ExportFolder(),
		DefaultFilename:  name,
		Filters:          []runtime.FileFilter{{DisplayName: names[format] + " (*." + format + ")", Pattern: "*." + format}},
	})
	if err != nil || path == "" {
		return "", err
	}
	if format == desktop.FormatPDF {
		a.emit(EventPrinting, path) // the dialog is closed: the seconds of printing begin
	}
	written, err := a.svc.Export(dir, format, path)
	if err == nil {
		a.svc.RememberExportFolder(written)
	}
	return written, err
}

// History lists past runs, newest first.
func (a *App) History() ([]runs.Entry, error) {
	return a.svc.History()
}

// OpenRun returns a past run with its journal, findings and status.
func (a *App) OpenRun(dir string) (desktop.RunView, error) {
	return a.svc.Open(dir)
}

// ResumeRun continues an interrupted run in the background.
func (a *App) ResumeRun(dir string) (desktop.RunView, error) {
	return a.svc.Resume(a.context(), dir)
}

// DeleteRun removes a past run's folder.
func (a *App) DeleteRun(dir string) error {
	return a.svc.Delete(dir)
}

// WriteReportNow writes the report of the run in progress from what it
// has found so far, without stopping it.
func (a *App) WriteReportNow() (desktop.ReportView, error) {
	return a.svc.WriteReportNow()
}

// Setup says whether the browser driver and a browser are there.
func (a *App) Setup() (desktop.SetupStatus, error) {
	return a.svc.Setup(), nil
}

// InstallDriver installs the browser driver; progress lines arrive as
// "setup:progress" events.
func (a *App) InstallDriver() (desktop.SetupStatus, error) {
	return a.svc.InstallDriver()
}

// ChooseBrowser asks for a browser program with the native dialog; it
// returns "" when the user cancels.
func (a *App) ChooseBrowser() (string, error) {
	return runtime.OpenFileDialog(a.context(), runtime.OpenDialogOptions{
		Title:            "Choose the browser program (Chromium, Chrome or Edge)",
		DefaultDirectory: browser.ProgramFolder(),
	})
}

// UseBrowser saves path as the browser program when it is one Scout can
// start, and returns the new setup status.
func (a *App) UseBrowser(path string) (desktop.SetupStatus, error) {
	return a.svc.UseBrowser(path)
}

// processStart is when the process began, for the start-up figure.
var processStart = time.Now()

// envReportStartup makes the app print its start-up time, for the
// start-up benchmark.
const envReportStartup = "SCOUT_REPORT_STARTUP"

// FrontendReady is called by the frontend once it has painted its first
// screen.
func (a *App) FrontendReady() error {
	if os.Getenv(envReportStartup) == "1" {
		fmt.Fprintf(os.Stderr, "scout: first paint after %d ms\n", time.Since(processStart).Milliseconds())
	}
	return nil
}

// AboutView is what the About section of Settings shows.
type AboutView struct {
	// Version is Scout's version (cli.Version, equal to wails.json's
	// productVersion).
	Version string `json:"version"`
	// Settings is the settings file; Runs the folder past runs live in.
	Settings string `json:"settings"`
	Runs     string `json:"runs"`
}

// About returns Scout's version and where it keeps its files.
func (a *App) About() (AboutView, error) {
	return AboutView{Version: cli.Version, Settings: a.store.Path, Runs: runs.Root()}, nil
}

// OpenLink opens url, a web address, in the user's browser, and says why
// when it could not.
func (a *App) OpenLink(url string) error {
	return desktop.OpenLink(url)
}
