package desktop

import (
	"github.com/scout-research/scout/backend/browser"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/settings"
)

// sharedBrowser returns the browser kept for the app session, launching it
// on first use or when the settings ask for another program or window
// mode. Each run opens a fresh context (no cookies) in it.
func (s *Service) sharedBrowser(set settings.Settings) (*browser.Browser, error) {
	s.brMu.Lock()
	defer s.brMu.Unlock()
	exe, err := browser.Find(set.BrowserPath)
	if err != nil {
		return nil, err
	}
	if b := s.br; b != nil && !b.Closed() && b.Executable() == exe && b.Headless() == !set.ShowBrowser {
		return b, nil
	}
	if s.br != nil {
		_ = s.br.Close()
	}
	// Runs bring their own guards; this one only covers pages opened
	// outside a run, of which there are none.
	b, err := browser.Launch(browser.Options{Executable: exe, Headless: !set.ShowBrowser, Guard: &netguard.Guard{}})
	if err != nil {
		return nil, err
	}
	s.br = b
	return b, nil
}

// closeBrowser stops the shared browser and its driver.
func (s *Service) closeBrowser() {
	s.brMu.Lock()
	defer s.brMu.Unlock()
	if s.br != nil {
		_ = s.br.Close()
		s.br = nil
	}
}
