package desktop

import (
	"errors"
	"sync"

	"github.com/scout-research/scout/backend/browser"
)

// EventSetupProgress carries one step of driver installation progress (a
// browser.Progress: a line, and the share downloaded).
const EventSetupProgress = "setup:progress"

// SetupStatus says whether research can start: the browser driver and a
// browser must be there.
type SetupStatus struct {
	DriverInstalled bool   `json:"driver_installed"`
	Browser         string `json:"browser"`
	// BrowserError lists what was tried and how to fix it.
	BrowserError string `json:"browser_error"`
	// ReadsPDF: the tool that reads PDF documents is installed; research
	// runs without it, turning PDFs away.
	ReadsPDF bool `json:"reads_pdf"`
}

// Setup checks for the driver, a browser and the PDF reader.
func (s *Service) Setup() SetupStatus {
	st := SetupStatus{DriverInstalled: browser.DriverInstalled(), ReadsPDF: browser.ReadsPDF()}
	exe, err := browser.Find(s.store.Load().Settings.BrowserPath)
	if err != nil {
		st.BrowserError = err.Error()
	} else {
		st.Browser = exe
	}
	return st
}

// UseBrowser makes path the browser program research drives: the setup
// card's way to point at an installed Chrome or Edge. It saves the setting
// (which checks the program as the Settings screen does) and returns the
// new status; a path that is no program is an error saying why, and
// nothing is saved.
func (s *Service) UseBrowser(path string) (SetupStatus, error) {
	if path == "" {
		return s.Setup(), errors.New("choose the browser's program file, such as /usr/bin/chromium or /opt/google/chrome/chrome")
	}
	set := s.store.Load().Settings
	set.BrowserPath = path
	if err := s.store.Save(set); err != nil {
		return s.Setup(), err // an *settings.Invalid says what is wrong with the path
	}
	return s.Setup(), nil
}

var installing sync.Mutex

// InstallDriver installs the browser driver, sending progress lines to the
// window, and returns the new status.
func (s *Service) InstallDriver() (SetupStatus, error) {
	if !installing.TryLock() {
		return s.Setup(), errors.New("the driver is being installed already")
	}
	defer installing.Unlock()
	err := browser.InstallDriver(func(p browser.Progress) { s.emit(EventSetupProgress, p) })
	return s.Setup(), err
}
