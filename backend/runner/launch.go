package runner

import (
	"context"
	"errors"
	"os/exec"
	"syscall"

	"github.com/scout-research/scout/backend/browser"
)

// launchUnlessStopped starts the setup's browser, unless the run is
// stopped first. Ctrl+C, a hangup or SIGTERM sent to the process group in
// the first second reaches the browser's driver too, and its start can
// then wait for an answer that never comes: the setup ends as stopped at
// once, and a launch that ends later is closed. (The driver, left alone,
// ends when Scout does, as its input closes.)
func launchUnlessStopped(ctx context.Context, opts browser.Options) (*browser.Browser, error) {
	type launched struct {
		br  *browser.Browser
		err error
	}
	got := make(chan launched, 1)
	launch := launchBrowser // as it is now: a test may set another later
	go func() {
		br, err := launch(opts)
		got <- launched{br, err}
	}()
	select {
	case l := <-got:
		if l.err != nil && stopSignalled(l.err) {
			return nil, errors.Join(errStopSignal, l.err)
		}
		if l.err != nil {
			return nil, stoppedOr(ctx, l.err)
		}
		return l.br, nil
	case <-ctx.Done():
		go func() {
			if l := <-got; l.br != nil {
				_ = l.br.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// errStopSignal marks a browser start that failed because a program it
// ran (the driver) was ended by a signal that stops a run: the signal
// went to the process group, so the run is being stopped, however long
// Scout's own handler takes to say so on a busy machine.
var errStopSignal = errors.New("the browser's driver was stopped by a signal")

// stopSignalled reports whether err says a program ended on Ctrl+C
// (SIGINT), SIGTERM or a hangup (SIGHUP), the signals that stop a run.
func stopSignalled(err error) bool {
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return false
	}
	status, ok := exit.Sys().(syscall.WaitStatus)
	if !ok || !status.Signaled() {
		return false
	}
	switch status.Signal() {
	case syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP:
		return true
	}
	return false
}
