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
}

// Setup checks for the driver and a browser.
func (s *Service) Setup() SetupStatus {
	st := SetupStatus{DriverInstalled: browser.DriverInstalled()}
	exe, err := browser.Find(s.store.Load().Settings.BrowserPath)
	if err != nil {
		st.BrowserError = err.Error()
	} else {
		st.Browser = exe
	}
	return st
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
