package desktop

import (
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// linkWait is how long OpenLink waits for the opener to say it failed:
// xdg-open and its kin hand the address over and exit at once, but some
// fall back to running the browser itself and return only when it closes.
const linkWait = 5 * time.Second

// openCommand is the program that opens a web address in the user's
// browser on this system; a variable so tests can stand in a failing one.
var openCommand = func(url string) *exec.Cmd {
	switch runtime.GOOS {
	case "windows":
		return exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	case "darwin":
		return exec.Command("open", url)
	}
	return exec.Command("xdg-open", url)
}

// OpenLink opens url, a web address, in the user's browser, and says when
// that could not be done, which the window's own way (Wails'
// BrowserOpenURL) keeps to itself.
func OpenLink(url string) error {
	if !strings.HasPrefix(url, "http://") && !strings.HasPrefix(url, "https://") {
		return fmt.Errorf("only web addresses open in the browser, not %q", url)
	}
	cmd := openCommand(url)
	name := cmd.Args[0]
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return fmt.Errorf("Scout found no program to open web addresses with (%s). On Debian or Ubuntu install it with sudo apt install xdg-utils; meanwhile paste the link into your browser", name)
		}
		return fmt.Errorf("the browser could not be started to open the link (%s: %v); paste the link into your browser", name, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("your browser did not open the link (%s: %v); check the default browser in your system settings, or paste the link into your browser", name, err)
		}
	case <-time.After(linkWait):
		// Still running: the opener is the browser itself, showing the page.
	}
	return nil
}
