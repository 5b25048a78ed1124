//go:build !bindings

package desktop

// opensWindow: this build opens the window (the bindings generator, built
// with the bindings tag, writes files and exits without one).
const opensWindow = true
