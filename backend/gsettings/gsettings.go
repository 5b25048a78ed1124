// Package gsettings reads GNOME desktop settings (proxy, colour scheme)
// through the gsettings tool, which every GNOME desktop has; elsewhere
// every read is "" and callers fall back to their defaults.
package gsettings

import (
	"context"
	"os/exec"
	"strings"
	"time"
)

// timeout bounds asking the desktop for one setting: a broken D-Bus
// session must not hold up the app's start.
const timeout = 2 * time.Second

// Get reads one key as a plain string ('Adwaita' gives Adwaita), or ""
// when it cannot be read.
func Get(schema, key string) string {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "gsettings", "get", schema, key).Output()
	if err != nil {
		return ""
	}
	return Unquote(strings.TrimSpace(string(out)))
}

// Unquote drops the quotes gsettings puts around a string.
func Unquote(s string) string {
	return strings.Trim(s, "'\"")
}

// List reads a string list as gsettings prints it: ['localhost', '127.0.0.0/8'].
func List(s string) []string {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "@as"))
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = Unquote(strings.TrimSpace(item)); item != "" {
			out = append(out, item)
		}
	}
	return out
}
