//go:build bindings

package desktop

// opensWindow: the bindings generator writes files and exits without a
// window, so it needs no display.
const opensWindow = false
