package browser

import (
	"io/fs"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// host is what finding a browser and a Node.js for the driver ask of the
// machine: its system, its environment and its programs. thisHost is the
// machine Scout runs on; tests describe another (Windows, say, on Linux).
type host struct {
	goos     string
	getenv   func(string) string
	lookPath func(string) (string, error)
	stat     func(string) (fs.FileInfo, error)
	// output runs a program and returns what it printed.
	output func(name string, args ...string) ([]byte, error)
}

var thisHost = host{
	goos:     runtime.GOOS,
	getenv:   os.Getenv,
	lookPath: exec.LookPath,
	stat:     os.Stat,
	output:   func(name string, args ...string) ([]byte, error) { return exec.Command(name, args...).Output() },
}

// join joins path elements with the host's separator, so that Windows paths
// come out as Windows writes them whatever system builds them.
func (h host) join(elem ...string) string {
	if h.goos != "windows" {
		return strings.Join(elem, "/")
	}
	for i := range elem {
		elem[i] = strings.TrimRight(elem[i], `\/`)
	}
	return strings.Join(elem, `\`)
}

// isProgram reports whether path is a file that can be run: on Windows any
// file (it has no execute bit), elsewhere one with an execute bit set.
func (h host) isProgram(path string) bool {
	info, err := h.stat(path)
	if err != nil || info.IsDir() {
		return false
	}
	return h.goos == "windows" || info.Mode()&0o111 != 0
}
